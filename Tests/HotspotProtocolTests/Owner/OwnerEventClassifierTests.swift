import Testing
import HotspotCore
@testable import HotspotProtocol

private func snapshot(_ state: HotspotState, _ link: StatusSnapshot.Link? = nil, ui: UIRequest? = nil, sent: Bool = false,
                      failure: FailureRecord? = nil) -> StatusSnapshot {
    StatusSnapshot(now: 0, state: state, stateSince: 0, isUsable: false, link: link, chosenHelper: ui == nil ? nil : "room",
                   uiRequest: ui, uiAnswersSent: sent, lastFailure: failure, helpers: [], disabled: [], backedOff: [],
                   loggedOff: [], ownerNetworks: [], preferences: ManagerPreferences(), visibleNetworks: 0)
}

private func link(_ ssid: SSID, _ stage: StatusSnapshot.LinkStage) -> StatusSnapshot.Link {
    StatusSnapshot.Link(ssid: ssid, stage: stage, security: .open, didAutoJoin: true, isOwnerChoice: false, since: 0)
}

/// The HOTSPOT_ variables of an event's environment, as NAME=VALUE entries; nil: no event.
private func variables(_ environment: [String]?) -> [String]? {
    environment.map { Array($0.dropFirst(HelperProtocol.baseEnvironment.count)) }
}

/// What the owner's script is told, in the environment's order.
private func told(_ event: String, _ state: String, ssid: String = "", hex: String = "", reason: String = "",
                  fields: String = "") -> [String] {
    ["HOTSPOT_EVENT=" + event, "HOTSPOT_STATE=" + state, "HOTSPOT_SSID=" + ssid, "HOTSPOT_SSID_HEX=" + hex,
     "HOTSPOT_REASON=" + reason, "HOTSPOT_FIELDS=" + fields]
}

@Suite struct OwnerEventClassifierTests {
    static let hotel = SSID("Hotel")!
    static let odd = SSID(bytes: [0x22, 0x0a, 0xff, 0x00, 0x5c, 0x41])!
    /// A newline, an `=` and a byte no UTF-8 has: one variable each still, nothing injected.
    static let hostile = SSID(bytes: [0x48, 0x0a, 0x48, 0x4f, 0x54, 0x53, 0x50, 0x4f, 0x54, 0x3d, 0xff])!
    static let ui = UIRequest(fields: [UIField(name: "room", prompt: "Room number"), UIField(name: "name")],
                              portalURL: "http://portal.example/", message: "Your room number and last name")
    static let disabled = FailureRecord(ssid: odd, helper: "room", reason: "helper room failed:\ntimed out",
                                        autoJoinDisabled: true, retryAt: nil, at: 0)

    /// One change: the network online before it (if one was), the status after it, and whether state, link or
    /// network changed.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let onlineBefore: SSID?
        let snapshot: StatusSnapshot
        let changed: Bool
        /// The HOTSPOT_ variables; nil: no event.
        let expected: [String]?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "the first status", onlineBefore: nil, snapshot: snapshot(.inactive), changed: true,
            expected: told("state", "inactive")),
        Row(name: "nothing new, no event", onlineBefore: nil, snapshot: snapshot(.inactive), changed: false, expected: nil),
        Row(name: "a login waiting for answers", onlineBefore: hotel,
            snapshot: snapshot(.presentingUI, link(hotel, .online), ui: ui), changed: true,
            expected: told("ui-required", "presentingUI", ssid: "Hotel", hex: "486f74656c",
                           reason: "Your room number and last name", fields: "room name")),
        Row(name: "a login asked for the first time, with nothing else changed", onlineBefore: hotel,
            snapshot: snapshot(.presentingUI, link(hotel, .online), ui: ui), changed: false,
            expected: told("ui-required", "presentingUI", ssid: "Hotel", hex: "486f74656c",
                           reason: "Your room number and last name", fields: "room name")),
        Row(name: "answers sent: a change of state only", onlineBefore: hotel,
            snapshot: snapshot(.presentingUI, link(hotel, .online), ui: ui, sent: true), changed: true,
            expected: told("state", "presentingUI", ssid: "Hotel", hex: "486f74656c")),
        Row(name: "online on the same network", onlineBefore: hotel,
            snapshot: snapshot(.authenticated, link(hotel, .online)), changed: true,
            expected: told("state", "authenticated", ssid: "Hotel", hex: "486f74656c")),
        Row(name: "another network: the one online before was lost", onlineBefore: hotel,
            snapshot: snapshot(.evaluating, link(odd, .associated)), changed: true,
            expected: told("uplink-lost", "evaluating", ssid: "Hotel", hex: "486f74656c")),
        Row(name: "the same network, no longer online", onlineBefore: hotel,
            snapshot: snapshot(.evaluating, link(hotel, .associated)), changed: true,
            expected: told("uplink-lost", "evaluating", ssid: "Hotel", hex: "486f74656c")),
        Row(name: "the link down", onlineBefore: odd, snapshot: snapshot(.inactive), changed: true,
            expected: told("uplink-lost", "inactive", ssid: "\"?\u{FFFD}?\\A", hex: "220aff005c41")),
        Row(name: "nothing online before: nothing lost", onlineBefore: nil,
            snapshot: snapshot(.evaluating, link(hotel, .joining)), changed: true,
            expected: told("state", "evaluating", ssid: "Hotel", hex: "486f74656c")),
        Row(name: "a network disabled, its reason's newline made printable", onlineBefore: hotel,
            snapshot: snapshot(.failure, failure: disabled), changed: true,
            expected: told("network-disabled", "failure", ssid: "\"?\u{FFFD}?\\A", hex: "220aff005c41",
                           reason: "helper room failed:?timed out")),
        Row(name: "a backoff is not disabled", onlineBefore: nil,
            snapshot: snapshot(.failure, failure: FailureRecord(ssid: odd, helper: "room", reason: "timed out",
                                                                autoJoinDisabled: false, retryAt: 60, at: 0)),
            changed: true, expected: told("state", "failure")),
        Row(name: "hostile SSID bytes: a newline, an equals sign, not UTF-8", onlineBefore: hostile,
            snapshot: snapshot(.inactive), changed: true,
            expected: told("uplink-lost", "inactive", ssid: "H?HOTSPOT=\u{FFFD}", hex: "480a484f5453504f543dff")),
        Row(name: "a hostile SSID on the link", onlineBefore: nil, snapshot: snapshot(.evaluating, link(hostile, .associated)),
            changed: true, expected: told("state", "evaluating", ssid: "H?HOTSPOT=\u{FFFD}", hex: "480a484f5453504f543dff")),
    ]

    @Test(arguments: rows) func eachChangeIsOneEventNamedForWhatTheOwnerDoesAboutIt(_ row: Row) {
        var classifier = OwnerEventClassifier()
        let environment = classifier.environment(row.snapshot, changed: row.changed, onlineBefore: row.onlineBefore)
        #expect(variables(environment) == row.expected)
        if let environment {
            #expect(Array(environment.prefix(HelperProtocol.baseEnvironment.count)) == HelperProtocol.baseEnvironment)
            #expect(!environment.contains { $0.contains("\n") || $0.contains("\0") }, "one line per variable")
        }
    }

    /// A login waiting is told once; asked again after the portal refused the answers, it is told again.
    @Test func aLoginAskedAgainIsToldAgain() {
        var classifier = OwnerEventClassifier()
        let waiting = snapshot(.presentingUI, link(Self.hotel, .online), ui: Self.ui)
        #expect(variables(classifier.environment(waiting, changed: true, onlineBefore: nil))?.first == "HOTSPOT_EVENT=ui-required")
        #expect(classifier.environment(waiting, changed: false, onlineBefore: nil) == nil, "still the same login waiting")
        let sent = snapshot(.presentingUI, link(Self.hotel, .online), ui: Self.ui, sent: true)
        #expect(classifier.environment(sent, changed: false, onlineBefore: nil) == nil, "answers sent")
        #expect(variables(classifier.environment(waiting, changed: false, onlineBefore: nil))?.first == "HOTSPOT_EVENT=ui-required",
                "refused: asked again")
    }
}
