import Testing
@testable import HotspotCore

/// Every (state, input) pair: the eight states of design.md §2, reached the way they are in life, against
/// every kind of input, including those that must be ignored or refused.
@Suite struct StateTableTests {
    /// What one input does in one state.
    enum Expect: CustomStringConvertible {
        /// Moves to (or stays in) this state, with effects.
        case to(HotspotState)
        /// Same state, and nothing the driver would do to the world (no helper, join, disconnect, persist).
        case ignored
        /// Same state, no effects, and the owner gets a refusal.
        case refused

        var description: String {
            switch self {
            case .to(let s): return "→ \(s)"
            case .ignored: return "ignored"
            case .refused: return "refused"
            }
        }
    }

    enum Kind: String, CaseIterable {
        case scan, roam, associateOther, ipv4, disconnected, linkSignal, tempDisabled, networkNotFound
        case respondSuccess, helperCrashed, lateAnswer
        case maintainTimer, commandTimer, associationTimer, scanTimer
        case ownerLogoff, ownerSubmitUI, ownerCancelUI, ownerEnable, ownerJoin, ownerForgetUnknown
        case reload, supplicantReconnected
    }

    static let states = HotspotState.allCases

    /// Columns: inactive, evaluating, authenticating, presentingUI, authenticated, maintaining, loggingOff, failure.
    static let table: [Kind: [Expect]] = [
        .scan:                  [.to(.inactive), .to(.evaluating), .to(.authenticating), .to(.presentingUI),
                                 .to(.authenticated), .to(.maintaining), .to(.loggingOff), .to(.failure)],
        .roam:                  [.to(.inactive), .ignored, .ignored, .ignored, .ignored, .ignored, .ignored,
                                 .to(.failure)],
        .associateOther:        [.to(.inactive), .to(.inactive), .to(.inactive), .to(.inactive), .to(.inactive),
                                 .to(.inactive), .to(.inactive), .to(.inactive)],
        .ipv4:                  [.ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .disconnected:          [.ignored, .to(.inactive), .to(.inactive), .to(.inactive), .to(.inactive),
                                 .to(.inactive), .to(.inactive), .to(.inactive)],
        .linkSignal:            [.ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .tempDisabled:          [.to(.inactive), .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .networkNotFound:       [.to(.inactive), .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .respondSuccess:        [.ignored, .to(.authenticating), .to(.authenticated), .ignored, .ignored,
                                 .to(.authenticated), .to(.inactive), .ignored],
        .helperCrashed:         [.ignored, .to(.evaluating), .to(.failure), .ignored, .ignored, .to(.evaluating),
                                 .to(.inactive), .ignored],
        .lateAnswer:            [.ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .maintainTimer:         [.ignored, .ignored, .ignored, .ignored, .to(.maintaining), .ignored, .ignored, .ignored],
        .commandTimer:          [.ignored, .to(.evaluating), .to(.failure), .ignored, .ignored, .to(.evaluating),
                                 .to(.inactive), .ignored],
        .associationTimer:      [.to(.inactive), .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .scanTimer:             [.ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .ownerLogoff:           [.refused, .refused, .refused, .refused, .to(.loggingOff), .to(.loggingOff),
                                 .refused, .refused],
        .ownerSubmitUI:         [.refused, .refused, .refused, .to(.presentingUI), .refused, .refused, .refused,
                                 .refused],
        .ownerCancelUI:         [.refused, .refused, .refused, .to(.failure), .refused, .refused, .refused, .refused],
        .ownerEnable:           [.ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .to(.failure)],
        .ownerJoin:             [.to(.inactive), .to(.inactive), .to(.inactive), .to(.inactive), .to(.inactive),
                                 .to(.inactive), .to(.inactive), .to(.failure)],
        .ownerForgetUnknown:    [.refused, .refused, .refused, .refused, .refused, .refused, .refused, .refused],
        .reload:                [.ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored],
        .supplicantReconnected: [.to(.inactive), .to(.inactive), .to(.inactive), .to(.inactive), .to(.inactive),
                                 .to(.inactive), .to(.inactive), .to(.failure)],
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

    static let cases: [Case] = states.flatMap { s in Kind.allCases.map { Case(state: s, kind: $0) } }

    @Test func tableCoversEveryPair() {
        #expect(Self.table.count == Kind.allCases.count)
        for (kind, row) in Self.table { #expect(row.count == Self.states.count, "\(kind)") }
        #expect(Self.cases.count == 8 * Kind.allCases.count)
    }

    @Test(arguments: cases)
    func pair(_ c: Case) {
        var h = Harness.at(c.state)
        #expect(h.m.state == c.state, "fixture")
        let column = Self.states.firstIndex(of: c.state)!
        let expect = Self.table[c.kind]![column]
        let input = Self.input(c.kind, &h)
        let actions = h.on(input)
        switch expect {
        case .to(let s):
            #expect(h.m.state == s, "\(c): got \(h.m.state)")
        case .ignored:
            #expect(h.m.state == c.state, "\(c): got \(h.m.state)")
            #expect(!actions.contains { $0.isEffect }, "\(c): \(actions)")
            #expect(!actions.refused, "\(c)")
        case .refused:
            #expect(h.m.state == c.state, "\(c): got \(h.m.state)")
            #expect(!actions.contains { $0.isEffect }, "\(c): \(actions)")
            #expect(actions.refused, "\(c): \(actions)")
        }
        Invariants.check(h.m, "\(c)")
    }
}
