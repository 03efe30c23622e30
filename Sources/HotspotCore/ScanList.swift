/// The latest scan: every BSS as reported (bounded), and the strongest BSS of each SSID for lookups.
public struct ScanList: Sendable {
    /// Scan lists are hostile input too: beyond this many BSSes the rest is dropped.
    public static let maxEntries = 512

    public private(set) var entries: [ScanEntry]
    /// Index in `entries` of each SSID's strongest BSS.
    var strongestIndex: [SSID: Int]
    /// How many BSSes were dropped by the bound.
    public private(set) var dropped: Int

    public init(_ reported: [ScanEntry] = []) {
        entries = reported
        dropped = 0
        if entries.count > ScanList.maxEntries {
            dropped = entries.count - ScanList.maxEntries
            entries.removeLast(dropped)
        }
        strongestIndex = Dictionary(minimumCapacity: entries.count)
        for (i, e) in entries.enumerated() {
            if let j = strongestIndex[e.ssid], entries[j].rssi >= e.rssi { continue }
            strongestIndex[e.ssid] = i
        }
    }

    public var isEmpty: Bool { entries.isEmpty }
    /// Distinct SSIDs.
    public var networkCount: Int { strongestIndex.count }

    public func strongest(_ ssid: SSID) -> ScanEntry? { strongestIndex[ssid].map { entries[$0] } }

    /// The strongest BSS of `ssid` with this security; a pass over the list only when the strongest of all
    /// has another (an evil twin beside the real network).
    public func strongest(_ ssid: SSID, security: SecurityType) -> ScanEntry? {
        guard let s = strongest(ssid) else { return nil }
        if s.security == security { return s }
        var best: ScanEntry? = nil
        for e in entries where e.ssid == ssid && e.security == security && e.rssi > (best?.rssi ?? Int.min) { best = e }
        return best
    }

    public func entry(bssid: BSSID) -> ScanEntry? { entries.first { $0.bssid == bssid } }
}
