import Testing
@testable import TestSupport
@testable import HotspotWeb
@testable import HotspotPortal

/// Every error a person can see reads as a sentence through `"\(error)"`; on the router a value without a
/// hand-written `description` prints only "(cannot print value in embedded Swift)".
@Suite struct ErrorDescriptionTests {
    @Test func jsonErrors() {
        let cases: [(JSONError, String)] = [
            (.tooLarge(20000), "JSON of 20000 bytes is over the 16384-byte limit"),
            (.tooDeep, "JSON nests deeper than 16 levels"),
            (.unexpectedEnd, "JSON ends too early"),
            (.unexpectedByte(0x3c, offset: 0), "unexpected byte 0x3c at offset 0 in JSON"),
            (.invalidNumber(offset: 4), "invalid number at offset 4 in JSON"),
            (.invalidEscape(offset: 9), "invalid escape at offset 9 in a JSON string"),
            (.invalidUTF8(offset: 2), "invalid UTF-8 at offset 2 in a JSON string"),
        ]
        for (error, text) in cases { #expect("\(error)" == text) }
    }

    @Test func captivePortalAPIErrors() {
        let cases: [(CaptivePortalAPIError, String)] = [
            (.invalidJSON(.unexpectedByte(0xff, offset: 1)), "captive-portal API answer is not JSON: unexpected byte 0xff at offset 1 in JSON"),
            (.notAnObject, "captive-portal API answer is not a JSON object"),
            (.missingCaptive, "captive-portal API answer has no \"captive\" member"),
            (.captiveNotBoolean, "captive-portal API answer's \"captive\" is not true or false"),
        ]
        for (error, text) in cases { #expect("\(error)" == text) }
    }

    @Test func wisprErrors() throws {
        let cases: [(WISPrError, String)] = [
            (.noMessage, "WISPr XML without a Redirect, Proxy or reply message"),
            (.truncated(.redirect), "WISPr XML ends inside <Redirect>"),
            (.truncated(.authenticationPollReply), "WISPr XML ends inside <AuthenticationPollReply>"),
            (.invalidNumber(.delay, text: b("x")), "WISPr <Delay> is not a number: 'x'"),
            (.invalidNumber(.messageType, text: []), "WISPr <MessageType> is not a number: ''"),
        ]
        for (error, text) in cases { #expect("\(error)" == text) }
        // Hostile bytes in the message are shown printable and cut.
        let page = "<WISPAccessGatewayParam><Redirect><MessageType>\u{1}" + String(repeating: "9", count: 60) +
                   "</MessageType></Redirect></WISPAccessGatewayParam>"
        #expect(throws: WISPrError.self) {
            do { _ = try WISPrMessage.find(in: b(page)) } catch {
                #expect("\(error)" == "WISPr <MessageType> is not a number: '?" + String(repeating: "9", count: 39) + "...'")
                throw error
            }
        }
    }
}
