import HotspotCore

/// wpa_supplicant caps every reply at this many bytes (`reply_size` in ctrl_iface.c): SCAN_RESULTS and
/// LIST_NETWORKS stop at the last whole row that fits, BSS RANGE at the last whole entry. Receive buffers
/// should be at least this large; page with `BSS RANGE=` / `LIST_NETWORKS LAST_ID=` to see everything.
public enum SupplicantLimits {
    public static let replySize = 4096
}

/// The first classification of a reply datagram.
public indirect enum SupplicantReply: Equatable, Sendable {
    case ok
    /// `FAIL` (reason nil) or `FAIL-<reason>` (e.g. `FAIL-BUSY` → "BUSY").
    case fail(reason: String?)
    case unknownCommand
    case pong
    /// A zero-length reply (BSS with no match answers so).
    case empty
    /// Anything else: a table, a key=value block, a network id.
    case data([UInt8])

    /// Status words are recognised with or without their trailing newline (and a CR before it).
    public init(_ datagram: [UInt8]) {
        let all = datagram[...]
        if all.isEmpty {
            self = .empty
            return
        }
        let word = ASCII.trimTrailingNewlines(all)
        if ASCII.equals(word, "OK") {
            self = .ok
        } else if ASCII.equals(word, "PONG") {
            self = .pong
        } else if ASCII.equals(word, "UNKNOWN COMMAND") {
            self = .unknownCommand
        } else if ASCII.equals(word, "FAIL") {
            self = .fail(reason: nil)
        } else if let reason = ASCII.dropPrefix(word, "FAIL-"), ASCII.firstIndex(of: ASCII.newline, in: reason) == nil {
            self = .fail(reason: PrintfEscaping.excerpt(reason))
        } else {
            self = .data(datagram)
        }
    }

    /// The error this reply means when a command expected something else.
    var asError: SupplicantReplyError {
        switch self {
        case .ok: return .unexpected("OK")
        case .fail(let reason): return .failed(reason: reason)
        case .unknownCommand: return .unknownCommand
        case .pong: return .unexpected("PONG")
        case .empty: return .empty
        case .data(let bytes): return .unexpected(PrintfEscaping.excerpt(bytes[...]))
        }
    }

    /// `OK`, and `PONG`: matched by case, not `==`, whose derived comparison of `fail`'s reason compares
    /// Strings and so brings Unicode normalisation into the router binary.
    public var isOK: Bool {
        if case .ok = self { return true }
        return false
    }

    public var isPong: Bool {
        if case .pong = self { return true }
        return false
    }

    /// For commands that answer OK (SET_NETWORK, SELECT_NETWORK, SCAN, ATTACH, …).
    public static func expectOK(_ datagram: [UInt8]) throws(SupplicantReplyError) {
        let reply = SupplicantReply(datagram)
        guard reply.isOK else { throw reply.asError }
    }

    /// For PING.
    public static func expectPong(_ datagram: [UInt8]) throws(SupplicantReplyError) {
        let reply = SupplicantReply(datagram)
        guard reply.isPong else { throw reply.asError }
    }

    /// The id ADD_NETWORK answers (`0\n`).
    public static func networkID(_ datagram: [UInt8]) throws(SupplicantReplyError) -> NetworkID {
        let reply = SupplicantReply(datagram)
        guard case .data(let bytes) = reply else { throw reply.asError }
        let text = ASCII.trimTrailingNewlines(bytes[...])
        guard let n = WpaBytes.parseUnsigned(text), let id = NetworkID(n) else {
            throw .unexpected(PrintfEscaping.excerpt(bytes[...]))
        }
        return id
    }

    /// The body of a data reply (tables, blocks); a status word or empty reply is an error, except that
    /// `allowEmpty` lets an empty reply through as no bytes.
    static func body(_ datagram: [UInt8], allowEmpty: Bool = false) throws(SupplicantReplyError) -> ArraySlice<UInt8> {
        let reply = SupplicantReply(datagram)
        switch reply {
        case .data: return datagram[...]
        case .empty where allowEmpty: return datagram[...]
        default: throw reply.asError
        }
    }
}

public indirect enum SupplicantReplyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `FAIL` or `FAIL-<reason>`.
    case failed(reason: String?)
    case unknownCommand
    case empty
    /// Something else than the command answers; an escaped excerpt of it.
    case unexpected(String)

    // Hand-written: the router build prints "(cannot print value in embedded Swift)" for anything else.
    public var description: String {
        switch self {
        case .failed(let reason?): return "wpa_supplicant answered FAIL-" + reason
        case .failed(nil): return "wpa_supplicant answered FAIL"
        case .unknownCommand: return "wpa_supplicant does not know the command (UNKNOWN COMMAND)"
        case .empty: return "wpa_supplicant sent an empty reply"
        case .unexpected(let excerpt): return "unexpected reply from wpa_supplicant: " + excerpt
        }
    }
}
