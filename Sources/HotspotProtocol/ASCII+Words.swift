import HotspotCore

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
