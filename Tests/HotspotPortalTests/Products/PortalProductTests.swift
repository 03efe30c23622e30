import Testing
@testable import TestSupport
import HotspotCore
@testable import HotspotWeb
@testable import HotspotPortal

/// Issue 19: the portal products found from their redirects and pages, as their documentation shows them.
@Suite struct PortalProductTests {
    static let challenge = "5b1d296db7826a655411dcd83ee25154"

    func product(entry: String, url: String? = nil, page: String = "") throws -> PortalProduct? {
        PortalProduct(entry: try HTTPURL(entry), url: try HTTPURL(url ?? entry), body: b(page))
    }

    func chilli(_ query: String) throws -> PortalProduct? { try product(entry: "http://uam.example/login.php?" + query) }

    /// CoovaChilli's redirect to its UAM server (as Chilli writes it): the login is a GET of uamip:uamport/logon
    /// with the user name and CHAP's response, never the password.
    @Test func chilliFromItsRedirect() throws {
        let p = try #require(try chilli("res=notyet&uamip=192.168.182.1&uamport=3660&challenge=\(Self.challenge)"
                                        + "&called=94-83-C4-01-42-27&mac=5C-1D-D9-20-A0-C1&ip=192.168.182.64&nasid=fonlo"
                                        + "&sessionid=5e6792ce00000006&userurl=http%3a%2f%2fcaptive.apple.com%2f&md=7AD0"))
        #expect(p.kind == .chilli)
        #expect(p.chapID == [0] && p.challenge == Hex.decode(Self.challenge))
        #expect(p.login == b("http://192.168.182.1:3660/logon"))
    }

    /// Only a redirect that asks for the login, to an address and port, with a 16-byte challenge.
    @Test func chilliNeedsAllItsParameters() throws {
        let c = Self.challenge
        for query in ["res=success&uamip=10.1.0.1&uamport=3990&challenge=\(c)",
                      "res=notyet&uamip=evil.example/x?&uamport=3990&challenge=\(c)",
                      "res=notyet&uamip=10.1.0.1&uamport=123456&challenge=\(c)",
                      "res=notyet&uamip=10.1.0.1&uamport=39a&challenge=\(c)",
                      "res=notyet&uamip=10.1.0.1&uamport=3990&challenge=\(c.dropLast(2))",
                      "res=notyet&uamip=10.1.0.1&uamport=3990&challenge=\(c.dropLast(1))x",
                      "res=notyet&uamip=10.1.0.1&uamport=3990"] {
            #expect(try chilli(query) == nil, "\(query)")
        }
    }

    static let mikroTikPage = """
        <html><body>
        <form name="sendin" action="http://10.5.50.1/login" method="post">
            <input type="hidden" name="username" /><input type="hidden" name="password" />
            <input type="hidden" name="dst" value="http://example.com/" /><input type="hidden" name="popup" value="true" />
        </form>
        <script type="text/javascript" src="/md5.js"></script>
        <script type="text/javascript">
        <!--
            function doLogin() {
                document.sendin.username.value = document.login.username.value;
                document.sendin.password.value = hexMD5('\\134' + document.login.password.value + '\\017\\205\\055\\122\\043\\240\\041\\064\\304\\257\\213\\226\\265\\214\\121\\323');
                document.sendin.submit();
                return false;
            }
        //-->
        </script>
        <form name="login" action="http://10.5.50.1/login" method="post" onSubmit="return doLogin()">
            <input type="hidden" name="dst" value="http://example.com/" /><input type="hidden" name="popup" value="true" />
            <input name="username" type="text" value=""/><input name="password" type="password"/><input type="submit" value="OK" />
        </form></body></html>
        """

    /// MikroTik's login.html: the octal chap-id and chap-challenge read from its script; its login form is the page's.
    @Test func mikroTikFromItsLoginPage() throws {
        let p = try #require(try product(entry: "http://10.5.50.1/login?dst=http%3A%2F%2Fexample.com%2F", page: Self.mikroTikPage))
        #expect(p.kind == .mikroTik)
        #expect(p.chapID == [0o134])
        #expect(p.challenge == [0o017, 0o205, 0o055, 0o122, 0o043, 0o240, 0o041, 0o064, 0o304, 0o257, 0o213, 0o226, 0o265, 0o214, 0o121, 0o323])
        #expect(p.login == nil)
    }

    /// Without CHAP (a PAP page), or with a call that is not the documented one, the page is no product's.
    @Test func mikroTikNeedsItsCHAP() throws {
        let pap = Self.mikroTikPage.replacingOccurrences(of: "hexMD5(", with: "plain(")
        #expect(try product(entry: "http://10.5.50.1/login", page: pap) == nil)
        for call in ["hexMD5(x + y + z)", "hexMD5('\\001' + y)", "hexMD5('\\001' + y + z)", "hexMD5('\\001' + y + '\\002", "hexMD5("] {
            #expect(try product(entry: "http://10.5.50.1/login", page: "<form><input name=password></form><script>\(call)</script>") == nil, "\(call)")
        }
    }

    /// UniFi's guest portal: its login endpoint beside the site's page; other paths are not it.
    @Test func uniFiFromItsPortalURL() throws {
        let entry = "http://probe.example/"
        let p = try #require(try product(entry: entry, url: "http://10.0.0.2:8880/guest/s/default/?id=aa:bb:cc:dd:ee:ff&ap=00:11:22:33:44:55&url=http://x/"))
        #expect(p.kind == .uniFi && p.chapID.isEmpty && p.login == b("/guest/s/default/login"))
        #expect(try product(entry: entry, url: "https://10.0.0.2:8843/guest/s/hq1/index.html")?.login == b("/guest/s/hq1/login"))
        for path in ["/guest/s/default", "/guest/s//", "/guest/", "/api/s/default/"] {
            #expect(try product(entry: entry, url: "http://10.0.0.2:8880" + path) == nil, "\(path)")
        }
    }

    /// Omada's portal: a page under /portal whose query names the client (its script reads `clientMac` and
    /// the rest from there); its login is /portal/auth on the page's origin.
    @Test func omadaFromItsPortalURL() throws {
        let entry = "http://probe.example/"
        let p = try #require(try product(entry: entry, url: "http://10.0.0.2:8088/portal?clientMac=AA-BB-CC-DD-EE-FF&apMac=00-11-22-33-44-55&ssidName=Guest&radioId=1"))
        #expect(p.kind == .omada && p.chapID.isEmpty && p.login == b("/portal/auth"))
        #expect(try product(entry: entry, url: "https://10.0.0.2:8843/portal/index.html?t=1&clientMac=aa:bb")?.kind == .omada)
        for url in ["http://10.0.0.2:8088/portal", "http://10.0.0.2:8088/portal?apMac=00-11", "http://10.0.0.2:8088/login?clientMac=AA",
                    "http://10.0.0.2:8088/portal?clientMac="] {
            #expect(try product(entry: entry, url: url) == nil, "\(url)")
        }
    }

    /// MikroTik's refusal words: the text around the first message of its errors.txt, wherever the template
    /// puts it (v6: a red div after the form; a customised page: anywhere), as one line.
    @Test func mikroTikRefusalWordsFromItsErrorsTxt() {
        let v6 = #"<form name="login" action="/login" method="post"><input name="username"></form>"#
            + "\n<br /><div style=\"color: #FF8080; font-size: 9px\">invalid username or password</div>\n</body>"
        #expect(PortalProduct.mikroTikError(in: b(v6)) == b("invalid username or password"))
        #expect(PortalProduct.mikroTikError(in: b("<p>\n  user room12 has reached  uptime limit\n</p>")) == nil)
        #expect(PortalProduct.mikroTikError(in: b("<p>\n  user room12 has reached uptime limit\n</p>")) == b("user room12 has reached uptime limit"))
        let long = String(repeating: "x", count: 300)
        #expect(PortalProduct.mikroTikError(in: b("<p>" + long + " invalid username or password " + long + "</p>"))?.count == HTMLPage.messageLimit)
        #expect(PortalProduct.mikroTikError(in: b("no more sessions are allowed for user x")) == b("no more sessions are allowed for user x"))
        #expect(PortalProduct.mikroTikError(in: b("<div>Falscher Benutzername oder Passwort</div>")) == nil)
        #expect(PortalProduct.mikroTikError(in: b("invalid username or passwor")) == nil)
        #expect(PortalProduct.mikroTikError(in: []) == nil)
    }

    /// Octal escapes, as MikroTik writes its bytes, are read by the script literal reader (at most one byte each).
    @Test func octalEscapesInScriptLiterals() {
        #expect(ScriptRedirect.url(in: b("location.href = '\\150ttp://x/\\0570'")[...]) == b("http://x//0"))
        #expect(ScriptRedirect.url(in: b("location.href = '\\4000'")[...]) == [0o40, 0x30, 0x30])
    }
}
