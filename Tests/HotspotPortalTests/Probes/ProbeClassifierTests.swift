import Testing
@testable import TestSupport
@testable import HotspotPortal

@Suite struct ProbeClassifierTests {
    let plain = ProbeClassifier()
    let firefox = ProbeClassifier(expectedBody: b("success\n"))

    @Test func openAnswers() {
        #expect(plain.classify(status: 204, location: nil, body: []) == .open)
        #expect(plain.classify(status: 204, location: b("http://portal/"), body: b("<html>portal</html>")) == .open)
        #expect(plain.classify(status: 200, location: nil, body: []) == .open)
        #expect(plain.classify(status: 200, location: nil, body: b("ok\r\n")) == .open)
        #expect(firefox.classify(status: 200, location: nil, body: b("success\n")) == .open)
        #expect(firefox.classify(status: 200, location: nil, body: b("success\r\n")) == .open)
    }

    @Test func expectedBodyIsExactApartFromSurroundingWhitespace() {
        #expect(firefox.classify(status: 200, location: nil, body: b("success!\n")) == .portal(url: nil))
        #expect(firefox.classify(status: 200, location: nil, body: b("<html>success</html>")) == .portal(url: nil))
        // Without an expected body, any longer 200 is a portal (the probe's content never changes).
        #expect(plain.classify(status: 200, location: nil, body: b("success\n")) == .portal(url: nil))
        // Only 200 counts as open this way.
        #expect(firefox.classify(status: 203, location: nil, body: b("success\n")) == .portal(url: nil))
    }

    @Test func redirects() {
        #expect(plain.classify(status: 302, location: b(" http://10.0.0.1/login?x=1 "), body: []) == .portal(url: b("http://10.0.0.1/login?x=1")))
        #expect(plain.classify(status: 307, location: b("/relative"), body: []) == .portal(url: b("/relative")))
        #expect(plain.classify(status: 301, location: b("  "), body: b(PortalPages.metaRefresh)) ==
                .portal(url: b("http://192.168.88.1/login?dst=http%3A%2F%2Fdetectportal.firefox.com%2F")))
        #expect(plain.classify(status: 303, location: nil, body: []) == .portal(url: nil))
    }

    @Test func pagesWithRedirectsInside() {
        #expect(plain.classify(status: 200, location: nil, body: b(PortalPages.metaRefresh)) ==
                .portal(url: b("http://192.168.88.1/login?dst=http%3A%2F%2Fdetectportal.firefox.com%2F")))
        #expect(plain.classify(status: 200, location: nil, body: b(PortalPages.telekomWISPr)) ==
                .portal(url: b("https://hotspot.t-mobile.net/wlan/start.do")))
        #expect(plain.classify(status: 200, location: nil, body: b(PortalPages.hotelTerms)) == .portal(url: nil))
    }

    @Test func networkAuthenticationRequiredIsAPortal() {
        #expect(plain.classify(status: 511, location: nil, body: b(PortalPages.metaRefresh)) ==
                .portal(url: b("http://192.168.88.1/login?dst=http%3A%2F%2Fdetectportal.firefox.com%2F")))
    }

    @Test func errorsAreNoInternet() {
        for status in [0, 100, 199, 400, 403, 404, 407, 500, 502, 503, 504, 600, -1, Int.max] {
            #expect(plain.classify(status: status, location: b("http://x/"), body: b(PortalPages.metaRefresh)) == .noInternet, "\(status)")
        }
    }

    @Test func verdictDescriptions() {
        #expect("\(ProbeVerdict.open)" == "open")
        #expect("\(ProbeVerdict.noInternet)" == "no internet")
        #expect("\(ProbeVerdict.portal(url: nil))" == "portal")
        #expect("\(ProbeVerdict.portal(url: b("http://a/\n\u{7f}")))" == "portal at http://a/??")
    }
}
