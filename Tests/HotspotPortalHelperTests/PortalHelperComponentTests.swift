import Foundation
import Glibc
import Testing
import HotspotCore
import HotspotProtocol
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import TestSupport
@testable import HotspotPortalHelper
@testable import DaemonTestSupport

/// A captive portal and its DNS server (Fixtures/portal/portal-server.py) on 127.0.0.1, for one test.
final class PortalServer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/portal/portal-server.py").path
    let process = Process()
    let log: String
    let http: Int
    let https: Int
    let dns: Int

    /// `certificate`/`key`: the https side's (TestPKI's), else it speaks plain http.
    init(mode: String, certificate: String? = nil, key: String? = nil) throws {
        log = temporaryDirectory() + "/portal.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var arguments = [PortalServer.script, "--mode", mode, "--log", log]
        if let certificate, let key { arguments += ["--cert", certificate, "--key", key] }
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(0x0a) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let ports = try JSONSerialization.jsonObject(with: line) as? [String: Int] ?? [:]
        guard let h = ports["http"], let s = ports["https"], let d = ports["dns"] else {
            throw TestPKI.Failure(message: "portal-server.py did not start")
        }
        (http, https, dns) = (h, s, d)
    }

    /// An https portal with TestPKI's ECDSA (or RSA) certificate; `trustingEnvironment` trusts its CA.
    convenience init(httpsMode mode: String, rsa: Bool = false) throws {
        let pki = TestPKI.shared
        try self.init(mode: mode, certificate: rsa ? pki.rsaCertificate : pki.ecdsaCertificate,
                      key: rsa ? pki.rsaKey : pki.ecdsaKey)
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// `environment` with TestPKI's CA as the helper's bundle.
    var trustingEnvironment: [String: String] {
        environment.merging(["HOTSPOT_CA_BUNDLE": TestPKI.shared.caBundle]) { _, new in new }
    }

    /// The requests and DNS questions it saw, in order.
    var entries: [[String: Any]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    var requests: [String] {
        entries.compactMap { e in (e["method"] as? String).map { $0 + " " + (e["path"] as? String ?? "") } }
    }

    /// The helper environment for this portal: interface lo, its DNS server, its plain-http probe.
    var environment: [String: String] {
        ["HOTSPOT_INTERFACE": "lo", "HOTSPOT_DNS": "127.0.0.1", "HOTSPOT_PORTAL_DNS_PORT": String(dns),
         "HOTSPOT_GATEWAY": "127.0.0.1", "HOTSPOT_PORTAL_PROBE_URLS": "http://probe.test:\(http)/generate_204",
         "HOTSPOT_PORTAL_TIME_LIMIT": "20"]
    }
}

/// `hotspotd portal-helper COMMAND`, the real binary as the daemon runs it: the helper environment in,
/// `key=value` lines out, against PortalServer.
@Suite(.serialized) struct PortalHelperComponentTests {
    /// A login's success (and maintain's while open): with no session length known, maintain again in 30 s.
    static let loggedIn = ["maintain_after=30", "result=success"]
    struct Run {
        var status: Int32
        var out: String
        var err: String
        /// The answer's lines but `probe=` (what each probe saw, checked on their own: `probes`).
        var lines: [String] { out.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("probe=") } }
        var probes: [String] { out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("probe=") } }
    }

    /// Runs the helper as hotspotd does: the secrets (answers, WISPr password) move from `environment` to its
    /// stdin, a `NAME=value` line each (issue 35), unless `stdin` gives its bytes.
    func run(_ command: String?, _ environment: [String: String], stdin: String? = nil, asNobody: Bool = false) throws -> Run {
        var environment = environment
        var input = stdin ?? ""
        if stdin == nil {
            for name in environment.keys.sorted() where name.hasPrefix("HOTSPOT_UI_") || name == "HOTSPOT_WISPR_PASSWORD" {
                input += name + "=" + environment.removeValue(forKey: name)! + "\n"
            }
        }
        let p = Process()
        let full = [hotspotdBinary, "portal-helper"] + (command.map { [$0] } ?? [])
        if asNobody {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + full
        } else {
            p.executableURL = URL(fileURLWithPath: full[0])
            p.arguments = Array(full.dropFirst())
        }
        p.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        // A file, not a pipe: a helper that never reads its stdin cannot block or SIGPIPE the tests.
        let inFile = FileManager.default.temporaryDirectory.appendingPathComponent("portal-stdin-" + UUID().uuidString)
        try Data(input.utf8).write(to: inFile)
        defer { try? FileManager.default.removeItem(at: inFile) }
        p.standardInput = try FileHandle(forReadingFrom: inFile)
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, out: String(decoding: o, as: UTF8.self), err: String(decoding: e, as: UTF8.self))
    }

    // MARK: evaluate and maintain

    @Test func evaluateClaimsAPortalLow() throws {
        let portal = try PortalServer(mode: "click")
        let r = try run("evaluate", portal.environment)
        #expect(r.status == 0)
        #expect(r.lines == ["confidence=low", "result=success"])
        #expect(r.err.contains("captive portal at http://portal.test:\(portal.http)/terms"))
        // The probe's name went to the uplink's DNS server, not the host's resolver.
        #expect(portal.entries.contains { $0["dns"] as? String == "probe.test" })
        #expect(portal.requests == ["GET /generate_204"])
    }

    @Test func evaluateLeavesOpenAndDeadNetworksAlone() throws {
        let open = try PortalServer(mode: "open")
        #expect(try run("evaluate", open.environment).lines == ["confidence=none", "result=success"])
        let broken = try PortalServer(mode: "broken")
        let r = try run("evaluate", broken.environment)
        #expect(r.lines == ["confidence=none", "result=success"])
        #expect(r.err.contains("no internet and no portal"))
        var unresolvable = open.environment
        unresolvable["HOTSPOT_PORTAL_PROBE_URLS"] = "http://nowhere.test/generate_204"
        let n = try run("evaluate", unresolvable)
        #expect(n.lines == ["confidence=none", "result=success"])
        #expect(n.err.contains("cannot resolve nowhere.test: DNS name does not exist (NXDOMAIN)"))
    }

    /// A walled garden lets one operator's probe through and sends another's to its portal: the portal seen by
    /// any probe outranks an "open" answer from another in the same look (the open one answers first here).
    @Test func aPortalSeenByAnyProbeOutranksAnOpenAnswer() throws {
        let portal = try PortalServer(mode: "walled")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_PROBE_URLS"] = "http://probe.test:\(portal.http)/generate_204 http://check.test:\(portal.http)/check"
        let e = try run("evaluate", environment)
        #expect(e.lines == ["confidence=low", "result=success"], "\(e.err)")
        // Both probes' verdicts go with the answer, for `hotspotd status`: the garden's 204 beside the portal.
        #expect(e.probes.contains("probe=http://probe.test:\(portal.http)/generate_204: open"), "\(e.out)")
        #expect(e.probes.contains { $0.hasPrefix("probe=http://check.test:\(portal.http)/check: HTTP 30") && $0.contains("portal") }, "\(e.out)")
        #expect(e.probes.count == 2, "\(e.out)")
        #expect(try run("maintain", environment).lines == ["result=authenticationRequired"])
        let a = try run("authenticate", environment)
        #expect(a.lines == PortalHelperComponentTests.loggedIn, "\(a.err)")
        #expect(portal.requests.contains("POST /accept"))
    }

    @Test func maintainTellsOpenFromPortalFromNothing() throws {
        for (mode, lines) in [("open", PortalHelperComponentTests.loggedIn), ("click", ["result=authenticationRequired"]),
                              ("broken", ["result=temporaryFailure"])] {
            let portal = try PortalServer(mode: mode)
            #expect(try run("maintain", portal.environment).lines == lines, "\(mode)")
        }
        // As the daemon's internet check (also while a login waits for the owner): it saw a portal, not the
        // end of a session that may never have begun.
        let portal = try PortalServer(mode: "click")
        var environment = portal.environment
        environment["HOTSPOT_HELPER"] = "internet check"
        let check = try run("maintain", environment)
        #expect(check.lines == ["result=authenticationRequired"])
        #expect(check.err.contains("behind the captive portal at ") && !check.err.contains("session ended"), "\(check.err)")
        let maintain = try run("maintain", portal.environment)
        #expect(maintain.err.contains("the portal is back") && maintain.err.contains("the session ended"), "\(maintain.err)")
    }

    // MARK: authenticate

    /// The terms page: its cookie, hidden token and required box sent back, the newsletter box not;
    /// then the probe gets through.
    @Test func authenticateClicksThroughTheTerms() throws {
        let portal = try PortalServer(mode: "click")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(portal.requests == ["GET /generate_204", "GET /terms", "POST /accept", "GET /welcome", "GET /generate_204"])
        let post = try #require(portal.entries.first { $0["method"] as? String == "POST" })
        #expect(post["body"] as? String == "token=t0k3n-42&terms=yes&go=Connect")
        #expect(post["cookie"] as? String == "session=abc123")
        #expect(r.err.contains("logged in: the probe gets through"))
        // Logged in now: evaluate sees open internet.
        #expect(try run("evaluate", portal.environment).lines == ["confidence=none", "result=success"])
    }

    @Test func authenticateFollowsAMetaRefresh() throws {
        let portal = try PortalServer(mode: "refresh")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(portal.requests == ["GET /generate_204", "GET /terms", "POST /accept", "GET /welcome", "GET /generate_204"])
    }

    /// Issue 19: a venue of three steps (an interstitial's Continue button or an "accept" link, the terms
    /// form, a "please wait" page that refreshes to the activation) is followed page by page, and the
    /// probe asked again only once the flow ended.
    @Test func authenticateFollowsAVenuesSteps() throws {
        for (mode, first) in [("steps", "POST /terms"), ("steps-link", "GET /terms?accept=1")] {
            let portal = try PortalServer(mode: mode)
            let r = try run("authenticate", portal.environment)
            #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(mode): \(r.err)")
            #expect(portal.requests == ["GET /generate_204", "GET /start", first, "POST /accept", "GET /activate?t=t0k3n-42",
                                        "GET /generate_204"], "\(mode)")
            let post = try #require(portal.entries.first { $0["path"] as? String == "/accept" })
            #expect(post["body"] as? String == "token=t0k3n-42&terms=yes&go=Connect", "\(mode)")
        }
    }

    /// nodogsplash's splash page (its authaction form with tok and redir) and openNDS's click-to-continue
    /// (welcome, terms, authaction: three GET forms) are passed by the same flow, with no code of their own.
    @Test func noDogSplashAndOpenNDSClickToContinue() throws {
        let nds = try PortalServer(mode: "nodogsplash")
        let r = try run("authenticate", nds.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(nds.requests == ["GET /generate_204", "GET /splash.html?redir=http%3A%2F%2Fprobe.test%2F",
                                 "GET /nodogsplash_auth/?tok=t0k3n-42&redir=http%3A%2F%2Fprobe.test%2F", "GET /generate_204",
                                 "GET /generate_204"])
        let opennds = try PortalServer(mode: "opennds")
        let o = try run("authenticate", opennds.environment)
        #expect(o.lines == PortalHelperComponentTests.loggedIn, "\(o.err)")
        #expect(opennds.requests == ["GET /generate_204", "GET /opennds_preauth/?fas=aGlkPTc2YjJk",
                                     "GET /opennds_preauth/?fas=aGlkPTc2YjJk&landing=yes", "GET /opennds_preauth/?fas=aGlkPTc2YjJk&tos=accepted",
                                     "GET /opennds_auth/?tok=t0k3n-42&redir=http%3A%2F%2Fexample.com%2F", "GET /generate_204",
                                     "GET /generate_204"])
    }

    /// A step that points back to itself ends the flow; an endless chain of refreshes ends at the step
    /// limit. The probe then tells, and the helper gives up with the reason after its rounds.
    @Test func aStepThatPointsBackToItselfOrRefreshesForeverIsBounded() throws {
        let portal = try PortalServer(mode: "steps-self")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == ["result=failure"], "\(r.err)")
        #expect(r.err.contains("the portal asks for a form already sent") && r.err.contains("still behind the portal after"), "\(r.err)")
        #expect(portal.requests.filter { $0 == "POST /start" }.count == PortalHelper.maxRounds)
        // Two forms that lead to each other (a refusal whose form goes back to the first): each sent once a round.
        let pingPong = try PortalServer(mode: "ping-pong")
        let p = try run("authenticate", pingPong.environment)
        #expect(p.lines == ["result=failure"], "\(p.err)")
        #expect(pingPong.requests.filter { $0.hasPrefix("POST") }.count == 2 * PortalHelper.maxRounds, "\(pingPong.requests)")
        let loop = try PortalServer(mode: "refresh-loop")
        let l = try run("authenticate", loop.environment)
        #expect(l.lines == ["result=failure"], "\(l.err)")
        #expect(l.err.contains("still behind the portal after"), "\(l.err)")
        let pages = loop.requests.filter { $0.hasPrefix("GET /start") }.count
        #expect(pages == PortalHelper.maxRounds * (1 + PortalHelper.maxPageHops + PortalHelper.maxSteps), "\(pages)")
    }

    /// Issue 19: what hotspotd will not fill in (a CAPTCHA, a card number, a login a script sends) →
    /// uiRequired with the reason and the portal's URL, and nothing sent.
    @Test func formsTheHelperCannotFillHonestlyGoToTheOwner() throws {
        for (mode, reason) in [("captcha", "CAPTCHA"), ("payment", "payment"), ("script", "JavaScript")] {
            let portal = try PortalServer(mode: mode)
            let r = try run("authenticate", portal.environment)
            #expect(r.lines.count == 3 && r.lines.first?.contains(reason) == true, "\(mode): \(r.out)")
            #expect(r.lines.dropFirst().first == "portal_url=http://portal.test:\(portal.http)/start", "\(mode): \(r.out)")
            #expect(r.lines.last == "result=uiRequired", "\(mode)")
            #expect(portal.requests == ["GET /generate_204", "GET /start"], "\(mode)")
        }
    }

    /// The owner's fields: a name that fits the helper protocol is kept, `last-name` becomes field2.
    @Test func aFormWithTextFieldsAsksTheOwnerThenPresentUILogsIn() throws {
        let portal = try PortalServer(httpsMode: "room")
        let r = try run("authenticate", portal.trustingEnvironment)
        #expect(r.lines == [
            "ui_message=The captive portal at portal.test asks for this: Guest Wi-Fi",
            "ui_field=room\tRoom number",
            "ui_field=field2\tLast name",
            "portal_url=https://portal.test:\(portal.https)/terms",
            "answers_origin=https://portal.test:\(portal.https)",
            "answers_transport=https",
            "result=uiRequired",
        ], "\(r.err)")
        #expect(!portal.requests.contains("POST /accept"))
        // The daemon's parser takes the answer as it is.
        let request = HelperRequest(id: 1, helper: "portal", command: .authenticate)
        guard case .success(let response) = HelperOutput(exitStatus: 0, stdout: Array(r.out.utf8), for: request).answer else {
            Issue.record("the daemon refuses the answer")
            return
        }
        #expect(response.ui?.fields.map(\.name) == ["room", "field2"])

        var missing = portal.trustingEnvironment
        missing["HOTSPOT_UI_ROOM"] = "412"
        let m = try run("presentUI", missing)
        #expect(m.lines == ["result=failure"])
        #expect(m.err.contains("still needs answers for field2"))

        var answered = missing
        answered["HOTSPOT_UI_FIELD2"] = "Smith"
        let p = try run("presentUI", answered)
        // Accepted over verified https: remembered for the stay without a gateway to check.
        #expect(p.lines == ["maintain_after=30", "answers_accepted=https://portal.test:\(portal.https)", "result=success"], "\(p.err)")
        let post = try #require(portal.entries.last { $0["method"] as? String == "POST" })
        #expect(post["body"] as? String == "token=t0k3n-42&room=412&last-name=Smith&terms=yes&go=Connect")
        #expect(post["tls"] as? Bool == true)
        #expect(!p.err.contains("Smith"), "\(p.err)")
    }

    /// Issue 25: a wrong room number is sent once (hotels lock a room after a few wrong tries), and the
    /// portal's form again is its refusal: uiRequired again, in the portal's words, with the same fields,
    /// which the daemon takes as presentUI's answer. The right answer then logs in, also with one POST.
    @Test func aRefusedAnswerIsSentOnceAndAskedAgainInThePortalsWords() throws {
        let portal = try PortalServer(httpsMode: "room")
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_UI_ROOM"] = "4l3x"  // not digits: a random port in the log could hold them
        environment["HOTSPOT_UI_FIELD2"] = "Smith"
        let wrong = try run("presentUI", environment)
        let posts = portal.requests.filter { $0 == "POST /accept" }.count
        #expect(posts == 1, "POSTs of one answer: \(posts)")
        #expect(wrong.lines == [
            "ui_message=The last name and room number do not match our records.",
            "ui_field=room\tRoom number",
            "ui_field=field2\tLast name",
            "portal_url=https://portal.test:\(portal.https)/terms",
            "result=uiRequired",
        ], "\(wrong.err)")
        #expect(!wrong.err.contains("Smith") && !wrong.err.contains("4l3x"), "\(wrong.err)")
        let request = HelperRequest(id: 2, helper: "portal", command: .presentUI)
        guard case .success(let response) = HelperOutput(exitStatus: 0, stdout: Array(wrong.out.utf8), for: request).answer else {
            Issue.record("the daemon refuses the answer")
            return
        }
        #expect(response.result == .uiRequired)
        #expect(response.ui?.message == "The last name and room number do not match our records.")
        #expect(response.ui?.fields.map(\.name) == ["room", "field2"])

        environment["HOTSPOT_UI_ROOM"] = "412"
        let right = try run("presentUI", environment)
        #expect(right.lines == ["maintain_after=30", "answers_accepted=https://portal.test:\(portal.https)", "result=success"],
                "\(right.err)")
        #expect(portal.requests.filter { $0 == "POST /accept" }.count == 2)
    }

    /// The owner's answers go where the owner's browser would send them: a form served over plain http is
    /// answered at its own origin, and `ui` is told that the page is not encrypted and where the answers go.
    @Test func theOwnersAnswersGoOverPlainHTTPToThePagesOwnOrigin() throws {
        let portal = try PortalServer(mode: "room")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines.contains("ui_field=room\tRoom number") && r.lines.contains("ui_field=field2\tLast name"), "\(r.err)")
        #expect(r.lines.contains("answers_origin=http://portal.test:\(portal.http)"), "\(r.out)")
        #expect(r.lines.contains("answers_transport=http") && r.lines.last == "result=uiRequired", "\(r.out)")
        var answered = portal.environment
        answered["HOTSPOT_UI_ROOM"] = "412"
        answered["HOTSPOT_UI_FIELD2"] = "Smith"
        let p = try run("presentUI", answered)
        // No gateway MAC address known (lo has none): accepted, but nothing to tie a remembering to.
        #expect(p.lines == ["maintain_after=30", "answers_accepted=http://portal.test:\(portal.http)", "result=success"], "\(p.err)")
        let post = try #require(portal.entries.last { $0["method"] as? String == "POST" })
        #expect(post["body"] as? String == "token=t0k3n-42&room=412&last-name=Smith&terms=yes&go=Connect")
        #expect(!p.err.contains("Smith") && !p.err.contains("412"), "\(p.err)")
    }

    /// ...but never to another host: a form whose action is elsewhere gets none, and authenticate does not ask
    /// for them: the owner is told to log in from a browser.
    @Test func theOwnersAnswersGoToNoOtherOrigin() throws {
        let portal = try PortalServer(httpsMode: "room-elsewhere")
        let environment = portal.trustingEnvironment
        let r = try run("authenticate", environment)
        #expect(r.lines.first == "ui_message=" + PortalHelper.browserLogin, "\(r.err)")
        #expect(r.lines.last == "result=uiRequired" && !r.out.contains("ui_field"))
        #expect(r.err.contains("would send the owner's answers to ") && r.err.contains("log in from a browser"), "\(r.err)")
        var answered = environment
        answered["HOTSPOT_UI_ROOM"] = "412"
        answered["HOTSPOT_UI_FIELD2"] = "Smith"
        let p = try run("presentUI", answered)
        #expect(p.lines == ["result=failure"], "\(p.err)")
        #expect(!portal.requests.contains("POST /accept"), "\(portal.requests)")
    }

    /// A portal page over https whose certificate does not verify (a controller's self-signed default) is
    /// still shown and answered at its own origin, labelled like plain http; the gateway is noted with the
    /// accepted answers, as over http.
    @Test func anUnverifiedHTTPSPageIsTreatedLikePlainHTTP() throws {
        let portal = try PortalServer(httpsMode: "room")
        let table = try neighborTable(mac: "02:00:00:aa:bb:01")
        var environment = portal.environment  // not trusting TestPKI's CA
        environment["HOTSPOT_PORTAL_NEIGHBOR_TABLE"] = table
        let r = try run("authenticate", environment)
        #expect(r.lines.contains("answers_origin=https://portal.test:\(portal.https)"), "\(r.out) \(r.err)")
        #expect(r.lines.contains("answers_transport=https-unverified") && r.lines.last == "result=uiRequired", "\(r.out)")
        #expect(r.err.contains("the certificate of https://portal.test:\(portal.https) does not verify: its pages are shown, treated like plain http"),
                "\(r.err)")
        environment["HOTSPOT_UI_ROOM"] = "412"
        environment["HOTSPOT_UI_FIELD2"] = "Smith"
        let p = try run("presentUI", environment)
        #expect(p.lines == ["maintain_after=30", "answers_accepted=https://portal.test:\(portal.https)",
                            "answers_gateway=02:00:00:aa:bb:01", "result=success"], "\(p.err)")
        #expect(portal.requests.contains("POST /accept"))
    }

    /// A neighbour table (as /proc/net/arp) where the gateway, 127.0.0.1 on lo, has `mac`.
    func neighborTable(mac: String) throws -> String {
        let path = temporaryDirectory() + "/arp"
        try ("IP address       HW type     Flags       HW address            Mask     Device\n"
             + "127.0.0.1        0x1         0x2         \(mac)     *        lo\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The answers remembered for the venue, as the daemon hands them to authenticate.
    func remembering(_ environment: [String: String], origin: String, gateway: String, room: String = "412") -> [String: String] {
        var e = environment
        e["HOTSPOT_REMEMBERED_ORIGIN"] = origin
        e["HOTSPOT_REMEMBERED_GATEWAY"] = gateway
        e["HOTSPOT_UI_ROOM"] = room
        e["HOTSPOT_UI_FIELD2"] = "Smith"
        return e
    }

    /// At the origin that accepted them, behind the same gateway, for the same fields: the remembered answers
    /// fill a fresh page (its own token) by themselves, and no log line carries them.
    @Test func rememberedAnswersFillAFreshPageAtTheSameOrigin() throws {
        let portal = try PortalServer(mode: "room")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_NEIGHBOR_TABLE"] = try neighborTable(mac: "02:00:00:aa:bb:01")
        let origin = "http://portal.test:\(portal.http)"
        let r = try run("authenticate", remembering(environment, origin: origin, gateway: "02:00:00:aa:bb:01"))
        #expect(r.lines == ["maintain_after=30", "answers_accepted=" + origin, "answers_gateway=02:00:00:aa:bb:01", "result=success"],
                "\(r.err)")
        #expect(r.err.contains("asks again for the answers it accepted: filling them in"), "\(r.err)")
        let post = try #require(portal.entries.last { $0["method"] as? String == "POST" })
        #expect(post["body"] as? String == "token=t0k3n-42&room=412&last-name=Smith&terms=yes&go=Connect")
        #expect(!r.err.contains("Smith") && !r.err.contains("412"), "\(r.err)")
    }

    /// Another origin (a look-alike's portal), another gateway over http, or fields not remembered: nothing
    /// remembered goes anywhere, and the owner is asked as usual.
    @Test func rememberedAnswersGoNowhereElse() throws {
        let portal = try PortalServer(mode: "room")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_NEIGHBOR_TABLE"] = try neighborTable(mac: "02:00:00:aa:bb:01")
        let origin = "http://portal.test:\(portal.http)"
        var fewer = remembering(environment, origin: origin, gateway: "02:00:00:aa:bb:01")
        fewer["HOTSPOT_UI_FIELD2"] = nil
        for (why, e) in [("another origin", remembering(environment, origin: "http://hotel.example", gateway: "02:00:00:aa:bb:01")),
                         ("another gateway", remembering(environment, origin: origin, gateway: "02:00:00:aa:bb:99")),
                         ("other fields", fewer)] {
            let r = try run("authenticate", e)
            #expect(r.lines.last == "result=uiRequired" && r.lines.contains("ui_field=room\tRoom number"), "\(why): \(r.out)")
            #expect(r.err.contains("asking the owner"), "\(why): \(r.err)")
            #expect(!r.out.contains("answers_refused"), "\(why)")
        }
        #expect(!portal.requests.contains("POST /accept"), "\(portal.requests)")
    }

    /// Remembered answers the portal refuses (the reservation changed): asked once in the portal's words,
    /// marked so that the daemon drops them.
    @Test func refusedRememberedAnswersAreMarked() throws {
        let portal = try PortalServer(mode: "room")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_NEIGHBOR_TABLE"] = try neighborTable(mac: "02:00:00:aa:bb:01")
        let r = try run("authenticate", remembering(environment, origin: "http://portal.test:\(portal.http)",
                                                     gateway: "02:00:00:aa:bb:01", room: "999"))
        #expect(r.lines.first == "ui_message=The last name and room number do not match our records.", "\(r.out)")
        #expect(r.lines.contains("answers_refused=remembered") && r.lines.last == "result=uiRequired", "\(r.out)")
        #expect(portal.requests.filter { $0 == "POST /accept" }.count == 1)
    }

    /// A GET form carries the answers in its URL: the log shows the form's action before they go into it,
    /// so neither the PIN (a password field, `ui_secret_field`) nor the room number reaches it.
    @Test func aGETFormsAnswersStayOutOfTheLog() throws {
        let portal = try PortalServer(httpsMode: "pin")
        var environment = portal.trustingEnvironment
        let r = try run("authenticate", environment)
        #expect(r.lines.contains("ui_field=room\tRoom number") && r.lines.contains("ui_secret_field=pin\tPIN"), "\(r.err)")
        environment["HOTSPOT_UI_ROOM"] = "412"
        environment["HOTSPOT_UI_PIN"] = "s3cr3t-pin"
        let p = try run("presentUI", environment)
        #expect(p.lines == ["maintain_after=30", "answers_accepted=https://portal.test:\(portal.https)", "result=success"], "\(p.err)")
        #expect(portal.requests.contains { $0.hasPrefix("GET /accept?") && $0.contains("pin=s3cr3t-pin") })
        #expect(p.err.contains("sending the form to https://portal.test:\(portal.https)/accept (5 field(s))"), "\(p.err)")
        #expect(!p.err.contains("s3cr3t") && !p.err.contains("room=412"), "\(p.err)")
    }

    /// The repro of issue 17: an RFC 8908 API on a hostile host, naming a portal on itself, while the owner
    /// allows only operator.example. The API's host was trusted, so the login posted its form there; now
    /// nothing at all goes to evil.example, and the probes decide.
    @Test func anAPIOnAHostileHostGetsNothing() throws {
        let portal = try PortalServer(httpsMode: "capport")
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_CAPTIVE_API"] = "https://evil.example:\(portal.https)/capport?here"
        environment["HOTSPOT_PORTAL_DOMAINS"] = "operator.example"
        let r = try run("authenticate", environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")  // the probe: open
        let evil = portal.entries.filter { ($0["host"] as? String)?.hasPrefix("evil.example") == true }
        #expect(!evil.contains { $0["method"] as? String == "POST" }, "\(evil)")
        #expect(evil.isEmpty, "\(evil)")
        #expect(r.err.contains("evil.example is not one of the portal domains"), "\(r.err)")
    }

    /// With portal domains set, a portal elsewhere is not this helper's: nothing is sent to it.
    @Test func portalDomainsLimitWhereTheHelperGoes() throws {
        let portal = try PortalServer(mode: "click")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_DOMAINS"] = "login.example.net"
        #expect(try run("evaluate", environment).lines == ["confidence=none", "result=success"])
        let r = try run("authenticate", environment)
        #expect(r.lines == ["result=unsupportedNetwork"])
        #expect(r.err.contains("outside the portal domains"))
        #expect(!portal.requests.contains("GET /terms"))
        environment["HOTSPOT_PORTAL_DOMAINS"] = "test"
        #expect(try run("authenticate", environment).lines == PortalHelperComponentTests.loggedIn)
    }

    // MARK: https and WISPr

    /// The https probe meets the portal through a verified chain; with another CA it meets nothing.
    @Test func anHTTPSProbeIsVerified() throws {
        let portal = try PortalServer(httpsMode: "click")
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_PORTAL_PROBE_URLS"] = "https://localhost:\(portal.https)/generate_204"
        #expect(try run("evaluate", environment).lines == ["confidence=low", "result=success"])
        environment["HOTSPOT_CA_BUNDLE"] = TestPKI.shared.otherCABundle
        let r = try run("evaluate", environment)
        #expect(r.lines == ["confidence=none", "result=success"])
        #expect(r.err.contains("not trusted"))
    }

    @Test func wisprLogsInOverHTTPSWithTheConfiguredCredentials() throws {
        let portal = try PortalServer(httpsMode: "wispr", rsa: true)
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_WISPR_USER"] = "user"
        environment["HOTSPOT_WISPR_PASSWORD"] = "wrong"
        let refused = try run("authenticate", environment)
        #expect(refused.lines == ["result=failure"])
        #expect(refused.err.contains("login failed (100), Wrong password"))
        environment["HOTSPOT_WISPR_PASSWORD"] = "secret"
        let r = try run("authenticate", environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        let login = try #require(portal.entries.last { $0["path"] as? String == "/wispr-login" })
        #expect(login["tls"] as? Bool == true)
        #expect((login["body"] as? String)?.hasPrefix("UserName=user&Password=secret&button=Login&FNAME=0&OriginatingServer=http%3A%2F%2Fprobe.test") == true)
        #expect(!portal.requests.contains("POST /accept"))
        #expect(!r.err.contains("secret") && !refused.err.contains("wrong"), "\(r.err)")
    }

    /// Issue 35: the password and the answers come on stdin, never from the environment (any process of the
    /// helper's user reads /proc/PID/environ); stdin that is not `NAME=value` lines of secrets is refused.
    @Test func theSecretsComeOnStdin() throws {
        let portal = try PortalServer(httpsMode: "wispr", rsa: true)
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_WISPR_USER"] = "user"
        let r = try run("authenticate", environment, stdin: "HOTSPOT_WISPR_PASSWORD=secret\n")
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(portal.requests.contains { $0.hasPrefix("POST /wispr-login") })
        // In the environment, as before: not taken, so its form is sent instead of a WISPr login.
        let other = try PortalServer(httpsMode: "wispr", rsa: true)
        environment = other.trustingEnvironment
        environment["HOTSPOT_WISPR_USER"] = "user"
        environment["HOTSPOT_WISPR_PASSWORD"] = "secret"
        _ = try run("authenticate", environment, stdin: "")
        #expect(!other.requests.contains { $0.contains("/wispr-login") }, "\(other.requests)")
    }

    @Test func garbageOnStdinIsRefused() throws {
        let portal = try PortalServer(mode: "click")
        for garbage in ["HOTSPOT_UI_ROOM=412", "room=412\n", "HOTSPOT_GATEWAY=10.0.0.1\n", "HOTSPOT_UI_ROOM=4\u{1b}12\n",
                        "\n", String(repeating: "HOTSPOT_UI_ROOM=" + String(repeating: "1", count: 2000) + "\n", count: 40)] {
            let r = try run("presentUI", portal.environment, stdin: garbage)
            #expect(r.status == 2 && r.out.isEmpty, "\(garbage.prefix(30)): \(r.out)")
            #expect(r.err.hasPrefix("hotspotd portal-helper: stdin is not NAME=value lines"), "\(garbage.prefix(30)): \(r.err)")
        }
        #expect(portal.requests.isEmpty)
    }

    /// WISPr credentials go only over https to the host that served the Redirect message (no portal
    /// domains): not to a LoginURL on another host or over http; a 307 from the LoginURL to another host
    /// or down to http goes on as a GET without them. With portal domains, only to them.
    @Test func wisprCredentialsGoOnlyOverHTTPSToTheHostThatAsked() throws {
        for (mode, why) in [("wispr-elsewhere", "the password is not sent"), ("wispr-http", "the password is not sent"),
                            ("wispr-307-other", "the answer has no WISPr reply"), ("wispr-307-http", "the answer has no WISPr reply")] {
            let portal = try PortalServer(httpsMode: mode, rsa: true)
            var environment = portal.trustingEnvironment
            environment["HOTSPOT_WISPR_USER"] = "user"
            environment["HOTSPOT_WISPR_PASSWORD"] = "secret"
            let r = try run("authenticate", environment)
            #expect(r.lines == ["result=failure"], "\(mode): \(r.err)")
            #expect(r.err.contains(why), "\(mode): \(r.err)")
            let sent = portal.entries.filter { ($0["body"] as? String)?.contains("Password=") == true }
            #expect(sent.allSatisfy { ($0["host"] as? String)?.hasPrefix("portal.test:") == true && $0["tls"] as? Bool == true },
                    "\(mode): \(sent)")
            #expect(sent.count == (mode.hasPrefix("wispr-307") ? 1 : 0), "\(mode): \(sent)")
        }
        let portal = try PortalServer(httpsMode: "wispr-elsewhere", rsa: true)
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_WISPR_USER"] = "user"
        environment["HOTSPOT_WISPR_PASSWORD"] = "secret"
        environment["HOTSPOT_PORTAL_DOMAINS"] = "test"
        let r = try run("authenticate", environment)
        #expect(r.lines == ["result=failure"] && r.err.contains("the password is not sent, as secrets go only over https"), "\(r.err)")
        environment["HOTSPOT_PORTAL_DOMAINS"] = "test localhost"
        #expect(try run("authenticate", environment).lines == PortalHelperComponentTests.loggedIn)
    }

    @Test func aWISPrPortalWithoutCredentialsFallsBackToItsForm() throws {
        let portal = try PortalServer(httpsMode: "wispr", rsa: true)
        let r = try run("authenticate", portal.trustingEnvironment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(r.err.contains("no wispr_user and wispr_password"))
        #expect(portal.requests.contains("POST /accept"))
    }

    /// The probes run at once: a first one that hangs past the command's time limit does not keep the
    /// second from deciding (in turn, the first would have used up all 4 s).
    @Test func probesRunAtOnceSoAHangingOneDoesNotDecide() throws {
        let portal = try PortalServer(mode: "open")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_PROBE_URLS"] = "http://probe.test:\(portal.http)/hang http://probe.test:\(portal.http)/generate_204"
        environment["HOTSPOT_PORTAL_TIME_LIMIT"] = "4"
        let r = try run("evaluate", environment)
        #expect(r.lines == ["confidence=none", "result=success"])
        #expect(r.err.contains("internet open"), "\(r.err)")
        let click = try PortalServer(mode: "click")
        environment = click.environment
        environment["HOTSPOT_PORTAL_PROBE_URLS"] = "http://probe.test:\(click.http)/hang http://probe.test:\(click.http)/generate_204"
        environment["HOTSPOT_PORTAL_TIME_LIMIT"] = "4"
        let portalSeen = try run("authenticate", environment)
        #expect(portalSeen.lines == PortalHelperComponentTests.loggedIn, "\(portalSeen.err)")
        #expect(click.requests.contains("POST /accept"))
    }

    // MARK: RFC 8908 and logoff

    /// The API announced by DHCP decides where the probe cannot tell (it answers 204 here): captive with a
    /// user-portal-url → the login there; after it, not captive with the session's time left.
    @Test func theCaptivePortalAPILeadsTheLoginAndTellsTheSessionTime() throws {
        let portal = try PortalServer(httpsMode: "capport")
        var environment = portal.trustingEnvironment
        #expect(try run("evaluate", environment).lines == ["confidence=none", "result=success"])  // the probe alone: open
        environment["HOTSPOT_CAPTIVE_API"] = "https://localhost:\(portal.https)/capport"
        let evaluate = try run("evaluate", environment)
        #expect(evaluate.lines == ["confidence=low", "result=success"], "\(evaluate.err)")
        #expect(evaluate.err.contains("captive-portal API: captive"))
        let r = try run("authenticate", environment)
        #expect(r.lines == ["session_remaining=120", "result=success"], "\(r.err)")
        #expect(portal.requests.contains("POST /accept"))
        let api = try #require(portal.entries.first { $0["path"] as? String == "/capport" })
        #expect(api["accept"] as? String == "application/captive+json")
        #expect(api["tls"] as? Bool == true)
        #expect(try run("maintain", environment).lines == ["session_remaining=120", "result=success"])
    }

    /// An API that fails is logged and the probes decide, as if there were none.
    @Test func aFailingCaptivePortalAPIFallsBackToTheProbes() throws {
        let portal = try PortalServer(httpsMode: "click")
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_CAPTIVE_API"] = "https://localhost:\(portal.https)/nothing-here"
        let r = try run("evaluate", environment)
        #expect(r.lines == ["confidence=low", "result=success"])
        #expect(r.err.contains("/nothing-here: HTTP 404: probing instead"))
        environment["HOTSPOT_CAPTIVE_API"] = "http://localhost:\(portal.http)/capport"
        #expect(try run("evaluate", environment).err.contains("HOTSPOT_CAPTIVE_API left out: not an https URL"))
    }

    /// The WISPr login keeps its LogoffURL in HOTSPOT_STATE_DIR; logoff on the same network calls it once.
    @Test func wisprLogoffCallsTheLogoffURLTheLoginKept() throws {
        let portal = try PortalServer(httpsMode: "wispr", rsa: true)
        let state = temporaryDirectory()
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_WISPR_USER"] = "user"
        environment["HOTSPOT_WISPR_PASSWORD"] = "secret"
        environment["HOTSPOT_STATE_DIR"] = state
        environment["HOTSPOT_SSID_HEX"] = "486f74656c"
        #expect(try run("authenticate", environment).lines == PortalHelperComponentTests.loggedIn)
        let kept = try String(contentsOfFile: state + "/wispr-logoff", encoding: .utf8)
        #expect(kept == "486f74656c\nhttps://localhost:\(portal.https)/wispr-logoff\n")
        var elsewhere = environment
        elsewhere["HOTSPOT_SSID_HEX"] = "4f74686572"
        let other = try run("logoff", elsewhere)
        #expect(other.lines == ["result=success"])
        #expect(other.err.contains("another network's"))
        #expect(!portal.requests.contains("GET /wispr-logoff"))
        #expect(!FileManager.default.fileExists(atPath: state + "/wispr-logoff"))  // stale: dropped

        try kept.write(toFile: state + "/wispr-logoff", atomically: true, encoding: .utf8)
        let r = try run("logoff", environment)
        #expect(r.lines == ["result=success"], "\(r.err)")
        #expect(r.err.contains("logoff succeeded (150)") || r.err.contains("WISPr logoff: HTTP 200"))
        #expect(portal.requests.filter { $0 == "GET /wispr-logoff" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: state + "/wispr-logoff"))
        #expect(try run("maintain", environment).lines == ["result=authenticationRequired"])  // the session did end
        #expect(try run("logoff", environment).err.contains("no WISPr LogoffURL"))
    }

    // MARK: the process

    /// As the daemon runs it: an unprivileged user binding its sockets to the interface (Linux ≥ 5.7).
    @Test func runsAsNobodyBoundToTheInterface() throws {
        let portal = try PortalServer(mode: "click")
        let r = try run("authenticate", portal.environment, asNobody: true)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
    }

    @Test func aMissingInterfaceIsATemporaryFailureWithTheReason() throws {
        let portal = try PortalServer(mode: "click")
        var environment = portal.environment
        environment["HOTSPOT_INTERFACE"] = "nosuchif0"
        let r = try run("authenticate", environment)
        #expect(r.lines == ["result=temporaryFailure"])
        #expect(r.err.contains("cannot bind a socket to interface nosuchif0"))
    }

    @Test func usageErrors() throws {
        #expect(try run(nil, [:]).status == 2)
        let r = try run("dance", [:])
        #expect(r.status == 2)
        #expect(r.err.contains("usage: hotspotd portal-helper"))
    }
}

/// The daemon's side: `option builtin 'portal'` runs the built binary as `portal-helper`, as the
/// helper user, with its options from the configuration, and reads its answer.
@Suite(.serialized) struct DaemonPortalHelperTests {
    @Test func theDaemonRunsItsPortalHelperForEvaluate() throws {
        let portal = try PortalServer(mode: "click")
        let dir = temporaryDirectory()
        // A literal probe URL: the daemon hands the helper the host's DNS servers, not the fake one.
        let loop = EventLoop()
        let daemon = try TestDaemon.make(dir, extra: """
            config helper 'portal'
            \toption builtin 'portal'
            \tlist probe_url 'http://127.0.0.1:\(portal.http)/generate_204'

            """, loop: loop)
        daemon.portalHelperPath = hotspotdBinary
        let network = HotspotNetwork(ssid: SSID("Hotel")!, bssid: nil, rssi: -60, frequency: 2412, securityType: .open)

        // It claims nothing in scan lists: the core never asks it after a scan.
        #expect(!daemon.driver.machine.hotspot.configuration.helpers[0].commands.contains(.filterScanList))

        daemon.runHelper(HelperRequest(id: 2, helper: "portal", command: .evaluate, network: network))
        #expect(daemon.runs.count == 1)
        let deadline = Date().addingTimeInterval(20)
        while daemon.lastRun == nil && Date() < deadline { loop.runOnce(maxWait: 50) }
        let run = try #require(daemon.lastRun)
        #expect(run.command == .evaluate)
        #expect(run.result == "success (low)")
        #expect(portal.requests == ["GET /generate_204"])
        let probe = try #require(portal.entries.first { $0["path"] as? String == "/generate_204" })
        #expect(probe["agent"] as? String == "hotspotd/" + hotspotdVersion)
    }

    /// The DHCP hook's file (init.d/udhcpc.user, run here as OpenWrt's dhcp.script would) reaches every
    /// helper as HOTSPOT_CAPTIVE_API, and each helper gets a state directory its own user can write.
    @Test func theDaemonHandsHelpersTheDHCPCaptiveAPIAndAStateDirectory() throws {
        let dir = temporaryDirectory()
        let hook = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("init.d/udhcpc.user").path
        func dhcp(_ event: String, opt114: String) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = [hook, event]
            p.environment = ["interface": "lo", "opt114": opt114, "HOTSPOT_RUN_DIR": dir + "/run", "PATH": "/usr/bin:/bin"]
            try p.run()
            p.waitUntilExit()
        }
        let uri = "https://capport.example/api?x=1"
        try dhcp("bound", opt114: uri.utf8.map { String(format: "%02x", $0) }.joined())
        let script = dir + "/spy"
        _ = FileManager.default.createFile(atPath: script, contents: Data("""
            #!/bin/sh
            env > "$HOTSPOT_STATE_DIR/env" || exit 1
            echo confidence=low; echo result=success

            """.utf8), attributes: [.posixPermissions: 0o755])
        let loop = EventLoop()
        let daemon = try TestDaemon.make(dir, extra: """
            config helper 'spy'
            \toption exec '\(script)'

            """, loop: loop)
        let network = HotspotNetwork(ssid: SSID("Hotel")!, bssid: nil, rssi: -60, frequency: 2412, securityType: .open)
        func evaluate(_ id: UInt64) throws -> [String] {
            daemon.lastRun = nil
            daemon.runHelper(HelperRequest(id: id, helper: "spy", command: .evaluate, network: network))
            let deadline = Date().addingTimeInterval(20)
            while daemon.lastRun == nil && Date() < deadline { loop.runOnce(maxWait: 50) }
            #expect(daemon.lastRun?.result == "success (low)")
            let env = try String(contentsOfFile: dir + "/run-helpers/spy/env", encoding: .utf8)
            return env.split(separator: "\n").map(String.init)
        }
        var env = try evaluate(1)
        #expect(env.contains("HOTSPOT_CAPTIVE_API=" + uri))
        #expect(env.contains("HOTSPOT_STATE_DIR=" + dir + "/run-helpers/spy"))
        let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/run-helpers/spy")
        #expect(attributes[.ownerAccountID] as? Int == 65534)  // nobody, the helper's user
        #expect(attributes[.posixPermissions] as? Int == 0o700)

        // A venue's option that is no https URI never reaches a helper; the lease's end removes it.
        try dhcp("renew", opt114: "687474703a2f2f782f")  // http://x/
        env = try evaluate(2)
        #expect(env.contains("HOTSPOT_CAPTIVE_API="))
        try dhcp("renew", opt114: uri.utf8.map { String(format: "%02x", $0) }.joined())
        try dhcp("deconfig", opt114: "")
        #expect(!FileManager.default.fileExists(atPath: dir + "/run/captive-api.lo"))
        env = try evaluate(3)
        #expect(env.contains("HOTSPOT_CAPTIVE_API="))
    }
}
