import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// The login: the portal's page, its form filled and sent (the owner's answers once), until the probes get through.
extension PortalHelper {
    mutating func login(withAnswers: Bool) -> Answer {
        if hasNoWayToLook { log("no probe URL configured"); return Answer(.failure) }
        forgetLogoffURL()
        // The owner's answers go once (hotels lock a room after a few wrong tries): what they were sent for,
        // and what the page that answered them said.
        var sent: (fields: [PortalUIField], words: [UInt8]?)? = nil
        // The answers remembered for this venue, offered by the daemon at authenticate: used once, where they fit.
        var remembered = !withAnswers && variable(HelperVariable.rememberedOrigin).map { !$0.isEmpty } == true
        var usedRemembered = false
        for round in 0..<PortalHelper.maxRounds {
            let entry: PortalEntry
            switch locate() {
            case .open:
                log(round == 0 ? "internet open already: nothing to log in to" : "logged in: the probe gets through")
                return success()
            case .noInternet(let why):
                log((round == 0 ? "no internet and no portal: " : "after the login, no internet: ") + why)
                return Answer(.temporaryFailure)
            case .portal(let e): entry = e
            }
            guard policy.allows(entry.url.host) else {
                log("portal at " + entry.url.description + " is outside the portal domains")
                return Answer(.unsupportedNetwork)
            }
            var page: PortalPage
            do throws(PortalError) { page = try fetchPage(entry) } catch {
                log("portal page: " + error.description)
                return Answer(error.isTemporary ? .temporaryFailure : .failure)
            }
            if round == 0, let answer = wispr(entry, page) { return answer }
            if round == 0 {
                switch appLogin(entry, page, withAnswers: withAnswers) {
                case .notThisProduct: break
                case .sent: continue
                case .done(let answer): return answer
                }
            }
            // The venue's flow, page after page (an interstitial, the terms, a page that refreshes to the
            // last step): the probes tell only once it ends. The owner is shown its first page.
            let first = page.url
            var steps = 0
            // A form sent again as it was (a refusal that shows it anew, a step back to itself) ends the flow.
            // Each kept as its action and fields form-encoded (one pair each, so no two forms share one): an
            // array of byte arrays, whose code the binary has anyway, and no closure to look one up.
            var sentForms: [[UInt8]] = []
            flow: while steps < PortalHelper.maxSteps {
                if let product = ProductScript.run(on: &page.html, at: page.url) {
                    log(product.name + ": hotspotd does what its page's script would")
                }
                var plan = ClickThroughPlan(page: page.html)
                // Named from the form as the owner first saw it, so every answer finds its field again.
                var asked: [PortalUIField] = []
                // A portal product's CHAP login form: the venue account answers it, when configured. (Tested by
                // `hasChap`, not `chap != nil`, which compared products: Optional's == over Equatable.)
                var chap: PortalProduct? = nil
                if case .needsUser(let form, let visible) = plan {
                    asked = PortalUIField.fields(for: visible)
                    chap = chapProduct(entry, page, form)
                }
                if let sent, !asked.isEmpty { return refused(asked, page, first, sent.words, remembered: usedRemembered) }
                var answers: [FormField] = []
                var hasChap = false
                if case .some = chap { hasChap = true }
                var fill = withAnswers
                if remembered, case .needsUser(let form, _) = plan, !asked.isEmpty {
                    remembered = false
                    fill = rememberedFit(asked, form, page)
                    usedRemembered = fill
                }
                if (fill || hasChap) && !asked.isEmpty {
                    for i in asked.indices {  // by index: an iterator over [PortalUIField] is code of its own
                        let field = asked[i]
                        if let value = fill ? secrets.value(field.environmentName).map({ Array($0.utf8) })
                            : field.isSecret ? settings.wisprPassword : settings.wisprUser {
                            answers.append(FormField(name: field.formName, value: value))
                        }
                    }
                    plan = ClickThroughPlan(page: page.html, answers: answers)
                }
                steps += 1
                switch plan {
                case .submit(var form, var fields):
                    var answered = !answers.isEmpty
                    if answered, let chap, let login = chapLogin(chap, form, fields, asked) { (form, fields, answered) = (login.form, login.fields, false) }
                    var sentForm: [UInt8] = []
                    FormEncoding.append(name: form.action == nil ? [] : [UInt8(ascii: "a")], value: form.action ?? [], to: &sentForm)
                    for i in fields.indices { FormEncoding.append(name: fields[i].name, value: fields[i].value, to: &sentForm) }
                    for i in sentForms.indices where sentForms[i] == sentForm {
                        log("the portal asks for a form already sent")
                        break flow
                    }
                    sentForms.append(sentForm)
                    let reply: PortalPage
                    // The owner's answers (typed now or remembered) go where a browser would send them; the configured
                    // venue account (WISPr's user and password) keeps the strict rule; a form after answers carries them on.
                    let carries: PortalHelper.FormAnswers = !answered ? page.answers : fill ? .typed(askedBy: page.url)
                        : .configured(askedBy: page.url)
                    do throws(PortalError) { reply = try submit(form, fields, page, answers: carries) } catch {
                        log("sending the portal's form: " + error.description)
                        return Answer(error.isTemporary ? .temporaryFailure : .failure)
                    }
                    if !answers.isEmpty {
                        var words = reply.html.message
                        // Chilli's CHAP with a shared secret the venue keeps cannot be computed: said with its refusal.
                        if let chap, chap.kind == .chilli { words = (words ?? []) + Array(PortalHelper.uamSecret.utf8) }
                        // MikroTik's refusal is in an element that does not say so: found by its errors.txt words.
                        if let chap, chap.kind == .mikroTik, let error = PortalProduct.mikroTikError(in: reply.body) { words = error }
                        sent = (asked, words)
                        // The owner's answers (typed or remembered; sent as such or as a CHAP login), not the
                        // configured venue account.
                        if fill { answersAccepted = accepted(at: action(of: form, page)) }
                    }
                    page = reply
                case .follow(let next):
                    do throws(PortalError) {
                        let target: HTTPURL
                        do throws(HTTPURLError) { target = try page.url.resolve(next[...]) } catch { throw .unusableURL(error) }
                        if target == page.url { log("the portal page points back to itself"); break flow }
                        log("portal page " + page.logged(page.url) + " leads on to " + page.logged(target))
                        if !mayTake(page.answers, to: target) { throw .answersNotSent }
                        let (body, url) = try get(target)
                        page = PortalPage(url: url, body: body, html: HTMLPage(parsing: body), answers: page.answers)
                    } catch {
                        log("the portal's next page: " + error.description)
                        if case .answersNotSent = error { return Answer(.failure) }  // as a form's that may not go
                        break flow
                    }
                case .needsUser(let form, _):
                    if fill {
                        var names = ""
                        for i in asked.indices where secrets.value(asked[i].environmentName) == nil {
                            names += (names.isEmpty ? "" : ", ") + asked[i].name
                        }
                        log("the portal's form still needs answers" + (names.isEmpty ? "" : " for " + names))
                        return Answer(.failure)
                    }
                    // Answers this helper would not send are not asked for: the owner logs in from a browser.
                    let target = action(of: form, page)
                    if !hasChap && !mayTakeTypedAnswers(target, askedBy: page.url) {
                        log("the form would send the owner's answers to " + target.origin + ", but " + PortalHelper.answersGo
                            + ": asking the owner to log in from a browser")
                        return uiRequired([], page, first, message: PortalHelper.browserLogin)
                    }
                    log("the portal's form needs the owner: " + String(asked.count) + " field(s)")
                    var answer = uiRequired(asked, page, first, message: nil)
                    answer.add(.answersOrigin, target.origin)
                    answer.add(.answersTransport, transport(to: target).rawValue)
                    return answer
                case .cannotFill(let obstacle):
                    let why = obstacle == .captcha ? "asks for a CAPTCHA, which only a person can answer"
                        : obstacle == .payment ? "asks for a payment card, which hotspotd does not enter"
                        : "sends its login with JavaScript, which hotspotd does not run"
                    log("the portal page " + why)
                    if fill { return Answer(.failure) }
                    return uiRequired([], page, first, message: "The captive portal " + why + PortalHelper.inBrowser)
                case .noForm:
                    if steps > 1 { break flow }  // the reply to the last step: the probes tell
                    if let sent { return refused(sent.fields, page, first, sent.words, remembered: usedRemembered) }
                    if fill {
                        log("still behind the portal, and its page has no form to send")
                        return Answer(.failure)
                    }
                    log("the portal page has no form hotspotd can send: asking the owner to log in from a browser")
                    return uiRequired([], page, first, message: PortalHelper.browserLogin)
                }
            }
        }
        log("still behind the portal after " + String(PortalHelper.maxRounds) + " rounds of its pages")
        return Answer(.failure)
    }

    /// Why a secret is not sent (`PortalHostPolicy.allowsCredentials`).
    static var secretsGo: String { "secrets go only over https to the portal page's own host or a portal domain" }

    /// Why typed answers are not sent (`PortalHostPolicy.allowsTypedAnswers`).
    static var answersGo: String { "typed answers go only to the page's own origin, or over https to its host or a portal domain" }

    /// Where a form goes: its action resolved against the page, the page itself without one.
    func action(of form: HTMLForm, _ page: PortalPage) -> HTTPURL {
        form.action.flatMap { try? page.url.resolve($0[...]) } ?? page.url
    }

    /// An https origin whose certificate this login could not verify (`HTTPClient.unverifiedOrigins`).
    func isUnverified(_ url: HTTPURL) -> Bool {
        guard url.scheme == .https else { return false }
        return client.isUnverified(url.origin)
    }

    func transport(to url: HTTPURL) -> AnswersTransport {
        url.scheme == .http ? .http : isUnverified(url) ? .httpsUnverified : .https
    }

    /// May the owner's typed answers for the page at `page` go to `target`, as the owner's browser would send them?
    func mayTakeTypedAnswers(_ target: HTTPURL, askedBy page: HTTPURL) -> Bool {
        policy.allowsTypedAnswers(to: target, askedBy: page, verified: transport(to: target) == .https)
    }

    /// What the daemon is told when the login succeeds: the origin, and the gateway then when the answers
    /// went unencrypted (a look-alike of the name could answer there; one of the gateway less easily).
    func accepted(at target: HTTPURL) -> AcceptedAnswers {
        var a = AcceptedAnswers(origin: target.origin)
        if transport(to: target) != .https { a.gateway = gatewayMAC() }
        return a
    }

    /// The uplink gateway's MAC address from the kernel's neighbour table, nil when it has no complete entry.
    func gatewayMAC() -> String? {
        guard let g = settings.gateway,
              let text = try? FileDescriptor.readFile(settings.neighborTablePath, limit: 65_536) else { return nil }
        return NeighborTable.mac(of: g, on: settings.interface, in: text)
    }

    /// The answers remembered for this venue fit this form: the portal asks at the origin that accepted them,
    /// for fields they all answer, and over plain http (or https that did not verify) behind the same gateway
    /// as then. Otherwise the owner is asked, and nothing remembered goes anywhere.
    func rememberedFit(_ asked: [PortalUIField], _ form: HTMLForm, _ page: PortalPage) -> Bool {
        let origin = variable(HelperVariable.rememberedOrigin) ?? ""
        let target = action(of: form, page)
        guard ASCII.same(target.origin, origin), mayTakeTypedAnswers(target, askedBy: page.url) else {
            log("answers are remembered for " + origin + ", but this portal asks for " + target.origin + ": asking the owner")
            return false
        }
        var missing = ""
        for i in asked.indices where secrets.value(asked[i].environmentName) == nil { missing += " " + asked[i].name }
        guard missing.isEmpty else {
            log("the portal at " + origin + " asks for fields not remembered (" + missing + " ): asking the owner")
            return false
        }
        if transport(to: target) != .https {
            let then = variable(HelperVariable.rememberedGateway) ?? ""
            guard let now = gatewayMAC(), ASCII.same(now, then) else {
                log("the portal at " + origin + " is unencrypted and the gateway is not the one that accepted the answers: asking the owner")
                return false
            }
        }
        log("the portal at " + origin + " asks again for the answers it accepted: filling them in")
        return true
    }

    static var uamSecret: String {
        " (if this venue's CoovaChilli keeps a shared secret, uamsecret, no login hotspotd computes can pass: log in from a browser)"
    }

    static var browserLogin: String { "The portal has no form hotspotd can fill in" + inBrowser }

    static var inBrowser: String { ": log in from a browser behind this router (any page opens the portal); hotspotd notices by itself." }

    /// The portal still captive after the owner's answers: it refused them. They are not sent again; the owner
    /// is asked again in the portal's words (its answer's, else its page's) with the fields it asks now.
    /// `remembered`: the answers refused were the ones remembered for the venue (the daemon then drops them).
    func refused(_ fields: [PortalUIField], _ page: PortalPage, _ url: HTTPURL, _ replyWords: [UInt8]?,
                 remembered: Bool = false) -> Answer {
        log("the portal did not accept the owner's answers: not sent again, the owner is asked again")
        var answer = uiRequired(fields, page, url, message: (replyWords ?? page.html.message).map { HelperProtocol.printable($0) })
        if remembered { answer.add(.answersRefused, "remembered") }
        return answer
    }

    /// `url`: the flow's first page, which the owner's browser can open again.
    func uiRequired(_ fields: [PortalUIField], _ page: PortalPage, _ url: HTTPURL, message: String?) -> Answer {
        var answer = Answer(.uiRequired)
        var text = message ?? ""
        if text.isEmpty {
            text = "The captive portal at " + url.host.description + " asks for this"
            if let title = page.html.title, !title.isEmpty {
                text += ": " + HelperProtocol.printable(Array(title.prefix(200)))
            }
        }
        answer.add(.uiMessage, text)
        for i in fields.indices { answer.add(fields[i].isSecret ? .uiSecretField : .uiField, fields[i].name + "\t" + fields[i].label) }
        let shown = url.description
        if shown.utf8.count + 11 <= HelperProtocol.maxLineBytes { answer.add(.portalURL, shown) }
        return answer
    }
}
