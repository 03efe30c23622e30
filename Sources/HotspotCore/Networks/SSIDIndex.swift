/// SSID → row of a table whose rows the caller keeps (scan entries, network records, candidates): open
/// addressing over a power-of-two array, at most three quarters full. The router's only map: the
/// stdlib's `Dictionary<SSID, Int>` brought about 3 KB of specialised code. Rows are never removed (a
/// table that drops rows builds a new index). The hash has no seed: SSIDs made to collide cost probes
/// (at worst a pass over the table's 512 scan entries), never a wrong answer.
struct SSIDIndex {
    /// Row + 1 per bucket; 0: empty.
    private var rows: [Int] = []
    private var keys: [SSID] = []
    /// Distinct SSIDs.
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
        if minimumCapacity > 0 { grow(to: minimumCapacity) }
    }

    /// The bucket that holds `ssid`, or the empty one where it would go.
    private func bucket(_ ssid: SSID) -> Int {
        let mask = rows.count - 1
        var b = ssid.hashWord & mask
        while rows[b] != 0 && keys[b] != ssid { b = (b + 1) & mask }
        return b
    }

    subscript(ssid: SSID) -> Int? {
        guard !rows.isEmpty else { return nil }
        let r = rows[bucket(ssid)]
        return r == 0 ? nil : r - 1
    }

    /// Maps `ssid` to `row`, replacing its earlier row.
    @inline(never)
    mutating func set(_ ssid: SSID, _ row: Int) {
        if (count + 1) * 4 > rows.count * 3 { grow(to: count + 1) }
        let b = bucket(ssid)
        if rows[b] == 0 {
            count += 1
            keys[b] = ssid
        }
        rows[b] = row + 1
    }

    /// Room for `n` SSIDs within the load limit, the ones held moved over.
    private mutating func grow(to n: Int) {
        var size = 8
        while size * 3 < n * 4 { size *= 2 }
        let oldRows = rows, oldKeys = keys
        rows = Array(repeating: 0, count: size)
        keys = Array(repeating: SSID(), count: size)
        for i in oldRows.indices where oldRows[i] != 0 {
            let b = bucket(oldKeys[i])
            rows[b] = oldRows[i]
            keys[b] = oldKeys[i]
        }
    }
}
