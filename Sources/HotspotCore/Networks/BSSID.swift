/// An access point's MAC address, stored as one integer (no allocation, no reference counting).
public struct BSSID: Hashable, CustomStringConvertible, Sendable {
    /// The six bytes, first byte most significant.
    public let value: UInt64

    /// The 48 low bits of `value`.
    public init(value: UInt64) { self.value = value & 0xFFFF_FFFF_FFFF }

    public init?(bytes: [UInt8]) {
        guard bytes.count == 6 else { return nil }
        var v: UInt64 = 0
        for b in bytes { v = v << 8 | UInt64(b) }
        value = v
    }

    /// Parses `aa:bb:cc:dd:ee:ff` (either case); nil for anything else. A byte loop: splitting the text
    /// brought an array of substrings and its code to the router.
    public init?(_ text: String) {
        var v: UInt64 = 0
        var n = 0
        for c in text.utf8 {
            if n % 3 == 2 {
                guard c == UInt8(ascii: ":") else { return nil }
            } else {
                guard let d = Hex.value(of: c) else { return nil }
                v = v << 4 | UInt64(d)
            }
            n += 1
        }
        guard n == 17 else { return nil }
        value = v
    }

    public var bytes: [UInt8] { (0..<6).map { UInt8(truncatingIfNeeded: value >> (UInt64(5 - $0) * 8)) } }

    public var description: String {
        var out: [UInt8] = []
        for i in 0..<6 {
            let b = UInt8(truncatingIfNeeded: value >> (UInt64(5 - i) * 8))
            if i > 0 { out.append(UInt8(ascii: ":")) }
            Hex.append(b, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
