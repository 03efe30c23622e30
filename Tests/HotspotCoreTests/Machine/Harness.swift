import Testing
@testable import HotspotCore

// Fixtures and a small driver stand-in shared by the core tests. No I/O: inputs go in, actions come out.

func ssid(_ s: String) -> SSID { SSID(s)! }
func bssid(_ last: UInt8) -> BSSID { BSSID(bytes: [0x02, 0, 0, 0, 0, last])! }
func netID(_ n: Int) -> NetworkID { NetworkID(n)! }
func pass(_ text: String) -> Passphrase { try! Passphrase(text) }

enum Fixture {
    static let hotel = ssid("Hotel")        // open, a configured known network
    static let cafe = ssid("Cafe")          // personal, known with a passphrase
    static let airport = ssid("Airport")    // open, nobody's
    static let train = ssid("Train")        // personal, only a helper knows the password
    static let office = ssid("Office")      // enterprise: never joinable

    static func entry(_ s: SSID, _ b: UInt8, rssi: Int = -55, security: SecurityType = .open) -> ScanEntry {
        ScanEntry(ssid: s, bssid: bssid(b), rssi: rssi, frequency: 2412, security: security)
    }

    static let scan: [ScanEntry] = [entry(hotel, 1, rssi: -50), entry(airport, 2, rssi: -60)]

    static let alpha = HelperDescriptor(name: "alpha", kind: .external, program: "/usr/lib/hotspotd/alpha")
    static let beta = HelperDescriptor(name: "beta", kind: .builtin, program: "wispr",
                                       commands: HelperCommandSet([.filterScanList, .evaluate, .authenticate, .maintain]))

    static func config(_ helpers: [HelperDescriptor] = [alpha, beta]) -> HotspotConfiguration {
        HotspotConfiguration(helpers: helpers,
                             knownNetworks: [KnownNetwork(ssid: hotel), KnownNetwork(ssid: cafe, passphrase: pass("cafe-secret"))])
    }
}

extension StationAction {
    var request: HelperRequest? {
        if case .runHelper(let r) = self { return r }
        return nil
    }
    var joinTarget: JoinTarget? {
        if case .join(let t) = self { return t }
        return nil
    }
    var isEffect: Bool {
        switch self {
        case .runHelper, .abandonHelper, .join, .disconnect, .removeNetworks, .persist: return true
        case .requestScan, .armTimer, .cancelTimer, .log, .notify, .reply, .scanTaken: return false
        case .link: return true
        }
    }
    var refusal: String? {
        if case .reply(.refused(let why)) = self { return why }
        return nil
    }
}

extension Array where Element == StationAction {
    var requests: [HelperRequest] { compactMap { $0.request } }
    func requests(_ c: HelperCommand) -> [HelperRequest] { requests.filter { $0.command == c } }
    var joins: [JoinTarget] { compactMap { $0.joinTarget } }
    var abandoned: [UInt64] {
        compactMap { if case .abandonHelper(let id, _) = $0 { return id } else { return nil } }
    }
    var disconnects: Int { filter { $0 == .disconnect }.count }
    var removedNetworks: [SSID] { compactMap { if case .removeNetworks(let s) = $0 { return s } else { return nil } } }
    var refused: Bool { contains { $0.refusal != nil } }
    var accepted: Bool { contains { if case .reply(.accepted) = $0 { return true } else { return false } } }
    var persisted: PersistentState? {
        for a in reversed() { if case .persist(let p) = a { return p } }
        return nil
    }
    var logs: [String] { compactMap { if case .log(_, let m) = $0 { return m } else { return nil } } }
}

extension HotspotMachine {
    /// The join path's in-flight requests, for tests.
    var joinPathRequests: [UInt64] {
        switch phase {
        case .evaluating(let pending, _): return pending.map { $0.request }
        case .authenticating(_, let r), .maintaining(_, let r), .loggingOff(_, let r): return [r]
        case .presentingUI(_, _, let r): return r.map { [$0] } ?? []
        case .inactive, .authenticated, .failure: return []
        }
    }
    var inFlightIDs: [UInt64] { requests.map { $0.id } }
    func inFlight(_ helper: String) -> InFlight? { requests.first { $0.helper == helper } }
    var linkStage: Int { Int(statusKey.linkStage) }
}

/// The machine plus a clock, feeding inputs the way the driver would.
struct Harness {
    var m: HotspotMachine
    var now: Int64 = 1_000
    var last: [StationAction] = []

    init(_ config: HotspotConfiguration = Fixture.config(), saved: PersistentState = PersistentState()) {
        m = HotspotMachine(configuration: config, restoring: saved, now: now)
    }

    @discardableResult
    mutating func on(_ input: HotspotInput, after ms: Int64 = 0) -> [StationAction] {
        now += ms
        last = m.handle(input, now: now)
        return last
    }

    mutating func respond(_ id: UInt64, _ result: HelperResult, confidence: Confidence? = nil,
                          claims: [HelperClaim] = [], ui: UIRequest? = nil, maintainAfterMs: Int64? = nil,
                          sessionRemainingMs: Int64? = nil) -> [StationAction] {
        on(.helperResponded(requestID: id, HelperResponse(result: result, confidence: confidence, claims: claims, ui: ui,
                                                          maintainAfterMs: maintainAfterMs,
                                                          sessionRemainingMs: sessionRemainingMs)))
    }

    /// Fires a timer at its deadline.
    @discardableResult
    mutating func fire(_ id: TimerID) -> [StationAction] {
        let due = m.deadline(of: id)!
        if due > now { now = due }
        return on(.timerFired(id))
    }

    /// Answers every filterScanList in flight with no claims.
    mutating func settleScans() {
        for r in m.requests where r.command == .filterScanList {
            _ = respond(r.id, .success)
        }
    }

    func request(_ helper: String, _ command: HelperCommand) -> UInt64? {
        m.requests.first { $0.helper == helper && $0.command == command }?.id
    }

    // MARK: The eight states, reached the way they are in life

    /// inactive, joining Hotel.
    static func inactive(_ configuration: HotspotConfiguration = Fixture.config()) -> Harness {
        var h = Harness(configuration)
        h.on(.supplicantReconnected)
        h.on(.scanResults(Fixture.scan))
        h.settleScans()
        return h
    }

    /// Hotel joined; alpha and beta evaluate it.
    static func evaluating(_ configuration: HotspotConfiguration = Fixture.config()) -> Harness {
        var h = inactive(configuration)
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        return h
    }

    static func authenticating(_ configuration: HotspotConfiguration = Fixture.config()) -> Harness {
        var h = evaluating(configuration)
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        return h
    }

    static let loginUI = UIRequest(fields: [UIField(name: "room"), UIField(name: "surname")],
                                   portalURL: "http://portal.example/login")

    static func presentingUI(_ configuration: HotspotConfiguration = Fixture.config()) -> Harness {
        var h = authenticating(configuration)
        _ = h.respond(h.request("alpha", .authenticate)!, .uiRequired, ui: loginUI)
        return h
    }

    static func authenticated() -> Harness {
        var h = authenticating()
        _ = h.respond(h.request("alpha", .authenticate)!, .success)
        return h
    }

    static func maintaining() -> Harness {
        var h = authenticated()
        h.fire(.maintain)
        return h
    }

    static func loggingOff() -> Harness {
        var h = authenticated()
        h.on(.owner(.logoff))
        return h
    }

    static func failure() -> Harness {
        var h = authenticating()
        _ = h.respond(h.request("alpha", .authenticate)!, .failure)
        return h
    }

    static func at(_ state: HotspotState) -> Harness {
        switch state {
        case .inactive: return inactive()
        case .evaluating: return evaluating()
        case .authenticating: return authenticating()
        case .presentingUI: return presentingUI()
        case .authenticated: return authenticated()
        case .maintaining: return maintaining()
        case .loggingOff: return loggingOff()
        case .failure: return failure()
        }
    }
}
