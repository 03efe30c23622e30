import Foundation
import Glibc
import Testing
@testable import TestSupport

/// `hotspotd connect` and `hotspotd udp` as a helper script runs them: the binary, the helper environment, the
/// fake portal's HTTP and DNS servers as the peers.
@Suite(.serialized) struct SocketCommandTests {
    struct Run {
        var status: Int32
        var out: [UInt8]
        var err: String
    }

    func run(_ verb: String, _ arguments: [String], _ environment: [String: String], stdin: [UInt8] = []) throws -> Run {
        let r = try runHotspotd([verb] + arguments, environment, stdin: stdin)
        return Run(status: r.status, out: r.out, err: r.err)
    }

    /// A DNS query for `name`'s A record with the id 0x4242.
    func query(_ name: String) -> [UInt8] {
        var q: [UInt8] = [0x42, 0x42, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]
        for label in name.split(separator: ".") {
            q.append(UInt8(label.utf8.count))
            q += Array(label.utf8)
        }
        return q + [0, 0, 1, 0, 1]
    }

    /// A stream each way: the request on stdin, its end passed on, the whole answer on stdout; the name went to
    /// the uplink's DNS server.
    @Test func connectCarriesAStreamBothWays() throws {
        let portal = try PortalServer(mode: "click")
        let request = "GET /generate_204 HTTP/1.0\r\nHost: probe.test\r\n\r\n"
        let r = try run("connect", ["probe.test", String(portal.http)], portal.environment, stdin: Array(request.utf8))
        let answer = String(decoding: r.out, as: UTF8.self)
        #expect(r.status == 0, "\(r.err)")
        #expect(answer.hasPrefix("HTTP/1.") && answer.contains("Location:"), "\(answer)")
        #expect(portal.entries.contains { $0["dns"] as? String == "probe.test" })
        #expect(portal.requests.contains("GET /generate_204"))
    }

    /// One datagram out and the first one back: a DNS query to the portal's DNS server, answered with the address.
    @Test func udpExchangesOneDatagram() throws {
        let portal = try PortalServer(mode: "click")
        let r = try run("udp", ["127.0.0.1", String(portal.dns)], portal.environment, stdin: query("portal.test"))
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.prefix(2) == [0x42, 0x42] && r.out.suffix(4) == [127, 0, 0, 1], "\(r.out)")
    }

    /// The rules of fetch: the owner's portal domains, no router address off the test interface, exit 68 for a
    /// name the uplink's DNS cannot resolve; nothing reaches the peer.
    @Test func fetchsRulesHold() throws {
        let portal = try PortalServer(mode: "click")
        var domains = portal.environment
        domains["HOTSPOT_PORTAL_DOMAINS"] = "example.net"
        let other = try run("connect", ["other.test", String(portal.http)], domains, stdin: Array("GET / HTTP/1.0\r\n\r\n".utf8))
        #expect(other.status == 3 && other.err.contains("other.test is not one of the portal domains"), "\(other.err)")
        var offLoopback = portal.environment
        offLoopback["HOTSPOT_INTERFACE"] = nil
        let loop = try run("udp", ["127.0.0.1", String(portal.dns)], offLoopback, stdin: query("portal.test"))
        #expect(loop.status == 3 && loop.err.contains("(127.0.0.1) is loopback: not followed"), "\(loop.err)")
        let unresolved = try run("connect", ["nowhere.test", String(portal.http)], portal.environment)
        #expect(unresolved.status == 68 && unresolved.err.contains("cannot resolve nowhere.test"), "\(unresolved.err)")
        #expect(!portal.entries.contains { $0["dns"] as? String == "other.test" })
        #expect(portal.requests.isEmpty)
    }

    /// No peer: a refused connection and a datagram nobody answers both end with a reason, never hang.
    @Test func noPeerIsAnErrorInTime() throws {
        let env = ["HOTSPOT_INTERFACE": "lo"]
        let refused = try run("connect", ["127.0.0.1", "9"], env)
        #expect(refused.status == 3 && refused.err.contains("Connection refused"), "\(refused.err)")
        // A UDP socket nobody reads: bound, never answering.
        let silent = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(silent, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(silent, $0, &length) } }
        let port = String(UInt16(bigEndian: address.sin_port))
        let quiet = try run("udp", ["--max-time", "1", "127.0.0.1", port], env, stdin: [1, 2, 3])
        #expect(quiet.status == 3 && quiet.err.contains("did not answer in time"), "\(quiet.err)")
        var got = [UInt8](repeating: 0, count: 16)
        #expect(recv(silent, &got, 16, Int32(MSG_DONTWAIT)) == 3 && got.prefix(3) == [1, 2, 3])
    }

    @Test func usageErrors() throws {
        let env = ["HOTSPOT_INTERFACE": "lo"]
        for verb in ["connect", "udp"] {
            for args in [[], ["host"], ["host", "0"], ["host", "65536"], ["host", "80", "extra"], ["--bogus", "host", "80"],
                         ["--max-time", "0", "host", "80"], ["bad host", "80"]] {
                let r = try run(verb, args, env)
                #expect(r.status == 2 && r.err.hasPrefix("hotspotd \(verb): usage") && r.out.isEmpty, "\(verb) \(args)")
            }
        }
    }
}
