/// Notices an uplink in use that stopped answering (issue 39): a café whose upstream died while the owner's
/// laptop is busy behind the router. From the uplink interface's packet counters at each 10 s station poll:
/// packets go out and next to nothing comes back, two polls in a row. Phones notice such a stall from
/// their own traffic within a minute; the internet check alone runs every 5 to 20 minutes.
///
/// A quiet LAN sends too little to judge: no stall. Healthy traffic always brings something back (TCP's
/// acknowledgements, DNS answers); an upload of UDP alone may look stalled, which costs one internet check
/// (the machine's hint bound: at most one in 30 s).
public struct TrafficStall: Sendable {
    /// The counters at the last poll, with the access point they count for.
    var last: (bssid: BSSID, rx: UInt64, tx: UInt64)? = nil
    /// Polls in a row that saw a stall.
    var stalledPolls = 0

    /// Fewer packets out than this in one poll say nothing.
    public static let minimumSent: UInt64 = 10
    /// Back, per packet out: less than one in this many is "nothing comes back".
    public static let replyRatio: UInt64 = 8
    public static let pollsToStall = 2

    public init() {}

    /// The counters of one poll; true when they complete a stall (then it counts afresh).
    public mutating func sample(bssid: BSSID, rx: UInt64, tx: UInt64) -> Bool {
        defer { last = (bssid, rx, tx) }
        // Another association counts from zero: its first poll only sets the base.
        guard let l = last, l.bssid == bssid else {
            stalledPolls = 0
            return false
        }
        // Modular difference: right across a counter that wraps (32-bit kernels' u32 counters).
        let sent = tx &- l.tx, received = rx &- l.rx
        guard sent >= Self.minimumSent, received < sent / Self.replyRatio else {
            stalledPolls = 0
            return false
        }
        stalledPolls += 1
        guard stalledPolls >= Self.pollsToStall else { return false }
        stalledPolls = 0
        return true
    }
}
