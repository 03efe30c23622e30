import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// The portal helper's own DNS: A queries over UDP to the uplink's DHCP-provided servers (HOTSPOT_DNS),
/// from a socket bound to the uplink interface. The router's resolver and default route may belong to a
/// VPN, encrypted DNS or an ad-blocker, none of which can reach a portal before the login; the venue's
/// own servers can, and a portal often answers every name with its own address until then.
///
/// Each server is asked in turn with a fresh random query id, for `timeoutMs` at most; datagrams that
/// are not the answer (another id, another question) are dropped and the wait goes on. NXDOMAIN is an
/// answer; other errors move on to the next server. IPv4 literals need no query. Answers are kept for
/// the life of the process (one helper command).
public struct UplinkResolver {
    public var servers: [IPv4Address]
    /// 53; tests run a fake server on another port.
    public var port: UInt16
    /// The uplink interface every query leaves through; nil: the routing table decides (tests).
    public var interface: String?
    /// How long one server gets to answer.
    public var timeoutMs: Int64
    var cache: [(name: [UInt8], addresses: [IPv4Address])] = []

    public init(servers: [IPv4Address], port: UInt16 = 53, interface: String?, timeoutMs: Int64 = 3_000) {
        self.servers = servers
        self.port = port
        self.interface = interface
        self.timeoutMs = timeoutMs
    }

    /// The addresses of `host`, asking no later than `deadline` (monotonic ms).
    public mutating func resolve(_ host: HTTPURL.Host, by deadline: Int64) throws(UplinkResolverError) -> [IPv4Address] {
        let name: [UInt8]
        switch host {
        case .ipv4(let address): return [address]
        case .name(let n): name = n
        }
        for entry in cache where entry.name == name { return entry.addresses }
        guard !servers.isEmpty else { throw .noServers }
        let query: [UInt8]
        let id = UInt16.random(in: 0...UInt16.max)
        do throws(DNSError) { query = try DNSMessage.query(id: id, name: name) } catch { throw .answer(error) }
        var last = UplinkResolverError.timedOut
        for server in servers {
            if SystemClock.monotonicMs >= deadline { break }
            do throws(UplinkResolverError) {
                let addresses = try ask(server, query, id: id, name: name, by: min(deadline, SystemClock.monotonicMs + timeoutMs))
                cache.append((name, addresses))
                return addresses
            } catch {
                if case .answer(.nameNotFound) = error { throw error }
                if case .socket = error { throw error }
                last = error
            }
        }
        throw last
    }

    func ask(_ server: IPv4Address, _ query: [UInt8], id: UInt16, name: [UInt8], by deadline: Int64)
        throws(UplinkResolverError) -> [IPv4Address] {
        let socket: UplinkSocket
        do { socket = try UplinkSocket.open(.udp, interface: interface) } catch { throw .socket(error) }
        defer { socket.close() }
        var buffer = [UInt8](repeating: 0, count: 1500)
        var outcome: Result<[IPv4Address], UplinkResolverError>? = nil
        do throws(UplinkSocket.Failure) {
            // Connected: the kernel drops datagrams from any other address or port.
            try socket.connect(to: server, port: port, by: deadline)
            try socket.sendAll(query, by: deadline)
            while outcome == nil {
                let n = try socket.receive(into: &buffer, by: deadline)
                do throws(DNSError) {
                    outcome = .success(try DNSMessage.parseResponse(Array(buffer[0..<n]), id: id, name: name))
                } catch {
                    switch error {
                    case .idMismatch, .questionMismatch, .notAResponse: continue  // late or spoofed: keep waiting
                    default: outcome = .failure(.answer(error))
                    }
                }
            }
        } catch {
            switch error {
            case .timedOut: throw .timedOut
            // ICMP port unreachable (nothing listens there) and the like: this server cannot answer.
            case .errno(let e): throw .unreachable(server, e)
            }
        }
        return try outcome!.get()
    }
}

/// Why a host name has no address.
public indirect enum UplinkResolverError: Error, Equatable, CustomStringConvertible {
    /// HOTSPOT_DNS named no server (and there is no gateway to ask instead).
    case noServers
    case socket(UplinkSocketError)
    /// No server answered in time.
    case timedOut
    case unreachable(IPv4Address, Errno)
    /// The answer says there is no address (NXDOMAIN, no A record), or could not be used.
    case answer(DNSError)

    public var description: String {
        switch self {
        case .noServers: return "no DNS server known for the uplink"
        case .socket(let e): return e.description
        case .timedOut: return "no DNS server answered in time"
        case .unreachable(let server, let e): return "DNS server " + server.description + ": " + e.description
        case .answer(let e): return e.description
        }
    }
}
