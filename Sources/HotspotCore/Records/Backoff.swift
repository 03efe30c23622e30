/// Exponential backoff per network after failed joins (wpa_supplicant's WRONG_KEY, CONN_FAILED,
/// NETWORK-NOT-FOUND, an association timeout) and after a helper's temporaryFailure: base · 2^(n−1),
/// at most the cap. The entries live with the rest of what is known per network; this is the arithmetic.
public struct Backoff: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var failures: Int
        public var until: Int64
        public var reason: String

        public init(failures: Int, until: Int64, reason: String) {
            self.failures = failures
            self.until = until
            self.reason = reason
        }
    }

    public var baseMs: Int64
    public var capMs: Int64

    public init(baseMs: Int64 = 30_000, capMs: Int64 = 3_600_000) {
        self.baseMs = baseMs
        self.capMs = capMs
    }

    public func delay(afterFailures failures: Int) -> Int64 {
        var d = max(baseMs, 1)
        var n = 1
        while n < failures && d < capMs {
            d = d > capMs / 2 ? capMs : d * 2
            n += 1
        }
        return min(d, capMs)
    }

    /// The entry after one more failure. `atLeastMs` lets wpa_supplicant's own temp-disable duration win
    /// when it is longer. A network quiet for a whole cap after its wait starts again from the base.
    public func failed(_ previous: Entry?, now: Int64, atLeastMs: Int64 = 0, reason: String) -> Entry {
        var failures = 1
        if let p = previous, !isForgotten(p, now: now) { failures = p.failures + 1 }
        return Entry(failures: failures, until: now + max(delay(afterFailures: failures), atLeastMs), reason: reason)
    }

    public func isWaiting(_ entry: Entry?, now: Int64) -> Bool {
        guard let e = entry else { return false }
        return now < e.until
    }

    public func isForgotten(_ entry: Entry, now: Int64) -> Bool { now >= entry.until + capMs }
}
