/// The latest scan: every BSS as reported (bounded), and the strongest BSS of each SSID for lookups.
/// Band rule: a 5 GHz (or 6 GHz) BSS heard at `goodHighBandDBm` or better counts as stronger than any
/// 2.4 GHz BSS of its network (wider channels, less crowded). It is applied at each join only: an uplink
/// in use is never moved between bands of its network, which is the rule's hysteresis.
public struct ScanList: Sendable {
    /// Scan lists are hostile input too: beyond this many BSSes the rest is dropped.
    public static let maxEntries = 512
    public static let goodHighBandDBm = -65

    public private(set) var entries: [ScanEntry]
    /// Index in `entries` of each SSID's strongest BSS.
    var strongestIndex: SSIDIndex
    /// How many BSSes were dropped by the bound.
    public private(set) var dropped: Int

    public init(_ reported: [ScanEntry] = []) {
        entries = reported
        dropped = 0
        if entries.count > ScanList.maxEntries {
            dropped = entries.count - ScanList.maxEntries
            entries.removeLast(dropped)
        }
        strongestIndex = SSIDIndex(minimumCapacity: entries.count)
        for i in entries.indices {
            let e = entries[i]
            if let j = strongestIndex[e.ssid], !ScanList.prefers(e, over: entries[j]) { continue }
            strongestIndex.set(e.ssid, i)
        }
    }

    public var isEmpty: Bool { entries.isEmpty }
    /// Distinct SSIDs.
    public var networkCount: Int { strongestIndex.count }

    public func strongest(_ ssid: SSID) -> ScanEntry? {
        guard let i = strongestIndex[ssid] else { return nil }
        return entries[i]
    }

    /// The strongest BSS of `ssid` with this security; a pass over the list only when the strongest of all
    /// has another (an evil twin beside the real network).
    public func strongest(_ ssid: SSID, security: SecurityType) -> ScanEntry? {
        guard let s = strongest(ssid) else { return nil }
        if s.security == security { return s }
        var best: ScanEntry? = nil
        for i in entries.indices where entries[i].ssid == ssid && entries[i].security == security {
            if let b = best, !ScanList.prefers(entries[i], over: b) { continue }
            best = entries[i]
        }
        return best
    }

    /// The band rule above, then the stronger; false on a tie (the first reported stays).
    @inline(never)
    static func prefers(_ a: ScanEntry, over b: ScanEntry) -> Bool {
        let aHigh = a.frequency >= 5000 && a.rssi >= goodHighBandDBm, bHigh = b.frequency >= 5000 && b.rssi >= goodHighBandDBm
        if aHigh != bHigh { return aHigh }
        return a.rssi > b.rssi
    }

    public func entry(bssid: BSSID) -> ScanEntry? {
        for i in entries.indices where entries[i].bssid == bssid { return entries[i] }
        return nil
    }
}
