/// Bytes read as ASCII text: the one place for byte classes, comparisons with `StaticString` literals,
/// decimal numbers and printable excerpts, for every protocol and page hotspotd reads. It compares bytes,
/// never `String`s: `String` comparison would pull Unicode tables into the Embedded build.
public enum ASCII {
    public static let newline = UInt8(ascii: "\n")
    public static let carriageReturn = UInt8(ascii: "\r")
    public static let tab = UInt8(ascii: "\t")
    public static let space = UInt8(ascii: " ")
    public static let equals = UInt8(ascii: "=")
    public static let quote = UInt8(ascii: "\"")
    public static let backslash = UInt8(ascii: "\\")
    public static let openBracket = UInt8(ascii: "[")
    public static let closeBracket = UInt8(ascii: "]")

    /// True for bytes 0x20–0x7e.
    public static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b <= 0x7e }

    /// Printable and not a space: 0x21–0x7e.
    public static func isVisible(_ b: UInt8) -> Bool { b > 0x20 && b < 0x7f }

    public static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    public static func isLetter(_ b: UInt8) -> Bool { lowercased(b) >= UInt8(ascii: "a") && lowercased(b) <= UInt8(ascii: "z") }

    /// Control bytes: 0x00–0x1f and 0x7f.
    public static func isControl(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7f }

    /// Space or horizontal tab (HTTP's OWS).
    public static func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    public static func lowercased(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    public static func bytes(_ s: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)
    }

    /// The place of `s` among the space-separated `words`, or -1; `anyCase`: `s` in any case against lowercase
    /// words. One literal and one call: no array of literals to initialise lazily, no chain of comparisons.
    @inline(never) public static func place(of s: ArraySlice<UInt8>, inWords words: StaticString, anyCase: Bool = false) -> Int {
        let w = bytes(words)
        var start = 0
        var place = 0
        for end in 0...w.count where end == w.count || w[end] == 0x20 {
            if end - start == s.count {
                var i = 0
                while i < s.count && (anyCase ? lowercased(s[s.startIndex + i]) : s[s.startIndex + i]) == w[start + i] { i += 1 }
                if i == s.count { return place }
            }
            place += 1
            start = end + 1
        }
        return -1
    }

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

    public static func append(_ out: inout [UInt8], _ s: StaticString) {
        out.append(contentsOf: bytes(s))
    }

    public static func append(_ out: inout [UInt8], decimal value: Int) {
        out.append(contentsOf: value.description.utf8)
    }

    /// Two strings' bytes are the same (no Unicode comparison): one loop for every caller, where
    /// `a.utf8.elementsEqual(b.utf8)` was a generic specialisation of its own.
    @inline(never)
    public static func same(_ a: String, _ b: String) -> Bool {
        var i = a.utf8.makeIterator(), j = b.utf8.makeIterator()
        while true {
            let x = i.next()
            if x != j.next() { return false }
            if x == nil { return true }
        }
    }

    /// `s` starts with `prefix`'s bytes.
    @inline(never)
    public static func hasPrefix(_ s: String, _ prefix: String) -> Bool {
        var i = s.utf8.makeIterator()
        for p in prefix.utf8 where i.next() != p { return false }
        return true
    }

    /// Not inlined, as `equals` and `string`: each has dozens of callers, which share one copy on the router.
    @inline(never)
    public static func hasPrefix(_ s: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let p = bytes(prefix)
        guard s.count >= p.count else { return false }
        var i = s.startIndex
        for b in p {
            if s[i] != b { return false }
            i += 1
        }
        return true
    }

    @inline(never)
    public static func equals(_ s: ArraySlice<UInt8>, _ other: StaticString) -> Bool {
        s.count == other.utf8CodeUnitCount && hasPrefix(s, other)
    }

    public static func dropPrefix(_ s: ArraySlice<UInt8>, _ prefix: StaticString) -> ArraySlice<UInt8>? {
        hasPrefix(s, prefix) ? s.dropFirst(prefix.utf8CodeUnitCount) : nil
    }

    /// Where `needle` first occurs in `s`, case as written; nil for an empty needle.
    public static func firstIndex(of needle: StaticString, in s: ArraySlice<UInt8>) -> Int? {
        firstIndex(of: bytes(needle), in: s)
    }

    /// Where the bytes `needle` (a literal's, or a word of a table from `word(_:of:separator:)`) first occur
    /// in `s`; nil for an empty needle.
    public static func firstIndex(of needle: UnsafeBufferPointer<UInt8>, in s: ArraySlice<UInt8>) -> Int? {
        let n = needle.count
        guard n > 0, s.count >= n else { return nil }
        var i = s.startIndex
        while i + n <= s.endIndex {
            var k = 0
            while k < n && s[i + k] == needle[k] { k += 1 }
            if k == n { return i }
            i += 1
        }
        return nil
    }

    /// `s` starts with `prefix`, ASCII letters compared without case.
    public static func hasPrefixIgnoringCase(_ s: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let p = bytes(prefix)
        guard s.count >= p.count else { return false }
        var i = s.startIndex
        for c in p {
            if lowercased(s[i]) != lowercased(c) { return false }
            i += 1
        }
        return true
    }

    public static func equalsIgnoringCase(_ s: ArraySlice<UInt8>, _ other: StaticString) -> Bool {
        s.count == other.utf8CodeUnitCount && hasPrefixIgnoringCase(s, other)
    }

    /// Equal bytes, ASCII letters compared without case.
    public static func equalsIgnoringCase(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var j = b.startIndex
        for x in a {
            if lowercased(x) != lowercased(b[j]) { return false }
            j += 1
        }
        return true
    }

    /// Where `needle` first occurs in `s`, ignoring ASCII case; nil for an empty needle. Linear for the short
    /// keywords used.
    public static func firstIndexIgnoringCase(of needle: StaticString, in s: ArraySlice<UInt8>) -> Int? {
        let n = needle.utf8CodeUnitCount
        guard n > 0 else { return nil }
        var i = s.startIndex
        while i + n <= s.endIndex {
            if hasPrefixIgnoringCase(s[i...], needle) { return i }
            i += 1
        }
        return nil
    }

    public static func firstIndex(of byte: UInt8, in s: ArraySlice<UInt8>) -> Int? {
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == byte { return i }
            i += 1
        }
        return nil
    }

    public static func lastIndex(of byte: UInt8, in s: ArraySlice<UInt8>) -> Int? {
        var i = s.endIndex
        while i > s.startIndex {
            i -= 1
            if s[i] == byte { return i }
        }
        return nil
    }

    /// The pieces between `separator` bytes, empty ones included: n separators give n + 1 pieces.
    public static func split(_ s: ArraySlice<UInt8>, on separator: UInt8) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == separator {
                out.append(s[start..<i])
                start = i + 1
            }
            i += 1
        }
        out.append(s[start..<s.endIndex])
        return out
    }

    /// Splits on `\n`; a `\r` right before the `\n` (or at the very end) is dropped from its line. The empty
    /// piece after a final `\n` is not a line. Blank lines inside are kept (callers decide what they mean).
    public static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == newline {
                out.append(stripCR(bytes[start..<i]))
                start = i + 1
            }
            i += 1
        }
        if start < bytes.endIndex { out.append(stripCR(bytes[start..<bytes.endIndex])) }
        return out
    }

    public static func stripCR(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        if let last = s.last, last == carriageReturn { return s.dropLast() }
        return s
    }

    /// Drops trailing `\n` and `\r` bytes.
    public static func trimTrailingNewlines(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var end = s.endIndex
        while end > s.startIndex, s[end - 1] == newline || s[end - 1] == carriageReturn { end -= 1 }
        return s[s.startIndex..<end]
    }

    /// Without leading and trailing spaces and tabs.
    public static func trimmingBlanks(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = s.startIndex
        var end = s.endIndex
        while start < end, isBlank(s[start]) { start += 1 }
        while end > start, isBlank(s[end - 1]) { end -= 1 }
        return s[start..<end]
    }

    /// Unsigned decimal of 1…`maxDigits` digits, nothing else (no sign, no blanks).
    public static func decimal(_ s: ArraySlice<UInt8>, maxDigits: Int) -> Int? {
        decimal(s, maxDigits: maxDigits, as: Int.self)
    }

    /// As `decimal(_:maxDigits:)`, in `T`; nil where the value does not fit (`Int` is 32 bits on armv7).
    public static func decimal<T: FixedWidthInteger>(_ s: ArraySlice<UInt8>, maxDigits: Int, as _: T.Type) -> T? {
        guard !s.isEmpty, s.count <= maxDigits else { return nil }
        var n: T = 0
        for b in s {
            guard isDigit(b) else { return nil }
            let (tens, o1) = n.multipliedReportingOverflow(by: 10)
            let (sum, o2) = tens.addingReportingOverflow(T(b - UInt8(ascii: "0")))
            guard !o1, !o2 else { return nil }
            n = sum
        }
        return n
    }

    /// An optional `-`, then 1…`maxDigits` digits, nothing else.
    public static func integer(_ s: ArraySlice<UInt8>, maxDigits: Int) -> Int? {
        guard s.first == UInt8(ascii: "-") else { return decimal(s, maxDigits: maxDigits) }
        guard let n = decimal(s.dropFirst(), maxDigits: maxDigits) else { return nil }
        return -n
    }

    @inline(never)
    public static func string(_ s: ArraySlice<UInt8>) -> String {
        String(decoding: s, as: UTF8.self)
    }

    /// Hostile bytes for an error message: printable ASCII as is, anything else as `?`, cut at `limit`.
    public static func printable(_ s: ArraySlice<UInt8>, limit: Int = 40) -> String {
        var out: [UInt8] = []
        for b in s.prefix(limit) { out.append(isPrintable(b) ? b : UInt8(ascii: "?")) }
        if s.count > limit { out.append(contentsOf: [0x2E, 0x2E, 0x2E]) }
        return String(decoding: out, as: UTF8.self)
    }
}
