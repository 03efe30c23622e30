import CTLS
import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotWeb

/// The portal products' own logins (`PortalProduct`): CoovaChilli's and MikroTik's CHAP with the venue's
/// account (`wispr_user`/`wispr_password`, else the owner's answers), UniFi's JSON.
extension PortalHelper {
    /// What a product's own login did: nothing (not this product), sent (the next round's probe tells), or the
    /// answer to give.
    enum ProductLogin {
        case notThisProduct, sent
        case done(Answer)
    }

    /// UniFi's guest portal (`PortalProduct`), as its app logs in: it asks `hotspotconfig` how guests get
    /// in, then `POST …/login` of JSON: `{}` for the terms alone, `{"by":"voucher","code":…}` or
    /// `{"by":"password","password":…}` with what the owner typed (asked for once; the refusal's `msg`
    /// shown when the portal says no). A portal still there after a login shows its script page.
    mutating func uniFiLogin(_ entry: PortalEntry, _ page: PortalPage, withAnswers: Bool) -> ProductLogin {
        guard let product = PortalProduct(entry: entry.url, url: page.url, body: page.body), product.kind == .uniFi,
              let url = try? page.url.resolve((product.login ?? [])[...]) else { return .notThisProduct }
        var fields: [PortalUIField] = []
        if let config = try? page.url.resolve("hotspotconfig"),
           let reply = try? client.fetch(HTTPRequest(url: config)), reply.response.status == 200,
           let json = try? JSONValue(parsing: reply.response.body),
           case .array(let data)? = json[member: "data"], let first = data.first {
            if case .bool(true)? = first[member: "voucher_enabled"] {  // a pattern: == on JSONValue is code of its own
                fields = [PortalUIField(formName: Array("code".utf8), name: "voucher", label: "Voucher code", isSecret: false)]
            } else if case .bool(true)? = first[member: "password_enabled"] {
                fields = [PortalUIField(formName: Array("password".utf8), name: "password", label: "Password", isSecret: true)]
            }
        }
        let (values, question) = productAnswers(fields, login: url, page, withAnswers: withAnswers)
        if let question { return .done(question) }
        var body = JSONWriter()
        body.beginObject()
        if !fields.isEmpty {
            body.field("by", fields[0].isSecret ? "password" : "voucher")
            body.field(fields[0].isSecret ? "password" : "code", values[0])
        }
        body.endObject()
        log("UniFi guest portal: its login at " + url.description)
        let reply = postJSON(body, to: url, from: page, typed: !fields.isEmpty)
        if fields.isEmpty { return .sent }
        if case .string(let rc)? = reply?[member: "meta"]?[member: "rc"], ASCII.equals(rc[...], "ok") {
            answersAccepted = accepted(at: url)
            return .sent
        }
        var words = Array("The portal did not accept the answer.".utf8)
        if case .string(let msg)? = reply?[member: "meta"]?[member: "msg"] { words = msg }
        return .done(refused(fields, page, page.url, words))
    }

    /// The owner's answers to `fields` for a product app's own login at `url` (typed now, or remembered for
    /// this venue when they fit), or the answer to give without them: the question, a browser when the answers
    /// may not go there, a failure when presentUI lacks one.
    func productAnswers(_ fields: [PortalUIField], login url: HTTPURL, _ page: PortalPage,
                        withAnswers: Bool) -> (values: [String], question: Answer?) {
        if fields.isEmpty { return ([], nil) }
        let remembered = !withAnswers && variable(HelperVariable.rememberedOrigin).map { !$0.isEmpty } == true
            && rememberedFit(fields, HTMLForm(action: url.bytes, method: .post), page)
        var values: [String] = []
        for i in fields.indices {
            guard withAnswers || remembered, let value = secrets.value(fields[i].environmentName) else { break }
            values.append(value)
        }
        if values.count == fields.count { return (values, nil) }
        if withAnswers {
            log("the portal's app still needs answers")
            return ([], Answer(.failure))
        }
        guard mayTakeTypedAnswers(url, askedBy: page.url) else {
            log("the portal's app would send the owner's answers to " + url.origin + ", but " + PortalHelper.answersGo)
            return ([], uiRequired([], page, page.url, message: PortalHelper.browserLogin))
        }
        log("the portal's app needs the owner: " + String(fields.count) + " field(s)")
        var answer = uiRequired(fields, page, page.url, message: nil)
        answer.add(.answersOrigin, url.origin)
        answer.add(.answersTransport, transport(to: url).rawValue)
        return ([], answer)
    }

    /// A product app's JSON request, as its script sends it; the reply's JSON, nil for none. Past a
    /// certificate that does not verify only without typed answers, or with them to the page's own origin.
    mutating func postJSON(_ body: JSONWriter, to url: HTTPURL, from page: PortalPage, typed: Bool) -> JSONValue? {
        client.acceptsUnverifiedTLS = !typed || url.isSameOrigin(as: page.url)
        defer { client.acceptsUnverifiedTLS = false }
        guard let reply = try? client.fetch(HTTPRequest(method: .post, url: url, headers: [HTTPHeader("Content-Type", "application/json")],
                                                        body: body.bytes)) else { return nil }
        return try? JSONValue(parsing: reply.response.body)
    }

    /// The page's login `form` is a CHAP product's (Chilli's UAM page, MikroTik's login.html) whose answer may
    /// go where it goes (`PortalHostPolicy.allowsChallengeResponse`): the product, else nil (an ordinary form).
    func chapProduct(_ entry: PortalEntry, _ page: PortalPage, _ form: HTMLForm) -> PortalProduct? {
        guard let product = PortalProduct(entry: entry.url, url: page.url, body: page.body), !product.chapID.isEmpty,
              let action = try? page.url.resolve((product.login ?? form.action ?? [])[...]),
              policy.allowsChallengeResponse(to: action, askedBy: page.url) else { return nil }
        log("CHAP login at " + action.description)
        return product
    }

    /// The answered login form with CHAP's answer, hex MD5(id + password + challenge), in place of the typed
    /// password (the first secret field): MikroTik's own form, or Chilli's logon (`username`, `response`).
    /// nil when no field is secret: the answers then go as typed, under the rule for secrets.
    func chapLogin(_ product: PortalProduct, _ form: HTMLForm, _ fields: [FormField],
                   _ asked: [PortalUIField]) -> (form: HTMLForm, fields: [FormField])? {
        var out = fields
        var user: [UInt8] = [], secret: Int? = nil
        // Index loops: enumerated() and first(where:) brought iterators of their own.
        for i in fields.indices {
            for k in asked.indices where asked[k].formName == fields[i].name {
                if asked[k].isSecret { secret = secret ?? i } else if user.isEmpty { user = fields[i].value }
                break
            }
        }
        guard let secret else { return nil }
        let input = product.chapID + fields[secret].value + product.challenge
        var digest = [UInt8](repeating: 0, count: 16)
        ctls_md5(input, input.count, &digest)
        out[secret].value = Array(Hex.encode(digest).utf8)
        guard let logon = product.login else { return (form, out) }
        return (HTMLForm(action: logon, method: .get),
                [FormField(name: Array("username".utf8), value: user), FormField(name: Array("response".utf8), value: out[secret].value)])
    }
}
