import HotspotCore
import HotspotPortal
import HotspotWeb

/// Pages and forms: fetched and sent through the uplink-bound HTTP client, with the credential policy.
extension PortalHelper {
    struct PortalPage {
        var url: HTTPURL
        var body: [UInt8]
        var html: HTMLPage
        /// The answers the request that reached this page carried (a GET form's are in its URL, and in a
        /// redirect's on from it; a portal may echo any): what follows the page carries them on.
        var answers: FormAnswers = .none

        /// `url` (the page's own, its form's action, its link's target) as the log and `Referer` show it: up to
        /// its path when the page was reached with answers, which its query may hold; `cut` in the query's place.
        func shown(_ url: HTTPURL, cut: StaticString = "") -> [UInt8] {
            var bytes = url.bytes
            if case .none = answers { return bytes }
            if let query = url.query {
                bytes.removeLast(query.count + 1)
                ASCII.append(&bytes, cut)
            }
            return bytes
        }

        /// `shown`, a query left out marked `?…`.
        func logged(_ url: HTTPURL) -> String { String(decoding: shown(url, cut: "?…"), as: UTF8.self) }
    }

    /// The portal's page: fetched (unless the probe's answer was it), then on through meta refresh and
    /// script redirects while the page has no form.
    mutating func fetchPage(_ entry: PortalEntry) throws(PortalError) -> PortalPage {
        var url = entry.url
        var body: [UInt8]
        if let page = entry.page {
            body = page.body
        } else {
            (body, url) = try get(url)
        }
        var html = HTMLPage(parsing: body)
        var hops = 0
        while html.forms.isEmpty, hops < PortalHelper.maxPageHops, let next = html.refreshURL ?? html.scriptRedirectURL {
            let target: HTTPURL
            do throws(HTTPURLError) { target = try url.resolve(next[...]) } catch { throw .unusableURL(error) }
            log("portal page " + url.description + " moves on to " + target.description)
            (body, url) = try get(target)
            html = HTMLPage(parsing: body)
            hops += 1
        }
        log("portal page " + url.description + ": " + String(html.forms.count) + " form(s)")
        return PortalPage(url: url, body: body, html: html)
    }

    /// A portal page: over https whose certificate does not verify too (noted, and then treated like http).
    mutating func get(_ url: HTTPURL) throws(PortalError) -> (body: [UInt8], url: HTTPURL) {
        client.acceptsUnverifiedTLS = true
        defer { client.acceptsUnverifiedTLS = false }
        let known = client.unverifiedOrigins.count
        do throws(HTTPClientError) {
            let (response, final) = try client.fetch(HTTPRequest(url: url))
            for i in known..<client.unverifiedOrigins.count {
                log("the certificate of " + client.unverifiedOrigins[i] + " does not verify: its pages are shown, treated like plain http")
            }
            return (response.body, final)
        } catch {
            throw .http(error)
        }
    }

    /// Whose answers a form (or what follows it) carries, and the page that asked for them: where it may go.
    enum FormAnswers {
        case none
        /// The owner's, typed for the page at `askedBy` (or remembered from it): `PortalHostPolicy.allowsTypedAnswers`.
        case typed(askedBy: HTTPURL)
        /// The configuration's secrets, asked for by the page at `askedBy`: `PortalHostPolicy.allowsCredentials`.
        case configured(askedBy: HTTPURL)
    }

    /// May `answers` go to `target`, by the rule for whose they are?
    func mayTake(_ answers: FormAnswers, to target: HTTPURL) -> Bool {
        switch answers {
        case .none: return true
        case .typed(let page): return mayTakeTypedAnswers(target, askedBy: page)
        case .configured(let page): return policy.allowsCredentials(to: target, askedBy: page)
        }
    }

    /// Sends a form as a browser would: POST as a urlencoded body, GET as the action's query; answers only
    /// where `mayTake` lets them go. The log names the action before that query, and the page that answers
    /// carries them on (`PortalPage.answers`): the answers may be in its URL.
    mutating func submit(_ form: HTMLForm, _ fields: [FormField], _ page: PortalPage, answers: FormAnswers) throws(PortalError) -> PortalPage {
        var action = page.url
        if let a = form.action {
            do throws(HTTPURLError) { action = try page.url.resolve(a[...]) } catch { throw .unusableURL(error) }
        }
        log("sending the form to " + page.logged(action) + " (" + String(fields.count) + " field(s))")
        if !mayTake(answers, to: action) { throw .answersNotSent }
        var encoded: [UInt8] = []
        for f in fields { FormEncoding.append(name: f.name, value: f.value, to: &encoded) }
        var request: HTTPRequest
        if form.method == .post {
            request = HTTPRequest(method: .post, url: action, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                  body: encoded)
        } else {
            let query = [UInt8(ascii: "?")] + encoded
            do throws(HTTPURLError) { action = try action.resolve(query[...]) } catch {
                throw .unusableURL(error)
            }
            request = HTTPRequest(url: action)
        }
        // As a privacy-minded browser's Referer policy would: never the query of a URL that may hold answers.
        request.headers.append(HTTPHeader(name: Array("Referer".utf8), value: page.shown(page.url)))
        // Click-through goes on past a certificate that does not verify, and typed answers to the page's own
        // origin; a configured secret never.
        switch answers {
        case .none: client.acceptsUnverifiedTLS = true
        case .typed(let asker): client.acceptsUnverifiedTLS = action.isSameOrigin(as: asker)
        case .configured: client.acceptsUnverifiedTLS = false
        }
        defer { client.acceptsUnverifiedTLS = false }
        do throws(HTTPClientError) {
            let (response, final) = try client.fetch(request)
            log("the form's answer: HTTP " + String(response.status))
            return PortalPage(url: final, body: response.body, html: HTMLPage(parsing: response.body), answers: answers)
        } catch {
            throw .http(error)
        }
    }
}
