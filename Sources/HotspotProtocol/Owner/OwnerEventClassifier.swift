import HotspotCore

/// Which of the owner's events a change of status is, and the `HOTSPOT_*` environment that tells it to the
/// executables of events.d (the daemon's `OwnerEvents` runs them). The event is what the owner acts on: a
/// network disabled (failure, auto-join off), a login waiting for answers, the uplink lost (or replaced);
/// any other change of state, link or network is `state`.
public struct OwnerEventClassifier {
    /// A login waited for answers at the last change: the next one asked (after a refusal) is told again.
    private var waiting = false

    public init() {}

    /// The environment of the change's event, or nil when it tells nothing new. `onlineBefore`: the network
    /// that was online until now, if one was.
    public mutating func environment(_ s: StatusSnapshot, changed: Bool, onlineBefore: SSID?) -> [String]? {
        // A case pattern, not `!= nil`: no copy of the request to compare.
        var asking = false
        if case .some = s.uiRequest { asking = !s.uiAnswersSent }
        let asked = asking && !waiting
        waiting = asking
        guard changed || asked else { return nil }
        var event = "state"
        var reason = ""
        var fields = ""
        var ssid = s.link?.ssid
        if s.state == .failure, let f = s.lastFailure, f.autoJoinDisabled {
            event = "network-disabled"
            reason = f.reason
            ssid = f.ssid
        } else if asking, let ui = s.uiRequest {
            event = "ui-required"
            reason = ui.message ?? ""
            // Field names are [A-Za-z0-9_] (the helper protocol's).
            for f in ui.fields { fields += (fields.isEmpty ? "" : " ") + f.name }
        } else if let online = onlineBefore, s.link?.stage != .online || ssid != online {
            event = "uplink-lost"
            ssid = online
        }
        var env = HelperProtocol.baseEnvironment
        env.append("HOTSPOT_EVENT=" + event)
        env.append("HOTSPOT_STATE=" + s.state.rawValue)
        // `if let`, not `Optional.map`: no specialisation for the closure.
        var printable = "", hex = ""
        if let ssid {
            printable = HelperProtocol.printable(ssid.bytes)
            hex = ssid.hex
        }
        env.append("HOTSPOT_SSID=" + printable)
        env.append("HOTSPOT_SSID_HEX=" + hex)
        env.append("HOTSPOT_REASON=" + HelperProtocol.printable(Array(reason.utf8)))
        env.append("HOTSPOT_FIELDS=" + fields)
        return env
    }
}
