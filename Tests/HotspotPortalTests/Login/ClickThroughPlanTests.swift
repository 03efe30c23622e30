import Testing
@testable import TestSupport
@testable import HotspotPortal

@Suite struct ClickThroughPlanTests {
    static func plan(_ html: String, answers: [FormField] = []) -> ClickThroughPlan {
        ClickThroughPlan(forms: HTMLPage(parsing: b(html)).forms, answers: answers)
    }

    @Test func termsPageIsSentWithTokenAndTickedBoxes() {
        guard case .submit(let form, let fields) = Self.plan(PortalPages.hotelTerms) else { Issue.record("not submitted"); return }
        #expect(s(form.action) == "/guest/accept?lang=en&src=splash")
        #expect(fields == [field("csrf_token", "f3a9c1d2/e4b5=="), field("redirect_url", "http://detectportal.firefox.com/canonical.html"),
                           field("terms", "on")])
    }

    /// Terms are ticked; an unticked newsletter or marketing box is not, unless it is required or ticked.
    @Test func marketingBoxesStayUnticked() {
        let html = "<form method=post action=/go><input type=checkbox name=agree>" +
            "<input type=checkbox name=opt1 id=o1><label for=o1>Send me special OFFERS</label>" +
            "<input type=checkbox name=mkt><input type=checkbox name=news_letter>" +
            "<input type=checkbox name=newsletter required><input type=checkbox name=subscribe checked>" +
            "<input type=submit></form>"
        guard case .submit(_, let fields) = Self.plan(html) else { Issue.record("not submitted"); return }
        #expect(fields == [field("agree", "on"), field("mkt", "on"), field("newsletter", "on"), field("subscribe", "on")])
    }

    @Test func openNDSAndNoDogSplash() {
        guard case .submit(let form, let fields) = Self.plan(PortalPages.openNDS) else { Issue.record("openNDS"); return }
        #expect(s(form.action) == "/opennds_preauth/" && form.method == .get)
        #expect(fields == [field("fas", "aGlkPTc2YjJkZDg0ZmMxNjYzYmY1M2U0ZGQ4MTU0YjI1NjMx"), field("landing", "yes"), field("tos", "accepted")])
        guard case .submit(_, let nds) = Self.plan(PortalPages.noDogSplash) else { Issue.record("NoDogSplash"); return }
        #expect(nds == [field("tok", "6ae1b1b2"), field("redir", "http://connectivitycheck.gstatic.com/generate_204"),
                        field("continue", "Continue")])
    }

    @Test func mikrotikNeedsTheOwnerThenTakesAnswers() {
        // The hidden `sendin` form (no button, filled by a script) must not win over the visible login form.
        guard case .needsUser(let form, let visible) = Self.plan(PortalPages.mikrotik) else { Issue.record("not needsUser"); return }
        #expect(form.controls.count == 5)
        #expect(visible == [VisibleField(name: b("username"), label: b("username"), type: .text),
                            VisibleField(name: b("password"), label: b("password"), type: .password)])
        let answers = [field("username", "guest"), field("password", "s3cret&x")]
        guard case .submit(let sent, let fields) = Self.plan(PortalPages.mikrotik, answers: answers) else { Issue.record("not sent"); return }
        #expect(sent == form)
        #expect(fields == [field("dst", "http://detectportal.firefox.com/success.txt"), field("popup", "true"),
                           field("username", "guest"), field("password", "s3cret&x")])
    }

    @Test func searchFormIsNeverTheLoginForm() {
        guard case .needsUser(let form, let visible) = Self.plan(PortalPages.searchAndLogin) else { Issue.record("not needsUser"); return }
        #expect(s(form.action) == "/wifi/login")
        #expect(visible == [VisibleField(name: b("email"), label: b("E-mail address"), type: .email),
                            VisibleField(name: b("room"), label: b("Room number"), type: .text)])
        // Partly answered still needs the rest.
        guard case .needsUser(_, let rest) = Self.plan(PortalPages.searchAndLogin, answers: [field("email", "a@b.c")]) else {
            Issue.record("partial answers sent"); return
        }
        #expect(rest.map { s($0.name) } == ["room"])
        let answers = [field("room", "412"), field("email", "a@b.c"), field("q", "ignored")]
        guard case .submit(_, let fields) = Self.plan(PortalPages.searchAndLogin, answers: answers) else { Issue.record("not sent"); return }
        #expect(fields == [field("_token", "Zm9vYmFy"), field("email", "a@b.c"), field("room", "412"), field("lang", "en"),
                           field("action", "Log in")])
        // A page with only a search form has no login form.
        #expect(Self.plan("<form method=get><input type=search name=query></form><form><input name=s></form>") == .noForm)
    }

    @Test func noForm() {
        #expect(Self.plan("<html><body><a href=/login>Log in</a></body></html>") == .noForm)
        #expect(ClickThroughPlan(forms: []) == .noForm)
    }

    @Test func answeredFormBeatsAnEarlierTermsForm() {
        let html = "<form action=/free><input type=checkbox name=tos><input type=submit></form>" +
                   "<form action=/premium method=post><input name=code><input type=submit></form>"
        guard case .submit(let free, _) = Self.plan(html) else { Issue.record("terms form not chosen"); return }
        #expect(s(free.action) == "/free")
        guard case .submit(let premium, let fields) = Self.plan(html, answers: [field("code", "X1")]) else { Issue.record("not sent"); return }
        #expect(s(premium.action) == "/premium" && fields == [field("code", "X1")])
    }

    @Test func radiosSubmitButtonsAndSkippedControls() {
        let html = """
            <form method=post action=/go>
            <input type=radio name=plan value=free><input type=radio name=plan value=day checked>
            <input type=radio name=speed value=slow><input type=radio name=speed value=fast>
            <input type=text name=fixed value=abc readonly><input type=text name=dead disabled>
            <input type=text placeholder="no name"><input type=checkbox name=off disabled>
            <input type=reset name=r><button type=button name=b>x</button>
            <input type=image name=map src=go.png><input type=submit name=second value=2>
            </form>
            """
        guard case .submit(_, let fields) = Self.plan(html) else { Issue.record("not sent"); return }
        #expect(fields == [field("plan", "day"), field("speed", "slow"), field("fixed", "abc"), field("map.x", "1"), field("map.y", "1")])
    }

    @Test func scriptOnlyFormComesLast() {
        let html = "<form action=/lang><select name=l><option>en</select></form><form action=/login><input name=user></form>"
        guard case .needsUser(let form, _) = Self.plan(html) else { Issue.record("not needsUser"); return }
        #expect(s(form.action) == "/login")
        guard case .submit(let lang, let fields) = Self.plan("<form action=/lang><select name=l><option>en</select></form>") else {
            Issue.record("not sent"); return
        }
        #expect(s(lang.action) == "/lang" && fields == [field("l", "en")])
    }

    // MARK: a venue's flow, step by step (issue 19)

    static func step(_ html: String, answers: [FormField] = []) -> ClickThroughPlan {
        ClickThroughPlan(page: HTMLPage(parsing: b(html)), answers: answers)
    }

    /// An interstitial of hidden fields and a `<button>` is sent; a page without a form leads on through
    /// its refresh, its script redirect, or a link that accepts, agrees, connects or continues.
    @Test func aPageLeadsOnToTheNextStep() {
        guard case .submit(let form, let fields) = Self.step(
            "<form method=post action=/terms><input type=hidden name=step value=1><button type=submit>Continue</button></form>") else {
            Issue.record("interstitial not sent"); return
        }
        #expect(s(form.action) == "/terms" && fields == [field("step", "1")])
        #expect(Self.step("<meta http-equiv=refresh content='1; url=/activate?t=1'>Please wait") == .follow(b("/activate?t=1")))
        #expect(Self.step("<script>location.href = '/next';</script>") == .follow(b("/next")))
        #expect(Self.step("<a href=/logout>Log out</a><a href=/help>Help</a><a href='/terms?Accept=1'>Go</a>") == .follow(b("/terms?Accept=1")))
        for href in ["/agree", "/connect.php", "/continue?x"] { #expect(Self.step("<a href=\(href)>x</a>") == .follow(b(href)), "\(href)") }
        // Leaving, or a script, is no step; a page with neither is the end of the flow.
        #expect(Self.step("<a href=/disconnect>x</a><a href='javascript:accept()'>x</a><p>You are online") == .noForm)
        // A form that needs the owner is not skipped for a link.
        guard case .needsUser = Self.step("<form method=post><input name=room><input type=submit></form><a href=/accept>x</a>") else {
            Issue.record("link taken over the owner's form"); return
        }
    }

    /// A success page's logout form or button is never pressed.
    @Test func aLogoutFormIsNeverSent() {
        #expect(Self.plan("<form method=post action=/logout><input type=hidden name=id value=1><input type=submit></form>") == .noForm)
        #expect(Self.plan("<form method=post action=/s><input type=submit name=a value='Disconnect'></form>") == .noForm)
    }

    /// What hotspotd does not fill in for the owner: a CAPTCHA anywhere on the page, a card number, a
    /// login a script sends (no form, a `javascript:` action, or no action and no button).
    @Test func formsThatCannotBeFilledHonestly() {
        let captchas = ["<script src='https://www.google.com/recaptcha/api.js'></script><form action=/a><input type=submit></form>",
                        "<form action=/a><div class='h-captcha' data-sitekey=x></div><input type=submit></form>",
                        "<form action=/a><input name=CaptchaCode><input type=submit></form>"]
        for html in captchas { #expect(Self.step(html) == .cannotFill(.captcha), "\(html)") }
        #expect(Self.step("<form action=/pay><label for=c>Card number</label><input id=c name=n><input type=submit></form>") == .cannotFill(.payment))
        #expect(Self.step("<form action=/pay><input name=cvv><input type=submit></form>", answers: [field("cvv", "1")]) == .cannotFill(.payment))
        #expect(Self.step("<button onclick='go()'>Connect</button><script>function go() { fetch('/a') }</script>") == .cannotFill(.script))
        #expect(Self.step("<form action='javascript:login()'><input type=checkbox name=t><input type=submit></form>") == .cannotFill(.script))
        #expect(Self.step("<form><input type=hidden name=t value=1><button type=button onclick=go()>Go</button></form>") == .cannotFill(.script))
        // A form with an action and no button is still sent (a script would send it as it is).
        guard case .submit = Self.step("<form action=/go><input type=hidden name=t value=1></form>") else { Issue.record("not sent"); return }
    }
}
