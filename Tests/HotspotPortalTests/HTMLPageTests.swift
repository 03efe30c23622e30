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
}
