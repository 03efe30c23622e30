
/// What is HTML's in the bytes a portal sends: its whitespace, its UTF-8 checks. Names and keywords are compared
/// with `ASCII`'s case-blind comparisons.
public enum PortalBytes {
    /// HTML's whitespace: space, tab, LF, FF, CR.
    public static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0c || b == 0x0d }

    public static func hexValue(_ b: UInt8) -> UInt32? {
        guard let v = Hex.value(of: b) else { return nil }
        return UInt32(v)
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
        ASCII.decimal(trimmed(s), maxDigits: 9)
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
}
