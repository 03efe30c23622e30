/// Why the daemon's internet check should look now rather than at its interval.
public enum InternetHint: Hashable, Sendable {
    /// The uplink's default route was removed or replaced (the route monitor).
    case routeChanged
    /// A helper's lookup through the uplink's DNS failed (it exited with `HelperProtocol.dnsFailureStatus`).
    case dnsFailed
    /// Traffic goes out through the uplink and next to nothing comes back (`TrafficStall`).
    case trafficStalled
}

/// What the daemon's latest internet check found on a network: the uplink policy leaves a network without
/// internet when another is usable, and `hotspotd status` / `scan` show it ("no internet for 40 s, checked
/// 3 times").
public struct InternetCheck: Hashable, Sendable {
    public indirect enum Verdict: String, Hashable, Sendable {
        case online
        case portal
        case none
    }

    public var verdict: Verdict
    /// When the checks started finding this verdict.
    public var since: Int64
    /// Checks in a row that found it.
    public var checks: Int
    /// The latest check.
    public var at: Int64

    public init(verdict: Verdict, since: Int64, checks: Int, at: Int64) {
        self.verdict = verdict
        self.since = since
        self.checks = checks
        self.at = at
    }

    /// "no internet for 40 s, checked 3 times", for people.
    public func summary(now: Int64) -> String {
        let word = verdict == .none ? "no internet" : verdict == .portal ? "a portal" : "online"
        return word + " for " + String(max(0, now - since) / 1000) + " s, " + checked
    }

    /// "checked 3 times".
    var checked: String { "checked " + String(checks) + (checks == 1 ? " time" : " times") }
}
