import Testing
@testable import TestSupport
@testable import HotspotPortal

@Suite struct CaptivePortalAPIStateTests {
    @Test func rfc8908Examples() throws {
        let captive = try CaptivePortalAPIState(parsing: b("""
            {
               "captive": true,
               "user-portal-url": "https://example.org/portal.html"
            }
            """))
        #expect(captive == CaptivePortalAPIState(captive: true, userPortalURL: b("https://example.org/portal.html")))
        let open = try CaptivePortalAPIState(parsing: b("""
            {
               "captive": false,
               "user-portal-url": "https://example.org/portal.html",
               "venue-info-url": "https://flight.example.com/entertainment",
               "seconds-remaining": 326,
               "can-extend-session": true,
               "bytes-remaining": 65536
            }
            """))
        #expect(open == CaptivePortalAPIState(captive: false, userPortalURL: b("https://example.org/portal.html"),
                                              venueInfoURL: b("https://flight.example.com/entertainment"), canExtendSession: true,
                                              secondsRemaining: 326, bytesRemaining: 65536))
    }

    @Test func lenientOptionalMembers() throws {
        let state = try CaptivePortalAPIState(parsing: b("""
            {"captive": false, "user-portal-url": "", "venue-info-url": 7, "can-extend-session": "yes",
             "seconds-remaining": 299.9, "bytes-remaining": -5, "x-vendor": {"deep": [1, 2]}, "captive": true}
            """))
        #expect(state == CaptivePortalAPIState(captive: false, secondsRemaining: 299, bytesRemaining: 0))
        let exponent = try CaptivePortalAPIState(parsing: b(#"{"captive": true, "seconds-remaining": 3e2}"#))
        #expect(exponent.secondsRemaining == nil)
        let unicode = try CaptivePortalAPIState(parsing: b(#"{"captive": true, "user-portal-url": "https:\/\/caf\u00e9.example\/"}"#))
        #expect(s(unicode.userPortalURL) == "https://café.example/")
    }

    @Test func errors() {
        #expect(throws: CaptivePortalAPIError.missingCaptive) { try CaptivePortalAPIState(parsing: b(#"{"user-portal-url": "https://x/"}"#)) }
        #expect(throws: CaptivePortalAPIError.captiveNotBoolean) { try CaptivePortalAPIState(parsing: b(#"{"captive": "true"}"#)) }
        #expect(throws: CaptivePortalAPIError.notAnObject) { try CaptivePortalAPIState(parsing: b("[true]")) }
        #expect(throws: CaptivePortalAPIError.invalidJSON(.unexpectedEnd)) { try CaptivePortalAPIState(parsing: b(#"{"captive": true"#)) }
        #expect(throws: CaptivePortalAPIError.invalidJSON(.unexpectedByte(UInt8(ascii: "<"), offset: 0))) {
            try CaptivePortalAPIState(parsing: b("<html>portal</html>"))
        }
    }
}
