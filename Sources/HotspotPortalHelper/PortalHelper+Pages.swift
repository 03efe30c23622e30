import HotspotPortal
import HotspotWeb

/// Pages and forms: fetched and sent through the uplink-bound HTTP client, with the credential policy.
extension PortalHelper {
    struct PortalPage {
        var url: HTTPURL
        var body: [UInt8]
        var html: HTMLPage
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

    /// Sends a form as a browser would: POST as a urlencoded body, GET as the action's query; the owner's
    /// answers only where the policy lets secrets go. The log names the action before that query, and no
    /// URL after it: the answers may be in them.
    /// Whose answers a form carries, which decides where it may go.
    enum FormAnswers {
        case none
        /// The owner's, typed for this page (or remembered from it): `PortalHostPolicy.allowsTypedAnswers`.
        case typed
        /// The configuration's secrets: `PortalHostPolicy.allowsCredentials`.
        case configured
    }

    mutating func submit(_ form: HTMLForm, _ fields: [FormField], _ page: PortalPage, answers: FormAnswers) throws(PortalError) -> PortalPage {
        var action = page.url
        if let a = form.action {
            do throws(HTTPURLError) { action = try page.url.resolve(a[...]) } catch { throw .unusableURL(error) }
        }
        log("sending the form to " + action.description + " (" + String(fields.count) + " field(s))")
        switch answers {
        case .none: break
        case .typed: if !mayTakeTypedAnswers(action, page) { throw .answersNotSent }
        case .configured: if !policy.allowsCredentials(to: action, askedBy: page.url) { throw .answersNotSent }
        }
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
        request.headers.append(HTTPHeader(name: Array("Referer".utf8), value: page.url.bytes))
        // Click-through goes on past a certificate that does not verify, and typed answers to the page's own
        // origin; a configured secret never.
        switch answers {
        case .none: client.acceptsUnverifiedTLS = true
        case .typed: client.acceptsUnverifiedTLS = action.isSameOrigin(as: page.url)
        case .configured: client.acceptsUnverifiedTLS = false
        }
        defer { client.acceptsUnverifiedTLS = false }
        do throws(HTTPClientError) {
            let (response, final) = try client.fetch(request)
            log("the form's answer: HTTP " + String(response.status))
            return PortalPage(url: final, body: response.body, html: HTMLPage(parsing: response.body))
        } catch {
            throw .http(error)
        }
    }
}
