import CTLS
import HotspotCore
import HotspotSystem

/// Why a TLS session could not start, or failed. The certificate cases a portal helper may want to explain
/// (clock, name, CA) have their own names; every other BearSSL failure is `.failed` with its code.
public indirect enum TLSError: Error, Equatable, CustomStringConvertible {
    /// Empty, longer than 255 bytes, or holding a NUL byte: BearSSL would check no name at all for "".
    case invalidServerName(String)
    case trustAnchorsUnreadable(path: String, Errno)
    case trustAnchorsTooLarge(path: String)
    /// The file holds no certificate that decodes (empty, only keys, or broken blocks).
    case noTrustAnchors(path: String)
    case outOfMemory
    case certificateUntrusted
    case certificateNameMismatch(serverName: String)
    /// Expired or not yet valid at the validation time (on a router: often a clock not yet set by NTP).
    case certificateExpired
    /// The server answered TLS 1.2 with a protocol_version alert: it speaks only TLS 1.3 (or only older).
    case serverRefusedTLS12
    /// The connection ended without the server's close_notify: what arrived may be cut short.
    case truncated
    /// Any other failure, with BearSSL's (or CTLS's) code.
    case failed(code: Int32)

    /// The certificate did not verify (not trusted, another name, out of its dates): what a controller's
    /// self-signed default gives.
    public var isCertificateProblem: Bool {
        switch self {
        case .certificateUntrusted, .certificateNameMismatch, .certificateExpired: return true
        case .failed(let code): return code >= 32 && code < 64  // BearSSL's other X.509 errors (BR_ERR_X509_*)
        case .invalidServerName, .trustAnchorsUnreadable, .trustAnchorsTooLarge, .noTrustAnchors, .outOfMemory,
             .serverRefusedTLS12, .truncated:
            return false
        }
    }

    /// The error for a CTLS code (a session's or ctls_client_new's).
    init(code: Int32, serverName: String, path: String, errno: Int32) {
        switch code {
        case CTLS_ERR_SERVER_NAME: self = .invalidServerName(serverName)
        case CTLS_ERR_CA_OPEN, CTLS_ERR_CA_READ: self = .trustAnchorsUnreadable(path: path, Errno(errno))
        case CTLS_ERR_CA_TOO_LARGE: self = .trustAnchorsTooLarge(path: path)
        case CTLS_ERR_CA_EMPTY: self = .noTrustAnchors(path: path)
        case CTLS_ERR_NO_MEMORY: self = .outOfMemory
        case CTLS_ERR_CERTIFICATE_UNTRUSTED: self = .certificateUntrusted
        case CTLS_ERR_CERTIFICATE_NAME: self = .certificateNameMismatch(serverName: serverName)
        case CTLS_ERR_CERTIFICATE_EXPIRED: self = .certificateExpired
        case CTLS_ERR_PROTOCOL_VERSION_ALERT: self = .serverRefusedTLS12
        default: self = .failed(code: code)
        }
    }

    /// The words of the cases without a value from one literal: a literal per case was code of its own.
    public var description: String {
        let place: Int
        switch self {
        case .invalidServerName(let name):
            return "invalid TLS server name '" + name + "' (empty, over 255 bytes, or with a NUL byte)"
        case .trustAnchorsUnreadable(let path, let errno):
            return "cannot read the CA bundle " + path + ": " + errno.description
        case .trustAnchorsTooLarge(let path):
            return "the CA bundle " + path + " is larger than 512 KiB"
        case .noTrustAnchors(let path):
            return "no usable certificate in the CA bundle " + path
        case .outOfMemory: place = 0
        case .certificateUntrusted: place = 1
        case .certificateNameMismatch(let name):
            return "the server's certificate is not valid for '" + name + "'"
        case .certificateExpired: place = 2
        case .serverRefusedTLS12: place = 3
        case .truncated: place = 4
        case .failed(let code):
            return "TLS failed: " + String(cString: ctls_error_name(code)) + " (BearSSL error " + String(code) + ")"
        }
        return String(decoding: ASCII.word(place, of: """
            out of memory for TLS|the server's certificate is not trusted: no chain to a CA in the bundle (unknown CA)|\
            the server's certificate is expired or not yet valid (is the router's clock right?)|\
            the server refused TLS 1.2 (protocol_version alert): it may speak only TLS 1.3, which BearSSL lacks|\
            the TLS connection ended without close_notify: the data may be cut short
            """, separator: UInt8(ascii: "|")), as: UTF8.self)
    }
}
