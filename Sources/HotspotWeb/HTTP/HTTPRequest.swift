import HotspotCore

/// One HTTP/1.1 request of the portal client, one per connection:
///
///     GET /login?x=1 HTTP/1.1
///     Host: portal.example:8080        (the port only when it is not the scheme's default)
///     <headers>
///     Content-Length: 11               (when there is a body)
///     Connection: close
///
/// The URL is valid by construction; headers are checked when encoding, so no value can end the head
/// early or add a header of its own.
public struct HTTPRequest: Hashable, Sendable {
    public enum Method: Hashable, Sendable {
        case get, head, post
    }

    public var method: Method
    public var url: HTTPURL
    /// Extra headers, sent in this order. Host, Content-Length, Connection and Transfer-Encoding are the
    /// encoder's own.
    public var headers: [HTTPHeader]
    /// nil: no body and no Content-Length. An empty body still sends `Content-Length: 0`, which servers
    /// want for a POST.
    public var body: [UInt8]?

    public init(method: Method = .get, url: HTTPURL, headers: [HTTPHeader] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    public func encoded() throws(HTTPRequestError) -> [UInt8] {
        var out: [UInt8] = []
        switch method {
        case .get: ASCII.append(&out, "GET ")
        case .head: ASCII.append(&out, "HEAD ")
        case .post: ASCII.append(&out, "POST ")
        }
        out.append(contentsOf: url.target)
        ASCII.append(&out, " HTTP/1.1\r\nHost: ")
        out.append(contentsOf: url.hostHeader)
        ASCII.append(&out, "\r\n")
        for h in headers {
            let name = h.name[...]
            guard !name.isEmpty, name.allSatisfy(ASCII.isTokenByte) else {
                throw .invalidHeaderName(PrintfEscaping.excerpt(name, limit: 32))
            }
            if ASCII.index(ofWord: name, in: "host content-length connection transfer-encoding") != nil {
                throw .reservedHeader(ASCII.string(name))
            }
            for i in h.value.indices where ASCII.isControl(h.value[i]) && h.value[i] != ASCII.tab {
                throw .invalidHeaderValue(name: ASCII.string(name), byte: h.value[i], offset: i)
            }
            out.append(contentsOf: h.name)
            ASCII.append(&out, ": ")
            out.append(contentsOf: h.value)
            ASCII.append(&out, "\r\n")
        }
        if let body {
            ASCII.append(&out, "Content-Length: ")
            ASCII.append(&out, decimal: body.count)
            ASCII.append(&out, "\r\n")
        }
        ASCII.append(&out, "Connection: close\r\n\r\n")
        if let body { out.append(contentsOf: body) }
        return out
    }
}

/// Why a request could not be encoded.
public indirect enum HTTPRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Empty, or not a token (escaped).
    case invalidHeaderName(String)
    /// A header the encoder writes itself.
    case reservedHeader(String)
    /// A control byte (CR, LF, NUL, …; tab is allowed) that could end the line or the head.
    case invalidHeaderValue(name: String, byte: UInt8, offset: Int)

    public var description: String {
        switch self {
        case .invalidHeaderName(let n): return "HTTP header name '" + n + "' is not a token"
        case .reservedHeader(let n): return "HTTP header " + n + " is set by the request itself"
        case .invalidHeaderValue(let name, let b, let offset):
            var hex: [UInt8] = []
            Hex.append(b, to: &hex)
            return "value of HTTP header " + name + " has control byte 0x" + String(decoding: hex, as: UTF8.self)
                + " at offset " + String(offset)
        }
    }
}
