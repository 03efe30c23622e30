import CLinux
import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// The built-in captive-portal helper: `hotspotd portal-helper COMMAND`, run by the daemon as a process
/// per command exactly like an external helper (same environment, same `key=value` answer on stdout, the
/// same sandbox but with network for evaluate). What it did and why goes to stderr, which the daemon logs.
///
/// Where the network stands comes from its RFC 8908 API when DHCP announced one (HOTSPOT_CAPTIVE_API)
/// and it answers, else from the probe URLs (`locate`).
/// - evaluate: a portal → `confidence=low`, open internet or none → `confidence=none`.
/// - maintain: open → success, a portal again → authenticationRequired, nothing → temporaryFailure.
/// - authenticate: fetch the portal page (following redirects, meta refresh, script redirects);
///   WISPr when the page carries its XML and credentials are configured; else the page's form
///   (`ClickThroughPlan`) sent with its cookies, then locate again to verify; a form that needs the owner
///   → uiRequired with its fields and the portal's URL.
/// - presentUI: the same with the owner's answers (`HOTSPOT_UI_<NAME>`) in the form, sent once: a portal
///   that asks again (its form, or no way on) refused them → uiRequired again, in the portal's words.
/// - logoff: the WISPr LogoffURL that the login kept in HOTSPOT_STATE_DIR, when there is one.
/// Success carries `session_remaining=` when the API tells the session's time left, so maintain comes
/// back as it ends.
public struct PortalHelper {
    /// The answer's `key=value` lines, `result=` last.
    public typealias Answer = HelperAnswer

    /// `option builtin 'portal'` in a `config helper` section.
    public static let builtinName = HelperProtocol.builtinPortalHelper

    /// Rounds of page, form and probe in one login (a terms page, then a second step).
    static let maxRounds = 3
    /// Meta refresh and script redirects followed to reach a page with a form.
    static let maxPageHops = 3

    public let settings: PortalHelperSettings
    public var client: HTTPClient
    let policy: PortalHostPolicy
    let variable: (String) -> String?
    let log: (String) -> Void
    /// The API's `seconds-remaining` at the last look.
    var sessionSeconds: Int64? = nil

    public init(settings: PortalHelperSettings, environment variable: @escaping (String) -> String?,
                log: @escaping (String) -> Void) {
        self.settings = settings
        self.variable = variable
        self.log = log
        var options = HTTPClient.Options(interface: settings.interface)
        options.trustAnchorsPath = settings.trustAnchorsPath
        let resolver = UplinkResolver(servers: settings.dnsServers, port: settings.dnsPort, interface: settings.interface)
        client = HTTPClient(options: options, resolver: resolver, deadline: cl_monotonic_ms() + settings.timeLimitMs)
        let policy = settings.hostPolicy
        self.policy = policy
        client.allowsHost = { policy.allows($0) }
    }

    /// `hotspotd portal-helper COMMAND`: the answer on stdout, exit 0; 2 for a usage error.
    public static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let command = HelperCommand(rawValue: arguments[0]) else {
            Output.err("usage: hotspotd portal-helper evaluate|authenticate|presentUI|maintain|logoff"
                       + " (run by hotspotd with the helper environment; see examples/helpers/README.md)")
            return 2
        }
        let environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
        let settings = PortalHelperSettings(environment: environment)
        for note in settings.notes { Output.err(note) }
        var helper = PortalHelper(settings: settings, environment: environment, log: { Output.err($0) })
        Output.write(helper.run(command).text, to: .standardOutput)
        return 0
    }

    public mutating func run(_ command: HelperCommand) -> Answer {
        switch command {
        case .filterScanList: return Answer(.success)  // it claims nothing: it only knows portals once joined
        case .evaluate: return evaluate()
        case .maintain: return maintain()
        case .authenticate: return login(withAnswers: false)
        case .presentUI: return login(withAnswers: true)
        case .logoff: return logoff()
        }
    }

    var hasNoWayToLook: Bool { settings.probeURLs.isEmpty && settings.captivePortalAPI == nil }

    /// Success, with the session's time left when the API told it.
    func success() -> Answer {
        guard let s = sessionSeconds, s >= 0 else { return Answer(.success) }
        var answer = Answer(.success)
        answer.add(.sessionRemaining, String(min(s, 2_592_000)))
        return answer
    }

    mutating func evaluate() -> Answer {
        if hasNoWayToLook { log("no probe URL: cannot tell a portal"); return Answer(.success, confidence: .none) }
        switch locate() {
        case .open:
            log("internet open: no portal to log in to")
            return Answer(.success, confidence: .none)
        case .noInternet(let why):
            log("no internet and no portal: " + why)
            return Answer(.success, confidence: .none)
        case .portal(let entry):
            guard policy.allows(entry.url.host) else {
                log("portal at " + entry.url.description + " is outside the portal domains: not claimed")
                return Answer(.success, confidence: .none)
            }
            log("captive portal at " + entry.url.description)
            return Answer(.success, confidence: .low)
        }
    }

    mutating func maintain() -> Answer {
        if hasNoWayToLook { log("no probe URL configured"); return Answer(.failure) }
        switch locate() {
        case .open: return success()
        case .portal(let entry):
            log("the portal is back (" + entry.url.description + "): the session ended")
            return Answer(.authenticationRequired)
        case .noInternet(let why):
            log("no internet: " + why)
            return Answer(.temporaryFailure)
        }
    }

    // MARK: - Login

    mutating func login(withAnswers: Bool) -> Answer {
        if hasNoWayToLook { log("no probe URL configured"); return Answer(.failure) }
        forgetLogoffURL()
        // The owner's answers go once (hotels lock a room after a few wrong tries): what they were sent for,
        // and what the page that answered them said.
        var sent: (fields: [PortalUIField], words: [UInt8]?)? = nil
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
            let page: PortalPage
            do throws(PortalError) { page = try fetchPage(entry) } catch {
                log("portal page: " + error.description)
                return Answer(error.isTemporary ? .temporaryFailure : .failure)
            }
            if round == 0, let answer = wispr(entry, page) { return answer }
            var plan = ClickThroughPlan(forms: page.html.forms)
            // Named from the form as the owner first saw it, so every answer finds its field again.
            var asked: [PortalUIField] = []
            if case .needsUser(_, let visible) = plan { asked = PortalUIField.fields(for: visible) }
            if let sent, !asked.isEmpty { return refused(asked, page, sent.words) }
            var answers: [FormField] = []
            if withAnswers && !asked.isEmpty {
                for field in asked {
                    if let value = variable(field.environmentName) {
                        answers.append(FormField(name: field.formName, value: Array(value.utf8)))
                    }
                }
                plan = ClickThroughPlan(forms: page.html.forms, answers: answers)
            }
            switch plan {
            case .submit(let form, let fields):
                do throws(PortalError) {
                    let reply = try submit(form, fields, page, answered: !answers.isEmpty)
                    if !answers.isEmpty { sent = (asked, HTMLPage(parsing: reply).message) }
                } catch {
                    log("sending the portal's form: " + error.description)
                    return Answer(error.isTemporary ? .temporaryFailure : .failure)
                }
            case .needsUser(let form, _):
                if withAnswers {
                    var names = ""
                    for f in asked where variable(f.environmentName) == nil { names += (names.isEmpty ? "" : ", ") + f.name }
                    log("the portal's form still needs answers" + (names.isEmpty ? "" : " for " + names))
                    return Answer(.failure)
                }
                // Answers this helper would not send are not asked for: the owner logs in from a browser.
                let action = form.action.flatMap { try? page.url.resolve($0[...]) } ?? page.url
                if !policy.allowsCredentials(to: action, askedBy: page.url) {
                    log("the form would send the owner's answers to " + action.description + ", but " + PortalHelper.secretsGo
                        + ": asking the owner to log in from a browser")
                    return uiRequired([], page, message: PortalHelper.browserLogin)
                }
                log("the portal's form needs the owner: " + String(asked.count) + " field(s)")
                return uiRequired(asked, page, message: nil)
            case .noForm:
                if let sent { return refused(sent.fields, page, sent.words) }
                if withAnswers {
                    log("still behind the portal, and its page has no form to send")
                    return Answer(.failure)
                }
                log("the portal page has no form hotspotd can send: asking the owner to log in from a browser")
                return uiRequired([], page, message: PortalHelper.browserLogin)
            }
        }
        log("still behind the portal after " + String(PortalHelper.maxRounds) + " forms sent")
        return Answer(.failure)
    }

    /// Why a secret is not sent (`PortalHostPolicy.allowsCredentials`).
    static var secretsGo: String { "secrets go only over https to the portal page's own host or a portal domain" }

    static var browserLogin: String {
        "The portal has no form hotspotd can fill in: open the portal page in a browser behind this router, log in, then submit."
    }

    /// The portal still captive after the owner's answers: it refused them. They are not sent again; the owner
    /// is asked again in the portal's words (its answer's, else its page's) with the fields it asks now.
    func refused(_ fields: [PortalUIField], _ page: PortalPage, _ replyWords: [UInt8]?) -> Answer {
        log("the portal did not accept the owner's answers: not sent again, the owner is asked again")
        return uiRequired(fields, page, message: (replyWords ?? page.html.message).map { HelperProtocol.printable($0) })
    }

    func uiRequired(_ fields: [PortalUIField], _ page: PortalPage, message: String?) -> Answer {
        var answer = Answer(.uiRequired)
        var text = message ?? ""
        if text.isEmpty {
            text = "The captive portal at " + page.url.host.description + " asks for this"
            if let title = page.html.title, !title.isEmpty {
                text += ": " + HelperProtocol.printable(Array(title.prefix(200)))
            }
        }
        answer.add(.uiMessage, text)
        for f in fields { answer.add(f.isSecret ? .uiSecretField : .uiField, f.name + "\t" + f.label) }
        let url = page.url.description
        if url.utf8.count + 11 <= HelperProtocol.maxLineBytes { answer.add(.portalURL, url) }
        return answer
    }

    // MARK: - Probing

    /// Where the portal's page is: at `url`, or `page` itself when the probe's answer was the page.
    struct PortalEntry {
        var url: HTTPURL
        var page: HTTPResponse?
        var probeURL: HTTPURL
        var probeBody: [UInt8]
    }

    enum ProbeOutcome {
        case open
        case portal(PortalEntry)
        case noInternet(String)
    }

    /// The RFC 8908 API when the network announced one and it answers (`captive: false` is open, a
    /// `user-portal-url` is where to log in); else, or when it is captive without one, the probes.
    mutating func locate() -> ProbeOutcome {
        guard let api = settings.captivePortalAPI else { return probe() }
        var request = HTTPRequest(url: api)
        request.headers.append(HTTPHeader("Accept", "application/captive+json"))
        let state: CaptivePortalAPIState
        do throws(HTTPClientError) {
            let response = try client.send(request)
            guard response.status == 200 else { return probe(insteadOf: api, "HTTP " + String(response.status)) }
            do throws(CaptivePortalAPIError) { state = try CaptivePortalAPIState(parsing: response.body) } catch {
                return probe(insteadOf: api, error.description)
            }
        } catch {
            return probe(insteadOf: api, error.description)
        }
        sessionSeconds = state.captive ? nil : state.secondsRemaining
        log("captive-portal API: " + (state.captive ? "captive" : "not captive")
            + (sessionSeconds.map { ", " + String($0) + " s left" } ?? ""))
        guard state.captive else { return .open }
        if let raw = state.userPortalURL, let url = try? api.resolve(raw[...]) {
            return .portal(PortalEntry(url: url, page: nil, probeURL: settings.probeURLs.first ?? url, probeBody: []))
        }
        log("captive-portal API: no usable user-portal-url: probing")
        return probe()
    }

    /// The API failed (RFC 8908 §5: fall back to the other detection): logged, and the probes decide.
    mutating func probe(insteadOf api: HTTPURL, _ why: String) -> ProbeOutcome {
        log("captive-portal API " + api.description + ": " + why + ": probing instead")
        return probe()
    }

    /// Every probe URL at once, each in a child process of its own (the helper is one process per
    /// command, and its process group dies with it): the first verdict of open internet or a portal
    /// decides, so an https probe that hangs costs nothing when http answers, nor a dead http when
    /// https does. When none decides: no internet, with every reason. One URL, or fork failing: in turn.
    mutating func probe() -> ProbeOutcome {
        var reasons = ""
        var running: [(url: HTTPURL, child: ProbeChild)] = []
        defer { for r in running { r.child.stop() } }
        for url in settings.probeURLs {
            if settings.probeURLs.count > 1, let child = ProbeChild.start({ self.probe(url, into: &$0) }) {
                running.append((url, child))
            } else if let decided = probe(url, into: &reasons) {
                return decided
            }
        }
        while !running.isEmpty {
            var fds: [pollfd] = []
            for r in running { fds.append(pollfd(fd: r.child.output.rawValue, events: Int16(POLLIN), revents: 0)) }
            let left = client.deadline - cl_monotonic_ms()
            if left <= 0 || poll(&fds, nfds_t(fds.count), Int32(min(left, 60_000))) == 0 {
                PortalHelper.add("no probe answered in time", to: &reasons)
                break
            }
            for i in fds.indices.reversed() where fds[i].revents != 0 {
                let (url, child) = running.remove(at: i)
                let verdict = child.verdict()
                child.stop()
                switch verdict {
                case .open: return .open
                // The child's verdict carries no page: this process asks once more for the portal's answer.
                case .portal: if let decided = probe(url, into: &reasons) { return decided }
                case .none(let why): PortalHelper.add(why, to: &reasons)
                }
            }
        }
        return .noInternet(reasons)
    }

    /// Why no probe decided, one reason after another.
    static func add(_ reason: String, to reasons: inout String) {
        reasons += (reasons.isEmpty ? "" : "; ") + reason
    }

    /// One probe: open or a portal, else nil with the reason added to `reasons`.
    mutating func probe(_ url: HTTPURL, into reasons: inout String) -> ProbeOutcome? {
        func note(_ why: String) -> ProbeOutcome? {
            PortalHelper.add(url.description + ": " + why, to: &reasons)
            return nil
        }
        let response: HTTPResponse
        do throws(HTTPClientError) { response = try client.send(HTTPRequest(url: url)) } catch {
            return note(error.description)
        }
        let verdict = ProbeClassifier().classify(status: response.status, location: response.header("Location"),
                                                 body: response.body)
        log("probe " + url.description + ": HTTP " + String(response.status) + ", " + verdict.description)
        switch verdict {
        case .open:
            return .open
        case .noInternet:
            return note("HTTP " + String(response.status))
        case .portal(nil):
            return .portal(PortalEntry(url: url, page: response, probeURL: url, probeBody: response.body))
        case .portal(let raw?):
            let target: HTTPURL
            do throws(HTTPURLError) { target = try url.resolve(raw[...]) } catch {
                return note("the portal's URL is unusable: " + error.description)
            }
            // The probe's own host sending it elsewhere on itself (an upgrade to https) is no portal.
            if target.host == url.host { return note("redirected to its own host") }
            return .portal(PortalEntry(url: target, page: nil, probeURL: url, probeBody: response.body))
        }
    }

    // MARK: - Pages and forms

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

    mutating func get(_ url: HTTPURL) throws(PortalError) -> (body: [UInt8], url: HTTPURL) {
        do throws(HTTPClientError) {
            let (response, final) = try client.fetch(HTTPRequest(url: url))
            return (response.body, final)
        } catch {
            throw .http(error)
        }
    }

    /// Sends a form as a browser would: POST as a urlencoded body, GET as the action's query; the owner's
    /// answers only where the policy lets secrets go. The log names the action before that query, and no
    /// URL after it: the answers may be in them.
    mutating func submit(_ form: HTMLForm, _ fields: [FormField], _ page: PortalPage, answered: Bool) throws(PortalError) -> [UInt8] {
        var action = page.url
        if let a = form.action {
            do throws(HTTPURLError) { action = try page.url.resolve(a[...]) } catch { throw .unusableURL(error) }
        }
        log("sending the form to " + action.description + " (" + String(fields.count) + " field(s))")
        if answered && !policy.allowsCredentials(to: action, askedBy: page.url) { throw .answersNotSent }
        var pairs: [(name: [UInt8], value: [UInt8])] = []
        for f in fields { pairs.append((f.name, f.value)) }
        let encoded = FormEncoding.encode(pairs)
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
        do throws(HTTPClientError) {
            let (response, _) = try client.fetch(request)
            log("the form's answer: HTTP " + String(response.status))
            return response.body
        } catch {
            throw .http(error)
        }
    }

    // MARK: - WISPr

    /// WISPr 1.0 when the probe's answer or the page carries a Redirect message: nil to go on with the
    /// page's form (no message, no credentials), else the answer.
    mutating func wispr(_ entry: PortalEntry, _ page: PortalPage) -> Answer? {
        var message: WISPrMessage? = nil
        for body in [entry.probeBody, page.body] where message == nil {
            do throws(WISPrError) { message = try WISPrMessage.find(in: body) } catch {
                log("WISPr XML ignored: " + error.description)
            }
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
        var pairs: [(name: [UInt8], value: [UInt8])] = []
        for f in fields { pairs.append((f.name, f.value)) }
        log("WISPr login at " + login.description)
        var request = HTTPRequest(method: .post, url: login, headers: [HTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
                                  body: FormEncoding.encode(pairs))
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
            log("WISPr login: " + code.description + (reply.replyMessage.map { ", " + HelperProtocol.printable(Array($0.prefix(200))) } ?? ""))
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
                _ = poll(nil, 0, delay * 1000)
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

// MARK: - Logoff

extension PortalHelper {
    /// `HOTSPOT_STATE_DIR/wispr-logoff`: the network's SSID (hex) and its LogoffURL, one per line.
    var logoffFile: String? { settings.stateDirectory.map { $0 + "/wispr-logoff" } }

    func keepLogoffURL(_ url: HTTPURL) {
        guard let path = logoffFile else { log("WISPr LogoffURL not kept: no " + HelperVariable.stateDirectory); return }
        let text = Array((settings.ssidHex + "\n" + url.description + "\n").utf8)
        do throws(Errno) { try StateFile.replace(path, with: text, mode: 0o600) } catch {
            log("WISPr LogoffURL not kept: " + path + ": " + error.description)
        }
    }

    func forgetLogoffURL() {
        if let path = logoffFile { _ = unlink(path) }
    }

    /// Calls the LogoffURL that the login on this network kept; without one the session ends by itself.
    mutating func logoff() -> Answer {
        guard let path = logoffFile, let fd = try? FileDescriptor.open(path, O_RDONLY) else {
            log("logoff: no WISPr LogoffURL for this network: the venue's session ends by itself")
            return Answer(.success)
        }
        let bytes = (try? fd.readAll(limit: 4_096)) ?? []
        fd.close()
        forgetLogoffURL()
        let lines = bytes.split(separator: 0x0a)
        guard lines.count == 2, lines[0].elementsEqual(settings.ssidHex.utf8), let url = try? HTTPURL(parsing: lines[1]) else {
            log("logoff: the kept LogoffURL is another network's: the venue's session ends by itself")
            return Answer(.success)
        }
        log("WISPr logoff at " + url.description)
        do throws(HTTPClientError) {
            let (response, _) = try client.fetch(HTTPRequest(url: url))
            let code = (try? WISPrMessage.find(in: response.body))?.responseCode
            log("WISPr logoff: HTTP " + String(response.status) + (code.map { ", " + $0.description } ?? ""))
            if let code, code != .logoffSucceeded { return Answer(.failure) }
            return Answer(response.status < 400 ? .success : .failure)
        } catch {
            log("WISPr logoff: " + error.description)
            return Answer(.failure)
        }
    }
}

/// A probe run in a child process (fork): its verdict comes back through a pipe as one byte, `o` open,
/// `p` a portal, or `n` and the reason.
struct ProbeChild {
    enum Verdict { case open, portal, none(String) }

    let pid: Int32
    let output: FileDescriptor

    /// nil when fork fails: the caller probes in turn instead.
    static func start(_ probe: (inout String) -> PortalHelper.ProbeOutcome?) -> ProbeChild? {
        guard let (readEnd, writeEnd) = try? FileDescriptor.pipe() else { return nil }
        let pid = fork()
        if pid == 0 {
            readEnd.close()
            var reasons = ""
            let answer: [UInt8]
            switch probe(&reasons) {
            case .open?: answer = [UInt8(ascii: "o")]
            case .portal?: answer = [UInt8(ascii: "p")]
            case .noInternet?, nil: answer = [UInt8(ascii: "n")] + Array(reasons.utf8.prefix(1_000))
            }
            try? writeEnd.writeAll(answer)
            _exit(0)
        }
        writeEnd.close()
        guard pid > 0 else { readEnd.close(); return nil }
        return ProbeChild(pid: pid, output: readEnd)
    }

    /// Waits for the child's answer; it ends by the command's deadline like every request.
    func verdict() -> Verdict {
        let bytes = (try? output.readAll(limit: 1_024)) ?? []
        switch bytes.first {
        case UInt8(ascii: "o"): return .open
        case UInt8(ascii: "p"): return .portal
        case UInt8(ascii: "n"): return .none(String(decoding: bytes.dropFirst(), as: UTF8.self))
        default: return .none("the probe's process gave no answer")
        }
    }

    func stop() {
        _ = kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        output.close()
    }
}

/// Why the portal's page or form could not be used.
enum PortalError: Error, CustomStringConvertible {
    case http(HTTPClientError)
    case unusableURL(HTTPURLError)
    /// The owner's answers would go where `PortalHostPolicy` sends no secret.
    case answersNotSent

    /// Worth trying again later (the network), rather than a portal this helper cannot handle.
    var isTemporary: Bool {
        switch self {
        case .http(let e):
            switch e {
            case .hostNotAllowed, .request, .redirect, .tooManyRedirects, .response: return false
            case .resolve, .socket, .connect, .connectTimedOut, .timedOut, .io, .tls: return true
            }
        case .unusableURL, .answersNotSent: return false
        }
    }

    var description: String {
        switch self {
        case .http(let e): return e.description
        case .unusableURL(let e): return e.description
        case .answersNotSent: return "the owner's answers are not sent, as " + PortalHelper.secretsGo
        }
    }
}
