/// Lowercase hex encoding of raw bytes: how SSIDs always travel to wpa_supplicant.
public enum Hex {
    /// Not inlined, as `append`: one copy for their many callers on the router.
    @inline(never)
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes { append(b, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Append `byte` as two lowercase hex digits.
    @inline(never)
    public static func append(_ byte: UInt8, to out: inout [UInt8]) {
        out.append(digit(byte >> 4))
        out.append(digit(byte & 0x0f))
    }

    /// `0`–`9`, `a`–`f` for 0–15: arithmetic, not a table (a global array costs a lazy initialiser per use).
    static func digit(_ v: UInt8) -> UInt8 { v < 10 ? v + UInt8(ascii: "0") : v - 10 + UInt8(ascii: "a") }

    /// nil unless `text` is an even number of hex digits.
    public static func decode(_ text: String) -> [UInt8]? { decode(Array(text.utf8)[...]) }

    /// nil unless `digits` is an even number of hex digits.
    public static func decode(_ digits: ArraySlice<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var high: UInt8? = nil
        for c in digits {
            guard let v = value(of: c) else { return nil }
            if let h = high { out.append(h << 4 | v); high = nil } else { high = v }
        }
        return high == nil ? out : nil
    }

    /// The value of one hex digit (either case), or nil.
    public static func value(of c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
