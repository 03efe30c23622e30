import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotSystem

/// The built-in captive-portal helper: `hotspotd portal-helper COMMAND`, run by the daemon as a process
/// per command exactly like an external helper (same environment, same `key=value` answer on stdout, the
/// same sandbox but with network for evaluate). What it did and why goes to stderr, which the daemon logs.
///
/// Where the network stands comes from its RFC 8908 API when DHCP announced one (HOTSPOT_CAPTIVE_API)
/// and it answers, else from the probe URLs (`locate`).
/// - evaluate: a portal → `confidence=low`, open internet or none → `confidence=none`.
/// - maintain: open → success, a portal again → authenticationRequired, nothing → temporaryFailure.
/// - authenticate: fetch the portal page (following redirects, meta refresh, script redirects);
///   WISPr when the page carries its XML and credentials are configured; UniFi's JSON login; else the venue's flow, page by
///   page (`ClickThroughPlan(page:)`, at most `maxSteps`): forms sent with their cookies, links on to the
///   terms and refreshes followed (a CHAP product's login form answered by its CHAP: `chapLogin`), then locate
///   again to verify; a form that needs the owner → uiRequired
///   with its fields and the portal's URL; a CAPTCHA, a card or a login only a script sends → uiRequired
///   with the reason, for the owner's browser.
/// - presentUI: the same with the owner's answers (`HOTSPOT_UI_<NAME>` on stdin) in the form, sent once: a portal
///   that asks again (its form, or no way on) refused them → uiRequired again, in the portal's words.
/// - logoff: the WISPr LogoffURL that the login kept in HOTSPOT_STATE_DIR, when there is one.
/// Success carries `session_remaining=` when the API tells the session's time left, so maintain comes
/// back as it ends.
public struct PortalHelper {
    /// The answer's `key=value` lines, `result=` last.
    public typealias Answer = HelperAnswer

    /// `option builtin 'portal'` in a `config helper` section.
    public static let builtinName = HelperProtocol.builtinPortalHelper

    /// Rounds of a flow and the probe in one login.
    static let maxRounds = 3
    /// Pages one flow goes through after the first (forms sent, links and refreshes followed) before the probe.
    static let maxSteps = 6
    /// Meta refresh and script redirects followed to reach a page with a form.
    static let maxPageHops = 3

    public let settings: PortalHelperSettings
    public var client: HTTPClient
    let policy: PortalHostPolicy
    let variable: (String) -> String?
    /// The owner's answers and the WISPr password, from stdin (`HelperSecrets`): never the environment's.
    let secrets: HelperSecrets
    let log: (String) -> Void
    /// The API's `seconds-remaining` at the last look.
    var sessionSeconds: Int64? = nil
    /// Where the owner's answers (typed or remembered) went in this login: told with success, so that the
    /// daemon remembers them for the stay.
    var answersAccepted: AcceptedAnswers? = nil
    /// What each probe URL (or the RFC 8908 API) saw at the latest look: told with the answer (`probe=`).
    var probeLines: [String] = []

    /// How often maintain looks while a venue's session length is unknown: its end is noticed this soon
    /// (the daemon learns the length from it and looks when the next one is due).
    static let sessionLookSeconds = 30

    public init(settings: PortalHelperSettings, environment variable: @escaping (String) -> String?,
                log: @escaping (String) -> Void) {
        self.settings = settings
        self.variable = variable
        secrets = HelperSecrets()
        self.log = log
        policy = settings.hostPolicy
        client = HTTPClient(settings, policy)
    }

    /// `hotspotd portal-helper COMMAND`: the answer on stdout, exit 0; 2 for a usage error.
    public static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let command = ASCII.rawCase(arguments[0], of: HelperCommand.self) else {
            Output.err("usage: hotspotd portal-helper evaluate|authenticate|presentUI|maintain|logoff"
                       + " (run by hotspotd with the helper environment; see examples/helpers/README.md)")
            return 2
        }
        var secrets = HelperSecrets()
        // The answers and the password come on stdin (issue 35): read to its end, within the bound, before anything.
        if command == .authenticate || command == .presentUI {
            guard let bytes = try? FileDescriptor(rawValue: 0).readAll(limit: HelperSecrets.maxBytes + 1),
                  let given = HelperSecrets(parsing: bytes) else {
                Output.err("hotspotd portal-helper: " + HelperSecrets.refusal)
                return 2
            }
            secrets = given
        }
        var helper = PortalHelper(environmentNotePrefix: "", secrets: secrets)
        Output.write(helper.run(command).text, to: .standardOutput)
        return 0
    }

    /// The helper as this process's environment sets it up (notes on what it left out go to stderr); also
    /// what `hotspotd fetch` runs its requests through.
    /// An initialiser, not a static function returning one: that return copied the whole helper; and one that
    /// sets the fields itself, as delegating to `init(settings:environment:log:)` copied it too.
    /// `secrets`: what came on stdin.
    @inline(never)
    init(environmentNotePrefix notePrefix: String, secrets: HelperSecrets = HelperSecrets()) {
        let environment: (String) -> String? = { name in CurrentProcess.environment(name) }
        var settings = PortalHelperSettings(environment: environment)
        if let password = secrets.value(HelperVariable.wisprPassword) { settings.wisprPassword = Array(password.utf8) }
        for note in settings.notes { Output.err(notePrefix + note) }
        self.settings = settings
        variable = environment
        self.secrets = secrets
        log = { Output.err(notePrefix + $0) }
        policy = settings.hostPolicy
        client = HTTPClient(settings, policy)
    }

    public mutating func run(_ command: HelperCommand) -> Answer {
        var answer: Answer
        switch command {
        case .filterScanList: return Answer(.success)  // it claims nothing: it only knows portals once joined
        case .evaluate: answer = evaluate()
        case .maintain: answer = maintain()
        case .authenticate: answer = login(withAnswers: false)
        case .presentUI: answer = login(withAnswers: true)
        case .logoff: return logoff()
        }
        // What each probe saw at the verdict, for `hotspotd status`: a walled garden's 204 shows beside the portal.
        for line in probeLines { answer.add(.probe, line) }
        return answer
    }

    /// A probe's line as the answer carries it: printable, and short whatever a server sent.
    mutating func noteProbe(_ line: String) {
        probeLines.append(HelperProtocol.printable(Array(line.utf8.prefix(300))))
    }

    var hasNoWayToLook: Bool {
        guard settings.probeURLs.isEmpty, case .none = settings.captivePortalAPI else { return false }  // not `== nil`: it copied the URL
        return true
    }

    /// Success, with the session's time left when the API told it (else a look again in 30 s: a venue's
    /// session ends when it ends), and where the owner's answers were accepted.
    func success() -> Answer {
        var answer = Answer(.success)
        if let s = sessionSeconds, s >= 0 {
            answer.add(.sessionRemaining, String(min(s, 2_592_000)))
        } else {
            answer.add(.maintainAfter, String(PortalHelper.sessionLookSeconds))
        }
        if let a = answersAccepted {
            answer.add(.answersAccepted, a.origin)
            if let g = a.gateway { answer.add(.answersGateway, g) }
        }
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
            // The daemon's internet check runs this too, also while a login waits for the owner: no session
            // ended there, it only sees a portal.
            if let h = variable(HelperVariable.helper), ASCII.same(h, HotspotMachine.netcheckHelper) {
                log("behind the captive portal at " + entry.url.description)
            } else {
                log("the portal is back (" + entry.url.description + "): the session ended")
            }
            return Answer(.authenticationRequired)
        case .noInternet(let why):
            log("no internet: " + why)
            return Answer(.temporaryFailure)
        }
    }
}
