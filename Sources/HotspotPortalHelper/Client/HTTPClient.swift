import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// HTTP/1.1 for the portal helper: one request per connection (`Connection: close`), over TCP or TLS
/// (`TLSClient`, chains always verified against the CA bundle), every socket bound to the uplink interface
/// and every name resolved by the uplink's own DNS servers (`UplinkResolver`).
///
/// It blocks over poll(2): it runs in the helper process, one command at a time, never in the daemon.
/// Limits: `connectTimeoutMs` per address, `readTimeoutMs` of silence while a response is due, and
/// `deadline` (monotonic ms) for everything; the response through `HTTPResponseParser` with its caps on
/// head and body. `fetch` follows redirects (at most `maxRedirects`); cookies of one login live in
/// `cookies`; `allowsHost` refuses hosts before any byte goes to them (the portal domains).
public struct HTTPClient {
    public struct Options {
        /// The uplink interface; nil: the routing table decides (tests on the loopback device may give "lo").
        public var interface: String?
        /// PEM CA bundle for https.
        public var trustAnchorsPath = "/etc/ssl/certs/ca-certificates.crt"
        public var connectTimeoutMs: Int64 = 5_000
        public var readTimeoutMs: Int64 = 10_000
        public var maxRedirects = 5
        public var maxBodyBytes = HTTPResponseParser.defaultMaxBodyBytes
        public var userAgent = "hotspotd/" + hotspotdVersion
        /// While the clock is not synchronised, certificates are checked no earlier than this (`certificateTime`).
        public var certificateTimeFloor = hotspotdBuildTime
        /// nil: ask the kernel (adjtimex) before each handshake; tests say.
        public var clockSynchronized: Bool? = nil

        public init(interface: String? = nil) { self.interface = interface }
    }

    public var options: Options
    public var resolver: UplinkResolver
    public var cookies: HTTPCookieJar
    /// Monotonic milliseconds by which every request must be done.
    public var deadline: Int64
    /// Consulted for every URL before it is requested, redirects included.
    public var allowsHost: (HTTPURL.Host) -> Bool = { _ in true }
    /// Consulted for every address a host resolved to, before connecting: never the router itself or its LAN.
    public var destinations: DestinationPolicy
    /// The latest `Date` a server of this login sent (Unix seconds), 0 before any.
    public var newestServerDate: Int64 = 0
    /// https origins whose certificate did not verify and that this client talked to anyway (portal pages
    /// only, `acceptsUnverifiedTLS`): treated like plain http for the owner's answers.
    public var unverifiedOrigins: [String] = []
    /// An https certificate that does not verify is then talked to all the same (its origin noted in
    /// `unverifiedOrigins`): portal pages only, never the probes, the API or a configured secret's request.
    public var acceptsUnverifiedTLS = false

    public init(options: Options, resolver: UplinkResolver, deadline: Int64) {
        self.options = options
        self.resolver = resolver
        self.deadline = deadline
        destinations = HTTPClient.routerDestinations(interface: options.interface, address: nil, gateway: nil)
        // A time late rather than early keeps live cookies (HTTPCookieJar); the wall clock may be unset.
        cookies = HTTPCookieJar(now: SystemClock.realtimeSeconds)
    }

    /// The destination policy on this router: its interfaces' addresses as the kernel has them now.
    @inline(never)
    static func routerDestinations(interface: String?, address: IPv4Address?, gateway: IPv4Address?) -> DestinationPolicy {
        var subnets: [DestinationPolicy.Subnet] = []
        LocalIPv4.forEach(uplink: interface) { address, mask, onUplink in
            subnets.append(DestinationPolicy.Subnet(address: address, mask: mask, onUplink: onUplink))
        }
        return DestinationPolicy(interface: interface, uplinkAddress: address, gateway: gateway, interfaces: subnets)
    }

    /// The client a portal helper's `settings` say: bound to the uplink, asking its DNS servers, trusting the
    /// CA bundle, within the time limit, to the hosts `policy` allows. Its fields set in place: options built
    /// apart and passed to `init(options:resolver:deadline:)` were copied.
    @inline(never) init(_ settings: PortalHelperSettings, _ policy: PortalHostPolicy) {
        options = Options(interface: settings.interface)
        options.trustAnchorsPath = settings.trustAnchorsPath
        resolver = UplinkResolver(servers: settings.dnsServers, port: settings.dnsPort, interface: settings.interface)
        deadline = SystemClock.monotonicMs + settings.timeLimitMs
        cookies = HTTPCookieJar(now: SystemClock.realtimeSeconds)  // as init(options:resolver:deadline:) says
        allowsHost = { policy.allows($0) }
        destinations = HTTPClient.routerDestinations(interface: settings.interface, address: settings.address, gateway: settings.gateway)
    }

    /// The request, following redirects: the final response and the URL that gave it. A POST that is
    /// redirected with 301, 302 or 303 goes on as a GET without its body, as browsers do, and so does a
    /// 307 or 308 that would take the body to another host or down to http (`PortalHostPolicy`).
    public mutating func fetch(_ request: HTTPRequest) throws(HTTPClientError) -> (response: HTTPResponse, url: HTTPURL) {
        var request = request
        var hops = 0
        while true {
            let response = try send(request)
            guard response.isRedirect, let location = response.header("Location") else { return (response, request.url) }
            if hops == options.maxRedirects { throw .tooManyRedirects(limit: options.maxRedirects) }
            hops += 1
            let next: HTTPURL
            do throws(HTTPURLError) { next = try request.url.resolve(location[...]) } catch { throw .redirect(error) }
            if response.status == 303 || (request.method == .post && response.status != 307 && response.status != 308)
                || (request.body != nil && !PortalHostPolicy.redirectKeepsBody(from: request.url, to: next)) {
                request.method = .get
                request.body = nil
                var kept: [HTTPHeader] = []  // not removeAll(where:), whose closure brought a copy of it
                for h in request.headers where !ASCII.equals(h.name[...], "Content-Type") { kept.append(h) }
                request.headers = kept
            }
            request.url = next
        }
    }

    /// One request and its response, redirects not followed; `Set-Cookie` goes into `cookies`.
    public mutating func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let url = request.url
        var outgoing = request
        outgoing.headers.append(HTTPHeader("User-Agent", options.userAgent))
        if let cookie = cookies.cookieHeader(for: url) { outgoing.headers.append(HTTPHeader(name: Array("Cookie".utf8), value: cookie)) }
        let wire: [UInt8]
        do throws(HTTPRequestError) { wire = try outgoing.encoded() } catch { throw .request(error) }
        let addresses = try destinations(of: url.host)
        let origin = url.origin
        let unverified = acceptsUnverifiedTLS && isUnverified(origin)
        var response: HTTPResponse
        do throws(HTTPClientError) {
            response = try exchange(wire, request.method, url, addresses, verifying: !unverified)
        } catch {
            // A certificate that does not verify, where that may be: once more, unverified, and noted.
            guard acceptsUnverifiedTLS, !unverified, case .tls(_, let e) = error, e.isCertificateProblem else { throw error }
            response = try exchange(wire, request.method, url, addresses, verifying: false)
            unverifiedOrigins.append(origin)
        }
        for value in response.headerValues("Set-Cookie") { cookies.store(setCookie: value, from: url) }
        if let date = response.header("Date"), let t = HTTPCookieJar.parseDate(date[...]) { newestServerDate = max(newestServerDate, t) }
        return response
    }

    /// Whether `origin` is one of `unverifiedOrigins`. Bytes compared: String's `==` would bring Unicode
    /// normalisation into the router binary for ASCII text (about 3 KB).
    func isUnverified(_ origin: String) -> Bool {
        for o in unverifiedOrigins where ASCII.same(o, origin) { return true }
        return false
    }

    /// Where a connection to `host` may go: a portal domain (every host when none are set), resolved by the
    /// uplink's DNS, less the addresses `DestinationPolicy` refuses (the router itself, its LAN). The rules of
    /// every request, and of `hotspotd connect` and `udp`.
    mutating func destinations(of host: HTTPURL.Host) throws(HTTPClientError) -> [IPv4Address] {
        let name = host.description
        guard allowsHost(host) else { throw .hostNotAllowed(name) }
        let resolved: [IPv4Address]
        do throws(UplinkResolverError) { resolved = try resolver.resolve(host, by: deadline) } catch {
            throw .resolve(host: name, error)
        }
        // After DNS, before any connection (issue 35).
        var addresses: [IPv4Address] = []
        var refused: HTTPClientError? = nil
        for a in resolved {
            if let why = destinations.refusal(a) {
                if refused == nil { refused = .destinationNotAllowed(host: name, address: a, why: why) }
            } else {
                addresses.append(a)
            }
        }
        if addresses.isEmpty, let refused { throw refused }
        return addresses
    }

    /// One connection: the request out, the response in, over TCP or TLS.
    func exchange(_ wire: [UInt8], _ method: HTTPRequest.Method, _ url: HTTPURL, _ addresses: [IPv4Address],
                  verifying: Bool) throws(HTTPClientError) -> HTTPResponse {
        let host = url.host.description
        let socket = try connect(host, addresses, port: url.port)
        defer { socket.close() }
        var parser = HTTPResponseParser(respondingToHEAD: method == .head, maxBodyBytes: options.maxBodyBytes)
        guard url.scheme == .https else { return try exchange(socket, wire, &parser, host) }
        var tls: TLSClient
        do throws(TLSError) {
            tls = try TLSClient(serverName: host, trustAnchorsPath: options.trustAnchorsPath, validationTime: certificateTime(),
                                verifying: verifying)
        } catch {
            throw .tls(host: host, error)
        }
        return try exchange(&tls, socket, wire, &parser, host)
    }

    /// When certificates are checked: the clock once ntpd keeps it. Before that a router without a
    /// real-time clock is behind (the portal blocks NTP until the login), so a certificate issued since
    /// would not be valid yet: no earlier than the build and the newest `Date` a server sent. Never earlier
    /// than the clock: an expired certificate stays expired (README, "The clock", says what this risks).
    public func certificateTime() -> Int64 {
        let now = SystemClock.realtimeSeconds
        if options.clockSynchronized ?? SystemClock.isSynchronized { return now }
        return max(now, options.certificateTimeFloor, newestServerDate)
    }

    /// A connected socket to the first address that accepts, each given `connectTimeoutMs`.
    func connect(_ host: String, _ addresses: [IPv4Address], port: UInt16) throws(HTTPClientError) -> UplinkSocket {
        var last = HTTPClientError.connectTimedOut(host: host, port: port)
        for address in addresses.prefix(4) {
            let socket: UplinkSocket
            do throws(UplinkSocketError) { socket = try UplinkSocket.open(.tcp, interface: options.interface) } catch {
                throw .socket(error)
            }
            do throws(UplinkSocket.Failure) {
                try socket.connect(to: address, port: port, by: min(deadline, SystemClock.monotonicMs + options.connectTimeoutMs))
                return socket
            } catch {
                socket.close()
                switch error {
                case .timedOut: last = .connectTimedOut(host: host, port: port)
                case .errno(let e): last = .connect(host: host, address: address, port: port, e)
                }
            }
            if SystemClock.monotonicMs >= deadline { break }
        }
        throw last
    }

    /// Silence limit for the next read, within the overall deadline.
    func readDeadline() -> Int64 { min(deadline, SystemClock.monotonicMs + options.readTimeoutMs) }

    /// All of `bytes` sent, a failure named after the host. (Two plain calls: a generic wrapper over closures
    /// cost a specialisation and a closure per call.)
    func sendAll(_ bytes: [UInt8], on socket: UplinkSocket, _ host: String) throws(HTTPClientError) {
        do throws(UplinkSocket.Failure) { try socket.sendAll(bytes, by: deadline) } catch { throw HTTPClient.failure(error, host) }
    }

    /// What arrived within the read timeout (0 at the end of the stream), a failure named after the host.
    func receive(into buffer: inout [UInt8], from socket: UplinkSocket, _ host: String) throws(HTTPClientError) -> Int {
        do throws(UplinkSocket.Failure) { return try socket.receive(into: &buffer, by: readDeadline()) } catch {
            throw HTTPClient.failure(error, host)
        }
    }

    static func failure(_ error: UplinkSocket.Failure, _ host: String) -> HTTPClientError {
        switch error {
        case .timedOut: return .timedOut(host: host)
        case .errno(let e): return .io(host: host, e)
        }
    }

    /// Bytes of the response, through the parser: the response once it is complete, else nil.
    func parse(_ parser: inout HTTPResponseParser, _ bytes: ArraySlice<UInt8>, _ host: String) throws(HTTPClientError) -> HTTPResponse? {
        do throws(HTTPParseError) { return try parser.feed(bytes) } catch { throw .response(host: host, error) }
    }

    func finish(_ parser: inout HTTPResponseParser, _ host: String) throws(HTTPClientError) -> HTTPResponse {
        do throws(HTTPParseError) { return try parser.finish() } catch { throw .response(host: host, error) }
    }

    func exchange(_ socket: UplinkSocket, _ wire: [UInt8], _ parser: inout HTTPResponseParser, _ host: String)
        throws(HTTPClientError) -> HTTPResponse {
        try sendAll(wire, on: socket, host)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = try receive(into: &buffer, from: socket, host)
            if n == 0 { return try finish(&parser, host) }
            if let response = try parse(&parser, buffer[0..<n], host) { return response }
        }
    }

    /// The TLS session's pump (as BearSSL wants it: ciphertext out first, plaintext up, request in,
    /// ciphertext from the socket), until the response is complete. A stream that ends without the
    /// server's close_notify while the response still runs is truncated, never taken as the whole.
    func exchange(_ tls: inout TLSClient, _ socket: UplinkSocket, _ wire: [UInt8], _ parser: inout HTTPResponseParser,
                  _ host: String) throws(HTTPClientError) -> HTTPResponse {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var pending: [UInt8] = []
        var sent = 0
        while true {
            let readiness: TLSClient.Readiness
            switch tls.state {
            case .failed(let e): throw .tls(host: host, e)
            case .closed: return try finish(&parser, host)
            case .open(let r): readiness = r
            }
            if readiness.contains(.wantsToSend) {
                let n = tls.pullCiphertext(into: &buffer)
                try sendAll(Array(buffer[0..<n]), on: socket, host)
            } else if readiness.contains(.hasPlaintext) {
                let n = tls.pullPlaintext(into: &buffer)
                if let response = try parse(&parser, buffer[0..<n], host) { return response }
            } else if readiness.contains(.canSendPlaintext) && sent < wire.count {
                sent += tls.pushPlaintext(Array(wire[sent...]))
            } else if readiness.contains(.canReceive) {
                if pending.isEmpty {
                    let n = try receive(into: &buffer, from: socket, host)
                    if n == 0 {
                        do throws(TLSError) { try tls.transportEnded() } catch { throw .tls(host: host, error) }
                        return try finish(&parser, host)
                    }
                    pending = Array(buffer[0..<n])
                }
                let taken = tls.pushCiphertext(pending)
                pending.removeFirst(taken)
            } else {
                // Nothing to send, nothing to read: the engine waits for what this client will never do.
                throw .tls(host: host, .truncated)
            }
        }
    }
}

/// Why a portal request got no response.
public indirect enum HTTPClientError: Error, Equatable, CustomStringConvertible {
    case hostNotAllowed(String)
    /// The host resolved only to addresses `DestinationPolicy` refuses (the router's own, its LAN): the first, and why.
    case destinationNotAllowed(host: String, address: IPv4Address, why: String)
    case request(HTTPRequestError)
    case resolve(host: String, UplinkResolverError)
    case socket(UplinkSocketError)
    case connect(host: String, address: IPv4Address, port: UInt16, Errno)
    case connectTimedOut(host: String, port: UInt16)
    /// No response in time: the read timeout or the command's deadline.
    case timedOut(host: String)
    case io(host: String, Errno)
    case tls(host: String, TLSError)
    case response(host: String, HTTPParseError)
    case redirect(HTTPURLError)
    case tooManyRedirects(limit: Int)

    public var description: String {
        switch self {
        case .hostNotAllowed(let h): return h + " is not one of the portal domains: not followed"
        case .destinationNotAllowed(let h, let a, let why): return h + " (" + a.description + ") " + why + ": not followed"
        case .request(let e): return e.description
        case .resolve(let h, let e): return "cannot resolve " + h + ": " + e.description
        case .socket(let e): return e.description
        case .connect(let h, let a, let p, let e):
            return "cannot connect to " + h + " (" + a.description + ":" + String(p) + "): " + e.description
        case .connectTimedOut(let h, let p): return "connecting to " + h + ":" + String(p) + " timed out"
        case .timedOut(let h): return h + " did not answer in time"
        case .io(let h, let e): return h + ": " + e.description
        case .tls(let h, let e): return h + ": " + e.description
        case .response(let h, let e): return h + ": " + e.description
        case .redirect(let e): return "redirect to an unusable URL: " + e.description
        case .tooManyRedirects(let limit): return "more than " + String(limit) + " redirects"
        }
    }
}
