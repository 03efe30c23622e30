import HotspotCore

/// wpa_supplicant caps every reply at this many bytes (`reply_size` in ctrl_iface.c): SCAN_RESULTS and
/// LIST_NETWORKS stop at the last whole row that fits, BSS RANGE at the last whole entry. Receive buffers
/// should be at least this large; page with `BSS RANGE=` / `LIST_NETWORKS LAST_ID=` to see everything.
public enum SupplicantLimits {
    public static let replySize = 4096
}

/// The first classification of a reply datagram.
public enum SupplicantReply: Equatable, Sendable {
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
        let word = WpaBytes.trimTrailingNewlines(all)
        if WpaBytes.equals(word, "OK") {
            self = .ok
        } else if WpaBytes.equals(word, "PONG") {
            self = .pong
        } else if WpaBytes.equals(word, "UNKNOWN COMMAND") {
            self = .unknownCommand
        } else if WpaBytes.equals(word, "FAIL") {
            self = .fail(reason: nil)
        } else if let reason = WpaBytes.dropPrefix(word, "FAIL-"), WpaBytes.firstIndex(of: WpaBytes.newline, in: reason) == nil {
            self = .fail(reason: WpaBytes.excerpt(reason))
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
        case .data(let bytes): return .unexpected(WpaBytes.excerpt(bytes[...]))
        }
    }

    /// For commands that answer OK (SET_NETWORK, SELECT_NETWORK, SCAN, ATTACH, …).
    public static func expectOK(_ datagram: [UInt8]) throws(SupplicantReplyError) {
        let reply = SupplicantReply(datagram)
        guard reply == .ok else { throw reply.asError }
    }

    /// For PING.
    public static func expectPong(_ datagram: [UInt8]) throws(SupplicantReplyError) {
        let reply = SupplicantReply(datagram)
        guard reply == .pong else { throw reply.asError }
    }

    /// The id ADD_NETWORK answers (`0\n`).
    public static func networkID(_ datagram: [UInt8]) throws(SupplicantReplyError) -> NetworkID {
        let reply = SupplicantReply(datagram)
        guard case .data(let bytes) = reply else { throw reply.asError }
        let text = WpaBytes.trimTrailingNewlines(bytes[...])
        guard let n = WpaBytes.parseUnsigned(text), let id = NetworkID(n) else {
            throw .unexpected(WpaBytes.excerpt(bytes[...]))
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

public enum SupplicantReplyError: Error, Equatable, Sendable {
    /// `FAIL` or `FAIL-<reason>`.
    case failed(reason: String?)
    case unknownCommand
    case empty
    /// Something else than the command answers; an escaped excerpt of it.
    case unexpected(String)
}

/// Why a line of a reply was dropped. The rest of the reply is still used.
public enum LineProblem: Equatable, Sendable {
    /// A table row with this many tab-separated fields instead of the expected number.
    case fieldCount(Int)
    case badBSSID
    case badFrequency
    case badSignal
    case badFlags
    /// The SSID decodes to more than 32 bytes.
    case badSSID
    case badNetworkID
    /// A blank line inside a table or block.
    case blankLine
    /// A key=value line without `=` or with an empty key.
    case notKeyValue
    /// A BSS entry without a usable `bssid=` line.
    case missingBSSID
    /// Lines after the end-of-list marker `####`.
    case afterEndOfList
}

/// A dropped line: where it was (1-based line number in the reply) and why, with an escaped excerpt.
public struct SkippedLine: Equatable, Sendable {
    public let line: Int
    public let problem: LineProblem
    public let excerpt: String

    init(line: Int, problem: LineProblem, bytes: ArraySlice<UInt8>) {
        self.line = line
        self.problem = problem
        self.excerpt = WpaBytes.excerpt(bytes)
    }
}

/// One `key=value` line. The key is text; the value stays bytes because some values (`ssid=`) are
/// printf-escaped and must be decoded, not read as text.
public struct KeyValue: Equatable, Sendable {
    public let key: String
    public let value: [UInt8]

    public var text: String { String(decoding: value, as: UTF8.self) }
}

/// A `key=value` per line reply: STATUS, SIGNAL_POLL, one BSS entry. Splits at the first `=`, so values may
/// contain `=`; keys may contain spaces (`Supplicant PAE state=…`). Lines that are not key=value are dropped
/// and reported; duplicate keys are kept, lookups return the first.
public struct KeyValueBlock: Equatable, Sendable {
    public let entries: [KeyValue]
    public let skipped: [SkippedLine]

    public init(entries: [KeyValue], skipped: [SkippedLine] = []) {
        self.entries = entries
        self.skipped = skipped
    }

    /// Parses any bytes; never fails.
    public init(parsing bytes: [UInt8]) {
        var entries: [KeyValue] = []
        var skipped: [SkippedLine] = []
        for (i, line) in WpaBytes.lines(bytes[...]).enumerated() {
            if let kv = Self.parseLine(line) {
                entries.append(kv)
            } else {
                skipped.append(SkippedLine(line: i + 1, problem: line.isEmpty ? .blankLine : .notKeyValue, bytes: line))
            }
        }
        self.entries = entries
        self.skipped = skipped
    }

    static func parseLine(_ line: ArraySlice<UInt8>) -> KeyValue? {
        guard let eq = WpaBytes.firstIndex(of: WpaBytes.equals, in: line), eq > line.startIndex else { return nil }
        let key = line[line.startIndex..<eq]
        for b in key where !ASCII.isPrintable(b) { return nil }
        return KeyValue(key: WpaBytes.string(key), value: Array(line[(eq + 1)..<line.endIndex]))
    }

    /// The first value for the key (exact, case-sensitive), as bytes.
    public func value(_ key: StaticString) -> [UInt8]? {
        let k = WpaBytes.bytes(key)
        for e in entries {
            let ek = e.key.utf8
            if ek.count == k.count, ek.elementsEqual(k) { return e.value }
        }
        return nil
    }

    /// The first value for a key given at run time.
    public subscript(key: String) -> [UInt8]? {
        let k = key.utf8
        for e in entries {
            let ek = e.key.utf8
            if ek.count == k.count, ek.elementsEqual(k) { return e.value }
        }
        return nil
    }

    public func text(_ key: StaticString) -> String? {
        value(key).map { String(decoding: $0, as: UTF8.self) }
    }

    public func int(_ key: StaticString) -> Int? {
        value(key).flatMap { WpaBytes.parseInt($0[...]) }
    }

    public func bssid(_ key: StaticString) -> BSSID? {
        value(key).flatMap { BSSID(String(decoding: $0, as: UTF8.self)) }
    }

    /// A printf-escaped SSID value (`ssid=`), decoded; nil if absent or longer than 32 bytes once decoded.
    public func ssid(_ key: StaticString) -> SSID? {
        value(key).flatMap { PrintfEscaping.decodeSSID($0[...]) }
    }
}
