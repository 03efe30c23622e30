import HotspotCore

/// An absolute `http://` or `https://` URL as the portal client requests it: scheme, host, port and the
/// request target (path and query). Built from text (`init(parsing:)`) or from a reference relative to
/// another URL (`resolve(_:)`, RFC 3986 §5.2: Location headers, form actions, meta refresh).
///
/// Normalised on the way in: scheme and DNS host lowercase, a default port dropped, dot segments removed,
/// the fragment dropped, and bytes that cannot go on the wire as they are (space, non-ASCII, `"<>\^`{|}`)
/// percent-encoded. Existing `%XX` escapes are kept as they are, never decoded. Refused: other schemes,
/// user names (`user@host`), IPv6 literals, control bytes, more than `maxBytes`.
public struct HTTPURL: Hashable, Sendable, CustomStringConvertible {
    public enum Scheme: Hashable, Sendable {
        case http, https

        public var defaultPort: UInt16 { self == .http ? 80 : 443 }
    }

    public enum Host: Hashable, Sendable, CustomStringConvertible {
        /// A DNS name: lowercase labels of letters, digits, `-` and `_`, without a trailing dot.
        case name([UInt8])
        case ipv4(IPv4Address)

        /// As it appears in the URL and the Host header.
        public var bytes: [UInt8] {
            switch self {
            case .name(let n): return n
            case .ipv4(let a): return Array(a.description.utf8)
            }
        }

        public var description: String { String(decoding: bytes, as: UTF8.self) }
    }

    public static let maxBytes = 2048

    public let scheme: Scheme
    public let host: Host
    /// The port to connect to: the one given, or the scheme's default.
    public let port: UInt16
    /// The request target: the path (at least `/`), then `?` and the query when the URL has one.
    public let target: [UInt8]

    /// An absolute URL; surrounding blanks and line ends are ignored.
    public init(parsing text: ArraySlice<UInt8>) throws(HTTPURLError) {
        let r = try URLReference(text)
        guard let scheme = r.scheme else { throw .notAbsolute }
        try self.init(r, scheme: HTTPURL.scheme(scheme))
    }

    public init(_ text: String) throws(HTTPURLError) { try self.init(parsing: Array(text.utf8)[...]) }

    /// The URL a reference found on the page at `self` points to (RFC 3986 §5.2.2): an absolute URL,
    /// `//host/path`, `/path`, `path` (merged with this URL's directory), `?query`, or empty (this URL).
    public func resolve(_ reference: ArraySlice<UInt8>) throws(HTTPURLError) -> HTTPURL {
        let r = try URLReference(reference)
        if let s = r.scheme { return try HTTPURL(r, scheme: HTTPURL.scheme(s)) }
        // Case patterns, not `!= nil` and `== nil`: those compared the slices (Optional's == over Equatable).
        if case .some = r.authority { return try HTTPURL(r, scheme: scheme) }
        var query = r.query
        let path: [UInt8]
        if r.path.isEmpty {
            path = Array(self.path)
            if case .none = query { query = self.query }
        } else if r.path.first == HTTPURL.slash {
            path = HTTPURL.removeDotSegments(HTTPURL.wireSafe(r.path))
        } else {
            // This URL's path up to its last `/`, then the reference (§5.2.3). The path always has a `/`.
            let base = self.path
            var merged = Array(base[..<((ASCII.lastIndex(of: HTTPURL.slash, in: base) ?? base.startIndex) + 1)])
            merged.append(contentsOf: HTTPURL.wireSafe(r.path))
            path = HTTPURL.removeDotSegments(merged)
        }
        return try HTTPURL(scheme: scheme, host: host, port: port, path: path, query: query)
    }

    public func resolve(_ reference: String) throws(HTTPURLError) -> HTTPURL {
        try resolve(Array(reference.utf8)[...])
    }

    /// The target's path: up to the first `?`.
    public var path: ArraySlice<UInt8> {
        target[..<(ASCII.firstIndex(of: HTTPURL.question, in: target[...]) ?? target.endIndex)]
    }

    /// The query after the first `?`, nil when there is no `?`.
    public var query: ArraySlice<UInt8>? {
        ASCII.firstIndex(of: HTTPURL.question, in: target[...]).map { target[($0 + 1)...] }
    }

    /// The Host header's value: the host, and `:port` when it is not the scheme's default.
    public var hostHeader: [UInt8] {
        var out = host.bytes
        if port != scheme.defaultPort {
            out.append(UInt8(ascii: ":"))
            ASCII.append(&out, decimal: Int(port))
        }
        return out
    }

    /// RFC 6454's origin as text (`http://host`, `http://host:8080`): scheme, host and port, what a browser
    /// keeps apart. What the owner's answers are remembered for.
    public var origin: String {
        var out: [UInt8] = []
        ASCII.append(&out, scheme == .http ? "http://" : "https://")
        out.append(contentsOf: hostHeader)
        return String(decoding: out, as: UTF8.self)
    }

    /// The same scheme, host and port.
    public func isSameOrigin(as other: HTTPURL) -> Bool {
        scheme == other.scheme && host == other.host && port == other.port
    }

    /// The whole URL as text, ASCII only.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        ASCII.append(&out, scheme == .http ? "http://" : "https://")
        out.append(contentsOf: hostHeader)
        out.append(contentsOf: target)
        return out
    }

    public var description: String { String(decoding: bytes, as: UTF8.self) }

    // MARK: - Building

    static let slash = UInt8(ascii: "/")
    static let question = UInt8(ascii: "?")
    static let dot = UInt8(ascii: ".")

    /// From a reference that has an authority (`//host…`), under `scheme`.
    init(_ r: URLReference, scheme: Scheme) throws(HTTPURLError) {
        guard let authority = r.authority else { throw .missingHost }
        if ASCII.firstIndex(of: UInt8(ascii: "@"), in: authority) != nil { throw .userinfo }
        if authority.first == ASCII.openBracket { throw .ipv6Literal }
        var hostText = authority
        var port = scheme.defaultPort
        if let colon = ASCII.firstIndex(of: UInt8(ascii: ":"), in: authority) {
            hostText = authority[..<colon]
            let digits = authority[(colon + 1)...]
            // `host:` with no digits means the default port (RFC 3986 §3.2.3).
            if !digits.isEmpty {
                guard let n = ASCII.decimal(digits, maxDigits: 5), n >= 1, n <= 65535 else {
                    throw .invalidPort(PrintfEscaping.excerpt(digits, limit: 16))
                }
                port = UInt16(n)
            }
        }
        try self.init(scheme: scheme, host: HTTPURL.host(hostText), port: port,
                      path: HTTPURL.removeDotSegments(HTTPURL.wireSafe(r.path)), query: r.query)
    }

    init(scheme: Scheme, host: Host, port: UInt16, path: [UInt8], query: ArraySlice<UInt8>?) throws(HTTPURLError) {
        var target = path.isEmpty ? [HTTPURL.slash] : path
        if let query {
            target.append(HTTPURL.question)
            target.append(contentsOf: HTTPURL.wireSafe(query))
        }
        self.scheme = scheme
        self.host = host
        self.port = port
        self.target = target
        // Encoding and merging can make a URL longer than its reference.
        if bytes.count > HTTPURL.maxBytes { throw .tooLong(limit: HTTPURL.maxBytes) }
    }

    static func scheme(_ s: ArraySlice<UInt8>) throws(HTTPURLError) -> Scheme {
        switch ASCII.index(ofWord: s, in: "http https") {
        case 0: return .http
        case 1: return .https
        default: break
        }
        throw .unsupportedScheme(PrintfEscaping.excerpt(s, limit: 16))
    }

    /// A DNS name or a dotted-quad IPv4 address; one trailing dot is dropped.
    public static func host(_ text: ArraySlice<UInt8>) throws(HTTPURLError) -> Host {
        var name = text
        if name.last == dot { name = name.dropLast() }
        guard !name.isEmpty else { throw .missingHost }
        let invalid = HTTPURLError.invalidHost(PrintfEscaping.excerpt(text))
        guard let labels = ASCII.dnsLabels(name) else { throw invalid }
        // A name ending in a number is an address (as browsers read it); only the strict form is taken.
        if let last = labels.last, last.allSatisfy(ASCII.isDigit) {
            guard let address = IPv4Address(name) else { throw invalid }
            return .ipv4(address)
        }
        return .name(ASCII.lowercased(name))
    }

    /// The bytes, with those that cannot travel in a request target as they are percent-encoded. `%` stays:
    /// existing escapes are kept, and a stray `%` is the server's own business.
    static func wireSafe(_ s: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        for b in s {
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                 UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), 0x80...0xff:
                ASCII.appendPercentEncoded(b, to: &out)
            default:
                out.append(b)
            }
        }
        return out
    }

    /// RFC 3986 §5.2.4: `.` and `..` segments resolved; `..` never climbs above the root.
    static func removeDotSegments(_ input: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        let n = input.count
        var i = 0
        func at(_ k: Int, _ c: UInt8) -> Bool { k < n && input[k] == c }
        while i < n {
            if at(i, dot) && at(i + 1, dot) && at(i + 2, slash) { i += 3; continue }        // A: "../"
            if at(i, dot) && at(i + 1, slash) { i += 2; continue }                          // A: "./"
            if at(i, slash) && at(i + 1, dot) && (i + 2 == n || at(i + 2, slash)) {         // B: "/./", "/."
                if i + 2 == n { out.append(slash); break }
                i += 2
                continue
            }
            if at(i, slash) && at(i + 1, dot) && at(i + 2, dot) && (i + 3 == n || at(i + 3, slash)) {  // C
                if let k = ASCII.lastIndex(of: slash, in: out[...]) { out.removeSubrange(k...) } else { out.removeAll() }
                if i + 3 == n { out.append(slash); break }
                i += 3
                continue
            }
            if (i + 1 == n && at(i, dot)) || (i + 2 == n && at(i, dot) && at(i + 1, dot)) { break }  // D
            var j = i + (input[i] == slash ? 1 : 0)                                         // E
            while j < n && input[j] != slash { j += 1 }
            out.append(contentsOf: input[i..<j])
            i = j
        }
        return out
    }
}

/// A URL reference split as RFC 3986 Appendix B does, the fragment dropped. Checked for size and control
/// bytes; surrounding blanks and line ends (as in a meta refresh's `url=`) are trimmed.
struct URLReference {
    var scheme: ArraySlice<UInt8>? = nil
    var authority: ArraySlice<UInt8>? = nil
    var path: ArraySlice<UInt8>
    var query: ArraySlice<UInt8>? = nil

    init(_ text: ArraySlice<UInt8>) throws(HTTPURLError) {
        var start = text.startIndex
        var end = text.endIndex
        func trimmed(_ b: UInt8) -> Bool { ASCII.isBlank(b) || b == ASCII.newline || b == ASCII.carriageReturn }
        while start < end, trimmed(text[start]) { start += 1 }
        while end > start, trimmed(text[end - 1]) { end -= 1 }
        guard end - start <= HTTPURL.maxBytes else { throw .tooLong(limit: HTTPURL.maxBytes) }
        var rest = text[start..<end]
        for i in rest.indices where ASCII.isControl(rest[i]) {
            throw .controlByte(rest[i], offset: i - text.startIndex)
        }
        if let hash = ASCII.firstIndex(of: UInt8(ascii: "#"), in: rest) { rest = rest[..<hash] }
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        if let first = rest.first, ASCII.isLetter(first) {
            var j = rest.startIndex + 1
            while j < rest.endIndex, ASCII.isLetter(rest[j]) || ASCII.isDigit(rest[j]) || rest[j] == UInt8(ascii: "+")
                    || rest[j] == UInt8(ascii: "-") || rest[j] == UInt8(ascii: ".") { j += 1 }
            if j < rest.endIndex, rest[j] == UInt8(ascii: ":") {
                scheme = rest[rest.startIndex..<j]
                rest = rest[(j + 1)...]
            }
        }
        if ASCII.hasPrefix(rest, "//") {
            let a = rest.dropFirst(2)
            var e = a.startIndex  // a loop, not firstIndex(where:) with a closure of its own
            while e < a.endIndex && a[e] != HTTPURL.slash && a[e] != HTTPURL.question { e += 1 }
            authority = a[..<e]
            rest = a[e...]
        }
        if let q = ASCII.firstIndex(of: HTTPURL.question, in: rest) {
            path = rest[..<q]
            query = rest[(q + 1)...]
        } else {
            path = rest
        }
    }
}

/// Why a URL or reference was refused.
public indirect enum HTTPURLError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooLong(limit: Int)
    /// A control byte (0x00–0x1f, 0x7f) inside; offset counted from the reference's first byte.
    case controlByte(UInt8, offset: Int)
    /// A relative reference where an absolute URL is needed.
    case notAbsolute
    /// The scheme (escaped) is not http or https.
    case unsupportedScheme(String)
    case missingHost
    case userinfo
    case ipv6Literal
    /// The host (escaped) is neither a DNS name nor a dotted-quad IPv4 address.
    case invalidHost(String)
    /// The port (escaped) is not a number 1–65535.
    case invalidPort(String)

    /// The words of the cases without a value from one literal: a literal per case was code of its own.
    public var description: String {
        let place: Int
        switch self {
        case .tooLong(let limit): return "URL longer than " + String(limit) + " bytes"
        case .controlByte(let b, let offset):
            var hex: [UInt8] = []
            Hex.append(b, to: &hex)
            return "URL has control byte 0x" + String(decoding: hex, as: UTF8.self) + " at offset " + String(offset)
        case .notAbsolute: place = 0
        case .unsupportedScheme(let s): return "URL scheme '" + s + "' is not http or https"
        case .missingHost: place = 1
        case .userinfo: place = 2
        case .ipv6Literal: place = 3
        case .invalidHost(let h): return "URL host '" + h + "' is neither a DNS name nor an IPv4 address"
        case .invalidPort(let p): return "URL port '" + p + "' is not a number 1-65535"
        }
        return String(decoding: ASCII.word(place, of: """
            not an absolute URL (no http:// or https://)|URL has no host|\
            URL has a user name (user@host), which is not supported|URL host is an IPv6 address literal, which is not supported
            """, separator: UInt8(ascii: "|")), as: UTF8.self)
    }
}
