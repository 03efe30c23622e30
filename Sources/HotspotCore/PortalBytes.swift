
/// Byte helpers for the HTML, XML and JSON a portal sends. Names and keywords are compared as ASCII against
/// lowercase `StaticString`s: `String` comparison would pull Unicode tables into the Embedded build.
public enum PortalBytes {
    public static func lowercased(_ b: UInt8) -> UInt8 { ASCII.lowercased(b) }

    /// HTML's whitespace: space, tab, LF, FF, CR.
    public static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0c || b == 0x0d }

    public static func isLetter(_ b: UInt8) -> Bool { ASCII.isLetter(b) }

    public static func isDigit(_ b: UInt8) -> Bool { ASCII.isDigit(b) }

    public static func hexValue(_ b: UInt8) -> UInt32? {
        if isDigit(b) { return UInt32(b - 0x30) }
        let l = b | 0x20
        return l >= 0x61 && l <= 0x66 ? UInt32(l - 0x61 + 10) : nil
    }

    /// `s` starts with `keyword` (given in lowercase), ignoring ASCII case.
    public static func hasPrefix(_ s: ArraySlice<UInt8>, _ keyword: StaticString) -> Bool {
        let n = keyword.utf8CodeUnitCount
        guard s.count >= n else { return false }
        let k = keyword.utf8Start
        var i = s.startIndex
        for j in 0..<n {
            if lowercased(s[i]) != k[j] { return false }
            i += 1
        }
        return true
    }

    /// `s` is `keyword` (given in lowercase), ignoring ASCII case.
    public static func equals(_ s: ArraySlice<UInt8>, _ keyword: StaticString) -> Bool {
        s.count == keyword.utf8CodeUnitCount && hasPrefix(s, keyword)
    }

    /// Where `keyword` (lowercase) first occurs in `s`, ignoring ASCII case. Linear for the short keywords used.
    public static func firstIndex(of keyword: StaticString, in s: ArraySlice<UInt8>) -> Int? {
        var i = s.startIndex
        while i + keyword.utf8CodeUnitCount <= s.endIndex {
            if hasPrefix(s[i...], keyword) { return i }
            i += 1
        }
        return nil
    }

    /// Where `needle` first occurs in `s`, case as written.
    public static func firstIndex(exactly needle: StaticString, in s: ArraySlice<UInt8>) -> Int? {
        let n = needle.utf8CodeUnitCount
        let p = needle.utf8Start
        var i = s.startIndex
        while i + n <= s.endIndex {
            var j = 0
            while j < n && s[i + j] == p[j] { j += 1 }
            if j == n { return i }
            i += 1
        }
        return nil
    }

    public static func skipSpace(_ s: ArraySlice<UInt8>, from start: Int) -> Int {
        var i = start
        while i < s.endIndex && isSpace(s[i]) { i += 1 }
        return i
    }

    public static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lo = s.startIndex, hi = s.endIndex
        while lo < hi && isSpace(s[lo]) { lo += 1 }
        while hi > lo && isSpace(s[hi - 1]) { hi -= 1 }
        return s[lo..<hi]
    }

    /// Runs of whitespace become one space, none at either end; at most `limit` bytes are kept.
    public static func collapsed(_ s: ArraySlice<UInt8>, limit: Int) -> [UInt8] {
        var out: [UInt8] = []
        var pendingSpace = false
        for b in s {
            if isSpace(b) {
                pendingSpace = !out.isEmpty
                continue
            }
            if out.count + (pendingSpace ? 2 : 1) > limit { break }
            if pendingSpace { out.append(0x20) }
            pendingSpace = false
            out.append(b)
        }
        return out
    }

    /// A non-negative decimal of 1–9 digits, whitespace around it allowed.
    public static func decimal(_ s: ArraySlice<UInt8>) -> Int? {
        let t = trimmed(s)
        guard !t.isEmpty, t.count <= 9 else { return nil }
        var value = 0
        for b in t {
            guard isDigit(b) else { return nil }
            value = value * 10 + Int(b - 0x30)
        }
        return value
    }

    /// Appends a Unicode scalar as UTF-8; anything that is not a scalar value becomes U+FFFD.
    public static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        var v = scalar
        if v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) { v = 0xFFFD }
        if v < 0x80 {
            out.append(UInt8(v))
        } else if v < 0x800 {
            out.append(UInt8(0xC0 | (v >> 6)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        } else if v < 0x10000 {
            out.append(UInt8(0xE0 | (v >> 12)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        } else {
            out.append(UInt8(0xF0 | (v >> 18)))
            out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// The length of the well-formed UTF-8 sequence that starts at `i` (no overlongs, no surrogates, nothing
    /// above U+10FFFF), or nil.
    public static func utf8SequenceLength(_ s: ArraySlice<UInt8>, at i: Int) -> Int? {
        let lead = s[i]
        if lead < 0x80 { return 1 }
        let n: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: n = 2
        case 0xE0: n = 3; low = 0xA0
        case 0xED: n = 3; high = 0x9F
        case 0xE1...0xEF: n = 3
        case 0xF0: n = 4; low = 0x90
        case 0xF4: n = 4; high = 0x8F
        case 0xF1...0xF3: n = 4
        default: return nil
        }
        guard i + n <= s.endIndex else { return nil }
        guard s[i + 1] >= low && s[i + 1] <= high else { return nil }
        var j = i + 2
        while j < i + n {
            guard s[j] & 0xC0 == 0x80 else { return nil }
            j += 1
        }
        return n
    }

    /// Hostile bytes for an error message: printable ASCII as is, anything else as `?`, cut at `limit`.
    public static func printable(_ s: ArraySlice<UInt8>, limit: Int = 40) -> String {
        var out: [UInt8] = []
        for b in s.prefix(limit) { out.append(ASCII.isPrintable(b) ? b : UInt8(ascii: "?")) }
        if s.count > limit { out.append(contentsOf: [0x2E, 0x2E, 0x2E]) }
        return String(decoding: out, as: UTF8.self)
    }
}
