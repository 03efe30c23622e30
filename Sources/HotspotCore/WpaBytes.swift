
/// Byte-level helpers for the wpa_supplicant control protocol. Everything works on bytes, never on `String`
/// comparison (which would pull Unicode tables into the Embedded build).
public enum WpaBytes {
    public static let newline = UInt8(ascii: "\n")
    public static let carriageReturn = UInt8(ascii: "\r")
    public static let tab = UInt8(ascii: "\t")
    public static let space = UInt8(ascii: " ")
    public static let equals = UInt8(ascii: "=")
    public static let quote = UInt8(ascii: "\"")
    public static let backslash = UInt8(ascii: "\\")
    public static let openBracket = UInt8(ascii: "[")
    public static let closeBracket = UInt8(ascii: "]")

    /// Largest number of decimal digits we accept in a numeric field (keeps `Int` arithmetic far from overflow).
    public static let maxDigits = 12

    public static func bytes(_ s: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)
    }

    /// Not inlined, as `equals` and `string`: each has a dozen callers, which share one copy on the router.
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

    public static func append(_ out: inout [UInt8], _ s: StaticString) {
        out.append(contentsOf: bytes(s))
    }

    public static func append(_ out: inout [UInt8], decimal value: Int) {
        out.append(contentsOf: value.description.utf8)
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

    /// The whole lines of a reply, and the bytes after its last `\n` when there are any. wpa_supplicant ends
    /// every line it prints with `\n`, so those bytes are a line cut short (a datagram or buffer too small):
    /// a cut `\xff` reads as `\xf`, a different SSID, so callers drop it instead of parsing it.
    public static func wholeLines(_ bytes: ArraySlice<UInt8>) -> (lines: [ArraySlice<UInt8>], cut: ArraySlice<UInt8>?) {
        guard let last = lastIndex(of: newline, in: bytes) else {
            return ([], bytes.isEmpty ? nil : bytes)
        }
        let rest = bytes[(last + 1)...]
        return (lines(bytes[...last]), rest.isEmpty ? nil : rest)
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

    /// Finds `needle` in `s`; returns the index where it starts.
    public static func find(_ needle: StaticString, in s: ArraySlice<UInt8>) -> Int? {
        let n = needle.utf8CodeUnitCount
        guard n > 0, s.count >= n else { return nil }
        var i = s.startIndex
        while i + n <= s.endIndex {
            if hasPrefix(s[i..<s.endIndex], needle) { return i }
            i += 1
        }
        return nil
    }

    /// A decimal integer: optional `-`, then 1…`maxDigits` digits, nothing else.
    public static func parseInt(_ s: ArraySlice<UInt8>) -> Int? {
        var i = s.startIndex
        var negative = false
        if i < s.endIndex, s[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        let digits = s.endIndex - i
        guard digits > 0, digits <= maxDigits else { return nil }
        var value = 0
        while i < s.endIndex {
            let c = s[i]
            guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(c - UInt8(ascii: "0"))
            i += 1
        }
        return negative ? -value : value
    }

    /// An unsigned decimal integer (no sign allowed).
    public static func parseUnsigned(_ s: ArraySlice<UInt8>) -> Int? {
        guard let first = s.first, first != UInt8(ascii: "-") else { return nil }
        return parseInt(s)
    }

    /// `0x`-prefixed or bare hexadecimal, at most 16 digits.
    public static func parseHex(_ s: ArraySlice<UInt8>) -> UInt64? {
        var body = s
        if let rest = dropPrefix(s, "0x") { body = rest }
        guard !body.isEmpty, body.count <= 16 else { return nil }
        var value: UInt64 = 0
        for c in body {
            guard let v = hexValue(c) else { return nil }
            value = value << 4 | UInt64(v)
        }
        return value
    }

    @inline(never)
    public static func string(_ s: ArraySlice<UInt8>) -> String {
        String(decoding: s, as: UTF8.self)
    }

    /// For diagnostics: at most `limit` bytes, printf-escaped so that hostile bytes cannot reach a log raw.
    /// Not inlined: about 20 callers share one copy on the router.
    @inline(never)
    public static func excerpt(_ s: ArraySlice<UInt8>, limit: Int = 64) -> String {
        let cut = s.count > limit ? s.prefix(limit) : s
        var text = PrintfEscaping.encode(cut)
        if s.count > limit { append(&text, "...") }
        return String(decoding: text, as: UTF8.self)
    }

    public static func isHexDigit(_ c: UInt8) -> Bool { hexValue(c) != nil }

    /// The value of one hex digit (either case), as wpa_supplicant's `hex2num`.
    public static func hexValue(_ c: UInt8) -> UInt8? { Hex.value(of: c) }

    public static func appendHex(_ out: inout [UInt8], _ byte: UInt8) { Hex.append(byte, to: &out) }
}
