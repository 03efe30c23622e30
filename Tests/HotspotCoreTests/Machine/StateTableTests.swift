import Testing
@testable import HotspotCore

/// Every (state, input) pair: the eight states of docs/architecture.md §2, reached the way they are in life, against
/// every kind of input, including those that must be ignored or refused. Each cell is the state after the
/// input and what the driver is told to do, in order (see `summary`): helpers run and killed, joins,
/// disconnects, scans, timers armed and cancelled, what is persisted, the owner's reply.
@Suite struct StateTableTests {
    enum Kind: String, CaseIterable {
        case scan, roam, associateOther, ipv4, disconnected, linkSignal, tempDisabled, networkNotFound
        case respondSuccess, helperCrashed, lateAnswer
        case maintainTimer, commandTimer, associationTimer, scanTimer
        case ownerLogoff, ownerSubmitUI, ownerCancelUI, ownerEnable, ownerJoin, ownerForgetUnknown
        case reload, supplicantReconnected
    }

    static let states = HotspotState.allCases

    /// "state" when the input does nothing the driver sees, else "state: actions". The fixtures: inactive is
    /// joining Hotel; evaluating has alpha and beta evaluating Hotel; alpha is the helper from authenticating
    /// on; failure has Hotel disabled and no link. Airport is nobody's network.
    static let table: [HotspotState: [Kind: String]] = [
        .inactive: [
            .scan: "inactive: run alpha.filterScanList, arm alpha.filterScanList, run beta.filterScanList, arm beta.filterScanList",
            .roam: "inactive",
            .associateOther: "inactive",
            .ipv4: "inactive",
            .disconnected: "inactive",
            .linkSignal: "inactive",
            .tempDisabled: "inactive: disconnect, cancel association",
            .networkNotFound: "inactive: disconnect, cancel association",
            .respondSuccess: "inactive",
            .helperCrashed: "inactive",
            .lateAnswer: "inactive",
            .maintainTimer: "inactive",
            .commandTimer: "inactive",
            .associationTimer: "inactive: disconnect",
            .scanTimer: "inactive: arm scan",  // joining: the join scans by itself
            .ownerLogoff: "inactive: refused",
            .ownerSubmitUI: "inactive: refused",
            .ownerCancelUI: "inactive: refused",
            .ownerEnable: "inactive: accepted",
            .ownerJoin: "inactive: accepted, cancel association, join Airport (owner), arm association",
            .ownerForgetUnknown: "inactive: refused, remove Nowhere",
            .reload: "inactive",
            .supplicantReconnected: "inactive: cancel association, join Hotel, arm association, scan",
        ],
        .evaluating: [
            .scan: "evaluating",
            .roam: "evaluating",
            .associateOther: "inactive: cancel alpha.evaluate, kill alpha.evaluate, cancel beta.evaluate, kill beta.evaluate, arm association",
            .ipv4: "evaluating",
            .disconnected: "inactive: cancel alpha.evaluate, kill alpha.evaluate, cancel beta.evaluate, kill beta.evaluate, join Hotel, arm association",
            .linkSignal: "evaluating",
            .tempDisabled: "evaluating",
            .networkNotFound: "evaluating",
            .respondSuccess: "authenticating: cancel alpha.evaluate, cancel beta.evaluate, kill beta.evaluate, run alpha.authenticate, arm alpha.authenticate",
            .helperCrashed: "evaluating: cancel alpha.evaluate",
            .lateAnswer: "evaluating",
            .maintainTimer: "evaluating",
            .commandTimer: "evaluating: kill alpha.evaluate",
            .associationTimer: "evaluating",
            .scanTimer: "evaluating: arm scan",
            .ownerLogoff: "evaluating: refused",
            .ownerSubmitUI: "evaluating: refused",
            .ownerCancelUI: "evaluating: refused",
            .ownerEnable: "evaluating: accepted",
            .ownerJoin: "inactive: accepted, disconnect, cancel alpha.evaluate, kill alpha.evaluate, cancel beta.evaluate, kill beta.evaluate, join Airport (owner), arm association",
            .ownerForgetUnknown: "evaluating: refused, remove Nowhere",
            .reload: "evaluating",
            .supplicantReconnected: "inactive: cancel alpha.evaluate, kill alpha.evaluate, cancel beta.evaluate, kill beta.evaluate, join Hotel, arm association, scan",
        ],
        .authenticating: [
            .scan: "authenticating: run beta.filterScanList, arm beta.filterScanList",
            .roam: "authenticating",
            .associateOther: "inactive: cancel alpha.authenticate, kill alpha.authenticate, arm association",
            .ipv4: "authenticating",
            .disconnected: "inactive: cancel alpha.authenticate, kill alpha.authenticate, join Hotel, arm association",
            .linkSignal: "authenticating",
            .tempDisabled: "authenticating",
            .networkNotFound: "authenticating",
            .respondSuccess: "authenticated: cancel alpha.authenticate, arm maintain, persist[cache Hotel=alpha]",
            .helperCrashed: "failure: cancel alpha.authenticate, disconnect, persist[disabled Hotel]",
            .lateAnswer: "authenticating",
            .maintainTimer: "authenticating",
            .commandTimer: "failure: kill alpha.authenticate, disconnect, persist[disabled Hotel]",
            .associationTimer: "authenticating",
            .scanTimer: "authenticating: arm scan",
            .ownerLogoff: "authenticating: refused",
            .ownerSubmitUI: "authenticating: refused",
            .ownerCancelUI: "authenticating: refused",
            .ownerEnable: "authenticating: accepted",
            .ownerJoin: "inactive: accepted, disconnect, cancel alpha.authenticate, kill alpha.authenticate, join Airport (owner), arm association",
            .ownerForgetUnknown: "authenticating: refused, remove Nowhere",
            .reload: "authenticating",
            .supplicantReconnected: "inactive: cancel alpha.authenticate, kill alpha.authenticate, join Hotel, arm association, scan",
        ],
        .presentingUI: [
            .scan: "presentingUI: run alpha.filterScanList, arm alpha.filterScanList, run beta.filterScanList, arm beta.filterScanList",
            .roam: "presentingUI",
            .associateOther: "inactive: arm association",
            .ipv4: "presentingUI",
            .disconnected: "inactive: join Hotel, arm association",
            .linkSignal: "presentingUI",
            .tempDisabled: "presentingUI",
            .networkNotFound: "presentingUI",
            .respondSuccess: "presentingUI",
            .helperCrashed: "presentingUI",
            .lateAnswer: "presentingUI",
            .maintainTimer: "presentingUI",
            .commandTimer: "presentingUI",
            .associationTimer: "presentingUI",
            .scanTimer: "presentingUI: arm scan",
            .ownerLogoff: "presentingUI: refused",
            .ownerSubmitUI: "presentingUI: run alpha.presentUI, accepted",
            .ownerCancelUI: "failure: accepted, disconnect, persist[disabled Hotel]",
            .ownerEnable: "presentingUI: accepted",
            .ownerJoin: "inactive: accepted, disconnect, join Airport (owner), arm association",
            .ownerForgetUnknown: "presentingUI: refused, remove Nowhere",
            .reload: "presentingUI",
            .supplicantReconnected: "inactive: join Hotel, arm association, scan",
        ],
        .authenticated: [
            .scan: "authenticated: run alpha.filterScanList, arm alpha.filterScanList, run beta.filterScanList, arm beta.filterScanList",
            .roam: "authenticated",
            .associateOther: "inactive: cancel maintain, arm association",
            .ipv4: "authenticated",
            .disconnected: "inactive: cancel maintain, join Hotel, arm association",
            .linkSignal: "authenticated",
            .tempDisabled: "authenticated",
            .networkNotFound: "authenticated",
            .respondSuccess: "authenticated",
            .helperCrashed: "authenticated",
            .lateAnswer: "authenticated",
            .maintainTimer: "maintaining: run alpha.maintain, arm alpha.maintain",
            .commandTimer: "authenticated",
            .associationTimer: "authenticated",
            .scanTimer: "authenticated: arm scan",
            .ownerLogoff: "loggingOff: cancel maintain, accepted, run alpha.logoff, arm alpha.logoff",
            .ownerSubmitUI: "authenticated: refused",
            .ownerCancelUI: "authenticated: refused",
            .ownerEnable: "authenticated: accepted",
            .ownerJoin: "inactive: accepted, disconnect, cancel maintain, join Airport (owner), arm association",
            .ownerForgetUnknown: "authenticated: refused, remove Nowhere",
            .reload: "authenticated",
            .supplicantReconnected: "inactive: cancel maintain, join Hotel, arm association, scan",
        ],
        .maintaining: [
            .scan: "maintaining: run beta.filterScanList, arm beta.filterScanList",
            .roam: "maintaining",
            .associateOther: "inactive: cancel alpha.maintain, kill alpha.maintain, arm association",
            .ipv4: "maintaining",
            .disconnected: "inactive: cancel alpha.maintain, kill alpha.maintain, join Hotel, arm association",
            .linkSignal: "maintaining",
            .tempDisabled: "maintaining",
            .networkNotFound: "maintaining",
            .respondSuccess: "authenticated: cancel alpha.maintain, arm maintain",
            .helperCrashed: "evaluating: cancel alpha.maintain, run alpha.evaluate, arm alpha.evaluate, run beta.evaluate, arm beta.evaluate, persist[]",
            .lateAnswer: "maintaining",
            .maintainTimer: "maintaining",
            .commandTimer: "evaluating: kill alpha.maintain, run alpha.evaluate, arm alpha.evaluate, run beta.evaluate, arm beta.evaluate, persist[]",
            .associationTimer: "maintaining",
            .scanTimer: "maintaining: scan, arm scan",
            .ownerLogoff: "loggingOff: cancel alpha.maintain, kill alpha.maintain, accepted, run alpha.logoff, arm alpha.logoff",
            .ownerSubmitUI: "maintaining: refused",
            .ownerCancelUI: "maintaining: refused",
            .ownerEnable: "maintaining: accepted",
            .ownerJoin: "inactive: accepted, disconnect, cancel alpha.maintain, kill alpha.maintain, join Airport (owner), arm association",
            .ownerForgetUnknown: "maintaining: refused, remove Nowhere",
            .reload: "maintaining",
            .supplicantReconnected: "inactive: cancel alpha.maintain, kill alpha.maintain, join Hotel, arm association, scan",
        ],
        .loggingOff: [
            .scan: "loggingOff: run beta.filterScanList, arm beta.filterScanList",
            .roam: "loggingOff",
            .associateOther: "inactive: cancel alpha.logoff, kill alpha.logoff, arm association, persist[cache Hotel=alpha loggedoff Hotel]",
            .ipv4: "loggingOff",
            .disconnected: "inactive: cancel alpha.logoff, kill alpha.logoff, persist[cache Hotel=alpha loggedoff Hotel]",
            .linkSignal: "loggingOff",
            .tempDisabled: "loggingOff",
            .networkNotFound: "loggingOff",
            .respondSuccess: "inactive: cancel alpha.logoff, disconnect, persist[cache Hotel=alpha loggedoff Hotel]",
            .helperCrashed: "inactive: cancel alpha.logoff, disconnect, persist[cache Hotel=alpha loggedoff Hotel]",
            .lateAnswer: "loggingOff",
            .maintainTimer: "loggingOff",
            .commandTimer: "inactive: kill alpha.logoff, disconnect, persist[cache Hotel=alpha loggedoff Hotel]",
            .associationTimer: "loggingOff",
            .scanTimer: "loggingOff: arm scan",
            .ownerLogoff: "loggingOff: refused",
            .ownerSubmitUI: "loggingOff: refused",
            .ownerCancelUI: "loggingOff: refused",
            .ownerEnable: "loggingOff: accepted",
            .ownerJoin: "inactive: accepted, disconnect, cancel alpha.logoff, kill alpha.logoff, join Airport (owner), arm association, persist[cache Hotel=alpha loggedoff Hotel]",
            .ownerForgetUnknown: "loggingOff: refused, remove Nowhere",
            .reload: "loggingOff",
            .supplicantReconnected: "inactive: cancel alpha.logoff, kill alpha.logoff, scan, persist[cache Hotel=alpha loggedoff Hotel]",
        ],
        .failure: [
            .scan: "failure: run alpha.filterScanList, arm alpha.filterScanList, run beta.filterScanList, arm beta.filterScanList",
            .roam: "failure: disconnect",
            .associateOther: "inactive: arm association",
            .ipv4: "failure",
            .disconnected: "inactive",
            .linkSignal: "failure",
            .tempDisabled: "failure",
            .networkNotFound: "failure",
            .respondSuccess: "failure",
            .helperCrashed: "failure",
            .lateAnswer: "failure",
            .maintainTimer: "failure",
            .commandTimer: "failure",
            .associationTimer: "failure",
            .scanTimer: "failure: scan, arm scan",
            .ownerLogoff: "failure: refused",
            .ownerSubmitUI: "failure: refused",
            .ownerCancelUI: "failure: refused",
            .ownerEnable: "failure: accepted, join Hotel, arm association, persist[]",
            .ownerJoin: "failure: accepted, join Airport (owner), arm association",
            .ownerForgetUnknown: "failure: refused, remove Nowhere",
            .reload: "failure",
            .supplicantReconnected: "failure: scan",
        ],
    ]

    static func input(_ kind: Kind, _ h: inout Harness) -> HotspotInput {
        let joinPath = h.m.joinPathRequests.first ?? 999_999
        switch kind {
        case .scan: return .scanResults(Fixture.scan)
        case .roam: return .associated(ssid: Fixture.hotel, bssid: bssid(9), networkID: netID(0))
        case .associateOther: return .associated(ssid: Fixture.airport, bssid: bssid(2), networkID: netID(1))
        case .ipv4: return .ipv4Acquired
        case .disconnected: return .disconnected
        case .linkSignal: return .linkSignal(rssi: -48)
        case .tempDisabled: return .supplicant(.tempDisabled(ssid: Fixture.hotel, reason: .connectionFailed, seconds: 10))
        case .networkNotFound: return .supplicant(.networkNotFound(ssid: nil))
        case .respondSuccess:
            return .helperResponded(requestID: joinPath, HelperResponse(result: .success, confidence: .high))
        case .helperCrashed: return .helperFailed(requestID: joinPath, .crashed(signal: 11))
        case .lateAnswer: return .helperResponded(requestID: 424_242, HelperResponse(result: .success))
        case .maintainTimer:
            if let due = h.m.deadline(of: .maintain) { h.now = max(h.now, due) }
            return .timerFired(.maintain)
        case .commandTimer:
            if let due = h.m.deadline(of: .command(joinPath)) { h.now = max(h.now, due) }
            return .timerFired(.command(joinPath))
        case .associationTimer:
            if let due = h.m.deadline(of: .association) { h.now = max(h.now, due) }
            return .timerFired(.association)
        case .scanTimer:
            if let due = h.m.deadline(of: .scan) { h.now = max(h.now, due) }
            return .timerFired(.scan)
        case .ownerLogoff: return .owner(.logoff)
        case .ownerSubmitUI: return .owner(.submitUI([UIAnswer(key: "room", value: "101")]))
        case .ownerCancelUI: return .owner(.cancelUI)
        case .ownerEnable: return .owner(.enable(Fixture.hotel))
        case .ownerJoin: return .owner(.join(Fixture.airport, passphrase: nil, once: true))
        case .ownerForgetUnknown: return .owner(.forget(ssid("Nowhere")))
        case .reload: return .configurationReloaded(Fixture.config())
        case .supplicantReconnected: return .supplicantReconnected
        }
    }

    struct Case: CustomStringConvertible {
        var state: HotspotState
        var kind: Kind
        var description: String { "\(state) × \(kind)" }
    }

    /// The actions of one input as a line: what the driver does to the world, with helpers and timers by name
    /// ("run alpha.evaluate", "arm alpha.evaluate" for its command timer), without log text, wake-ups and ids.
    static func summary(_ actions: [StationAction], before: HotspotMachine) -> String {
        var names: [UInt64: String] = [:]
        for r in before.requests { names[r.id] = r.helper + "." + r.command.rawValue }
        for r in actions.requests { names[r.id] = r.helper + "." + r.command.rawValue }
        func timer(_ id: TimerID) -> String {
            if case .command(let r) = id { return names[r] ?? "command \(r)" }
            return id.description
        }
        var words: [String] = []
        for a in actions {
            switch a {
            case .runHelper(let r): words.append("run " + names[r.id]!)
            case .abandonHelper(let id, _): words.append("kill " + (names[id] ?? "request \(id)"))
            case .join(let t): words.append("join \(t.ssid)" + (t.didAutoJoin ? "" : " (owner)"))
            case .disconnect: words.append("disconnect")
            case .removeNetworks(let s): words.append("remove \(s)")
            case .requestScan: words.append("scan")
            case .armTimer(let id, _): words.append("arm " + timer(id))
            case .cancelTimer(let id): words.append("cancel " + timer(id))
            case .persist(let p):
                var facts = p.helperCache.map { "cache \($0.ssid)=\($0.helper)" }
                facts += p.disabled.map { "disabled \($0.ssid)" } + p.loggedOff.map { "loggedoff \($0)" }
                facts += p.ownerNetworks.map { "network \($0.ssid)" }
                words.append("persist[" + facts.joined(separator: " ") + "]")
            case .reply(.accepted): words.append("accepted")
            case .reply(.refused): words.append("refused")
            case .log, .notify: break
            case .link, .scanTaken: Issue.record("the hotspot machine emitted StationMachine's own \(a)")
            }
        }
        return words.joined(separator: ", ")
    }

    static let cases: [Case] = states.flatMap { s in Kind.allCases.map { Case(state: s, kind: $0) } }

    @Test func tableCoversEveryPair() {
        #expect(Self.table.count == Self.states.count)
        for (state, row) in Self.table { #expect(row.count == Kind.allCases.count, "\(state)") }
        #expect(Self.cases.count == 8 * Kind.allCases.count)
    }

    @Test(arguments: cases)
    func pair(_ c: Case) {
        var h = Harness.at(c.state)
        #expect(h.m.state == c.state, "fixture")
        let before = h.m
        let input = Self.input(c.kind, &h)
        let actions = h.on(input)
        let summary = Self.summary(actions, before: before)
        let got = "\(h.m.state)" + (summary.isEmpty ? "" : ": " + summary)
        #expect(got == Self.table[c.state]?[c.kind], "\(c)")
        Invariants.check(h.m, "\(c)")
    }
}
