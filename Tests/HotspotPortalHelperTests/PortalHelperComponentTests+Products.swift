import Foundation
import Testing
@testable import TestSupport
@testable import HotspotPortalHelper

/// Issue 19: the portal products' own login protocols (Fixtures/portal/products.py speaks them), through
/// the real binary. The account is user / pw-4711; the gateway is 127.0.0.1.
extension PortalHelperComponentTests {
    func withAccount(_ environment: [String: String], password: String = "pw-4711") -> [String: String] {
        environment.merging(["HOTSPOT_WISPR_USER": "user", "HOTSPOT_WISPR_PASSWORD": password]) { _, new in new }
    }

    func answered(_ environment: [String: String], password: String) -> [String: String] {
        environment.merging(["HOTSPOT_UI_USERNAME": "user", "HOTSPOT_UI_PASSWORD": password]) { _, new in new }
    }

    /// CoovaChilli: the logon at uamip:uamport carries CHAP's response (the fake checks it), never the password.
    @Test func chilliLogsInWithCHAPAtTheGateway() throws {
        let portal = try PortalServer(mode: "chilli")
        let r = try run("authenticate", withAccount(portal.environment))
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        let logon = try #require(portal.requests.first { $0.hasPrefix("GET /logon?") })
        #expect(logon.hasPrefix("GET /logon?username=user&response=") && logon.count == 66, "\(logon)")
        #expect(!portal.requests.contains { $0.contains("pw-4711") } && !r.err.contains("pw-4711"), "\(portal.requests)")
        #expect(r.err.contains("CHAP login at http://127.0.0.1:\(portal.http)/logon\n"), "\(r.err)")
    }

    /// Without an account the owner is asked for the UAM page's fields (the password masked) and presentUI
    /// logs in with the answers; a wrong password is refused in the UAM server's words and asked for again.
    @Test func chilliAsksTheOwnerForTheAccount() throws {
        let portal = try PortalServer(mode: "chilli")
        let r = try run("authenticate", portal.environment)
        try #require(r.lines.count == 7, "\(r.out)")
        #expect(r.lines[1...2] == ["ui_field=UserName\tUserName", "ui_secret_field=Password\tPassword"], "\(r.out)")
        #expect(r.lines.last == "result=uiRequired" && r.lines[3].hasPrefix("portal_url=http://portal.test:\(portal.http)/uam/?res=notyet"))
        // The UAM page's form is plain http: the owner is told so before answering.
        #expect(r.lines[5] == "answers_transport=http", "\(r.out)")
        #expect(!portal.requests.contains { $0.hasPrefix("GET /logon") })
        let wrong = try run("presentUI", answered(portal.environment, password: "guess"))
        // The UAM server's words, and what a shared secret (uamsecret) the venue keeps would mean.
        #expect(wrong.lines.first == "ui_message=Your user name or password is wrong" + PortalHelper.uamSecret && wrong.lines.last == "result=uiRequired", "\(wrong.out)")
        #expect(wrong.lines.contains("ui_secret_field=Password\tPassword"))
        let right = try run("presentUI", answered(portal.environment, password: "pw-4711"))
        #expect(right.lines.first == "maintain_after=30" && right.lines.last == "result=success", "\(right.err)")
        #expect(right.lines.contains { $0.hasPrefix("answers_accepted=http://") }, "\(right.out)")
        #expect(portal.requests.filter { $0.hasPrefix("GET /logon?") }.count == 2)
    }

    /// A UAM page of free access (its form needs nobody) is passed by its own flow; Chilli's WISPr (its
    /// redirect's XML, the UAM server's smartclient login over https) passes through the WISPr login as it was.
    @Test func chilliFreeAccessAndWISPrNeedNoCHAP() throws {
        let free = try PortalServer(mode: "chilli-free")
        let f = try run("authenticate", free.environment)
        #expect(f.lines == PortalHelperComponentTests.loggedIn, "\(f.err)")
        #expect(free.requests.contains("POST /uam/") && !free.requests.contains { $0.hasPrefix("GET /logon") })
        let wispr = try PortalServer(httpsMode: "chilli-wispr")
        let w = try run("authenticate", withAccount(wispr.trustingEnvironment))
        #expect(w.lines == PortalHelperComponentTests.loggedIn, "\(w.err)")
        let login = try #require(wispr.entries.first { ($0["path"] as? String)?.hasPrefix("/uam/?res=smartclient") == true })
        #expect(login["tls"] as? Bool == true && (login["body"] as? String)?.hasPrefix("UserName=user&Password=pw-4711") == true)
        #expect(!wispr.requests.contains { $0.hasPrefix("GET /logon") })
    }

    /// MikroTik: the octal chap-id and chap-challenge of login.html, hex MD5(id + password + challenge) posted
    /// in place of the password, as its sendin form does, to the gateway; a wrong password gets login.html
    /// again with MikroTik's `$(error)`: the owner is asked, in those words.
    @Test func mikroTikLogsInWithCHAPAtTheGateway() throws {
        let portal = try PortalServer(mode: "mikrotik")
        let wrong = try run("authenticate", withAccount(portal.environment, password: "guess"))
        #expect(wrong.lines.first == "ui_message=invalid username or password", "\(wrong.out)")
        #expect(wrong.lines.contains("ui_secret_field=password\tpassword") && wrong.lines.last == "result=uiRequired", "\(wrong.out)")
        let r = try run("presentUI", answered(portal.environment, password: "pw-4711"))
        // The owner's typed account, accepted at the gateway: remembered for the stay (the CHAP is redone).
        #expect(r.lines == ["maintain_after=30", "answers_accepted=http://127.0.0.1:\(portal.http)", "result=success"], "\(r.err)")
        let posts = portal.entries.filter { $0["method"] as? String == "POST" }.compactMap { $0["body"] as? String }
        #expect(posts.count == 2 && posts.allSatisfy { $0.range(of: "^dst=http%3A%2F%2Fprobe.test%2F&popup=true&username=user&password=[0-9a-f]{32}$",
                                                                  options: .regularExpression) != nil }, "\(posts)")
        #expect(!r.err.contains("pw-4711") && !wrong.err.contains("guess"))
    }

    /// The other side of the credential rule: the configured account goes over http only as a CHAP answer to
    /// the gateway (not to Chilli's uamip or MikroTik's login elsewhere), never as a plain password (MikroTik's
    /// PAP page). Nothing is sent; the owner is asked instead, and told the page is not encrypted: what the
    /// owner types may go to the page's own origin, as the owner's browser would send it.
    @Test func noAnswerGoesOverHTTPButCHAPToTheGateway() throws {
        for mode in ["chilli-elsewhere", "mikrotik-elsewhere", "mikrotik-pap"] {
            let portal = try PortalServer(mode: mode)
            let r = try run("authenticate", withAccount(portal.environment))
            if mode == "mikrotik-elsewhere" {
                // Its form itself goes to another host: not even typed answers go there.
                #expect(r.lines.first == "ui_message=" + PortalHelper.browserLogin && r.lines.last == "result=uiRequired", "\(r.out)")
            } else {
                #expect(r.lines.last == "result=uiRequired" && r.lines.contains("answers_transport=http"), "\(mode): \(r.out) \(r.err)")
            }
            #expect(!portal.requests.contains { $0.hasPrefix("GET /logon") || $0.hasPrefix("POST") }, "\(mode): \(portal.requests)")
            #expect(!portal.entries.contains { ($0["dns"] as? String) == "other.test" }, "\(mode)")
        }
    }

    /// UniFi's guest portal: its app's JSON login `{}` with the portal's cookie when `hotspotconfig` asks for
    /// nothing more.
    @Test func uniFiLogsInThroughItsJSONEndpoint() throws {
        let portal = try PortalServer(mode: "unifi")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        let login = try #require(portal.entries.first { $0["method"] as? String == "POST" })
        #expect(login["path"] as? String == "/guest/s/default/login" && login["body"] as? String == "{}" && login["cookie"] as? String == "unifises=guest42")
        #expect(portal.requests.contains("GET /guest/s/default/hotspotconfig"), "\(portal.requests)")
    }

    /// Issue 34: a UniFi portal of vouchers asks the owner for one (nothing is sent before); a wrong one is
    /// refused in the portal's words and asked for again, the right one logs in and is remembered as accepted.
    @Test func uniFiAsksTheOwnerForAVoucher() throws {
        let portal = try PortalServer(mode: "unifi-voucher")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines.contains("ui_field=voucher\tVoucher code") && r.lines.last == "result=uiRequired", "\(r.out)")
        #expect(r.lines.contains("answers_transport=http"), "\(r.out)")
        #expect(!portal.requests.contains("POST /guest/s/default/login"), "\(portal.requests)")
        let wrong = try run("presentUI", portal.environment.merging(["HOTSPOT_UI_VOUCHER": "11111-22222"]) { _, new in new })
        #expect(wrong.lines.first == "ui_message=api.err.InvalidVoucher" && wrong.lines.last == "result=uiRequired", "\(wrong.out)")
        let right = try run("presentUI", portal.environment.merging(["HOTSPOT_UI_VOUCHER": "12345-67890"]) { _, new in new })
        #expect(right.lines.last == "result=success" && right.lines.contains { $0.hasPrefix("answers_accepted=http://portal.test:") }, "\(right.out)\(right.err)")
        let bodies = portal.entries.filter { $0["method"] as? String == "POST" }.compactMap { $0["body"] as? String }
        #expect(bodies == [#"{"by":"voucher","code":"11111-22222"}"#, #"{"by":"voucher","code":"12345-67890"}"#], "\(bodies)")
    }

    /// A UniFi portal of one password asks for it masked and sends it as its app does.
    @Test func uniFiAsksTheOwnerForThePassword() throws {
        let portal = try PortalServer(mode: "unifi-password")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines.contains("ui_secret_field=password\tPassword") && r.lines.last == "result=uiRequired", "\(r.out)")
        let right = try run("presentUI", portal.environment.merging(["HOTSPOT_UI_PASSWORD": "pw-4711"]) { _, new in new })
        #expect(right.lines.last == "result=success", "\(right.out)\(right.err)")
        #expect(!right.err.contains("pw-4711"), "\(right.err)")
    }

    /// Issue 34: TP-Link Omada's portal without authentication: its page setting read with the client's
    /// identity from the page's query, then `POST /portal/auth` of `authType` 0 and that identity, nobody asked.
    @Test func omadaLogsInThroughItsJSONEndpoints() throws {
        let portal = try PortalServer(mode: "omada")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        let bodies = portal.entries.filter { $0["method"] as? String == "POST" }.map { "\($0["path"] ?? "") \($0["body"] ?? "")" }
        let identity = #""clientMac":"AA-BB-CC-DD-EE-FF","apMac":"00-11-22-33-44-55","ssidName":"Guest","radioId":"1","originUrl":"http://probe.test/"}"#
        #expect(bodies == ["/portal/getPortalPageSetting {" + identity, #"/portal/auth {"authType":0,"# + identity], "\(bodies)")
    }

    /// Issue 34: an Omada hotspot of vouchers (authType 11, its first enabled type 3) asks the owner once; the
    /// portal's refusal is shown in its words with its code, and the right voucher logs in.
    @Test func omadaAsksTheOwnerForAVoucher() throws {
        let portal = try PortalServer(mode: "omada-voucher")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines.contains("ui_field=voucher\tVoucher code") && r.lines.last == "result=uiRequired", "\(r.out)")
        #expect(!portal.requests.contains("POST /portal/auth"), "\(portal.requests)")
        let wrong = try run("presentUI", portal.environment.merging(["HOTSPOT_UI_VOUCHER": "11111-22222"]) { _, new in new })
        #expect(wrong.lines.first == "ui_message=Voucher code is incorrect. (Omada error -41502)" && wrong.lines.last == "result=uiRequired", "\(wrong.out)")
        let right = try run("presentUI", portal.environment.merging(["HOTSPOT_UI_VOUCHER": "12345-67890"]) { _, new in new })
        #expect(right.lines.last == "result=success" && right.lines.contains { $0.hasPrefix("answers_accepted=http://portal.test:") }, "\(right.out)\(right.err)")
        let auths = portal.entries.filter { $0["path"] as? String == "/portal/auth" }.compactMap { $0["body"] as? String }
        #expect(auths.count == 2 && auths[1].hasPrefix(#"{"authType":3,"voucherCode":"12345-67890","clientMac":"#), "\(auths)")
    }

    /// Omada's simple password (1) and local users (5): asked of the owner, the password masked and in no log.
    @Test(arguments: [("omada-password", ["HOTSPOT_UI_PASSWORD": "pw-4711"], "ui_secret_field=password\tPassword"),
                      ("omada-user", ["HOTSPOT_UI_USERNAME": "user", "HOTSPOT_UI_PASSWORD": "pw-4711"], "ui_field=username\tUsername")])
    func omadaAsksTheOwnerForItsAccount(mode: String, answers: [String: String], asked: String) throws {
        let portal = try PortalServer(mode: mode)
        let r = try run("authenticate", portal.environment)
        #expect(r.lines.contains(asked) && r.lines.contains("ui_secret_field=password\tPassword") && r.lines.last == "result=uiRequired", "\(r.out)")
        let right = try run("presentUI", portal.environment.merging(answers) { _, new in new })
        #expect(right.lines.last == "result=success", "\(mode): \(right.out)\(right.err)")
        #expect(!right.err.contains("pw-4711"), "\(right.err)")
    }

    /// An Omada login type only its page can do (a code sent by SMS), or a page setting cut off: nothing is
    /// sent to /portal/auth, and the owner is pointed to a browser.
    @Test(arguments: ["omada-sms", "omada-broken"])
    func omadaLeavesWhatItCannotDoToTheBrowser(mode: String) throws {
        let portal = try PortalServer(mode: mode)
        let r = try run("authenticate", portal.environment)
        #expect(r.lines.last == "result=uiRequired" && r.lines.contains { $0.hasPrefix("ui_message=") && $0.contains("browser") }, "\(mode): \(r.out)")
        #expect(portal.requests.contains("POST /portal/getPortalPageSetting") && !portal.requests.contains("POST /portal/auth"), "\(portal.requests)")
    }

    /// Issue 34: Cisco's web-auth consent page (no action, a script's button): sent to switch_url with
    /// buttonClicked 4 and redirect_url from the redirect, with nobody asked.
    @Test func ciscoConsentPageIsSentAsItsScriptWould() throws {
        let portal = try PortalServer(mode: "cisco")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)\(portal.requests)")
        let post = try #require(portal.entries.first { $0["method"] as? String == "POST" })
        #expect(post["path"] as? String == "/login.html"
                && post["body"] as? String == "buttonClicked=4&err_flag=0&redirect_url=probe.test%2F", "\(post)")
        #expect(r.err.contains("Cisco WLC web-auth: hotspotd does what its page's script would"), "\(r.err)")
    }

    /// Issue 34: Meraki's click-through splash (no form): hotspotd goes to its grant URL with continue_url.
    @Test func merakiClickThroughGoesToItsGrantURL() throws {
        let portal = try PortalServer(mode: "meraki")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(portal.requests.contains("GET /splash/grant?continue_url=http%3A%2F%2Fprobe.test%2F"), "\(portal.requests)")
    }
}
