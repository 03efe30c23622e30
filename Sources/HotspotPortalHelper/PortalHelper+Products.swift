import CTLS
import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotWeb

/// The portal products' own logins (`PortalProduct`): CoovaChilli's and MikroTik's CHAP with the venue's
/// account, UniFi's JSON. The account is `wispr_user`/`wispr_password`, else the owner's answers to
/// `username` and `password`; the answer goes where `PortalHostPolicy.allowsChallengeResponse` lets it.
extension PortalHelper {
    /// What the owner is asked for a CHAP login (`HOTSPOT_UI_USERNAME`, `HOTSPOT_UI_PASSWORD` in presentUI).
    static var accountFields: [PortalUIField] {
        [PortalUIField(formName: Array("username".utf8), name: "username", label: "User name", isSecret: false),
         PortalUIField(formName: Array("password".utf8), name: "password", label: "Password", isSecret: true)]
    }

    /// The answer of a product's login, checked by the probes; nil when the page is no product's, or a CHAP
    /// page without an account whose flow needs none (a free access on Chilli's UAM page): the flow goes on.
    mutating func productLogin(_ entry: PortalEntry, _ page: PortalPage, withAnswers: Bool) -> Answer? {
        guard let product = PortalProduct(entry: entry.url, url: page.url, html: page.html, body: page.body),
              let action = try? page.url.resolve((product.form.action ?? [])[...]) else { return nil }
        let asked = PortalHelper.accountFields
        var words: [UInt8]? = nil
        if product.kind == .uniFi {
            log("UniFi guest portal: its login at " + action.description)
            var request = HTTPRequest(method: .post, url: action, headers: [HTTPHeader("Content-Type", "application/json")],
                                      body: Array("{}".utf8))
            request.headers.append(HTTPHeader(name: Array("Referer".utf8), value: page.url.bytes))
            do throws(HTTPClientError) {
                let body = try client.fetch(request).response.body
                if case .string(let msg)? = (try? JSONValue(parsing: body))?[member: "meta"]?[member: "msg"] { log("UniFi: " + HelperProtocol.printable(msg)) }
            } catch {
                log("UniFi login: " + error.description)
            }
        } else {
            var user = settings.wisprUser, password = settings.wisprPassword
            if withAnswers {
                user = variable(asked[0].environmentName).map { Array($0.utf8) }
                password = variable(asked[1].environmentName).map { Array($0.utf8) }
            }
            guard let user, let password else {
                if withAnswers { log("the " + product.name + " login needs both a user name and a password"); return Answer(.failure) }
                guard case .needsUser = ClickThroughPlan(page: page.html) else { return nil }
                log(product.name + " login: asking the owner for the account")
                return uiRequired(asked, page, page.url, message: nil)
            }
            guard policy.allowsChallengeResponse(to: action, askedBy: page.url) else {
                log(product.name + " login at " + action.description + ": not sent, as a CHAP answer goes over http only to the gateway")
                return uiRequired([], page, page.url, message: PortalHelper.browserLogin)
            }
            let input = product.chapID + password + product.challenge
            var digest = [UInt8](repeating: 0, count: 16)
            ctls_md5(input, input.count, &digest)
            log(product.name + " login (CHAP)")
            do throws(PortalError) {
                words = try submit(product.form, product.fields(user: user, answer: Array(Hex.encode(digest).utf8)), page, answered: false).html.message
            } catch {
                log(product.name + " login: " + error.description)
            }
        }
        switch locate() {
        case .open:
            log("logged in: the probe gets through")
            return success()
        case .noInternet(let why):
            log("after the login, no internet: " + why)
            return Answer(.temporaryFailure)
        case .portal:
            log("still behind the portal: the " + product.name + " login was refused")
            if product.kind == .uniFi { return uiRequired([], page, page.url, message: PortalHelper.browserLogin) }
            return uiRequired(asked, page, page.url, message: words.map { HelperProtocol.printable($0) })
        }
    }
}
