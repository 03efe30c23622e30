import Foundation
import Testing
import HotspotCore
import HotspotWeb
import HotspotProtocol
@testable import HotspotDaemon

/// `hotspotd status|ui|scan|helpers` as the client prints them, rendered straight from snapshot values: the
/// exact text and JSON for representative states, so that a change of wording or of a JSON key shows here.
@Suite struct ControlReportTests {
    static let hotel = SSID("Hotel Guest")!
    static let ap = BSSID("02:00:00:00:01:00")!
    /// An SSID that would steer a terminal and break naive JSON: ESC [2J, a quote, a backslash, 0xff, LF.
    static let hostile = SSID(bytes: [0x1b, 0x5b, 0x32, 0x4a, 0x22, 0x5c, 0xff, 0x0a])!

    static let portalHelper = StatusSnapshot.Helper(
        name: "portal", kind: .builtin, commands: HelperCommandSet([.evaluate, .authenticate, .maintain]), priority: 10,
        scanPending: false, claims: 0, cachedFor: [hotel], excludedFor: [], lastCommand: .authenticate,
        lastOutcome: "success", lastAt: 90_000)

    static func snapshot(_ state: HotspotState, usable: Bool = false, link: StatusSnapshot.Link? = nil,
                         helper: String? = nil) -> StatusSnapshot {
        StatusSnapshot(now: 100_000, state: state, stateSince: 40_000, isUsable: usable, link: link, chosenHelper: helper,
                       uiAnswersSent: false, helpers: [portalHelper], disabled: [], backedOff: [], loggedOff: [],
                       ownerNetworks: [], preferences: ManagerPreferences(), visibleNetworks: 1)
    }

    static func link(_ ssid: SSID, _ stage: StatusSnapshot.LinkStage) -> StatusSnapshot.Link {
        StatusSnapshot.Link(ssid: ssid, bssid: ap, stage: stage, rssi: -52, signalStrength: 0.8, frequency: 2412,
                            security: .open, didAutoJoin: true, isOwnerChoice: false, since: 30_000)
    }

    static func status(_ s: StatusSnapshot, _ x: ControlReport.Extras = .init(), json: Bool) -> String {
        var r = ControlReport(json: json)
        r.status(s, x)
        return String(decoding: r.body, as: UTF8.self)
    }

    static func ui(_ s: StatusSnapshot, json: Bool) -> (String, Bool) {
        var r = ControlReport(json: json)
        let waiting = r.ui(s)
        return (String(decoding: r.body, as: UTF8.self), waiting)
    }

    static func scan(_ rows: [StatusSnapshot.ScanRow], _ s: StatusSnapshot, json: Bool) -> String {
        var r = ControlReport(json: json)
        r.scan(rows, s, minSignal: 0.1)
        return String(decoding: r.body, as: UTF8.self)
    }

    // MARK: the states

    static var onlineViaPortal: (StatusSnapshot, ControlReport.Extras) {
        var s = snapshot(.authenticated, usable: true, link: link(hotel, .online), helper: "portal")
        s.nextMaintainAt = 400_000
        s.sessionEndsAt = 3_700_000
        s.uiRequest = nil
        // 2026-11-28: the day the owner answered the hotel's form.
        s.loggedInWith = RememberedAnswers(ssid: hotel, helper: "portal", origin: "http://portal.example", answers: [],
                                           givenAt: 1_795_867_200)
        var x = ControlReport.Extras()
        x.address = "10.0.0.23"
        x.gateway = "10.0.0.1"
        x.dns = ["10.0.0.1", "9.9.9.9"]
        x.lastRun = ControlReport.HelperRun(helper: "portal", command: .authenticate, result: "success", ms: 3_300, at: 90_000)
        x.loopLongestBusyMicroseconds = 1_234
        x.transitions = [
            ControlReport.Transition(state: .evaluating, link: "online", ssid: hotel, at: 35_000),
            ControlReport.Transition(state: .authenticated, link: "online", ssid: hotel, at: 40_000),
        ]
        return (s, x)
    }

    static var presentingUIAfterARefusal: StatusSnapshot {
        var s = snapshot(.presentingUI, link: link(hotel, .online), helper: "portal")
        s.uiRequest = UIRequest(fields: [UIField(name: "ROOM", prompt: "Room number"),
                                         UIField(name: "NAME", prompt: "Last name", isSecret: true)],
                                portalURL: "http://portal.example/login", message: "Welcome to the Hotel",
                                earlierAnswers: [UIAnswer(key: "ROOM", value: "412")], refusals: 1)
        s.uiRequest?.answersOrigin = "http://portal.example"
        s.uiRequest?.answersTransport = .http
        return s
    }

    static var pastFailure: StatusSnapshot {
        var s = snapshot(.inactive)
        var f = FailureRecord(ssid: hotel, helper: "portal", reason: "authenticate: failure", autoJoinDisabled: true,
                              retryAt: nil, at: 20_000)
        f.isResolved = true
        s.lastFailure = f
        return s
    }

    static var hostileUplink: StatusSnapshot {
        var s = snapshot(.evaluating, link: link(hostile, .associated))
        s.lookalikes = [ScanEntry(ssid: hostile, bssid: BSSID("02:00:00:00:02:00")!, rssi: -60, frequency: 2437, security: .open)]
        return s
    }

    static let scanRows = [
        StatusSnapshot.ScanRow(entry: hostileUplink.lookalikes[0], isKnown: false, isBlocked: true, isCurrent: false,
                               isLookalike: true),
        StatusSnapshot.ScanRow(entry: ScanEntry(ssid: hotel, bssid: ap, rssi: -52, frequency: 2412, security: .open),
                               claimedBy: "portal", confidence: .high, isKnown: false, isBlocked: false, isCurrent: true),
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/control-report")

    /// `rendered` is the fixture `name` to the byte.
    static func expectGolden(_ rendered: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // HOTSPOTD_WRITE_GOLDEN=1 swift test --filter ControlReportTests rewrites them: review the diff.
        if ProcessInfo.processInfo.environment["HOTSPOTD_WRITE_GOLDEN"] == "1" {
            try rendered.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let golden = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        #expect(rendered == golden, "\(name) differs; rendered:\n\(rendered)", sourceLocation: sourceLocation)
    }

    @Test func onlineViaPortal() throws {
        let (s, x) = Self.onlineViaPortal
        try Self.expectGolden(Self.status(s, x, json: false), "status-online.txt")
        try Self.expectGolden(Self.status(s, x, json: true), "status-online.json")
        // Nothing waits; `ui` says the given answers log in by themselves, and how to stop that.
        #expect(Self.ui(s, json: false) == ("no login is waiting\nlogin        logged in with the answers you gave on 2026-11-28 at "
                                            + "http://portal.example (hotspotd ui forget drops them)\n", false))
        #expect(Self.ui(s, json: true) == ("null\n", false))
    }

    @Test func presentingUIAfterARefusal() throws {
        let s = Self.presentingUIAfterARefusal
        try Self.expectGolden(Self.status(s, json: false), "status-presenting-ui.txt")
        try Self.expectGolden(Self.status(s, json: true), "status-presenting-ui.json")
        let (text, waiting) = Self.ui(s, json: false)
        #expect(waiting)
        try Self.expectGolden(text, "ui-refused.txt")
        try Self.expectGolden(Self.ui(s, json: true).0, "ui-refused.json")
        // `ui answers`: the same with the earlier answers (issue 35: not for the read ACL).
        for json in [false, true] {
            var r = ControlReport(json: json)
            _ = r.ui(s, earlierAnswers: true)
            try Self.expectGolden(String(decoding: r.body, as: UTF8.self), json ? "ui-answers.json" : "ui-answers.txt")
        }
    }

    /// Issue 35, earlier answers through the read-only ACL: `ui` (ubus's read ACL, `hotspotd ui`) never carries
    /// what the owner typed (a portal that marks a PIN field as text would expose it); only `ui answers`
    /// (ubus `ui_answers`, the write ACL) does, for LuCI to fill the form in again.
    @Test func theReadOnlyUIHasNoEarlierAnswers() throws {
        let s = Self.presentingUIAfterARefusal
        for json in [false, true] {
            let (text, waiting) = Self.ui(s, json: json)
            #expect(waiting)
            #expect(!text.contains("412") && !text.contains("earlier_answers") && !text.contains("you typed"), "\(text)")
        }
        // The write ACL's request has them.
        var r = ControlReport(json: true)
        let waiting = r.ui(s, earlierAnswers: true)
        #expect(waiting)
        #expect(String(decoding: r.body, as: UTF8.self).contains("\"earlier_answers\":[{\"name\":\"ROOM\",\"value\":\"412\"}]"))
        #expect(OwnerVerb.answersUI.method?.description == "ui_answers" && OwnerVerb.answersUI.needsWriteACL)
        #expect(!OwnerVerb.ui.needsWriteACL)
    }

    @Test func pastFailure() throws {
        try Self.expectGolden(Self.status(Self.pastFailure, json: false), "status-past-failure.txt")
        try Self.expectGolden(Self.status(Self.pastFailure, json: true), "status-past-failure.json")
    }

    @Test func noUplink() throws {
        let s = Self.snapshot(.inactive)
        try Self.expectGolden(Self.status(s, json: false), "status-no-uplink.txt")
        try Self.expectGolden(Self.status(s, json: true), "status-no-uplink.json")
        #expect(Self.ui(s, json: false) == ("no login is waiting\n", false))
        #expect(Self.ui(s, json: true) == ("null\n", false))
    }

    /// Issue 38: every state in plain words, the same words in text and in JSON's `summary` (LuCI shows that),
    /// never "online" but for a usable uplink; a backed-off network says why and what undoes it. One golden
    /// file: state by state, with the uplink's stage, and the `ui` of a portal with nothing to type.
    @Test func everyStateInPlainWords() throws {
        var rendered = ""
        var cases: [(String, StatusSnapshot)] = [("no link", Self.snapshot(.inactive))]
        for stage in [StatusSnapshot.LinkStage.joining, .associated, .online] {
            cases.append(("inactive, link " + stage.rawValue, Self.snapshot(.inactive, link: Self.link(Self.hotel, stage))))
        }
        for state in HotspotState.allCases where state != .inactive {
            cases.append((state.rawValue, Self.snapshot(state, usable: state.isUsable, link: Self.link(Self.hotel, .online), helper: "portal")))
        }
        for (name, s) in cases {
            let text = Self.status(s, json: false)
            let firstLines = text.split(separator: "\n").prefix(2).joined(separator: "\n")
            rendered += "== " + name + "\n" + firstLines + "\n"
            // One set of words: JSON's summary is the text's state line without the model's word.
            let json = try JSONSerialization.jsonObject(with: Data(Self.status(s, json: true).utf8)) as? [String: Any]
            let summary = try #require(json?["summary"] as? String)
            #expect(text.hasPrefix("state        " + summary + " (" + s.state.rawValue + " for "))
            #expect(summary.contains("online") == s.state.isUsable, "\(summary)")
        }
        // A network waiting out a backoff: the cause, and what tries it now.
        var backedOff = Self.snapshot(.inactive)
        backedOff.backedOff = [StatusSnapshot.Blocked(ssid: Self.hotel, reason: TempDisableReason.wrongKey.plainWords, until: 130_000)]
        rendered += "== backed off\n" + Self.status(backedOff, json: false)
        // A portal with nothing hotspotd can fill in: the owner logs in from a browser, nothing to submit.
        var browser = Self.snapshot(.presentingUI, link: Self.link(Self.hotel, .online), helper: "portal")
        browser.uiRequest = UIRequest(fields: [], portalURL: "http://portal.example/", message: "The portal has no form hotspotd can fill in")
        rendered += "== ui, nothing to fill\n" + Self.ui(browser, json: false).0
        try Self.expectGolden(rendered, "status-plain-words.txt")
    }

    /// Escaped in text (no byte reaches the terminal raw), valid JSON with the exact bytes in `ssid_hex`.
    @Test func hostileSSIDBytes() throws {
        let s = Self.hostileUplink
        try Self.expectGolden(Self.status(s, json: false), "status-hostile-ssid.txt")
        try Self.expectGolden(Self.status(s, json: true), "status-hostile-ssid.json")
        try Self.expectGolden(Self.scan(Self.scanRows, s, json: false), "scan-hostile-ssid.txt")
        try Self.expectGolden(Self.scan(Self.scanRows, s, json: true), "scan-hostile-ssid.json")
        for name in ["status-hostile-ssid.txt", "scan-hostile-ssid.txt"] {
            let text = try Data(contentsOf: Self.directory.appendingPathComponent(name))
            #expect(!text.contains(0x1b) && !text.contains(0xff), "\(name) holds a raw byte of the SSID")
        }
    }

    /// Issue 24: the uplink's latest internet check in status, each network's in scan, text and JSON.
    @Test func internetVerdicts() {
        var s = Self.snapshot(.authenticated, usable: false, link: Self.link(Self.hotel, .online))
        let none = InternetCheck(verdict: .none, since: 60_000, checks: 3, at: 95_000)
        s.uplinkInternet = none
        let text = Self.status(s, json: false)
        #expect(text.contains("internet     no internet for 40 s, checked 3 times\n"))
        #expect(Self.status(s, json: true).contains(#""internet":"none","internet_seconds":40,"internet_checks":3,"#))
        let row = StatusSnapshot.ScanRow(entry: ScanEntry(ssid: Self.hotel, bssid: Self.ap, rssi: -52, frequency: 2412,
                                                          security: .open),
                                         isKnown: true, isBlocked: false, isCurrent: true, internet: none)
        #expect(Self.scan([row], s, json: false).contains(", no internet for 40 s, checked 3 times\n"))
        #expect(Self.scan([row], s, json: true).contains(#""internet":"none","internet_seconds":40,"internet_checks":3}"#))
    }

    /// Issue 34: what each probe saw at the uplink's latest verdict, after the internet line; none said, no field.
    @Test func probeVerdicts() {
        var s = Self.snapshot(.authenticating, usable: false, link: Self.link(Self.hotel, .online))
        #expect(!Self.status(s, json: false).contains("probe ") && !Self.status(s, json: true).contains("probes"))
        s.probes = ["http://connectivitycheck.gstatic.com/generate_204: open",
                    "http://connectivity-check.ubuntu.com/: HTTP 302, portal at http://10.42.1.1/login"]
        s.probesAt = 88_000
        let text = Self.status(s, json: false)
        #expect(text.contains("probe        http://connectivitycheck.gstatic.com/generate_204: open (12 s ago)\n"), "\(text)")
        #expect(text.contains("probe        http://connectivity-check.ubuntu.com/: HTTP 302, portal at http://10.42.1.1/login (12 s ago)\n"))
        #expect(Self.status(s, json: true).contains(#""probes":["http://connectivitycheck.gstatic.com/generate_204: open","http://connectivity-check.ubuntu.com/: HTTP 302, portal at http://10.42.1.1/login"],"probes_seconds_ago":12,"#))
    }

    /// Issue 24: a helper's display name (kNEHotspotHelperOptionDisplayName) beside the networks it claims and
    /// as the uplink's helper, in text and JSON; its name alone when it declares none.
    @Test func helperDisplayName() {
        var s = Self.snapshot(.authenticated, usable: true, link: Self.link(Self.hotel, .online), helper: "portal")
        s.helpers[0].displayName = "Hotel Wi-Fi"
        #expect(Self.status(s, json: false).contains("helper       Hotel Wi-Fi (portal)\n"))
        #expect(Self.status(s, json: true).contains(#""helper":"portal","helper_name":"Hotel Wi-Fi","#))
        let row = StatusSnapshot.ScanRow(entry: ScanEntry(ssid: Self.hotel, bssid: Self.ap, rssi: -52, frequency: 2412,
                                                          security: .open),
                                         claimedBy: "portal", confidence: .high, isKnown: false, isBlocked: false, isCurrent: true)
        #expect(Self.scan([row], s, json: false).contains(", Hotel Wi-Fi (portal, high)"))
        #expect(Self.scan([row], s, json: true).contains(#""claimed_by":"portal","claimed_by_name":"Hotel Wi-Fi","#))
        s.helpers[0].displayName = nil
        #expect(Self.scan([row], s, json: false).contains(", portal (high)"))
    }

    /// Issue 24: the uplink's lease overlapping one of the router's networks, with both prefixes, and what the
    /// LAN's renumbering did.
    @Test func subnetClash() {
        let s = Self.snapshot(.authenticated, usable: true, link: Self.link(Self.hotel, .online))
        var x = ControlReport.Extras()
        x.clashUplink = IPv4Subnet(address: IPv4Address(192, 168, 1, 57), prefix: 24)
        x.clashRouter = IPv4Subnet(address: IPv4Address(192, 168, 1, 1), prefix: 24)
        #expect(Self.status(s, x, json: false).contains("subnet clash the uplink's 192.168.1.0/24 overlaps the router's 192.168.1.0/24\n"))
        #expect(Self.status(s, x, json: true).contains(#""subnet_clash_uplink":"192.168.1.0/24","subnet_clash_router":"192.168.1.0/24","lan_renumber":null,"#))
        x = ControlReport.Extras()
        x.lanRenumber = "moved the LAN from 192.168.1.1 to 192.168.2.1"
        #expect(!Self.status(s, x, json: false).contains("subnet clash"))
        #expect(Self.status(s, x, json: false).contains("lan          moved the LAN from 192.168.1.1 to 192.168.2.1\n"))
        #expect(Self.status(s, x, json: true).contains(#""subnet_clash_uplink":null,"subnet_clash_router":null,"lan_renumber":"moved the LAN from 192.168.1.1 to 192.168.2.1","#))
    }
}
