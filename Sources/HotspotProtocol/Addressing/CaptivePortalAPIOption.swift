import HotspotCore
import HotspotWeb

/// The RFC 8908 API's URI as DHCPv4 option 114 (RFC 8910) brings it: init.d/udhcpc.user writes the
/// option's bytes, hex-encoded as busybox's udhcpc gives them, to `<run_dir>/captive-api.<interface>`;
/// the daemon reads that file before each helper command and hands the URI on as HOTSPOT_CAPTIVE_API.
/// The venue's DHCP server wrote those bytes, so only a plain https URI gets through.
public enum CaptivePortalAPIOption {
    /// RFC 8910: the option holds at most 255 bytes of URI.
    public static let maxBytes = 255

    /// The URI in `file` (hex digits, white space around them ignored), or nil with why.
    public static func uri(fromHexFile file: [UInt8]) -> Result<String, Rejection> {
        var digits = file[...]
        // dropLast and dropFirst, not removeLast and removeFirst: a slice's are code of their own on the router.
        while let last = digits.last, last == 0x0a || last == 0x0d || last == 0x20 { digits = digits.dropLast() }
        while let first = digits.first, first == 0x0a || first == 0x0d || first == 0x20 { digits = digits.dropFirst() }
        guard let bytes = Hex.decode(digits) else { return .failure(.notHex) }
        guard !bytes.isEmpty, bytes.count <= maxBytes else { return .failure(.length) }
        // RFC 8910 §2: "urn:ietf:params:capport:unrestricted" says there is no portal at all.
        if ASCII.equals(bytes[...], "urn:ietf:params:capport:unrestricted") { return .failure(.unrestricted) }
        guard bytes.allSatisfy(ASCII.isVisible) else { return .failure(.notPrintable) }
        let url: HTTPURL
        do throws(HTTPURLError) { url = try HTTPURL(parsing: bytes[...]) } catch { return .failure(.notAURL) }
        guard url.scheme == .https else { return .failure(.notHTTPS) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    public enum Rejection: Error, Equatable, CustomStringConvertible {
        case notHex, length, unrestricted, notPrintable, notAURL, notHTTPS

        public var description: String {
            switch self {
            case .notHex: return "not hex digits"
            case .length: return "empty or longer than 255 bytes"
            case .unrestricted: return "the network says it has no captive portal"
            case .notPrintable: return "not printable ASCII"
            case .notAURL: return "not a URL"
            case .notHTTPS: return "not https (RFC 8908 requires it)"
            }
        }
    }
}
