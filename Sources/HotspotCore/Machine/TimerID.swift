/// A timer the station's machines ask the driver to run, each at a deadline on the monotonic clock. Timers
/// are data: `armTimer(id, at:)` replaces any earlier deadline of the same id, `cancelTimer(id)` removes it,
/// and the driver feeds `timerFired(id)` back.
public enum TimerID: Hashable, Sendable, CustomStringConvertible {
    /// `command_timeout` of one helper request.
    case command(UInt64)
    /// The next maintain while authenticated.
    case maintain
    /// Association plus IPv4 must finish by then.
    case association
    /// The next scan request.
    case scan
    /// The daemon's own internet check of an uplink no helper maintains.
    case netcheck
    /// The link machine's (the address's wait, the station's signal poll).
    case link(LinkTimer)

    public var description: String {
        switch self {
        case .command(let id): return "command-" + String(id)
        case .maintain: return "maintain"
        case .association: return "association"
        case .scan: return "scan"
        case .netcheck: return "netcheck"
        case .link(.address): return "address"
        case .link(.station): return "station"
        }
    }
}
