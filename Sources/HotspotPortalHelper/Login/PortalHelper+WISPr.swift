import HotspotPortal
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// WISPr 1.0: the smart client's login with the configured credentials, and its polling.
extension PortalHelper {
    /// WISPr 1.0 when the probe's answer or the page carries a Redirect message: nil to go on with the
    /// page's form (no message, no credentials), else the answer.
    mutating func wispr(_ entry: PortalEntry, _ page: PortalPage) -> Answer? {
        var message: WISPrMessage? = nil
        // No `message == nil` here: it compared whole messages (WISPrMessage's derived ==, 0.5 KB).
        for k in 0..<2 {
            let body = k == 0 ? entry.probeBody : page.body
            do throws(WISPrError) { message = try WISPrMessage.find(in: body) } catch {
                log("WISPr XML ignored: " + error.description)
            }
            if case .some = message { break }
        }
        guard let redirect = message, redirect.kind == .redirect, let loginURL = redirect.loginURL else { return nil }
        guard let user = settings.wisprUser, let password = settings.wisprPassword else {
            log("a WISPr gateway, but no wispr_user and wispr_password are configured: trying the page's form")
            return nil
        }
        let login: HTTPURL
        do throws(HTTPURLError) { login = try page.url.resolve(loginURL[...]) } catch {
            log("WISPr LoginURL unusable: " + error.description)
            return Answer(.failure)
        }
        guard policy.allowsCredentials(to: login, askedBy: page.url) else {
            log("WISPr LoginURL " + login.description + ": the password is not sent, as " + PortalHelper.secretsGo)
            return Answer(.failure)
        }
        let fields = WISPrLogin.formFields(user: user, password: password, originatingServer: entry.probeURL.bytes)
        var encoded: [UInt8] = []
        for f in fields { FormEncoding.append(name: f.name, value: f.value, to: &encoded) }
        log("WISPr login at " + login.description)
        var request = HTTPRequest(method: .post, url: login, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                  body: encoded)
        // AuthenticationPollReply 201: ask LoginResultsURL again after its Delay, a few times.
        for _ in 0..<4 {
            let reply: WISPrMessage?
            do throws(HTTPClientError) {
                let (response, _) = try client.fetch(request)
                reply = try? WISPrMessage.find(in: response.body)
            } catch {
                log("WISPr login: " + error.description)
                return Answer(.temporaryFailure)
            }
            guard let reply, let code = reply.responseCode else {
                log("WISPr login: the answer has no WISPr reply")
                return Answer(.failure)
            }
            var text = "WISPr login: " + code.description
            if let words = reply.replyMessage { text += ", " + HelperProtocol.printable(Array(words.prefix(200))) }
            log(text)
            switch code {
            case .loginSucceeded:
                if let logoff = reply.logoffURL, let url = try? login.resolve(logoff[...]) { keepLogoffURL(url) }
                switch locate() {
                case .open: return success()
                case .portal, .noInternet:
                    log("WISPr said logged in, but the probe does not get through")
                    return Answer(.temporaryFailure)
                }
            case .authenticationPending:
                guard let results = reply.loginResultsURL, let next = try? login.resolve(results[...]) else {
                    log("WISPr login pending without a LoginResultsURL")
                    return Answer(.temporaryFailure)
                }
                let delay = Int32(min(max(reply.delay ?? 1, 1), 5))
                Poll.sleep(milliseconds: delay * 1000)
                request = HTTPRequest(url: next)
            case .loginFailed, .loginAborted:
                return Answer(.failure)
            case .noError, .radiusError, .radiusNotEnabled, .logoffSucceeded, .proxyDetection, .gatewayError, .other:
                return Answer(.temporaryFailure)
            }
        }
        log("WISPr login still pending")
        return Answer(.temporaryFailure)
    }
}
