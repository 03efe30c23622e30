import CTLS
import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotWeb

/// The portal products' own logins (`PortalProduct`): CoovaChilli's and MikroTik's CHAP with the venue's
/// account (`wispr_user`/`wispr_password`, else the owner's answers), UniFi's and Omada's JSON.
extension PortalHelper {
    /// What a product's own login did: nothing (not this product), sent (the next round's probe tells), or the
    /// answer to give.
    enum ProductLogin {
        case notThisProduct, sent
        case done(Answer)
    }

    /// A portal whose page is a script app (`PortalProduct`), logged in as the app does: it asks the portal
    /// how guests get in, the owner is asked once for what that needs, and the login goes as JSON. A portal
    /// still there after a login shows its page; a refusal is shown in the portal's words.
    /// - UniFi's guest portal: `GET hotspotconfig` beside the page (`voucher_enabled`, `password_enabled`),
    ///   then `POST …/login` of `{}` for the terms alone, `{"by":"voucher","code":…}` or
    ///   `{"by":"password","password":…}`; `meta.rc` "ok" is a login, else `meta.msg` says why.
    /// - TP-Link Omada's portal: `POST /portal/getPortalPageSetting` of the client's identity answers the
    ///   `authType` (11, the hotspot's choice, means its first enabled type); `POST /portal/auth` of it with
    ///   nothing (0), `simplePassword` (1), `voucherCode` (3) or `localuser` and `localuserPsw` (5), then the
    ///   identity again. Other types (RADIUS, SMS, social sign-in) are left to the page. `errorCode` 0 is a
    ///   login, else `msg` says why.
    mutating func appLogin(_ entry: PortalEntry, _ page: PortalPage, withAnswers: Bool) -> ProductLogin {
        guard let product = PortalProduct(entry: entry.url, url: page.url, body: page.body),
              product.kind == .uniFi || product.kind == .omada,
              let url = try? page.url.resolve((product.login ?? [])[...]) else { return .notThisProduct }
        let uniFi = product.kind == .uniFi
        // Omada's script reads the client's identity from the page's query and sends it in this order.
        let identity: [StaticString] = ["clientMac", "apMac", "gatewayMac", "ssidName", "radioId", "vid", "originUrl"]
        func endWithIdentity(_ json: inout JSONWriter) {
            for i in identity.indices {  // by index: an iterator over [StaticString] is code of its own
                if let value = FormEncoding.value(of: identity[i], in: page.url.query ?? []) {
                    json.field(identity[i], String(decoding: value, as: UTF8.self))
                }
            }
            json.endObject()
        }
        // What the owner is asked; each answer goes in the login's JSON under the field's `formName`.
        var fields: [PortalUIField] = []
        func ask(_ key: StaticString, _ name: String, _ label: String, secret: Bool) {
            fields.append(PortalUIField(formName: Array(ASCII.bytes(key)), name: name, label: label, isSecret: secret))
        }
        var login = JSONWriter()
        login.beginObject()
        if uniFi {
            if let config = try? page.url.resolve("hotspotconfig"),
               case .array(let data)? = appRequest(nil, to: config, from: page, typed: false)?[member: "data"], let first = data.first {
                if case .bool(true)? = first[member: "voucher_enabled"] {  // a pattern: == on JSONValue is code of its own
                    login.field("by", "voucher")
                    ask("code", "voucher", "Voucher code", secret: false)
                } else if case .bool(true)? = first[member: "password_enabled"] {
                    login.field("by", "password")
                    ask("password", "password", "Password", secret: true)
                }
            }
        } else {
            var setting = JSONWriter()
            setting.beginObject()
            endWithIdentity(&setting)
            guard let settingURL = try? page.url.resolve("/portal/getPortalPageSetting"),
                  let result = appRequest(setting, to: settingURL, from: page, typed: false)?[member: "result"],
                  case .number(let number)? = result[member: "authType"], var type = number.integer
            else { log("Omada portal: its page setting has no authType"); return .notThisProduct }
            if type == 11, case .array(let types)? = result[member: "hotspot"]?[member: "enabledTypes"],
               case .number(let first)? = types.first, let firstType = first.integer { type = firstType }
            login.field("authType", int: Int(type))
            switch type {
            case 0: break
            case 1: ask("simplePassword", "password", "Password", secret: true)
            case 3: ask("voucherCode", "voucher", "Voucher code", secret: false)
            case 5:
                ask("localuser", "username", "Username", secret: false)
                ask("localuserPsw", "password", "Password", secret: true)
            default:
                log("Omada portal: its login type " + String(type) + " is left to its page")
                return .notThisProduct
            }
        }
        let (values, question) = productAnswers(fields, login: url, page, withAnswers: withAnswers)
        if let question { return .done(question) }
        for i in fields.indices { login.field(named: fields[i].formName, values[i]) }
        if uniFi { login.endObject() } else { endWithIdentity(&login) }
        log("the portal's app: its login at " + url.description)
        let reply = appRequest(login, to: url, from: page, typed: !fields.isEmpty)
        if fields.isEmpty { return .sent }
        // UniFi's answer is under `meta`, Omada's at the top.
        let answer = uniFi ? reply?[member: "meta"] : reply
        var code: Int64? = nil
        if case .number(let number)? = answer?[member: "errorCode"] { code = number.integer }
        if case .string(let rc)? = answer?[member: "rc"], ASCII.equals(rc[...], "ok") { code = 0 }
        if code == 0 {
            answersAccepted = accepted(at: url)
            return .sent
        }
        var words = Array("The portal did not accept the answer".utf8)
        if case .string(let msg)? = answer?[member: "msg"], !msg.isEmpty { words = msg }
        if let code { words += Array((" (Omada error " + String(code) + ")").utf8) }
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

    /// A product app's request, as its script sends it: a GET, or a POST of `body` as JSON; the reply's
    /// JSON, nil for none (whatever its status: the apps answer a refusal with JSON too). Past a certificate
    /// that does not verify only without typed answers, or with them to the page's own origin.
    mutating func appRequest(_ body: JSONWriter?, to url: HTTPURL, from page: PortalPage, typed: Bool) -> JSONValue? {
        client.acceptsUnverifiedTLS = !typed || url.isSameOrigin(as: page.url)
        defer { client.acceptsUnverifiedTLS = false }
        var request = HTTPRequest(url: url)
        if let body { request = HTTPRequest(method: .post, url: url, headers: [HTTPHeader("Content-Type", "application/json")], body: body.bytes) }
        guard let reply = try? client.fetch(request) else { return nil }
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
