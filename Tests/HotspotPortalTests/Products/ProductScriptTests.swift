import Testing
@testable import TestSupport
import HotspotCore
@testable import HotspotWeb
@testable import HotspotPortal

/// Issue 34: what each controller's page script does to its form, done on the parsed page (pages in the
/// shapes the products' documentation shows), and pages that only look like them.
@Suite struct ProductScriptTests {
    /// The page at `url` after the script, and the product found.
    func run(_ url: String, _ html: String) throws -> (ProductScript?, HTMLPage) {
        var page = HTMLPage(parsing: b(html))
        let product = ProductScript.run(on: &page, at: try HTTPURL(url))
        return (product, page)
    }

    func fields(_ page: HTMLPage, _ form: Int = 0) -> [String] {
        page.forms[form].controls.map { String(decoding: $0.name, as: UTF8.self) + "=" + String(decoding: $0.value, as: UTF8.self) }
    }

    static let ciscoPage = """
        <form method="post" name="frmLogin"><input TYPE="hidden" NAME="buttonClicked" SIZE="16" MAXLENGTH="15" value="0">
        <input TYPE="hidden" NAME="err_flag" value="0"><input TYPE="hidden" NAME="redirect_url" VALUE="">
        <input type="text" name="username"><input type="password" name="password">
        <input type="button" name="Submit" value="Submit" onclick="submitAction();"></form>
        """

    /// Cisco's external web-auth page: to switch_url, buttonClicked 4, redirect_url the redirect's `redirect`
    /// (decoded); the typed fields stay for the owner.
    @Test func ciscoExternalWebAuth() throws {
        let (product, page) = try run("http://ext.example/login.html?switch_url=https://1.1.1.1/login.html&ap_mac=00:11:22:33:44:55"
                                      + "&client_mac=aa:bb:cc:dd:ee:ff&wlan=Hotel%20Guest&redirect=www.example.com%2Fnews", Self.ciscoPage)
        #expect(product == .ciscoWLC)
        #expect(page.forms[0].action == b("https://1.1.1.1/login.html"))
        #expect(fields(page) == ["buttonClicked=4", "err_flag=0", "redirect_url=www.example.com/news", "username=", "password=",
                                 "Submit=Submit"])
        guard case .needsUser = ClickThroughPlan(page: page) else { Issue.record("the owner is asked"); return }
    }

    /// The WLC's own page (internal web-auth, its action written): only buttonClicked changes; without a
    /// script's switch_url the action stays, and a consent page without typed fields is sent by itself.
    @Test func ciscoInternalConsent() throws {
        let html = """
            <form method="post" action="/login.html"><input type="hidden" name="buttonClicked" value="0">
            <input type="hidden" name="redirect_url" value="www.example.com/"><input type="button" value="Accept" onclick="submitAction();"></form>
            """
        let (product, page) = try run("https://192.0.2.1/login.html?redirect=other.example/", html)
        #expect(product == .ciscoWLC && page.forms[0].action == b("/login.html"))
        #expect(fields(page) == ["buttonClicked=4", "redirect_url=www.example.com/", "=Accept"])
        guard case .submit(_, let sent) = ClickThroughPlan(page: page) else { Issue.record("sent by itself"); return }
        #expect(sent.map { String(decoding: $0.value, as: UTF8.self) } == ["4", "www.example.com/"])
    }

    /// Without the script's work the consent page is one hotspotd cannot send (no action, no button).
    @Test func ciscoConsentUnchangedWouldNeedItsScript() throws {
        let html = #"<form method="post"><input type="hidden" name="buttonClicked" value="0"><input type="button" value="Accept"></form>"#
        #expect(ClickThroughPlan(page: HTMLPage(parsing: b(html))) == .cannotFill(.script))
        let (product, page) = try run("http://ext.example/?switch_url=http%3A%2F%2F192.0.2.1%2Flogin.html", html)
        #expect(product == .ciscoWLC)
        guard case .submit(let form, _) = ClickThroughPlan(page: page) else { Issue.record("sent"); return }
        #expect(form.action == b("http://192.0.2.1/login.html"))
    }

    /// FortiGate's disclaimer: answer 1, as its accept button; its login page (magic, no answer) unchanged.
    @Test func fortiGateDisclaimerAndLogin() throws {
        let disclaimer = """
            <form action="/" method="post"><input type="hidden" name="4Tredir" value="http://www.example.com/">
            <input type="hidden" name="magic" value="0a0c3b2a4f18d3c1"><input type="hidden" name="answer" value="0">
            <input type="submit" value="Yes, I agree" onclick="sb('1')"><input type="submit" value="No, I decline" onclick="sb('0')"></form>
            """
        let (product, page) = try run("http://10.0.0.1:1000/fgtauth?0a0c3b2a4f18d3c1", disclaimer)
        #expect(product == .fortiGate)
        #expect(fields(page) == ["4Tredir=http://www.example.com/", "magic=0a0c3b2a4f18d3c1", "answer=1", "=Yes, I agree", "=No, I decline"])
        let login = """
            <form action="/" method="post"><input type="hidden" name="4Tredir" value="http://www.example.com/">
            <input type="hidden" name="magic" value="0a0c3b2a4f18d3c1"><input name="username"><input name="password" type="password">
            <input type="submit" value="Continue"></form>
            """
        let (none, same) = try run("http://10.0.0.1:1000/", login)
        #expect(none == nil && same == HTMLPage(parsing: b(login)))
    }

    /// Aruba: cmd=authenticate and the redirect's url added to its login form; a value written stays.
    @Test func arubaAddsCommandAndURL() throws {
        let html = #"<form method="post" action="/cgi-bin/login"><input name="user"><input type="password" name="password"><input type="submit"></form>"#
        let (product, page) = try run("https://securelogin.arubanetworks.com/cgi-bin/login?cmd=login&mac=aa:bb:cc:dd:ee:ff"
                                      + "&essid=Cafe&ip=10.1.1.5&apname=ap1&apgroup=default&url=http%3A%2F%2Fwww.example.com%2F", html)
        #expect(product == .aruba)
        #expect(fields(page) == ["user=", "password=", "=", "cmd=authenticate", "url=http://www.example.com/"])
        let written = #"<form method="post" action="/auth/index.html/u"><input type="hidden" name="cmd" value="authenticate"><input type="hidden" name="url" value="http://a.example/"><input type="submit"></form>"#
        let (again, kept) = try run("http://10.0.0.1/auth/index.html/u?url=http%3A%2F%2Fb.example%2F", written)
        #expect(again == .aruba && fields(kept) == ["cmd=authenticate", "url=http://a.example/", "="])
    }

    /// Ruckus: the login URL on the controller's port 9997, uip, client_mac and url from the redirect.
    @Test func ruckusLoginFromItsRedirect() throws {
        let html = """
            <form method="post"><input name="username"><input type="password" name="password"><input type="hidden" name="uip">
            <input type="hidden" name="client_mac" value=""><input type="hidden" name="url"><input type="submit"></form>
            """
        let (product, page) = try run("https://portal.example/login.html?sip=sz.example&mac=58:b6:33:00:00:01&client_mac=aa:bb:cc:dd:ee:ff"
                                      + "&uip=10.1.2.3&url=http%3A%2F%2Fwww.example.com%2F&ssid=Guest", html)
        #expect(product == .ruckus)
        #expect(page.forms[0].action == b("https://sz.example:9997/SubscriberPortal/hotspotlogin"))
        #expect(fields(page) == ["username=", "password=", "uip=10.1.2.3", "client_mac=aa:bb:cc:dd:ee:ff", "url=http://www.example.com/", "="])
        // A sip that is no host leaves the form alone.
        let (bad, same) = try run("https://portal.example/?sip=a%2Fb%40c&uip=10.1.2.3", html)
        #expect(bad == nil && same == HTMLPage(parsing: b(html)))
    }

    /// Meraki: click-through leads on to the grant URL with continue_url; sign-on goes to login_url.
    @Test func merakiGrantAndSignOn() throws {
        let splash = ##"<html><body><a href="#" id="c">Continue to the Internet</a><script>go()</script></body></html>"##
        let (product, page) = try run("https://n143.network-auth.com/splash/?mac=00:18:0a:00:00:01&base_grant_url="
                                      + "https%3A%2F%2Fn143.network-auth.com%2Fsplash%2Fgrant&continue_url=http%3A%2F%2Fwww.example.com%2F%3Fa%3D1", splash)
        #expect(product == .meraki)
        #expect(page.scriptRedirectURL == b("https://n143.network-auth.com/splash/grant?continue_url=http%3A%2F%2Fwww.example.com%2F%3Fa%3D1"))
        #expect(ClickThroughPlan(page: page) == .follow(page.scriptRedirectURL!))
        let signOn = #"<form method="post" id="signon"><input name="username"><input type="password" name="password"><input type="hidden" name="success_url"><input type="submit"></form>"#
        let (p2, form) = try run("https://n143.network-auth.com/splash/?login_url=https%3A%2F%2Fn143.network-auth.com%2Fsplash%2Flogin%3Fmauth%3DMA1"
                                 + "&continue_url=http%3A%2F%2Fwww.example.com%2F", signOn)
        #expect(p2 == .meraki && form.forms[0].action == b("https://n143.network-auth.com/splash/login?mauth=MA1"))
        #expect(fields(form) == ["username=", "password=", "success_url=http://www.example.com/", "="])
    }

    /// Pages that only look like a product, or whose query is broken, are left as they are.
    @Test func lookAlikesAndBrokenQueriesAreLeftAlone() throws {
        let plain = #"<form method="post" action="/accept"><input type="checkbox" name="terms" required><input type="submit"></form>"#
        for url in ["http://venue.example/?switch_url=http://x/&redirect=y", "http://venue.example/?sip=x&uip=1.2.3.4",
                    "http://venue.example/?login_url=%zz", "http://venue.example/?base_grant_url=http://g/"] {
            let (product, page) = try run(url, plain)
            #expect(product == nil && page == HTMLPage(parsing: b(plain)), "\(url)")
        }
        // A click-through link without continue_url is no grant; a broken escape reads no query at all.
        for url in ["http://venue.example/?base_grant_url=http://g/", "http://venue.example/?base_grant_url=http://g/&continue_url=%zz"] {
            let (product, page) = try run(url, "<a href=#>Continue</a>")
            #expect(product == nil && page.scriptRedirectURL == nil, "\(url)")
        }
    }
}
