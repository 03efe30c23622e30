/// Every network record, keyed by SSID, least recently used first (so the state file needs no sort, and
/// what goes when a table is full is the first). Records are not deleted one by one (dictionary deletion
/// costs code on the router): emptied ones are swept out when they are the majority.
struct NetworkTable {
    /// Change records through `slot(_:)`; an emptied record stays until the next sweep.
    var records: [NetworkRecord] = []
    private var index = SSIDIndex()

    /// The index of the network's record, if it has one: callers read fields in place, where the subscript
    /// copies the whole record (code of its own at each use).
    func find(_ ssid: SSID) -> Int? { index[ssid] }

    subscript(ssid: SSID) -> NetworkRecord? {
        guard let i = index[ssid] else { return nil }
        return records[i]
    }

    /// The index of the network's record, created empty if there is none; with `used`, moved last (its old
    /// place stays behind emptied until the next sweep, so no other index changes). (Not a closure-taking
    /// `update`: each closure would get its own specialised copy of the lookup on the router.)
    @inline(never)
    mutating func slot(_ ssid: SSID, used: Bool = false) -> Int {
        let old = index[ssid]
        if let i = old, !used { return i }
        records.append(NetworkRecord(ssid: ssid))
        if let i = old { records.swapAt(i, records.count - 1) }
        index.set(ssid, records.count - 1)
        return records.count - 1
    }

    mutating func sweep(now: Int64, backoff: Backoff) {
        var live = 0
        for i in records.indices {
            if let b = records[i].backoff, backoff.isForgotten(b, now: now) { records[i].backoff = nil }
            if !records[i].isEmpty { live += 1 }
        }
        guard records.count >= 16 && live * 2 < records.count else { return }
        var kept: [NetworkRecord] = []
        for i in records.indices where !records[i].isEmpty { kept.append(records[i]) }
        records = kept
        index = SSIDIndex(minimumCapacity: records.count)
        for i in records.indices { index.set(records[i].ssid, i) }
    }
}
