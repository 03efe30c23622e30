import Foundation
import Glibc
import CLinux
import Testing
import HotspotProtocol
@testable import HotspotSystem
@testable import TestSupport
@testable import HotspotWeb
@testable import HotspotPortalHelper
@testable import SystemTestSupport

/// UplinkResolver against fake DNS servers on 127.0.0.1, its sockets bound to `lo` as they are bound to
/// the uplink on a router.
@Suite struct UplinkResolverTests {
    let localhost = IPv4Address(127, 0, 0, 1)
    func deadline(_ ms: Int64 = 5_000) -> Int64 { SystemClock.monotonicMs + ms }
    func host(_ name: String) -> HTTPURL.Host { .name(Array(name.utf8)) }

    @Test func asksTheConfiguredServerOverTheInterface() throws {
        let server = try FakeDNSServer { [FakeDNSServer.answer($0, addresses: [[10, 9, 0, 1], [10, 9, 0, 2]])] }
        var resolver = UplinkResolver(servers: [localhost], port: server.port, interface: "lo")
        #expect(try resolver.resolve(host("portal.example"), by: deadline()) == [IPv4Address(10, 9, 0, 1), IPv4Address(10, 9, 0, 2)])
        #expect(server.queries.map(FakeDNSServer.name) == ["portal.example"])
    }

    /// A datagram with another id (late, or spoofed) is dropped and the wait goes on for the answer.
    @Test func anAnswerWithAnotherIDIsIgnored() throws {
        let server = try FakeDNSServer { q in
            let wrong: [UInt8] = [q[0] ^ 0xff, q[1]]
            return [FakeDNSServer.answer(q, addresses: [[6, 6, 6, 6]], id: wrong), FakeDNSServer.answer(q, addresses: [[10, 0, 0, 7]])]
        }
        var resolver = UplinkResolver(servers: [localhost], port: server.port, interface: "lo")
        #expect(try resolver.resolve(host("portal.example"), by: deadline()) == [IPv4Address(10, 0, 0, 7)])
    }

    @Test func aSilentServerTimesOutAndTheNextOneAnswers() throws {
        let silent = try FakeDNSServer { _ in [] }
        let answering = try FakeDNSServer { [FakeDNSServer.answer($0, addresses: [[10, 0, 0, 8]])] }
        // Both on 127.0.0.1 but on different ports: the port is one setting, so two resolvers stand in.
        var first = UplinkResolver(servers: [localhost], port: silent.port, interface: "lo", timeoutMs: 300)
        let start = SystemClock.monotonicMs
        #expect(throws: UplinkResolverError.timedOut) { try first.resolve(host("a.example"), by: deadline()) }
        #expect(SystemClock.monotonicMs - start < 2_000)
        // Two servers: 127.0.0.2 (nobody listens on that port: refused at once) then 127.0.0.1.
        var second = UplinkResolver(servers: [IPv4Address(127, 0, 0, 2), localhost], port: answering.port, interface: "lo",
                                    timeoutMs: 300)
        #expect(try second.resolve(host("a.example"), by: deadline()) == [IPv4Address(10, 0, 0, 8)])
    }

    /// NXDOMAIN is an answer: the next server is not asked.
    @Test func nameNotFoundEndsTheLookup() throws {
        let server = try FakeDNSServer { [FakeDNSServer.answer($0, addresses: [], rcode: 3)] }
        var resolver = UplinkResolver(servers: [localhost, localhost], port: server.port, interface: "lo")
        #expect(throws: UplinkResolverError.answer(.nameNotFound)) { try resolver.resolve(host("nowhere.example"), by: deadline()) }
        #expect(server.queries.count == 1)
    }

    @Test func literalsAndCachedNamesSendNoQuery() throws {
        let server = try FakeDNSServer { [FakeDNSServer.answer($0, addresses: [[10, 0, 0, 9]])] }
        var resolver = UplinkResolver(servers: [localhost], port: server.port, interface: "lo")
        #expect(try resolver.resolve(.ipv4(IPv4Address(192, 168, 8, 1)), by: deadline()) == [IPv4Address(192, 168, 8, 1)])
        #expect(server.queries.isEmpty)
        _ = try resolver.resolve(host("portal.example"), by: deadline())
        _ = try resolver.resolve(host("portal.example"), by: deadline())
        #expect(server.queries.count == 1)
    }

    @Test func queryIDsAreRandom() throws {
        let server = try FakeDNSServer { [FakeDNSServer.answer($0, addresses: [[10, 0, 0, 1]])] }
        for i in 0..<8 {
            var resolver = UplinkResolver(servers: [localhost], port: server.port, interface: "lo")
            _ = try resolver.resolve(host("n\(i).example"), by: deadline())
        }
        let ids = Set(server.queries.map { UInt16($0[0]) << 8 | UInt16($0[1]) })
        #expect(ids.count > 1)
    }

    @Test func noServerAndNoInterfaceAreClearErrors() {
        var none = UplinkResolver(servers: [], interface: "lo")
        #expect(throws: UplinkResolverError.noServers) { try none.resolve(host("a.example"), by: deadline()) }
        var missing = UplinkResolver(servers: [localhost], interface: "nosuchif0")
        #expect(throws: UplinkResolverError.socket(.bindToDevice(interface: "nosuchif0", Errno(ENODEV)))) {
            try missing.resolve(host("a.example"), by: deadline())
        }
        #expect(UplinkResolverError.socket(.bindToDevice(interface: "wlan0", Errno(ENODEV))).description
            == "cannot bind a socket to interface wlan0: No such device")
    }
}
