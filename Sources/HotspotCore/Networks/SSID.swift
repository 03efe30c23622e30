/// A network name as the radio carries it: 0–32 arbitrary bytes, not text. It goes to wpa_supplicant
/// hex-encoded and to people escaped, never raw.
///
/// Stored inline (four words and a length), not in an array: SSIDs are copied everywhere, and a value
/// without references costs no reference counting, no allocation and much less code on the router.
public struct SSID: Hashable, Comparable, CustomStringConvertible, Sendable {
    public static let maxLength = 32
    private var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    /// Number of bytes, 0–32.
    public let count: Int

    /// nil when longer than 32 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count <= SSID.maxLength else { return nil }
        count = bytes.count
        for i in bytes.indices {
            let v = UInt64(bytes[i]) << (UInt64(i & 7) * 8)
            switch i >> 3 {
            case 0: w0 |= v
            case 1: w1 |= v
            case 2: w2 |= v
            default: w3 |= v
            }
        }
    }

    /// nil when the UTF-8 is longer than 32 bytes.
    public init?(_ text: String) { self.init(bytes: Array(text.utf8)) }

    /// The byte at `i` (0 ..< count).
    public func byte(_ i: Int) -> UInt8 {
        let w: UInt64
        switch i >> 3 {
        case 0: w = w0
        case 1: w = w1
        case 2: w = w2
        default: w = w3
        }
        return UInt8(truncatingIfNeeded: w >> (UInt64(i & 7) * 8))
    }

    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(byte(i)) }
        return out
    }

    public var isEmpty: Bool { count == 0 }

    /// The empty SSID: what SSIDIndex's free buckets hold.
    public init() { count = 0 }

    /// SSIDIndex's hash: the words mixed, then multiplied so that the low bits depend on every byte.
    var hashWord: Int {
        let x = w0 &+ w1 &* 0x100_0000_01b3 &+ w2 &* 0x9e37_79b9 &+ w3 &* 0x85eb_ca6b &+ UInt64(count)
        return Int(truncatingIfNeeded: (x &* 0x9e37_79b9_7f4a_7c15) >> 32)
    }

    /// Its bytes start with `p`'s, compared in place (`bytes.starts(with:)` built two arrays).
    @inline(never)
    public func hasPrefix(_ p: SSID) -> Bool {
        guard p.count <= count else { return false }
        for i in 0..<p.count where byte(i) != p.byte(i) { return false }
        return true
    }

    /// Lowercase hex: the only form that goes to wpa_supplicant.
    public var hex: String { Hex.encode(bytes) }

    /// For logs and the CLI: printable ASCII as is, `\\` and `"` escaped, other bytes as `\xNN`.
    public var description: String {
        var out: [UInt8] = []
        for i in 0..<count {
            let b = byte(i)
            switch b {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""):
                out.append(UInt8(ascii: "\\")); out.append(b)
            case 0x20...0x7e:
                out.append(b)
            default:
                out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "x"))
                Hex.append(b, to: &out)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes as text when they are valid UTF-8 (for JSON and helper environment), else nil.
    public var utf8Text: String? {
        var it = bytes.makeIterator()
        var decoder = UTF8()
        var out = ""
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): out.unicodeScalars.append(s)
            case .emptyInput: return out
            case .error: return nil
            }
        }
    }

    /// Byte-wise, shorter first on a common prefix.
    public static func < (a: SSID, b: SSID) -> Bool {
        let n = min(a.count, b.count)
        for i in 0..<n where a.byte(i) != b.byte(i) { return a.byte(i) < b.byte(i) }
        return a.count < b.count
    }
}
