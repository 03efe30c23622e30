import HotspotCore

extension ASCII {
    /// The place of `s` among the space-separated `words` (case counts), or -1. One literal and one call: no
    /// array of literals to allocate or to initialise lazily, and no chain of comparisons (smaller on the router).
    @inline(never) public static func place(of s: ArraySlice<UInt8>, inWords words: StaticString) -> Int {
        let w = bytes(words)
        var start = 0
        var place = 0
        for end in 0...w.count where end == w.count || w[end] == 0x20 {
            if end - start == s.count {
                var i = 0
                while i < s.count && s[s.startIndex + i] == w[start + i] { i += 1 }
                if i == s.count { return place }
            }
            place += 1
            start = end + 1
        }
        return -1
    }
}

extension ASCII {
    /// Word `n` (from 0) of the `separator`-separated `words`: tables of names and messages in one literal.
    @inline(never) public static func word(_ n: Int, of words: StaticString, separator: UInt8 = 0x20)
        -> UnsafeBufferPointer<UInt8> {
        let w = bytes(words)
        var start = 0
        var place = 0
        for end in 0...w.count where end == w.count || w[end] == separator {
            if place == n { return UnsafeBufferPointer(rebasing: w[start..<end]) }
            place += 1
            start = end + 1
        }
        return UnsafeBufferPointer(rebasing: w[w.count...])
    }
}
