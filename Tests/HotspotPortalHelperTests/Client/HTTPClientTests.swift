import Foundation
import Glibc
import CLinux
import Testing
import TestSupport
import HotspotProtocol
@testable import HotspotSystem
@testable import HotspotWeb
@testable import TestSupport
@testable import HotspotPortalHelper
@testable import SystemTestSupport

/// HTTPClient against scripted servers on 127.0.0.1 (names resolved by a fake DNS server), its sockets
/// bound to `lo`; https against `openssl s_server` with the throwaway CA of TLSClientTests.
@Suite struct HTTPClientTests {
    let dns: FakeDNSServer

    init() throws {
        dns = try FakeDNSServer { q in
            let name = FakeDNSServer.name(q)
            let known = ["portal.test", "localhost", "other.test"]
            return [FakeDNSServer.answer(q, addresses: known.contains(name) ? [[127, 0, 0, 1]] : [], rcode: known.contains(name) ? 0 : 3)]
        }
    }

    func client(readTimeoutMs: Int64 = 5_000, interface: String? = "lo", ca: String? = nil) -> HTTPClient {
        var options = HTTPClient.Options(interface: interface)
        options.readTimeoutMs = readTimeoutMs
        if let ca { options.trustAnchorsPath = ca }
        let resolver = UplinkResolver(servers: [IPv4Address(127, 0, 0, 1)], port: dns.port, interface: "lo")
        return HTTPClient(options: options, resolver: resolver, deadline: SystemClock.monotonicMs + 15_000)
    }

    func url(_ text: String) throws -> HTTPURL { try HTTPURL(text) }

    @Test func getsAChunkedResponseByName() throws {
        let server = try ScriptedHTTPServer { _, _ in
            Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n".utf8)
        }
        var c = client()
        let response = try c.send(HTTPRequest(url: url("http://portal.test:\(server.port)/page?a=1")))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello world")
        let request = try #require(server.requests.first)
        #expect(request.hasPrefix("GET /page?a=1 HTTP/1.1\r\nHost: portal.test:\(server.port)\r\n"))
        #expect(request.contains("User-Agent: hotspotd/"))
        #expect(request.contains("Connection: close\r\n"))
        #expect(dns.queries.map(FakeDNSServer.name) == ["portal.test"])
    }

    /// Issue 35, the router's own addresses: refused after DNS, before connecting, redirects included: loopback
    /// (but on the test interface `lo`), 0.0.0.0/8 (Linux connects it to this host) and this host's other
    /// interfaces' addresses (the router's LAN, where uhttpd answers).
    @Test func theRoutersOwnAddressesAreRefusedAfterDNSAndOnRedirects() throws {
        let server = try ScriptedHTTPServer { _, _ in httpResponse("200 OK", body: "router") }
        var offLo = client(interface: nil)
        #expect(throws: HTTPClientError.destinationNotAllowed(host: "portal.test", address: IPv4Address(127, 0, 0, 1), why: "is loopback")) {
            _ = try offLo.send(HTTPRequest(url: url("http://portal.test:\(server.port)/")))
        }
        // Another host's address (the first of this host's that is not loopback, e.g. a container's eth0).
        var own: [String] = []
        var list: UnsafeMutablePointer<ifaddrs>? = nil
        if getifaddrs(&list) == 0 {
            var p = list
            while let a = p {
                if let sa = a.pointee.ifa_addr, sa.pointee.sa_family == UInt16(AF_INET) {
                    let v = sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
                    if v >> 24 != 127 { own.append(IPv4Address(value: v).description) }
                }
                p = a.pointee.ifa_next
            }
            freeifaddrs(list)
        }
        let port = server.port, other = own.first ?? "0.0.0.1"
        let redirecting = try ScriptedHTTPServer { i, _ in
            i == 0 ? httpResponse("302 Found", headers: ["Location: http://0.0.0.0:\(port)/"])
                   : httpResponse("302 Found", headers: ["Location: http://\(other):\(port)/"])
        }
        var c = client()
        #expect(throws: HTTPClientError.destinationNotAllowed(host: "0.0.0.0", address: IPv4Address(0, 0, 0, 0), why: "is this host (0.0.0.0/8)")) {
            _ = try c.fetch(HTTPRequest(url: url("http://portal.test:\(redirecting.port)/")))
        }
        if let address = own.first {
            #expect(throws: HTTPClientError.destinationNotAllowed(host: address, address: IPv4Address(address)!, why: "is the router's own address")) {
                _ = try c.fetch(HTTPRequest(url: url("http://portal.test:\(redirecting.port)/")))
            }
        }
        #expect(server.requests.isEmpty)
    }

    /// 302 after a POST goes on as a GET without the body; the cookie set on the way goes with it.
    @Test func followsRedirectsWithCookies() throws {
        let server = try ScriptedHTTPServer { i, _ in
            switch i {
            case 0: return httpResponse("302 Found", headers: ["Location: /next", "Set-Cookie: s=42; Path=/"])
            case 1: return httpResponse("307 Temporary Redirect", headers: ["Location: /last"])
            default: return httpResponse("200 OK", body: "done")
            }
        }
        var c = client()
        let body = Array("a=1".utf8)
        let (response, final) = try c.fetch(HTTPRequest(
            method: .post, url: url("http://portal.test:\(server.port)/login"),
            headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: body))
        #expect(response.status == 200)
        #expect(final == (try url("http://portal.test:\(server.port)/last")))
        let r = server.requests
        #expect(r.count == 3)
        #expect(r[0].hasPrefix("POST /login ") && r[0].hasSuffix("\r\n\r\na=1"))
        #expect(r[1].hasPrefix("GET /next ") && r[1].contains("Cookie: s=42\r\n") && !r[1].contains("Content-Type"))
        // 307 keeps the method (here the GET it had become).
        #expect(r[2].hasPrefix("GET /last ") && r[2].contains("Cookie: s=42\r\n"))
    }

    /// A 307 or 308 re-sends the body on the same host; to another host it goes on as a GET without it.
    @Test func aRedirectCarriesTheBodyOnlyOnItsHost() throws {
        let server = try ScriptedHTTPServer { i, request in
            let port = request.split(separator: "\r\n").first { $0.hasPrefix("Host: ") }?.split(separator: ":").last ?? ""
            switch i {
            case 0: return httpResponse("308 Permanent Redirect", headers: ["Location: /again"])
            case 1: return httpResponse("307 Temporary Redirect", headers: ["Location: http://other.test:\(port)/login"])
            default: return httpResponse("200 OK", body: "done")
            }
        }
        var c = client()
        let post = HTTPRequest(method: .post, url: try url("http://portal.test:\(server.port)/login"),
                               headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: Array("pin=1234".utf8))
        let (response, final) = try c.fetch(post)
        #expect(response.status == 200)
        #expect(final == (try url("http://other.test:\(server.port)/login")))
        let r = server.requests
        #expect(r.count == 3)
        #expect(r[1].hasPrefix("POST /again ") && r[1].hasSuffix("\r\n\r\npin=1234"))
        #expect(r[2].hasPrefix("GET /login ") && r[2].contains("Host: other.test:"), "\(r[2])")
        #expect(!r[2].contains("pin=1234") && !r[2].contains("Content-Type") && !r[2].contains("Content-Length"), "\(r[2])")
    }

    @Test func redirectsAreCapped() throws {
        let server = try ScriptedHTTPServer { i, _ in httpResponse("302 Found", headers: ["Location: /r\(i + 1)"]) }
        var c = client()
        #expect(throws: HTTPClientError.tooManyRedirects(limit: 5)) {
            _ = try c.fetch(HTTPRequest(url: url("http://portal.test:\(server.port)/r0")))
        }
        #expect(server.requests.count == 6)
    }

    /// A redirect to a host outside the allow-list is refused before anything goes to it (no lookup either).
    @Test func hostsOutsideTheAllowListAreNotFollowed() throws {
        let server = try ScriptedHTTPServer { _, _ in httpResponse("302 Found", headers: ["Location: http://other.test/"]) }
        var c = client()
        c.allowsHost = { $0 == .name(Array("portal.test".utf8)) }
        #expect(throws: HTTPClientError.hostNotAllowed("other.test")) {
            _ = try c.fetch(HTTPRequest(url: url("http://portal.test:\(server.port)/")))
        }
        #expect(!dns.queries.map(FakeDNSServer.name).contains("other.test"))
    }

    @Test func aSilentServerTimesOut() throws {
        let server = try ScriptedHTTPServer { _, _ in nil }
        var c = client(readTimeoutMs: 300)
        let start = SystemClock.monotonicMs
        #expect(throws: HTTPClientError.timedOut(host: "portal.test")) {
            _ = try c.send(HTTPRequest(url: url("http://portal.test:\(server.port)/")))
        }
        #expect(SystemClock.monotonicMs - start < 3_000)
    }

    @Test func refusedConnectionsAndUnknownNamesAreNamed() throws {
        let port = try TCPListener().port  // free a moment ago, closed now
        var c = client()
        #expect(throws: HTTPClientError.connect(host: "portal.test", address: IPv4Address(127, 0, 0, 1), port: port, Errno(ECONNREFUSED))) {
            _ = try c.send(HTTPRequest(url: url("http://portal.test:\(port)/")))
        }
        #expect(throws: HTTPClientError.resolve(host: "nowhere.test", .answer(.nameNotFound))) {
            _ = try c.send(HTTPRequest(url: url("http://nowhere.test/")))
        }
        #expect(HTTPClientError.resolve(host: "nowhere.test", .answer(.nameNotFound)).description
            == "cannot resolve nowhere.test: DNS name does not exist (NXDOMAIN)")
    }

    @Test func theBodyIsCapped() throws {
        let server = try ScriptedHTTPServer { _, _ in httpResponse("200 OK", body: String(repeating: "x", count: 2_000)) }
        var c = client()
        c.options.maxBodyBytes = 1_000
        #expect(throws: HTTPClientError.response(host: "portal.test", .bodyTooLarge(limit: 1_000))) {
            _ = try c.send(HTTPRequest(url: url("http://portal.test:\(server.port)/")))
        }
    }

    @Test func aMissingInterfaceIsAClearError() throws {
        var c = client(interface: "nosuchif0")
        #expect(throws: HTTPClientError.socket(.bindToDevice(interface: "nosuchif0", Errno(ENODEV)))) {
            // Not loopback: off the test interface `lo` that is refused before any socket (DestinationPolicy).
            _ = try c.send(HTTPRequest(url: url("http://198.51.100.7:1/")))
        }
    }

    @Test func httpsVerifiesTheChain() throws {
        let pki = TestPKI.shared
        let server = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_2"])
        var trusted = client(ca: pki.caBundle)
        let response = try trusted.send(HTTPRequest(url: url("https://localhost:\(server.port)/")))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("TLSv1.2"))
        var untrusted = client(ca: pki.otherCABundle)
        #expect(throws: HTTPClientError.tls(host: "localhost", .certificateUntrusted)) {
            _ = try untrusted.send(HTTPRequest(url: url("https://localhost:\(server.port)/")))
        }
    }

    // MARK: The clock (README, "The clock")

    /// The policy: the clock once synchronised; before that no earlier than the build and the newest Date.
    @Test func certificatesAreCheckedAtTheClockOrLaterWhileItIsUnset() {
        let now = SystemClock.realtimeSeconds
        var c = client()
        c.options.certificateTimeFloor = now + 86_400
        c.options.clockSynchronized = true
        #expect(abs(c.certificateTime() - now) <= 2)
        c.options.clockSynchronized = false
        #expect(c.certificateTime() == now + 86_400)
        c.newestServerDate = now + 2 * 86_400
        #expect(c.certificateTime() == now + 2 * 86_400)
        // Never earlier than the clock: a floor or a Date in the past changes nothing.
        c.options.certificateTimeFloor = 0
        c.newestServerDate = now - 86_400 * 365
        #expect(c.certificateTime() >= now)
    }

    /// The time reaches the certificate check: TestPKI's certificates last two days, so a floor three days
    /// on makes them expired — unless ntpd has set the clock.
    @Test func theFloorReachesTheCertificateCheck() throws {
        let pki = TestPKI.shared
        let server = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_2"])
        var c = client(ca: pki.caBundle)
        c.options.certificateTimeFloor = SystemClock.realtimeSeconds + 3 * 86_400
        c.options.clockSynchronized = false
        #expect(throws: HTTPClientError.tls(host: "localhost", .certificateExpired)) {
            _ = try c.send(HTTPRequest(url: url("https://localhost:\(server.port)/")))
        }
        c.options.clockSynchronized = true
        #expect(try c.send(HTTPRequest(url: url("https://localhost:\(server.port)/"))).status == 200)
    }

    /// A portal's Date header (over http, before any https) moves the check on while the clock is unset.
    @Test func aServersDateMovesTheCheckOn() throws {
        let pki = TestPKI.shared
        let tls = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_2"])
        let http = try ScriptedHTTPServer { _, _ in httpResponse("204 No Content", headers: ["Date: Sun, 06 Nov 2044 08:49:37 GMT"]) }
        var c = client(ca: pki.caBundle)
        c.options.certificateTimeFloor = 0
        c.options.clockSynchronized = false
        #expect(try c.send(HTTPRequest(url: url("https://localhost:\(tls.port)/"))).status == 200)
        _ = try c.send(HTTPRequest(url: url("http://portal.test:\(http.port)/generate_204")))
        #expect(c.newestServerDate == 2_362_034_977)
        #expect(throws: HTTPClientError.tls(host: "localhost", .certificateExpired)) {
            _ = try c.send(HTTPRequest(url: url("https://localhost:\(tls.port)/")))
        }
    }
}
