import Testing
@testable import HotspotWeb

@Suite struct HTTPURLTests {
    static func url(_ text: String) -> HTTPURL { try! HTTPURL(text) }

    static func error(_ body: () throws(HTTPURLError) -> HTTPURL) -> HTTPURLError? {
        do throws(HTTPURLError) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func absoluteURLs() throws {
        let u = try HTTPURL("HTTP://Portal.Example.COM/Login?Next=%2Fhome#top")
        #expect(u.scheme == .http)
        #expect(u.host == .name(Array("portal.example.com".utf8)))
        #expect(u.port == 80)
        #expect(u.target == Array("/Login?Next=%2Fhome".utf8))
        #expect(String(decoding: u.path, as: UTF8.self) == "/Login")
        #expect(u.query.map { String(decoding: $0, as: UTF8.self) } == "Next=%2Fhome")
        #expect("\(u)" == "http://portal.example.com/Login?Next=%2Fhome")

        let s = try HTTPURL("https://portal.example:8443")
        #expect(s.scheme == .https && s.port == 8443 && s.target == [UInt8(ascii: "/")] && s.query == nil)
        #expect(String(decoding: s.hostHeader, as: UTF8.self) == "portal.example:8443")
        #expect("\(s)" == "https://portal.example:8443/")

        // Default ports are dropped; `host:` is the default port.
        #expect("\(Self.url("http://a.example:80/x"))" == "http://a.example/x")
        #expect("\(Self.url("https://a.example:443/"))" == "https://a.example/")
        #expect("\(Self.url("https://a.example:80/"))" == "https://a.example:80/")
        #expect(Self.url("http://a.example:/x").port == 80)
        #expect(String(decoding: Self.url("https://a.example/").hostHeader, as: UTF8.self) == "a.example")

        let ip = try HTTPURL("http://192.168.1.1:8080/login")
        #expect(ip.host == .ipv4(IPv4Address(192, 168, 1, 1)))
        #expect(String(decoding: ip.hostHeader, as: UTF8.self) == "192.168.1.1:8080")

        // A trailing dot on the host is dropped; an empty query is kept.
        #expect("\(Self.url("http://portal.example./a?"))" == "http://portal.example/a?")
        // Blanks and line ends around it (a meta refresh, a header) are ignored.
        #expect("\(Self.url("  http://a.example/x \r\n"))" == "http://a.example/x")
        // Dot segments are removed in absolute URLs too.
        #expect("\(Self.url("http://a.example/b/../c/./d"))" == "http://a.example/c/d")
        #expect("\(Self.url("http://under_score.example/"))" == "http://under_score.example/")
    }

    /// Existing escapes stay as they are; bytes that cannot go on the wire raw are escaped.
    @Test func percentEncoding() {
        #expect("\(Self.url("http://a.example/%7Euser/%2e%2E/%zz?q=%41"))" == "http://a.example/%7Euser/%2e%2E/%zz?q=%41")
        #expect("\(Self.url("http://a.example/a b/\u{e9}?x=\"<y>\"&z={|}^`\\"))"
            == "http://a.example/a%20b/%C3%A9?x=%22%3Cy%3E%22&z=%7B%7C%7D%5E%60%5C")
    }

    @Test func refusedURLs() {
        let cases: [(String, HTTPURLError)] = [
            ("", .notAbsolute),
            ("   ", .notAbsolute),
            ("/login", .notAbsolute),
            ("portal.example/login", .notAbsolute),
            ("ftp://a.example/", .unsupportedScheme("ftp")),
            ("javascript:alert(1)", .unsupportedScheme("javascript")),
            ("http:/a.example/", .missingHost),
            ("http:///x", .missingHost),
            ("http://:80/", .missingHost),
            ("http://user:pw@a.example/", .userinfo),
            ("http://a.example@evil.example/", .userinfo),
            ("http://[::1]/", .ipv6Literal),
            ("http://a.example:0/", .invalidPort("0")),
            ("http://a.example:65536/", .invalidPort("65536")),
            ("http://a.example:123456/", .invalidPort("123456")),
            ("http://a.example:8x/", .invalidPort("8x")),
            ("http://a.example:-1/", .invalidPort("-1")),
            ("http://a.example:80:80/", .invalidPort("80:80")),
            ("http://a b/", .invalidHost("a b")),
            ("http://a..b/", .invalidHost("a..b")),
            ("http://.a/", .invalidHost(".a")),
            ("http://a%2eb/", .invalidHost("a%2eb")),
            ("http://caf\u{e9}.example/", .invalidHost("caf\\xc3\\xa9.example")),
            ("http://evil.example\\@good.example/", .userinfo),
            ("http://1.2.3/", .invalidHost("1.2.3")),
            ("http://010.0.0.1/", .invalidHost("010.0.0.1")),
            ("http://256.1.1.1/", .invalidHost("256.1.1.1")),
            ("http://example.123/", .invalidHost("example.123")),
            ("http://a.example/x\ny", .controlByte(0x0a, offset: 18)),
            ("http://a.example/\u{0}", .controlByte(0x00, offset: 17)),
        ]
        for (text, expected) in cases {
            #expect(Self.error { () throws(HTTPURLError) in try HTTPURL(text) } == expected, "\(text)")
        }
        #expect(Self.error { () throws(HTTPURLError) in try HTTPURL("http://a.example/a\tb") } == .controlByte(0x09, offset: 18))
        let label = String(repeating: "a", count: 64)
        #expect(Self.error { () throws(HTTPURLError) in try HTTPURL("http://" + label + ".example/") } == .invalidHost(label + "..."))  // escaped and cut to 64 bytes
        #expect((try? HTTPURL("http://" + String(label.dropFirst()) + ".example/")) != nil)
        let long = String(repeating: "abcdefg.", count: 32) + "example"  // 263 bytes
        #expect(Self.error { () throws(HTTPURLError) in try HTTPURL("http://" + long + "/") } != nil)
    }

    @Test func sizeCap() {
        let base = "http://a.example/"
        let fits = base + String(repeating: "x", count: HTTPURL.maxBytes - base.utf8.count)
        #expect((try? HTTPURL(fits))?.bytes.count == HTTPURL.maxBytes)
        #expect(Self.error { () throws(HTTPURLError) in try HTTPURL(fits + "x") } == .tooLong(limit: HTTPURL.maxBytes))
        // Escaping makes a reference longer: the URL it becomes is capped too.
        let spaces = base + String(repeating: " ", count: 1000)
        #expect(Self.error { () throws(HTTPURLError) in try HTTPURL(spaces + "x") } == .tooLong(limit: HTTPURL.maxBytes))
        // So is a merge of a long base path with a long reference.
        let half = Self.url(base + String(repeating: "d/", count: 600))
        #expect(Self.error { () throws(HTTPURLError) in try half.resolve(String(repeating: "e", count: 1000)) } == .tooLong(limit: HTTPURL.maxBytes))
    }

    /// RFC 3986 §5.4: every normal and abnormal example, with the fragment dropped and the scheme-less
    /// `g:h` and `http:g` refused.
    @Test func rfc3986Examples() throws {
        let base = try HTTPURL("http://a/b/c/d;p?q")
        let examples: [(String, String)] = [
            ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
            ("//g", "http://g/"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q"),
            ("g#s", "http://a/b/c/g"), ("g?y#s", "http://a/b/c/g?y"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
            ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
            ("../../", "http://a/"), ("../../g", "http://a/g"),
            // Abnormal examples (§5.4.2).
            ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g"), ("g#s/../x", "http://a/b/c/g"),
        ]
        for (reference, expected) in examples {
            #expect("\(try base.resolve(reference))" == expected, "\(reference)")
        }
        #expect(Self.error { () throws(HTTPURLError) in try base.resolve("g:h") } == .unsupportedScheme("g"))
        #expect(Self.error { () throws(HTTPURLError) in try base.resolve("http:g") } == .missingHost)
    }

    @Test func portalReferences() throws {
        let page = try HTTPURL("https://portal.example:8443/guest/welcome.php?ap=1")
        // Location: an absolute URL on another host.
        #expect("\(try page.resolve("http://login.example/start"))" == "http://login.example/start")
        // Scheme-relative: this page's scheme, the reference's host and port.
        #expect("\(try page.resolve("//cdn.example:8080/p"))" == "https://cdn.example:8080/p")
        #expect("\(try page.resolve("//cdn.example/p"))" == "https://cdn.example/p")
        // Absolute path and relative path keep this page's host and port.
        #expect("\(try page.resolve("/auth?x=1"))" == "https://portal.example:8443/auth?x=1")
        #expect("\(try page.resolve("login.php"))" == "https://portal.example:8443/guest/login.php")
        #expect("\(try page.resolve("../img/a b.png"))" == "https://portal.example:8443/img/a%20b.png")
        // A form with no action, or `action="?step=2"`.
        #expect("\(try page.resolve(""))" == "https://portal.example:8443/guest/welcome.php?ap=1")
        #expect("\(try page.resolve("?step=2"))" == "https://portal.example:8443/guest/welcome.php?step=2")
        // A meta refresh's `url= /next `.
        #expect("\(try page.resolve(" /next \n"))" == "https://portal.example:8443/next")
        #expect("\(try page.resolve("HTTPS://Other.Example"))" == "https://other.example/")
        #expect(Self.error { () throws(HTTPURLError) in try page.resolve("mailto:a@b") } == .unsupportedScheme("mailto"))
        #expect(Self.error { () throws(HTTPURLError) in try page.resolve("//user@evil.example/") } == .userinfo)
        #expect(Self.error { () throws(HTTPURLError) in try page.resolve("/a\r\nSet-Cookie: x") } == .controlByte(0x0d, offset: 2))
    }

    @Test func removeDotSegments() {
        func r(_ s: String) -> String { String(decoding: HTTPURL.removeDotSegments(Array(s.utf8)), as: UTF8.self) }
        #expect(r("/a/b/c/./../../g") == "/a/g")
        #expect(r("mid/content=5/../6") == "mid/6")
        #expect(r("/..") == "/")
        #expect(r("/.") == "/")
        #expect(r("..") == "")
        #expect(r("/a/..") == "/")
        #expect(r("/a/../..") == "/")
        #expect(r("/a//b/../c") == "/a//c")
    }
}
