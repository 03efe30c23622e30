import HotspotCore

/// What is wpa_supplicant's in its control protocol's bytes: its numbers, its line-cut replies, its printf
/// escaping in excerpts. Generic byte helpers are `ASCII`'s.
enum WpaBytes {
    /// Largest number of decimal digits we accept in a numeric field (keeps `Int` arithmetic far from overflow).
    static let maxDigits = 12

    /// The whole lines of a reply, and the bytes after its last `\n` when there are any. wpa_supplicant ends
    /// every line it prints with `\n`, so those bytes are a line cut short (a datagram or buffer too small):
    /// a cut `\xff` reads as `\xf`, a different SSID, so callers drop it instead of parsing it.
    static func wholeLines(_ bytes: ArraySlice<UInt8>) -> (lines: [ArraySlice<UInt8>], cut: ArraySlice<UInt8>?) {
        guard let last = ASCII.lastIndex(of: ASCII.newline, in: bytes) else {
            return ([], bytes.isEmpty ? nil : bytes)
        }
        let rest = bytes[(last + 1)...]
        return (ASCII.lines(bytes[...last]), rest.isEmpty ? nil : rest)
    }

    /// A decimal integer: optional `-`, then 1…`maxDigits` digits, nothing else.
    static func parseInt(_ s: ArraySlice<UInt8>) -> Int? { ASCII.integer(s, maxDigits: maxDigits) }

    /// An unsigned decimal integer (no sign allowed).
    static func parseUnsigned(_ s: ArraySlice<UInt8>) -> Int? { ASCII.decimal(s, maxDigits: maxDigits) }

    /// `0x`-prefixed or bare hexadecimal, at most 16 digits.
    static func parseHex(_ s: ArraySlice<UInt8>) -> UInt64? {
        var body = s
        if let rest = ASCII.dropPrefix(s, "0x") { body = rest }
        guard !body.isEmpty, body.count <= 16 else { return nil }
        var value: UInt64 = 0
        for c in body {
            guard let v = hexValue(c) else { return nil }
            value = value << 4 | UInt64(v)
        }
        return value
    }

    static func isHexDigit(_ c: UInt8) -> Bool { hexValue(c) != nil }

    /// The value of one hex digit (either case), as wpa_supplicant's `hex2num`.
    static func hexValue(_ c: UInt8) -> UInt8? { Hex.value(of: c) }

    static func appendHex(_ out: inout [UInt8], _ byte: UInt8) { Hex.append(byte, to: &out) }
}
