import Testing
@testable import TestSupport
@testable import HotspotPortal

@Suite struct WISPrMessageTests {
    @Test func telekomRedirectInAComment() throws {
        let m = try #require(try WISPrMessage.find(in: b(PortalPages.telekomWISPr)))
        #expect(m.kind == .redirect && m.messageType == 100 && m.responseCode == .noError)
        #expect(s(m.accessProcedure) == "1.0")
        #expect(s(m.accessLocation) == "isocc=de,cc=49,ac=228,network=Telekom_HOTSPOT,")
        #expect(s(m.locationName) == "Bonn Hbf <Gleis 1>")
        #expect(s(m.loginURL) == "https://hotspot.t-mobile.net/wlan/rest/login?mac=0200000001&lang=de")
        #expect(s(m.abortLoginURL) == "https://hotspot.t-mobile.net/wlan/rest/abort")
        #expect(m.logoffURL == nil && m.delay == nil)
    }

    @Test func loginReplyAsBareXML() throws {
        let m = try #require(try WISPrMessage.find(in: b(PortalPages.wisprLoginReply)))
        #expect(m.kind == .authenticationReply && m.messageType == 120 && m.responseCode == .loginSucceeded)
        #expect(s(m.replyMessage) == "Login succeeded & welcome")
        #expect(s(m.logoffURL) == "https://hotspot.t-mobile.net/wlan/rest/logoff")
    }

    @Test func pendingPollLogoffAbortAndProxy() throws {
        let pending = try #require(try WISPrMessage.find(in: b("""
            <!--<WISPAccessGatewayParam><AuthenticationReply><MessageType>120</MessageType><ResponseCode>201</ResponseCode>
            <LoginResultsURL>https://gw/results?id=7</LoginResultsURL><Delay> 5 </Delay></AuthenticationReply></WISPAccessGatewayParam>-->
            """)))
        #expect(pending.responseCode == .authenticationPending && pending.delay == 5 && s(pending.loginResultsURL) == "https://gw/results?id=7")
        let cases: [(String, WISPrMessage.Kind, WISPrResponseCode)] = [
            ("AuthenticationPollReply><MessageType>140</MessageType><ResponseCode>100</ResponseCode></AuthenticationPollReply", .authenticationPollReply, .loginFailed),
            ("LogoffReply><MessageType>130</MessageType><ResponseCode>150</ResponseCode></LogoffReply", .logoffReply, .logoffSucceeded),
            ("AbortLoginReply><MessageType>150</MessageType><ResponseCode>151</ResponseCode></AbortLoginReply", .abortLoginReply, .loginAborted),
            ("Proxy><MessageType>110</MessageType><ResponseCode>200</ResponseCode><NextURL>http://n/</NextURL></Proxy", .proxy, .proxyDetection),
        ]
        for (xml, kind, code) in cases {
            let m = try #require(try WISPrMessage.find(in: b("<WISPAccessGatewayParam><" + xml + "></WISPAccessGatewayParam>")))
            #expect(m.kind == kind && m.responseCode == code, "\(kind)")
        }
    }

    @Test func namespacesCaseAndFirstOfRepeatsWin() throws {
        let m = try #require(try WISPrMessage.find(in: b("""
            <w:wispaccessgatewayparam xmlns:w="urn:x"><w:Redirect><w:LoginURL>a</w:LoginURL><LOGINURL>b</LOGINURL>
            <Unknown><LoginURL>c</LoginURL></Unknown><Empty/></w:Redirect></w:wispaccessgatewayparam>
            """)))
        #expect(s(m.loginURL) == "a" && m.messageType == nil && m.responseCode == nil)
        // An empty message element is a whole message.
        let empty = try #require(try WISPrMessage.find(in: b("<WISPAccessGatewayParam><LogoffReply/></WISPAccessGatewayParam>")))
        #expect(empty == WISPrMessage(kind: .logoffReply))
    }

    @Test func responseCodes() {
        for code in [0, 50, 100, 102, 105, 150, 151, 200, 201, 255, 7, 999] { #expect(WISPrResponseCode(code).code == code) }
        #expect(WISPrResponseCode(102) == .radiusError && WISPrResponseCode(105) == .radiusNotEnabled && WISPrResponseCode(255) == .gatewayError)
        #expect(WISPrResponseCode(7) == .other(7))
        #expect("\(WISPrResponseCode.authenticationPending)" == "authentication pending (201)")
        #expect("\(WISPrResponseCode.other(42))" == "unknown code (42)")
        // Every code's words, as the log shows them (they come from one table).
        let words = [0: "no error", 50: "login succeeded", 100: "login failed", 102: "RADIUS server error or timeout",
                     105: "the gateway has no RADIUS enabled", 150: "logoff succeeded", 151: "login aborted",
                     200: "proxy detected, repeat", 201: "authentication pending", 255: "access gateway internal error"]
        for (code, text) in words { #expect("\(WISPrResponseCode(code))" == text + " (" + String(code) + ")") }
    }

    @Test func pagesWithoutWISPr() throws {
        #expect(try WISPrMessage.find(in: b(PortalPages.hotelTerms)) == nil)
        #expect(try WISPrMessage.find(in: b("<!-- WISPAccessGatewayParam is mentioned, not written -->")) == nil)
        #expect(try WISPrMessage.find(in: []) == nil)
    }

    @Test func brokenXMLIsAnError() {
        #expect(throws: WISPrError.noMessage) { try WISPrMessage.find(in: b("<WISPAccessGatewayParam><Other/></WISPAccessGatewayParam>")) }
        #expect(throws: WISPrError.truncated(.redirect)) {
            try WISPrMessage.find(in: b("<!--<WISPAccessGatewayParam><Redirect><LoginURL>https://gw/lo-->"))
        }
        #expect(throws: WISPrError.invalidNumber(.responseCode, text: b("fifty"))) {
            try WISPrMessage.find(in: b("<WISPAccessGatewayParam><Redirect><ResponseCode>fifty</ResponseCode></Redirect></WISPAccessGatewayParam>"))
        }
        #expect(throws: WISPrError.invalidNumber(.delay, text: b("9999999999"))) {
            try WISPrMessage.find(in: b("<WISPAccessGatewayParam><Proxy><Delay>9999999999</Delay></Proxy></WISPAccessGatewayParam>"))
        }
    }

    @Test func loginFields() {
        let fields = WISPrLogin.formFields(user: b("user@t-mobile.de"), password: b("p&ss"), originatingServer: b("http://detectportal.firefox.com/"))
        #expect(fields == [field("UserName", "user@t-mobile.de"), field("Password", "p&ss"), field("button", "Login"),
                           field("FNAME", "0"), field("OriginatingServer", "http://detectportal.firefox.com/")])
    }
}
