// What a captive portal and the venue's network answer the built-in portal helper: HTTP responses, URLs,
// cookies, DNS answers, HTML forms, WISPr XML and the RFC 8908 API's JSON.
import HotspotCore
import HotspotPortal
import HotspotPortalHelper
import HotspotProtocol
import HotspotWeb

let webTargets = [
    FuzzTarget(name: "http-response", feeds: "a response off the wire, whole, in two reads and byte by byte", run: httpResponse),
    FuzzTarget(name: "url", feeds: "URLs and references (Location, form actions), query strings", run: url),
    FuzzTarget(name: "cookie", feeds: "Set-Cookie values from http and https pages", run: cookie),
    FuzzTarget(name: "dns", feeds: "a DNS answer to the portal client's A query", run: dns),
    FuzzTarget(name: "html", feeds: "a portal page: forms, refresh, script redirect, the form sent", run: html),
    FuzzTarget(name: "wispr", feeds: "WISPr XML in a page or a login reply", run: wispr),
    FuzzTarget(name: "captive-json", feeds: "the RFC 8908 API's JSON", run: captiveJSON),
]

let pageURL = try! HTTPURL("http://portal.example/login/splash.html?ap=1")
let securePageURL = try! HTTPURL("https://auth.portal.example:8443/a/b")

/// However the bytes arrive, the parser reads the same response or fails the same way; a response goes on
/// to the probe's verdict and the cookie jar.
func httpResponse(_ input: [UInt8]) {
    for head in [false, true] {
        let whole = parse(head, [input[...]])
        let split = input.count / 3
        require(parse(head, [input[..<split], input[split...]]) == whole, "two reads read another response")
        if input.count <= 2048 {
            require(parse(head, input.indices.map { input[$0...$0] }) == whole, "byte by byte read another response")
        }
        guard case .success(let response) = whole else { continue }
        _ = ProbeClassifier(expectedBody: bytes("success\n")).classify(
            status: response.status, location: response.header("Location"), body: response.body)
        _ = ProbeClassifier().classify(status: response.status, location: response.header("Location"), body: response.body)
        var jar = HTTPCookieJar(now: 1_700_000_000)
        for value in response.headerValues("Set-Cookie") { jar.store(setCookie: value, from: pageURL) }
        _ = jar.cookieHeader(for: pageURL)
    }
}

func parse(_ head: Bool, _ reads: [ArraySlice<UInt8>]) -> Result<HTTPResponse, HTTPParseError> {
    var parser = HTTPResponseParser(respondingToHEAD: head, maxHeadBytes: 4096, maxHeaderCount: 20, maxBodyBytes: 8192)
    do throws(HTTPParseError) {
        for read in reads {
            if let response = try parser.feed(read) { return .success(response) }
        }
        return .success(try parser.finish())
    } catch {
        return .failure(error)
    }
}

/// A URL that parses prints as ASCII that parses to the same URL; so does what a reference resolves to
/// against a page; query strings decode, and what decodes re-encodes to the same pairs.
func url(_ input: [UInt8]) {
    if let url = try? HTTPURL(parsing: input[...]) { requireStable(url, "parsed") }
    for base in [pageURL, securePageURL] {
        if let resolved = try? base.resolve(input[...]) { requireStable(resolved, "resolved") }
    }
    if let pairs = try? FormEncoding.decode(input[...]) {
        let again = try? FormEncoding.decode(FormEncoding.encode(pairs)[...])
        require(again.map { same($0, pairs) } ?? false, "form data does not survive decode → encode → decode")
    }
}

func requireStable(_ url: HTTPURL, _ how: String) {
    let text = url.bytes
    require(text.allSatisfy { $0 > 0x20 && $0 < 0x7f }, how + " URL prints other than ASCII: " + show(text))
    require((try? HTTPURL(parsing: text[...])) == url, how + " URL does not re-parse to itself: " + show(text))
    require((try? pageURL.resolve(text[...])) == url, how + " URL does not resolve to itself: " + show(text))
    require(url.path.first == UInt8(ascii: "/"), how + " URL's path does not start with /")
}

func same(_ a: [(name: [UInt8], value: [UInt8])], _ b: [(name: [UInt8], value: [UInt8])]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
}

/// Set-Cookie values (cut at `datagramSeparator`) from an http and an https page: the jar stays bounded
/// and what it sends back is one header value with nothing a request could be split at.
func cookie(_ input: [UInt8]) {
    var jar = HTTPCookieJar(now: 1_700_000_000)
    for (i, value) in pieces(input, separator: datagramSeparator).enumerated() {
        _ = jar.store(setCookie: value, from: i % 2 == 0 ? pageURL : securePageURL)
    }
    require(jar.count <= HTTPCookieJar.maxCookies, "the jar holds \(jar.count) cookies")
    for url in [pageURL, securePageURL, try! HTTPURL("http://other.example/")] {
        guard let header = jar.cookieHeader(for: url) else { continue }
        require(!header.contains { $0 < 0x20 && $0 != 0x09 || $0 == 0x7f }, "Cookie header with a control byte")
        let request = HTTPRequest(url: url, headers: [HTTPHeader(name: bytes("Cookie"), value: header)])
        _ = try? request.encoded()
    }
}

/// The answer to the query for the name it asks about (or captive.apple.com): names compare without case.
/// And a query for a name made of the input, answered as a server would, reads back the address.
func dns(_ input: [UInt8]) {
    let asked = input.filter { ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == 0x2d || $0 == 0x2e }
    if let query = try? DNSMessage.query(id: 0x4242, name: asked) {
        var response = query
        response[2] = 0x81
        response[3] = 0x80
        response[7] = 1
        response += [0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 10, 1, 2, 3]
        let read = try? DNSMessage.parseResponse(response, id: 0x4242, name: asked)
        require(read == [IPv4Address(10, 1, 2, 3)], "the answer to our own query for " + show(asked) + " reads back wrong")
    }
    guard input.count >= 2 else { return }
    let id = UInt16(input[0]) << 8 | UInt16(input[1])
    let name = questionName(input) ?? bytes("captive.apple.com")
    let answer = Result { () throws(DNSError) in try DNSMessage.parseResponse(input, id: id, name: name) }
    let upper = name.map { $0 >= 0x61 && $0 <= 0x7a ? $0 - 0x20 : $0 }
    let again = Result { () throws(DNSError) in try DNSMessage.parseResponse(input, id: id, name: upper + [0x2e]) }
    // A name too long to ask about is refused quoting itself: the same refusal in other words.
    if case .failure(.invalidName) = answer, case .failure(.invalidName) = again { return }
    require(answer == again, "the answer differs for the name in capitals with a trailing dot")
}

/// The question's name as text, when it is plain labels (no compression) of name bytes.
func questionName(_ m: [UInt8]) -> [UInt8]? {
    var name: [UInt8] = []
    var at = 12
    while at < m.count {
        let n = Int(m[at])
        if n == 0 { return name.isEmpty ? nil : name }
        guard n < 64, at + 1 + n <= m.count else { return nil }
        let label = m[(at + 1)..<(at + 1 + n)]
        guard label.allSatisfy({ ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == 0x2d || $0 == 0x5f }) else { return nil }
        if !name.isEmpty { name.append(0x2e) }
        name += label
        at += 1 + n
    }
    return nil
}

/// The page as the helper reads it: the form it would send, encoded as it would send it (decoding back to
/// the same fields), and the questions it would ask the owner (valid, distinct helper field names).
func html(_ input: [UInt8]) {
    let page = HTMLPage(parsing: input)
    require(page.forms.count <= HTMLPage.formLimit, "more forms than the limit")
    for raw in [page.refreshURL, page.scriptRedirectURL].compactMap({ $0 }) { _ = try? pageURL.resolve(raw[...]) }
    if case .follow(let next) = ClickThroughPlan(page: page) { _ = try? pageURL.resolve(next[...]) }
    var plan = ClickThroughPlan(forms: page.forms)
    if case .needsUser(_, let visible) = plan {
        let fields = PortalUIField.fields(for: visible)
        var seen: [[UInt8]] = []
        for f in fields {
            let name = Array(f.name.utf8)
            require(HelperProtocol.isFieldName(name[...]), "UI field name " + show(name) + " is not a helper field name")
            require(!seen.contains(name.map(HelperProtocol.upper)), "UI field name " + show(name) + " twice")
            seen.append(name.map(HelperProtocol.upper))
            _ = f.environmentName
        }
        plan = ClickThroughPlan(forms: page.forms, answers: visible.map { FormField(name: $0.name, value: bytes("x y&z")) })
    }
    guard case .submit(let form, let fields) = plan else { return }
    let pairs = fields.map { (name: $0.name, value: $0.value) }
    let body = FormEncoding.encode(pairs)
    require((try? FormEncoding.decode(body[...])).map { same($0, pairs) } ?? false,
            "the form's fields do not survive encode → decode")
    guard let action = try? pageURL.resolve((form.action ?? [])[...]) else { return }
    _ = try? HTTPRequest(method: form.method == .post ? .post : .get, url: action, body: body).encoded()
}

func wispr(_ input: [UInt8]) {
    guard let message = try? WISPrMessage.find(in: input) else { return }
    _ = message.responseCode?.description
    for raw in [message.loginURL, message.logoffURL, message.loginResultsURL, message.nextURL].compactMap({ $0 }) {
        _ = try? securePageURL.resolve(raw[...])
    }
}

/// What the API's state reads from must be JSON to begin with.
func captiveJSON(_ input: [UInt8]) {
    let json = try? JSONValue(parsing: input)
    if let state = try? CaptivePortalAPIState(parsing: input) {
        require(json != nil, "an API state read from bytes that are not JSON")
        if let raw = state.userPortalURL { _ = try? securePageURL.resolve(raw[...]) }
    }
}
