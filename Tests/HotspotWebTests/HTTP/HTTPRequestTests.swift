import Testing
@testable import HotspotWeb

@Suite struct HTTPRequestTests {
    static func text(_ r: HTTPRequest) throws -> String { String(decoding: try r.encoded(), as: UTF8.self) }

    static func error(_ r: HTTPRequest) -> HTTPRequestError? {
        do throws(HTTPRequestError) {
            _ = try r.encoded()
            return nil
        } catch {
            return error
        }
    }

    @Test func get() throws {
        let r = HTTPRequest(url: try HTTPURL("http://captive.example/hotspot-detect.html?x=1#f"),
                            headers: [HTTPHeader("User-Agent", "hotspotd"), HTTPHeader("Cookie", "a=1;\tb=2")])
        #expect(try Self.text(r) == "GET /hotspot-detect.html?x=1 HTTP/1.1\r\nHost: captive.example\r\nUser-Agent: hotspotd\r\n"
            + "Cookie: a=1;\tb=2\r\nConnection: close\r\n\r\n")
    }

    @Test func postWithBodyAndPort() throws {
        let body = Array("user=me&pass=x".utf8)
        let r = HTTPRequest(method: .post, url: try HTTPURL("https://portal.example:8443/login"),
                            headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")], body: body)
        #expect(try Self.text(r) == "POST /login HTTP/1.1\r\nHost: portal.example:8443\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 14\r\nConnection: close\r\n\r\nuser=me&pass=x")
    }

    @Test func headAndEmptyBody() throws {
        let url = try HTTPURL("http://192.168.1.1:8080")
        #expect(try Self.text(HTTPRequest(method: .head, url: url)) == "HEAD / HTTP/1.1\r\nHost: 192.168.1.1:8080\r\nConnection: close\r\n\r\n")
        #expect(try Self.text(HTTPRequest(method: .post, url: url, body: []))
            == "POST / HTTP/1.1\r\nHost: 192.168.1.1:8080\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    /// No value can end its line or the head, and the encoder's own headers cannot be given twice.
    @Test func headerInjectionIsRefused() throws {
        let url = try HTTPURL("http://a.example/")
        func request(_ name: String, _ value: String) -> HTTPRequest { HTTPRequest(url: url, headers: [HTTPHeader(name, value)]) }
        #expect(Self.error(request("X-A", "1\r\nX-Evil: 2")) == .invalidHeaderValue(name: "X-A", byte: 0x0d, offset: 1))
        #expect(Self.error(request("X-A", "1\nX-Evil: 2")) == .invalidHeaderValue(name: "X-A", byte: 0x0a, offset: 1))
        #expect(Self.error(request("X-A", "a\u{0}")) == .invalidHeaderValue(name: "X-A", byte: 0x00, offset: 1))
        #expect(Self.error(request("X-A", "\u{7f}")) == .invalidHeaderValue(name: "X-A", byte: 0x7f, offset: 0))
        #expect(Self.error(request("X A", "1")) == .invalidHeaderName("X A"))
        #expect(Self.error(request("X-A\r\nX-B", "1")) == .invalidHeaderName("X-A\\r\\nX-B"))
        #expect(Self.error(request("", "1")) == .invalidHeaderName(""))
        #expect(Self.error(request("X-A:", "1")) == .invalidHeaderName("X-A:"))
        for reserved in ["Host", "content-length", "CONNECTION", "Transfer-Encoding"] {
            #expect(Self.error(request(reserved, "1")) == .reservedHeader(reserved))
        }
        // Non-ASCII bytes in values are sent as they are (cookie values may hold them).
        let raw = HTTPRequest(url: url, headers: [HTTPHeader(name: Array("X-A".utf8), value: [0xc3, 0xa9])])
        #expect(try raw.encoded().contains(0xc3))
    }
}
