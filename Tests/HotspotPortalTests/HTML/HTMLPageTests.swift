import Testing
@testable import TestSupport
@testable import HotspotPortal

@Suite struct HTMLPageTests {
    @Test func hotelTermsPage() throws {
        let page = HTMLPage(parsing: b(PortalPages.hotelTerms))
        #expect(s(page.title) == "Welcome to Seaside Hotel Guest Wi-Fi")
        #expect(page.refreshURL == nil && page.scriptRedirectURL == nil)  // the script only reads location.href
        try #require(page.forms.count == 1)  // not the one in the comment, not "<form>" in the script
        let form = page.forms[0]
        #expect(s(form.action) == "/guest/accept?lang=en&src=splash" && form.method == .post)
        #expect(form.controls == [
            HTMLFormControl(type: .hidden, name: b("csrf_token"), value: b("f3a9c1d2/e4b5==")),
            HTMLFormControl(type: .hidden, name: b("redirect_url"), value: b("http://detectportal.firefox.com/canonical.html")),
            HTMLFormControl(type: .checkbox, name: b("terms"), isRequired: true, label: b("I accept the Terms & Conditions")),
            HTMLFormControl(type: .checkbox, name: b("newsletter"), value: b("yes"), id: b("nl"), label: b("Send me offers")),
            HTMLFormControl(type: .submit, name: []),
        ])
    }

    @Test func mikrotikLogin() {
        let page = HTMLPage(parsing: b(PortalPages.mikrotik))
        #expect(s(page.title) == "mikrotik hotspot > login")
        #expect(page.refreshURL == nil)  // "refresh-not" is not refresh
        #expect(page.forms.map(\.method) == [.post, .post])
        #expect(page.forms[1].controls.map(\.type) == [.hidden, .hidden, .text, .password, .submit])
        #expect(page.forms[1].controls.map { s($0.name) } == ["dst", "popup", "username", "password", ""])
        #expect(s(page.forms[1].controls[4].value) == "OK")
    }

    @Test func selectTakesTheSelectedOptionElseTheFirst() {
        let page = HTMLPage(parsing: b("""
            <form><select name=a><option value=1>One<option value=2 selected>Two</select>
            <select name=b><optgroup label=g><option> First  choice </option><option>Second</option></optgroup></select>
            <select name=c></select></form>
            """))
        #expect(page.forms[0].controls.map { s($0.value) } == ["2", "First choice", ""])
        #expect(page.forms[0].controls.map(\.type) == [.select, .select, .select])
    }

    @Test func textareaButtonsAndFlags() {
        let page = HTMLPage(parsing: b("""
            <form action="" method=get><textarea name=t>
            line &amp; more</textarea><button name=go value=1>Go</button><button type=button name=x>
            <button type=RESET>r</button><input name=n disabled readonly value=v><input name=k type=weird aria-label="Your key">
            </form>
            """))
        let c = page.forms[0].controls
        #expect(s(page.forms[0].action) == "" && page.forms[0].method == .get)
        #expect(c.map(\.type) == [.textarea, .submit, .button, .reset, .text, .text])
        #expect(s(c[0].value) == "line & more" && s(c[1].value) == "1")
        #expect(c[4].isDisabled && c[4].isReadOnly && s(c[5].label) == "Your key")
    }

    @Test func nestedFormsAndStrayControls() {
        let page = HTMLPage(parsing: b("<input name=outside><form action=a><form action=b><input name=in></form><input name=after>"))
        #expect(page.forms.count == 1 && s(page.forms[0].action) == "a")
        #expect(page.forms[0].controls.map { s($0.name) } == ["in"])
    }

    @Test func metaRefreshContentVariants() {
        let cases: [(String, String?)] = [
            ("0; url=http://a/b", "http://a/b"),
            ("0;URL='http://a/b?c=d'", "http://a/b?c=d"),
            ("  5 , url = \"/x y\" ", "/x y"),
            ("1.5;http://a/", "http://a/"),
            ("0;urlx", "urlx"),
            ("0; url=", nil),
            ("30", nil),
        ]
        for (content, url) in cases { #expect(s(HTMLPage.refreshURL(content: b(content)[...])) == url, "\(content)") }
        let page = HTMLPage(parsing: b(PortalPages.metaRefresh))
        #expect(s(page.refreshURL) == "http://192.168.88.1/login?dst=http%3A%2F%2Fdetectportal.firefox.com%2F")
        #expect(s(page.scriptRedirectURL) == "http://192.168.88.1/login")
    }

    @Test func scriptRedirectForms() {
        let cases: [(String, String?)] = [
            ("location.href='/a'", "/a"),
            ("window.location = \"http://x/\";", "http://x/"),
            ("document.location.href\n=\n`/t`", "/t"),
            ("window.location.replace('/r')", "/r"),
            ("location.assign( \"/s\" )", "/s"),
            ("location.href='\\x2Fh\\u0069'", "/hi"),
            ("if (location.href == '/no') {}", nil),
            ("var mylocation = '/no'", nil),
            ("location.href = url; location.href = '/second'", "/second"),
            ("location.hostname = 'x'", nil),
            ("location.href = `/${x}`", nil),
            ("location.href = ''", nil),
            ("location.href = 'unterminated", nil),
        ]
        for (script, url) in cases { #expect(s(ScriptRedirect.url(in: b(script)[...])) == url, "\(script)") }
        // Scripts only: the same text in the body is not a redirect.
        #expect(HTMLPage(parsing: b("<p>location.href='/x'</p>")).scriptRedirectURL == nil)
    }

    @Test func capsOnFormsAndControls() {
        let forms = String(repeating: "<form><input name=a></form>", count: 40)
        #expect(HTMLPage(parsing: b(forms)).forms.count == HTMLPage.formLimit)
        let controls = "<form>" + String(repeating: "<input name=a>", count: 200)
        #expect(HTMLPage(parsing: b(controls)).forms[0].controls.count == HTMLPage.controlLimit)
    }

    // MARK: message: what a refused login's page says

    /// Realistic refusals: a Bootstrap alert, an ARIA alert, an error span by id, each with its wording kept
    /// on one line; the first one with text wins, an empty, hidden or invisible error box says nothing.
    @Test func messageFromTheAlertOrErrorElement() {
        let bootstrap = HTMLPage(parsing: b("""
            <html><head><title>Harbour Hotel</title></head><body><div class="container">
            <div class="alert alert-danger" role="alert">
              <strong>Sorry!</strong> The last name and room number
              do not match our records.
            </div>
            <form method="post" action="/login"><input name="room"><input name="name"></form></div></body></html>
            """))
        #expect(s(bootstrap.message) == "Sorry! The last name and room number do not match our records.")
        let aria = HTMLPage(parsing: b("""
            <p class="error-text"></p><div id="loginError" hidden>Template</div><div style="display: none" class="alert">x</div>
            <span role="ALERT">Room 413: <em>no booking</em> found.</span><p class=message>Second</p>
            <form><input name=room></form>
            """))
        #expect(s(aria.message) == "Room 413: no booking found.")
        let nested = HTMLPage(parsing: b("""
            <div id="errorMessage"><div class="icon"></div><div>Your access code has expired.</div> Ask at the desk.</div>
            <p>Please log in.</p><form><input name=code></form>
            """))
        #expect(s(nested.message) == "Your access code has expired. Ask at the desk.")
    }

    /// No alert: the text of the block just before the form (a paragraph, inline tags kept), never the
    /// title, nor text inside or after the form; a box around the form is no message.
    @Test func messageElseTheTextBeforeTheForm() {
        let page = HTMLPage(parsing: b("""
            <html><head><title>Seaside Wi-Fi</title></head><body><h1>Welcome</h1>
            <p>We could not find a guest named <b>Smith</b> in room 413.<br>Please check and try again.</p>
            <div class="message-box"><form action="/login"><label>Room <input name=room></label></form></div>
            <p class="footer">Powered by Portal</p></body></html>
            """))
        #expect(s(page.message) == "We could not find a guest named Smith in room 413. Please check and try again.")
        #expect(HTMLPage(parsing: b("<title>Only a title</title><form><input name=a></form>")).message == nil)
        #expect(HTMLPage(parsing: b("<p>You are online.</p>")).message == nil)  // no form, no alert
        #expect(s(HTMLPage(parsing: b("<h2>Log in</h2><div></div>  <form></form>")).message) == "Log in")
    }

    /// Hostile pages: a megabyte of alert text, control bytes and C1 controls, no end tag, a cut character.
    @Test func messageIsOneBoundedLine() {
        let huge = HTMLPage(parsing: b("<div class=error>") + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20))
        #expect(huge.message?.count == HTMLPage.messageLimit)  // the alert never closes: its text up to the end
        let controls = HTMLPage(parsing: b("<p role=alert>Wrong\u{0}room\r\n\t\u{1b}[31mnumber\u{7f}\u{85}here</p>"))
        #expect(s(controls.message) == "Wrong room [31mnumber here")
        let accents = String(repeating: "é", count: 150)  // 300 bytes: cut between characters
        let cut = HTMLPage(parsing: b("<p class=alert>" + accents + "</p>"))
        #expect(cut.message?.count == HTMLPage.messageLimit && s(cut.message) == String(repeating: "é", count: 100))
        let odd = HTMLPage(parsing: b("<p class=alert>a") + [UInt8](repeating: 0x80, count: 300) + b("</p>"))
        #expect((odd.message?.count ?? 0) <= HTMLPage.messageLimit && odd.message?.first == UInt8(ascii: "a"))
        let manyBlocks = HTMLPage(parsing: [UInt8](String(repeating: "<p>line</p>", count: 20_000).utf8) + b("<form></form>"))
        #expect(s(manyBlocks.message) == "line")
    }
}
