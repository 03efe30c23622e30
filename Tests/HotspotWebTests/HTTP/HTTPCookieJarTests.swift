import Testing
import TestSupport
@testable import HotspotWeb

@Suite struct HTTPCookieJarTests {
    /// 2025-01-01T00:00:00Z
    static let now: Int64 = 1_735_689_600

    static func url(_ text: String) -> HTTPURL { try! HTTPURL(text) }

    static func header(_ jar: HTTPCookieJar, _ url: String) -> String? {
        jar.cookieHeader(for: Self.url(url)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func storeAndSend() {
        var jar = HTTPCookieJar(now: Self.now)
        #expect(jar.store(setCookie: bytes("SID=abc123; Path=/; HttpOnly; SameSite=Lax"), from: Self.url("http://portal.example/login")) == .stored)
        #expect(jar.store(setCookie: bytes(" lang = en ; unknown=attr"), from: Self.url("http://portal.example/")) == .stored)
        #expect(Self.header(jar, "http://portal.example/welcome") == "SID=abc123; lang=en")
        #expect(Self.header(jar, "https://portal.example/") == "SID=abc123; lang=en")
        #expect(Self.header(jar, "http://portal.example:8080/") == "SID=abc123; lang=en")  // cookies ignore ports
        // Host-only: not for other hosts, subdomains included.
        #expect(Self.header(jar, "http://login.portal.example/") == nil)
        #expect(Self.header(jar, "http://example/") == nil)
        #expect(Self.header(jar, "http://otherportal.example/") == nil)
    }

    @Test func domainAttribute() {
        var jar = HTTPCookieJar(now: Self.now)
        let from = Self.url("http://login.portal.example/")
        #expect(jar.store(setCookie: bytes("a=1; Domain=.Portal.Example"), from: from) == .stored)
        #expect(Self.header(jar, "http://portal.example/") == "a=1")
        #expect(Self.header(jar, "http://login.portal.example/") == "a=1")
        #expect(Self.header(jar, "http://x.y.portal.example/") == "a=1")
        #expect(Self.header(jar, "http://evilportal.example/") == nil)
        #expect(Self.header(jar, "http://example/") == nil)
        // A domain that does not cover the host, a bare top-level domain, or a sibling are refused.
        #expect(jar.store(setCookie: bytes("b=1; Domain=evil.example"), from: from) == .domainRefused)
        #expect(jar.store(setCookie: bytes("b=1; Domain=example"), from: from) == .domainRefused)
        #expect(jar.store(setCookie: bytes("b=1; Domain=other.portal.example"), from: from) == .domainRefused)
        #expect(jar.store(setCookie: bytes("b=1; Domain=ortal.example"), from: from) == .domainRefused)
        var com = HTTPCookieJar(now: Self.now)
        #expect(com.store(setCookie: bytes("b=1; Domain=com"), from: Self.url("http://portal.com/")) == .domainRefused)
        // A one-label host may name itself; an empty Domain is ignored (host-only).
        #expect(com.store(setCookie: bytes("c=1; Domain=router"), from: Self.url("http://router/")) == .stored)
        #expect(com.store(setCookie: bytes("d=1; Domain="), from: Self.url("http://portal.com/")) == .stored)
        #expect(Self.header(com, "http://router/") == "c=1")
        #expect(Self.header(com, "http://portal.com/") == "d=1")
        #expect(Self.header(com, "http://www.portal.com/") == nil)
        // An IP address host matches only itself.
        var ip = HTTPCookieJar(now: Self.now)
        #expect(ip.store(setCookie: bytes("e=1; Domain=1.1"), from: Self.url("http://10.1.1.1/")) == .domainRefused)
        #expect(ip.store(setCookie: bytes("e=1; Domain=10.1.1.1"), from: Self.url("http://10.1.1.1/")) == .stored)
        #expect(Self.header(ip, "http://10.1.1.1/x") == "e=1")
        #expect(Self.header(ip, "http://110.1.1.1/x") == nil)
    }

    @Test func pathAttribute() {
        var jar = HTTPCookieJar(now: Self.now)
        #expect(jar.store(setCookie: bytes("a=1; Path=/guest"), from: Self.url("http://p.example/")) == .stored)
        #expect(Self.header(jar, "http://p.example/guest") == "a=1")
        #expect(Self.header(jar, "http://p.example/guest/") == "a=1")
        #expect(Self.header(jar, "http://p.example/guest/x?y") == "a=1")
        #expect(Self.header(jar, "http://p.example/guests") == nil)
        #expect(Self.header(jar, "http://p.example/") == nil)
        #expect(Self.header(jar, "http://p.example/Guest") == nil)
        // The default path: the request's directory.
        var d = HTTPCookieJar(now: Self.now)
        #expect(d.store(setCookie: bytes("b=1"), from: Self.url("http://p.example/auth/form.php?x=/y")) == .stored)
        #expect(d.store(setCookie: bytes("c=1; Path=relative"), from: Self.url("http://p.example/auth/form.php")) == .stored)
        #expect(Self.header(d, "http://p.example/auth/next") == "b=1; c=1")
        #expect(Self.header(d, "http://p.example/auth") == "b=1; c=1")
        #expect(Self.header(d, "http://p.example/other") == nil)
        var root = HTTPCookieJar(now: Self.now)
        #expect(root.store(setCookie: bytes("r=1"), from: Self.url("http://p.example/login")) == .stored)
        #expect(Self.header(root, "http://p.example/anything/else") == "r=1")
        // Longer paths first, then the older cookie.
        var order = HTTPCookieJar(now: Self.now)
        order.store(setCookie: bytes("x=1; Path=/"), from: Self.url("http://p.example/"))
        order.store(setCookie: bytes("y=2; Path=/a/b"), from: Self.url("http://p.example/"))
        order.store(setCookie: bytes("z=3; Path=/a"), from: Self.url("http://p.example/"))
        order.store(setCookie: bytes("w=4; Path=/"), from: Self.url("http://p.example/"))
        #expect(Self.header(order, "http://p.example/a/b/c") == "y=2; z=3; x=1; w=4")
    }

    @Test func secureAttribute() {
        var jar = HTTPCookieJar(now: Self.now)
        #expect(jar.store(setCookie: bytes("s=1; Secure"), from: Self.url("https://p.example/")) == .stored)
        #expect(Self.header(jar, "https://p.example/") == "s=1")
        #expect(Self.header(jar, "http://p.example/") == nil)
        #expect(jar.store(setCookie: bytes("t=1; secure"), from: Self.url("http://p.example/")) == .secureFromInsecureOrigin)
        #expect(jar.count == 1)
    }

    @Test func replaceAndRemove() {
        var jar = HTTPCookieJar(now: Self.now)
        let from = Self.url("http://p.example/")
        jar.store(setCookie: bytes("a=1"), from: from)
        jar.store(setCookie: bytes("b=1"), from: from)
        #expect(jar.store(setCookie: bytes("a=2"), from: from) == .stored)
        #expect(jar.count == 2)
        #expect(Self.header(jar, "http://p.example/") == "a=2; b=1")  // a keeps its place
        // The same name under another path is another cookie.
        jar.store(setCookie: bytes("a=3; Path=/x"), from: from)
        #expect(jar.count == 3)
        #expect(jar.store(setCookie: bytes("a=; Max-Age=0"), from: from) == .removed)
        #expect(Self.header(jar, "http://p.example/x") == "a=3; b=1")
        #expect(jar.store(setCookie: bytes("b=; Expires=Thu, 01 Jan 1970 00:00:00 GMT"), from: from) == .removed)
        #expect(jar.store(setCookie: bytes("a=; Path=/x; Max-Age=-1"), from: from) == .removed)
        #expect(jar.count == 0)
        #expect(Self.header(jar, "http://p.example/x") == nil)
        // Removing what is not there is fine; Max-Age wins over Expires, whichever comes first.
        #expect(jar.store(setCookie: bytes("c=1; Max-Age=0"), from: from) == .removed)
        #expect(jar.store(setCookie: bytes("c=1; Max-Age=3600; Expires=Thu, 01 Jan 1970 00:00:00 GMT"), from: from) == .stored)
        #expect(jar.store(setCookie: bytes("d=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=3600"), from: from) == .stored)
        #expect(jar.store(setCookie: bytes("d=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT; Max-Age=0"), from: from) == .removed)
        #expect(jar.store(setCookie: bytes("e=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT"), from: from) == .stored)
        // An unreadable Max-Age or Expires is ignored; a long Max-Age is not expired.
        #expect(jar.store(setCookie: bytes("f=1; Max-Age=soon; Expires=yesterday"), from: from) == .stored)
        #expect(jar.store(setCookie: bytes("g=1; Max-Age=99999999999999999999999"), from: from) == .stored)
        #expect(Self.header(jar, "http://p.example/") == "c=1; e=1; f=1; g=1")
    }

    @Test func hostileSetCookies() {
        var jar = HTTPCookieJar(now: Self.now)
        let from = Self.url("http://p.example/")
        for bad in ["novalue", "=value", " =v", "", ";a=1", "a\u{1}=1", "a=1\u{7f}", "a=\u{0}", "a=b\nc"] {
            #expect(jar.store(setCookie: bytes(bad), from: from) == .malformed, "\(bad)")
        }
        #expect(jar.store(setCookie: bytes("a=" + String(repeating: "v", count: 4094)), from: from) == .stored)
        #expect(jar.store(setCookie: bytes("a=" + String(repeating: "v", count: 4095)), from: from) == .tooLarge)
        #expect(jar.count == 1)
        // At most 50: the oldest go first.
        var full = HTTPCookieJar(now: Self.now)
        for i in 0..<60 { full.store(setCookie: bytes("c" + String(i) + "=1"), from: from) }
        #expect(full.count == HTTPCookieJar.maxCookies)
        let sent = Self.header(full, "http://p.example/")!
        #expect(sent.hasPrefix("c10=1; c11=1;") && sent.hasSuffix("c59=1"))
        // Non-ASCII bytes and quotes pass through as sent.
        var raw = HTTPCookieJar(now: Self.now)
        raw.store(setCookie: bytes("q=\"caf\u{e9}\""), from: from)
        raw.store(setCookie: bytes("t=a\tb"), from: from)
        #expect(Self.header(raw, "http://p.example/") == "q=\"caf\u{e9}\"; t=a\tb")
    }

    /// RFC 6265 §5.1.1 dates in the forms servers send.
    @Test func cookieDates() {
        func date(_ s: String) -> Int64? { HTTPCookieJar.parseDate(Array(s.utf8)[...]) }
        #expect(date("Wed, 21 Oct 2015 07:28:00 GMT") == 1_445_412_480)
        #expect(date("Wednesday, 21-Oct-15 07:28:00 GMT") == 1_445_412_480)
        #expect(date("Sun Nov  6 08:49:37 1994") == 784_111_777)
        #expect(date("Thu, 01-Jan-1970 00:00:00 GMT") == 0)
        #expect(date("01 jan 70 00:00:00") == 0)
        #expect(date("Tue, 19 Jan 2038 03:14:08 GMT") == 2_147_483_648)
        #expect(date("Tue, 29 Feb 2000 12:00:00 GMT") == 951_825_600)
        #expect(date("Mon, 01 Jan 1601 00:00:00 GMT") == -11_644_473_600)
        for bad in ["", "garbage", "Wed, 21 Oct 2015", "21 Oct 2015 25:00:00", "31 Feb 2020 00:00:00", "29 Feb 1900 00:00:00",
                    "0 Jan 2020 00:00:00", "01 Foo 2020 00:00:00", "01 Jan 1600 00:00:00", "01 Jan 2020 00:60:00",
                    "01 Jan 2020 7a:00:00"] {
            #expect(date(bad) == nil, "\(bad)")
        }
    }
}
