/// A network name as the radio carries it: 0–32 arbitrary bytes, not text. It goes to wpa_supplicant
/// hex-encoded and to people escaped, never raw.
public struct SSID: Hashable, Comparable, CustomStringConvertible, Sendable {
    public static let maxLength = 32
    public let bytes: [UInt8]

    /// nil when longer than 32 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count <= SSID.maxLength else { return nil }
        self.bytes = bytes
    }

    /// nil when the UTF-8 is longer than 32 bytes.
    public init?(_ text: String) { self.init(bytes: Array(text.utf8)) }

    /// Lowercase hex: the only form that goes to wpa_supplicant.
    public var hex: String { Hex.encode(bytes) }

    /// For logs and the CLI: printable ASCII as is, `\\` and `"` escaped, other bytes as `\xNN`.
    public var description: String {
        var out: [UInt8] = []
        let digits = Array("0123456789abcdef".utf8)
        for b in bytes {
            switch b {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""):
                out.append(UInt8(ascii: "\\")); out.append(b)
            case 0x20...0x7e:
                out.append(b)
            default:
                out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "x"))
                out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)])
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

    public static func < (a: SSID, b: SSID) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}

/// An access point's MAC address.
public struct BSSID: Hashable, CustomStringConvertible, Sendable {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 6 else { return nil }
        self.bytes = bytes
    }

    /// Parses `aa:bb:cc:dd:ee:ff` (either case); nil for anything else.
    public init?(_ text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 6 else { return nil }
        var out: [UInt8] = []
        for p in parts {
            guard p.count == 2, let h = Hex.value(of: p[p.startIndex]),
                  let l = Hex.value(of: p[p.index(after: p.startIndex)]) else { return nil }
            out.append(h << 4 | l)
        }
        bytes = out
    }

    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ":")) }
            out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Apple's NEHotspotNetworkSecurityType.
public enum SecurityType: String, Hashable, CaseIterable, Sendable {
    case open, wep, personal, enterprise, unknown

    public var isSecure: Bool {
        switch self {
        case .open: return false
        case .wep, .personal, .enterprise, .unknown: return true
        }
    }
}
