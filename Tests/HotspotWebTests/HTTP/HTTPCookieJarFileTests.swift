import Testing
import TestSupport
@testable import HotspotWeb

/// The cookie file `hotspotd fetch --cookies` keeps between a script's calls, in curl's format.
@Suite struct HTTPCookieJarFileTests {
    static func url(_ text: String) -> HTTPURL { try! HTTPURL(text) }

    static func header(_ jar: HTTPCookieJar, _ url: String) -> String? {
        jar.cookieHeader(for: Self.url(url)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aJarSurvivesItsFile() {
        var jar = HTTPCookieJar(now: 0)
        jar.store(setCookie: bytes("SID=a b\tc; Path=/login"), from: Self.url("http://portal.example/login/x"))
        jar.store(setCookie: bytes("wide=1; Domain=example.net"), from: Self.url("https://login.example.net/"))
        jar.store(setCookie: bytes("safe=2; Secure"), from: Self.url("https://portal.example/"))
        var again = HTTPCookieJar(now: 0)
        #expect(again.load(file: jar.fileText) == 0)
        #expect(again == jar)
        #expect(Self.header(again, "http://portal.example/login/y") == "SID=a b\tc")
        #expect(Self.header(again, "https://portal.example/login/y") == "SID=a b\tc; safe=2")
        #expect(Self.header(again, "http://other.example.net/") == "wide=1")
        #expect(Self.header(again, "http://portal.example/") == nil)
    }

    /// What curl writes: a leading dot for domain cookies, `#HttpOnly_` before HttpOnly ones, real expiry times.
    @Test func curlsFileIsRead() {
        let file = """
            # Netscape HTTP Cookie File
            # https://curl.se/docs/http-cookies.html

            .example.net\tTRUE\t/\tFALSE\t1999999999\tdomainwide\tyes
            #HttpOnly_portal.example\tFALSE\t/\tTRUE\t0\tsession\tabc123\r

            """
        var jar = HTTPCookieJar(now: 0)
        #expect(jar.load(file: bytes(file)) == 0)
        #expect(Self.header(jar, "http://a.example.net/") == "domainwide=yes")
        #expect(Self.header(jar, "https://portal.example/") == "session=abc123")
        #expect(Self.header(jar, "http://portal.example/") == nil)  // Secure
        #expect(Self.header(jar, "https://sub.portal.example/") == nil)  // host-only
    }

    @Test func linesItCannotUseAreSkippedAndCounted() {
        let file = [
            "portal.example\tFALSE\t/\tFALSE\t0\tname",  // six fields
            "\tFALSE\t/\tFALSE\t0\tn\tv",  // no domain
            "portal.example\tFALSE\tnoslash\tFALSE\t0\tn\tv",
            "portal.example\tFALSE\t/\tFALSE\t0\t\tv",  // no name
            "portal.example\tFALSE\t/\tFALSE\t0\tn\tv\u{1}",  // a control byte would go back in a Cookie header
            "portal.example\tFALSE\t/\tFALSE\t0\tgood\tone",
        ].joined(separator: "\n")
        var jar = HTTPCookieJar(now: 0)
        #expect(jar.load(file: bytes(file)) == 5)
        #expect(Self.header(jar, "http://portal.example/") == "good=one")
    }

    @Test func theFileKeepsTheJarsBound() {
        var file = ""
        for i in 0..<(HTTPCookieJar.maxCookies + 10) { file += "portal.example\tFALSE\t/\tFALSE\t0\tc\(i)\tv\n" }
        file += "portal.example\tFALSE\t/\tFALSE\t0\tc59\treplaced\n"
        var jar = HTTPCookieJar(now: 0)
        jar.load(file: bytes(file))
        #expect(jar.count == HTTPCookieJar.maxCookies)
        #expect(Self.header(jar, "http://portal.example/")?.hasPrefix("c10=v;") == true)
        #expect(Self.header(jar, "http://portal.example/")?.hasSuffix("c59=replaced") == true)
    }
}
