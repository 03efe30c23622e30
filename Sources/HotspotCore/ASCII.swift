
/// Byte-level helpers shared by the text protocols hotspotd speaks.
public enum ASCII {
    /// True for bytes 0x20–0x7e.
    public static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b <= 0x7e }

    public static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    public static func isLetter(_ b: UInt8) -> Bool { lowercased(b) >= UInt8(ascii: "a") && lowercased(b) <= UInt8(ascii: "z") }

    /// Control bytes: 0x00–0x1f and 0x7f.
    public static func isControl(_ b: UInt8) -> Bool { b < 0x20 || b == 0x7f }

    /// Space or horizontal tab (HTTP's OWS).
    public static func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    public static func lowercased(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
    }

    public static func lowercased(_ s: ArraySlice<UInt8>) -> [UInt8] { s.map { lowercased($0) } }

    /// An HTTP token character (RFC 9110 `tchar`): header names, methods.
    public static func isTokenByte(_ b: UInt8) -> Bool {
        if isDigit(b) || isLetter(b) { return true }
        switch b {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
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

    public static func equalsIgnoringCase(_ a: ArraySlice<UInt8>, _ b: StaticString) -> Bool {
        let p = WpaBytes.bytes(b)
        guard a.count == p.count else { return false }
        var i = a.startIndex
        for c in p {
            if lowercased(a[i]) != lowercased(c) { return false }
            i += 1
        }
        return true
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
        guard !s.isEmpty, s.count <= maxDigits else { return nil }
        var n = 0
        for b in s {
            guard isDigit(b) else { return nil }
            n = n * 10 + Int(b - UInt8(ascii: "0"))
        }
        return n
    }

    /// Appends `b` as `%XX` with uppercase hex digits (RFC 3986 §2.1).
    public static func appendPercentEncoded(_ b: UInt8, to out: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        let d = WpaBytes.bytes(digits)
        out.append(UInt8(ascii: "%"))
        out.append(d[Int(b >> 4)])
        out.append(d[Int(b & 0x0f)])
    }

    /// RFC 3986 `unreserved`: letters, digits, `-`, `.`, `_`, `~`.
    public static func isUnreserved(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "~")
    }
}
