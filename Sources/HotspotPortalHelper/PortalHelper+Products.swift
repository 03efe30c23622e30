import CTLS
import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotWeb

/// The portal products' own logins (`PortalProduct`): CoovaChilli's and MikroTik's CHAP with the venue's
/// account (`wispr_user`/`wispr_password`, else the owner's answers), UniFi's JSON.
extension PortalHelper {
    /// UniFi's guest portal (`PortalProduct`): its app's login of free access, `{}`. True once sent: the next
    /// round's probe tells, and a portal still there shows its script page (the owner's browser).
    mutating func uniFiLogin(_ entry: PortalEntry, _ page: PortalPage) -> Bool {
        guard let product = PortalProduct(entry: entry.url, url: page.url, body: page.body), product.kind == .uniFi,
              let url = try? page.url.resolve((product.login ?? [])[...]) else { return false }
        log("UniFi guest portal: its login at " + url.description)
        _ = try? client.fetch(HTTPRequest(method: .post, url: url, headers: [HTTPHeader("Content-Type", "application/json")],
                                          body: Array("{}".utf8)))
        return true
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
