import HotspotCore

/// An IPv4 address: an interface's or gateway's (route netlink), a DNS answer, the host of a URL such as
/// `http://192.168.1.1/login`.
public struct IPv4Address: Hashable, Sendable, CustomStringConvertible {
    /// The address in host order: `10.0.0.1` is `0x0a000001`.
    public let value: UInt32

    public init(value: UInt32) { self.value = value }

    /// From four bytes in network order, as netlink and DNS carry it (bytes past the fourth are ignored).
    public init(bytes: [UInt8]) {
        var v: UInt32 = 0
        for b in bytes.prefix(4) { v = v << 8 | UInt32(b) }
        value = v
    }

    public init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        value = UInt32(a) << 24 | UInt32(b) << 16 | UInt32(c) << 8 | UInt32(d)
    }

    /// Strict dotted-quad text: four decimal numbers 0–255 without leading zeros. The forms some parsers
    /// also take (`127.1`, `0x7f.0.0.1`, `010.0.0.1` read as octal) are refused: they mean different
    /// addresses to different programs.
    public init?(_ text: ArraySlice<UInt8>) {
        let parts = ASCII.split(text, on: UInt8(ascii: "."))
        guard parts.count == 4 else { return nil }
        var v: UInt32 = 0
        for p in parts {
            guard let n = ASCII.decimal(p, maxDigits: 3), n <= 255, p.count == 1 || p.first != UInt8(ascii: "0")
            else { return nil }
            v = v << 8 | UInt32(n)
        }
        value = v
    }

    public init?(_ text: String) { self.init(Array(text.utf8)[...]) }

    /// 0.0.0.0: no address (a default route without a gateway).
    public var isZero: Bool { value == 0 }

    /// The four bytes in network order.
    public var bytes: [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)] }

    /// `a.b.c.d`
    public var description: String {
        String(value >> 24) + "." + String(value >> 16 & 0xff) + "." + String(value >> 8 & 0xff) + "." + String(value & 0xff)
    }
}
