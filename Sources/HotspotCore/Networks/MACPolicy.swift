/// Which address the router's radio shows a network (UCI `mac_policy` / `option mac`, `join --mac`):
/// `hardware`; `perNetwork`, a stable random address per SSID from the SSID and the router's secret (a
/// portal that remembers the MAC keeps its session across reboots; the SSID alone does not tell it);
/// `perJoin`, a new random address at each join hotspotd makes (a fresh free session); or `clone(A)`, a
/// given unicast address (a laptop's that the venue authorised).
///
/// One word (the kind above bit 48, else the clone's address): copied around in join targets and
/// requests as a plain integer, which the router build keeps small.
public struct MACPolicy: Hashable, Sendable, CustomStringConvertible {
    let raw: UInt64

    public static let hardware = MACPolicy(raw: 1 << 48)
    public static let perNetwork = MACPolicy(raw: 2 << 48)
    public static let perJoin = MACPolicy(raw: 3 << 48)
    public static func clone(_ a: BSSID) -> MACPolicy { MACPolicy(raw: a.value) }

    /// The named policies, in `raw >> 48` order from 1: one literal, no array to initialise (smaller on the router).
    static var names: StaticString { "hardware per-network per-join" }

    init(raw: UInt64) { self.raw = raw }

    /// `hardware`, `per-network`, `per-join` or a unicast `aa:bb:cc:dd:ee:ff`; nil for anything else.
    public init?(_ text: String) {
        let b = Array(text.utf8)[...]
        let i = ASCII.place(of: b, inWords: MACPolicy.names)
        if i >= 0 {
            raw = UInt64(i + 1) << 48
        } else if let a = BSSID(text), a.value >> 40 & 1 == 0, a.value != 0 {
            // Multicast (the first byte's low bit) or all zero: no station may use it.
            raw = a.value
        } else {
            return nil
        }
    }

    public var description: String {
        let kind = Int(raw >> 48)
        return kind == 0 ? BSSID(value: raw).description : String(decoding: ASCII.word(kind - 1, of: MACPolicy.names), as: UTF8.self)
    }

    /// The address to set before joining `ssid`; nil: the hardware address. `random` is used by per-join.
    public func address(for ssid: SSID, secret: [UInt8], random: UInt64) -> BSSID? {
        switch raw >> 48 {
        case 0: return BSSID(value: raw)
        case 2: return MACPolicy.local(SipHash.hash(ssid.bytes, key: secret))
        case 3: return MACPolicy.local(random)
        default: return nil
        }
    }

    /// 48 bits of `bits` as a locally administered unicast address (first byte xxxxxx10).
    static func local(_ bits: UInt64) -> BSSID {
        BSSID(value: (bits & 0xFCFF_FFFF_FFFF) | 0x0200_0000_0000)
    }
}

/// SipHash-2-4 (Aumasson, Bernstein): a keyed function whose output cannot be guessed without the key.
/// 16 key bytes; a shorter key is padded with zeros.
enum SipHash {
    static func hash(_ message: [UInt8], key: [UInt8]) -> UInt64 {
        func word(_ bytes: [UInt8], _ at: Int) -> UInt64 {
            var w: UInt64 = 0
            for i in 0..<8 where at + i < bytes.count { w |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            return w
        }
        let k0 = word(key, 0), k1 = word(key, 8)
        var v0 = k0 ^ 0x736f6d6570736575, v1 = k1 ^ 0x646f72616e646f6d
        var v2 = k0 ^ 0x6c7967656e657261, v3 = k1 ^ 0x7465646279746573
        func round() {
            v0 &+= v1; v1 = v1.rotl(13); v1 ^= v0; v0 = v0.rotl(32)
            v2 &+= v3; v3 = v3.rotl(16); v3 ^= v2
            v0 &+= v3; v3 = v3.rotl(21); v3 ^= v0
            v2 &+= v1; v1 = v1.rotl(17); v1 ^= v2; v2 = v2.rotl(32)
        }
        let full = message.count / 8 * 8
        var i = 0
        // The last block carries the leftover bytes and the length in its top byte.
        while i <= full {
            let m = i < full ? word(message, i) : word(message, i) | UInt64(truncatingIfNeeded: message.count) << 56
            v3 ^= m
            round(); round()
            v0 ^= m
            i += 8
        }
        v2 ^= 0xff
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }
}

extension UInt64 {
    fileprivate func rotl(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
