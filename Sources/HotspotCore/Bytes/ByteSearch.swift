/// Substring search on bytes: Embedded Swift has no `String.contains(String)`.
extension Array where Element == UInt8 {
    public func containsSequence(_ needle: [UInt8]) -> Bool { firstIndex(ofSequence: needle) != nil }

    public func firstIndex(ofSequence needle: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return 0 }
        guard needle.count <= count else { return nil }
        var i = 0
        while i + needle.count <= count {
            if self[i] == needle[0] {
                var j = 1
                while j < needle.count && self[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
