import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// `hotspotd run`: the core, wpa_supplicant, nl80211, the kernel's addresses and the helpers, in one poll
/// loop. This class performs the core's actions (`HotspotEffects`) and turns what happens around it into
/// the core's inputs; every input goes through the driver, one batch at a time.
public final class HotspotDaemon: HotspotEffects {
    public struct Options {
        public var configPath = "/etc/config/hotspot"
        public var verbose = false
        public init() {}
    }

    let loop: EventLoop
    let options: Options
    let logger: Logger
    var settings: DaemonSettings
    var driver: HotspotDriver! = nil
    let client: SupplicantClient
    let stateFile: StateFile
    var networkMap = SupplicantNetworkMap()
    var nl: NL80211? = nil
    var ifindex: UInt32 = 0
    var route: RouteMonitor? = nil
    var hadAddress = false
    var signals: FileDescriptor? = nil

    /// One external helper process per request id.
    struct Run {
        var request: HelperRequest
        var process: HelperProcess?
        var startedAt: Int64
    }
    var runs: [Run] = []
    /// The binary the built-in portal helper runs as (tests point it at the built hotspotd).
    var portalHelperPath = "/proc/self/exe"

    /// wpa_supplicant work that changes its networks runs one plan at a time, in order.
    var networkWork: [() -> Void] = []
    var networkWorkBusy = false
    /// A scan result fetch is under way; another SCAN-RESULTS meanwhile fetches once more after it.
    var fetchingScan = false
    var fetchAgain = false
    var stationTimer = 0
    /// Waiting for the default route after the address.
    var gatewayTimer = 0
    /// The latest join's SELECT_NETWORK went out; NETWORK-NOT-FOUND events since then.
    var joinSelected = false
    var notFoundSinceJoin = 0
    public private(set) var exitStatus: Int32? = nil
    /// The control socket; the latest helper run and state changes, for `hotspotd status`.
    var control: ControlServer? = nil
    var lastRun: ControlReport.HelperRun? = nil
    /// The last captive-portal API URI (or why it was refused) logged, so each change is logged once.
    var captiveAPINote = ""
    var transitions: [ControlReport.Transition] = []

    init(loop: EventLoop, options: Options, settings: DaemonSettings, configuration: HotspotConfiguration,
         logger: Logger) {
        self.loop = loop
        self.options = options
        self.settings = settings
        self.logger = logger
        stateFile = StateFile(path: settings.stateFile)
        var c = SupplicantClient.Configuration(controlPath: settings.controlDirectory + "/" + settings.interface,
                                               clientDirectory: settings.runDirectory)
        c.pingInterval = 10_000
        client = SupplicantClient(c, loop: loop)
        var restored = PersistentState()
        switch stateFile.load() {
        case .loaded(let s): restored = s
        case .missing: break
        case .ignored(let why): logger.log(.error, why + "; starting without it")
        }
        driver = HotspotDriver(machine: HotspotMachine(configuration: configuration, restoring: restored, now: loop.now),
                               loop: loop, effects: self)
    }

    /// Runs the daemon until TERM/INT; returns the exit status.
    public static func main(_ options: Options) -> Int32 {
        let logger = Logger(toSyslog: true, toStderr: options.verbose, threshold: options.verbose ? .debug : .info)
        let loaded: HotspotUCI
        switch HotspotDaemon.loadConfiguration(options.configPath) {
        case .loaded(let l): loaded = l
        case .refused(let why):
            logger.log(.error, why)
            Output.err("hotspotd: " + why)
            return 1
        }
        for w in loaded.warnings { logger.log(.warning, w) }
        if !options.verbose { logger.threshold = loaded.settings.logLevel }
        let loop = EventLoop()
        let daemon = HotspotDaemon(loop: loop, options: options, settings: loaded.settings,
                                   configuration: loaded.configuration, logger: logger)
        if let failure = daemon.start() {
            logger.log(.error, failure)
            Output.err("hotspotd: " + failure)
            return 1
        }
        while daemon.exitStatus == nil { loop.runOnce(maxWait: 60_000) }
        // What stop() posted (closing and unlinking wpa_supplicant's client sockets) runs before exit.
        loop.runPosted()
        return daemon.exitStatus ?? 0
    }

    // MARK: Start and stop

    /// Everything that must work before the loop runs; a message when something does not.
    func start() -> String? {
        if let failure = startControl() { return failure }
        let fd = cl_daemon_signalfd()
        guard fd >= 0 else { return "signalfd: " + Errno.current.description }
        signals = FileDescriptor(rawValue: fd)
        loop.watch(FileDescriptor(rawValue: fd)) { [self] _ in readSignals() }
        do {
            let nl = try NL80211()
            guard let w = try nl.interfaces().first(where: { $0.name == settings.interface }) else {
                return "no wireless interface named " + settings.interface
            }
            self.nl = nl
            ifindex = w.ifindex
        } catch {
            return "nl80211: " + error.description
        }
        do {
            let r = try RouteMonitor(ifindex: ifindex, loop: loop)
            r.onChange = { [self] in addressingChanged() }
            route = r
            hadAddress = r.addressing.hasAddress
        } catch {
            return "route netlink: " + error.description
        }
        startSupplicant()
        return nil
    }

    func startSupplicant() {
        client.onLinkUp = { [self] in supplicantUp() }
        client.onLinkDown = { [self] why in logger.log(.warning, "wpa_supplicant connection lost: " + why) }
        client.onEvent = { [self] message in supplicantEvent(message) }
        client.start()
        logger.log(.notice, "started on " + settings.interface + " (wpa_supplicant " + settings.controlDirectory + ")")
    }

    func readSignals() {
        guard let fd = signals else { return }
        while true {
            let sig = cl_daemon_read_signal(fd.rawValue)
            if sig <= 0 { return }
            if sig == cl_sigterm() || sig == cl_sigint() {
                stop(status: 0)
                return
            } else if sig == cl_sighup() {
                reload()
            }
            // SIGCHLD: helper processes reap themselves when their pipes close.
        }
    }

    /// Orderly exit: helpers killed, timers dropped, our client sockets removed. The association is left
    /// as it is, so the owner's devices keep their uplink across a restart (procd respawn, upgrade).
    func stop(status: Int32) {
        logger.log(.notice, "stopping")
        for r in runs { r.process?.abandon() }
        runs = []
        driver.cancelAllTimers()
        client.stop()
        route?.close()
        control?.close()
        exitStatus = status
    }

    public enum ConfigurationLoad {
        case loaded(HotspotUCI)
        case refused(String)
    }

    /// The UCI file, parsed and validated; a message naming the file, line and option when it is refused.
    public static func loadConfiguration(_ path: String) -> ConfigurationLoad {
        let bytes: [UInt8]
        do {
            bytes = try readConfiguration(path)
        } catch {
            return .refused("cannot read " + path + ": " + error.description)
        }
        do throws(HotspotUCIError) {
            return .loaded(try HotspotUCI(parsing: bytes, file: path))
        } catch {
            return .refused(error.description)
        }
    }

    /// The UCI file's bytes; a file of 1 MiB or more is refused (never read, or written back, cut short).
    static func readConfiguration(_ path: String) throws(Errno) -> [UInt8] {
        let fd = try FileDescriptor.open(path, O_RDONLY)
        defer { fd.close() }
        let bytes = try fd.readAll(limit: 1 << 20)
        if bytes.count == 1 << 20 { throw Errno(EFBIG) }
        return bytes
    }

    /// SIGHUP and `hotspotd reload`: `.loaded` with the options left for a restart, or `.refused` with why.
    @discardableResult
    func reload() -> Reload {
        switch HotspotDaemon.loadConfiguration(options.configPath) {
        case .refused(let why):
            logger.log(.error, "reload refused, keeping the running configuration: " + why)
            return .refused(why)
        case .loaded(let loaded):
            return .loaded(apply(loaded))
        }
    }

    enum Reload {
        /// In effect, but for these options (comma-separated; empty when none), which wait for a restart.
        case loaded(String)
        case refused(String)
    }

    /// A configuration that loaded takes effect, but for what the daemon opened at start (the interface,
    /// sockets and files): those keep their running values, and their names are returned and logged.
    @discardableResult
    func apply(_ loaded: HotspotUCI) -> String {
        for w in loaded.warnings { logger.log(.warning, w) }
        let atRestart = loaded.settings.restartOnly(differingFrom: settings)
        if !atRestart.isEmpty { logger.log(.warning, "takes effect at restart: " + atRestart) }
        settings.logLevel = loaded.settings.logLevel
        settings.helperUser = loaded.settings.helperUser
        settings.helpers = loaded.settings.helpers
        settings.pinnedBSSIDs = loaded.settings.pinnedBSSIDs
        logger.threshold = options.verbose ? .debug : settings.logLevel
        driver.submit(.configurationReloaded(loaded.configuration))
        return atRestart
    }

    // MARK: wpa_supplicant

    func supplicantUp() {
        logger.log(.notice, "attached to wpa_supplicant")
        // Its networks may be gone (restarted with a fresh configuration); the core re-applies its choice.
        networkMap = SupplicantNetworkMap()
        networkWork = []
        driver.submit(.supplicantReconnected)
        // Already associated (we were restarted, it was not): pick the association up as it is.
        client.request(.status) { [self] reply in
            guard case .reply(let bytes) = reply, let status = try? SupplicantStatus.parse(bytes),
                  status.state == .completed, let ssid = status.ssid else { return }
            associated(ssid: ssid, bssid: status.bssid, networkID: status.networkID, status: status)
        }
    }

    func supplicantEvent(_ message: SupplicantEventMessage) {
        switch message.event {
        case .scanResults:
            fetchScanResults()
        case .connected(let bssid, let id, _):
            if let id, let target = networkMap.target(for: id) {
                associated(ssid: target.ssid, bssid: bssid, networkID: id)
            } else {
                // Not a network we configured in this run: ask wpa_supplicant what it joined.
                client.request(.status) { [self] reply in
                    guard case .reply(let bytes) = reply, let status = try? SupplicantStatus.parse(bytes),
                          let ssid = status.ssid else {
                        logger.log(.warning, "connected, but wpa_supplicant's STATUS names no SSID")
                        return
                    }
                    associated(ssid: ssid, bssid: bssid ?? status.bssid, networkID: id ?? status.networkID, status: status)
                }
            }
        case .disconnected:
            driver.submit(.disconnected)
        case .temporarilyDisabled(let id, let ssid, _, let duration, let reason):
            guard let name = ssid ?? id.flatMap({ networkMap.target(for: $0)?.ssid }) else { return }
            driver.submit(.supplicant(.tempDisabled(ssid: name, reason: reason ?? .other("unknown"),
                                                   seconds: duration ?? 0)))
        case .networkNotFound:
            // wpa_supplicant says so after any scan without an enabled network in it, including the scan
            // that was under way while we selected ours: only a second one after the selection counts.
            guard joinSelected else { return }
            notFoundSinceJoin += 1
            if notFoundSinceJoin == 2 { driver.submit(.supplicant(.networkNotFound(ssid: nil))) }
        case .scanStarted, .scanFailed, .reenabled, .terminating, .associationRejected,
             .authenticationRejected, .handshakeFailed, .unknown:
            break
        }
    }

    /// `status`: wpa_supplicant's STATUS when we asked for it (the security and frequency a scan would give).
    func associated(ssid: SSID, bssid: BSSID?, networkID: NetworkID?, status: SupplicantStatus? = nil) {
        driver.submit(.associated(ssid: ssid, bssid: bssid, networkID: networkID,
                                  security: status?.security, frequency: status?.frequency))
        // An address already there belongs to this association (DHCP is flushed on every disconnect).
        if route?.addressing.hasAddress == true { addressReady() }
        pollStation()
    }

    /// The kernel's scan table, with exact SSID bytes and IEs; wpa_supplicant's BSS table when nl80211 fails.
    func fetchScanResults() {
        if let nl {
            // A dump the kernel interrupted (its table changed meanwhile: NLE_DUMP_INTR) is read again once.
            for attempt in 0..<2 {
                do {
                    let entries = try nl.scanDump(ifindex: ifindex).compactMap { $0.entry }
                    driver.submit(.scanResults(entries))
                    return
                } catch {
                    if attempt == 0 && error.isDumpInterrupted { continue }
                    logger.log(.warning, "nl80211 scan dump: " + error.description + "; reading wpa_supplicant's table")
                }
            }
        }
        guard !fetchingScan else {
            fetchAgain = true
            return
        }
        fetchingScan = true
        runPlan(BSSPagingPlan()) { [self] result in
            fetchingScan = false
            switch result {
            case .success(let table): driver.submit(.scanResults(table.compactMap { $0.entry }))
            case .failure(let why): logger.log(.warning, "reading scan results: " + why)
            }
            if fetchAgain {
                fetchAgain = false
                fetchScanResults()
            }
        }
    }

    /// The associated AP's signal from nl80211 while linked; every 10 s.
    func pollStation() {
        loop.cancel(stationTimer)
        guard let nl else { return }
        if let rssi = (try? nl.station(ifindex: ifindex))?.bestSignalDBm { driver.submit(.linkSignal(rssi: rssi)) }
        // A failed read (the kernel busy, a roam under way) must not end the polling while the link is up,
        // or the signal stays stale for the whole association; once the link is down it ends.
        guard driver.machine.isAssociated else { return }
        stationTimer = loop.schedule(after: 10_000) { [self] in pollStation() }
    }

    func addressingChanged() {
        let has = route?.addressing.hasAddress == true
        defer { hadAddress = has }
        if has && !hadAddress {
            logger.log(.info, "address " + (route?.addressing.addresses.first.map { $0.address.description } ?? "?")
                       + " on " + settings.interface)
            addressReady()
        } else if gatewayTimer != 0, route?.addressing.gateway != nil {
            joinComplete()
        }
    }

    /// A DHCP client sets the address first and the default route a moment later; helpers want both
    /// (HOTSPOT_GATEWAY is often the portal). Wait up to 2 s for the route, then go on without it.
    func addressReady() {
        if route?.addressing.gateway != nil { return joinComplete() }
        loop.cancel(gatewayTimer)
        gatewayTimer = loop.schedule(after: 2_000) { [self] in joinComplete() }
    }

    func joinComplete() {
        loop.cancel(gatewayTimer)
        gatewayTimer = 0
        driver.submit(.ipv4Acquired)
    }

    // MARK: Plans on wpa_supplicant

    enum PlanResult<R> {
        case success(R)
        case failure(String)
    }

    /// Runs a plan's commands one after another on the control connection; `done` runs on the loop.
    func runPlan<P: SupplicantPlan>(_ plan: P, _ done: @escaping (PlanResult<P.Result>) -> Void) {
        var plan = plan
        func step(_ s: SupplicantPlanStep<P.Result>) {
            switch s {
            case .send(let command):
                client.request(command) { reply in
                    switch reply {
                    case .reply(let bytes): step(plan.received(bytes))
                    case .timedOut: done(.failure("wpa_supplicant did not answer"))
                    case .unreachable(let why): done(.failure(why))
                    case .invalid(let e): done(.failure(e.description))
                    }
                }
            case .finished(let r): done(.success(r))
            case .failed(let e): done(.failure(e.description))
            }
        }
        step(plan.start())
    }

    /// Network changes (join, forget) in order, one at a time: two interleaved LIST/ADD sequences would
    /// each add a block.
    func enqueueNetworkWork(_ work: @escaping () -> Void) {
        networkWork.append(work)
        if !networkWorkBusy { nextNetworkWork() }
    }

    func nextNetworkWork() {
        guard !networkWork.isEmpty else {
            networkWorkBusy = false
            return
        }
        networkWorkBusy = true
        networkWork.removeFirst()()
    }

    // MARK: HotspotEffects

    public func join(_ target: JoinTarget) {
        joinSelected = false
        notFoundSinceJoin = 0
        enqueueNetworkWork { [self] in
            // One network block at a time: the ones of earlier choices go first.
            for (id, old) in networkMap.entries where old.ssid != target.ssid {
                networkMap.remove(id)
                client.request(.removeNetwork(.id(id))) { _ in }
            }
            runPlan(SupplicantJoinPlan(ssid: target.ssid, security: target.security, passphrase: target.passphrase,
                                       bssid: target.bssid)) { [self] result in
                switch result {
                case .success(let joined):
                    joinSelected = true
                    networkMap.record(joined.networkID, target)
                    logger.log(.info, target.ssid.description + ": wpa_supplicant network " + joined.networkID.description
                               + (joined.reused ? " (reused)" : " (added)"))
                case .failure(let why):
                    // The core's association timer notices and backs the network off.
                    logger.log(.warning, target.ssid.description + ": join not configured: " + why)
                }
                nextNetworkWork()
            }
        }
    }

    /// After any join still being configured, and in order with later ones: every block of the SSID goes,
    /// those of an earlier run of the daemon too (LIST_NETWORKS finds them).
    public func removeNetworks(_ ssid: SSID) {
        enqueueNetworkWork { [self] in
            for (id, old) in networkMap.entries where old.ssid == ssid { networkMap.remove(id) }
            runPlan(SupplicantForgetPlan(ssid: ssid)) { [self] result in
                switch result {
                case .success(let removed):
                    if !removed.isEmpty {
                        logger.log(.info, ssid.description + ": removed from wpa_supplicant (" + String(removed.count)
                                   + " network block(s))")
                    }
                case .failure(let why):
                    logger.log(.warning, ssid.description + ": not removed from wpa_supplicant: " + why)
                }
                nextNetworkWork()
            }
        }
    }

    /// After any join still being configured: a DISCONNECT must not be undone by a later SELECT_NETWORK.
    public func disconnect() {
        joinSelected = false
        enqueueNetworkWork { [self] in
            client.request(.disconnect) { [self] reply in
                if case .reply(let b) = reply, SupplicantReply(b) != .ok { logger.log(.warning, "DISCONNECT refused") }
                nextNetworkWork()
            }
        }
    }

    public func requestScan() {
        client.request(.scan(ScanRequest())) { [self] reply in
            // FAIL-BUSY: a scan is running already; its results come anyway.
            if case .reply(let b) = reply, case .fail(let reason) = SupplicantReply(b), reason != "BUSY" {
                logger.log(.warning, "SCAN refused")
            }
        }
    }

    public func persist(_ state: PersistentState) {
        do {
            if try stateFile.save(state) { logger.log(.debug, "state saved to " + stateFile.path) }
        } catch {
            // A full disk or a read-only overlay: keep running on what is in memory, try again at the next
            // change; `status` says so meanwhile.
            logger.log(.error, stateFile.saveProblem ?? "")
        }
    }

    public func log(_ level: LogLevel, _ message: String) { logger.log(level, message) }

    /// Keeps the last few changes of state or link for `hotspotd status`.
    public func notify() {
        let s = driver.machine.snapshot()
        let t = ControlReport.Transition(state: s.state, link: s.link?.stage.rawValue ?? "down", ssid: s.link?.ssid,
                                         at: loop.now)
        if let last = transitions.last, last.state == t.state, last.ssid == t.ssid,
           last.link.utf8.elementsEqual(t.link.utf8) { return }
        transitions.append(t)
        if transitions.count > 5 { transitions.removeFirst() }
    }

    public func runHelper(_ request: HelperRequest) {
        guard let helper = driver.machine.configuration.helper(named: request.helper) else {
            return answer(request.id, .helperFailed(requestID: request.id, .couldNotStart("no helper named " + request.helper)))
        }
        logger.log(.info, "helper " + request.helper + ": " + request.command.rawValue
                   + (request.network.map { " " + $0.ssid.description } ?? ""))
        switch helper.kind {
        case .builtin:
            if helper.program == KnownNetworkHelper.program {
                let known = driver.machine.configuration.knownNetworks
                let response = KnownNetworkHelper.respond(to: request, networks: known)
                lastRun = ControlReport.HelperRun(helper: request.helper, command: request.command,
                                                  result: response.result.rawValue, ms: 0, at: loop.now)
                return answer(request.id, .helperResponded(requestID: request.id, response))
            }
            if helper.program == HelperProtocol.builtinPortalHelper {
                // It claims nothing in scan lists: no process after every scan.
                if request.command == .filterScanList {
                    return answer(request.id, .helperResponded(requestID: request.id, HelperResponse(result: .success)))
                }
                return runExternal(helper, request)
            }
            answer(request.id, .helperFailed(requestID: request.id, .couldNotStart("no built-in helper " + helper.program)))
        case .external:
            runExternal(helper, request)
        }
    }

    func runExternal(_ helper: HelperDescriptor, _ request: HelperRequest) {
        let user = settings.helper(named: helper.name)?.user ?? settings.helperUser
        guard let ids = HotspotDaemon.resolve(user) else {
            return answer(request.id, .helperFailed(requestID: request.id,
                                                    .couldNotStart("no user " + user.description + " to run it as")))
        }
        // filterScanList, after every scan, gets only the scan list (HelperInvocation): none of the
        // network's facts are read for it, nor its state directory prepared.
        var uplink = UplinkAddressing(interface: settings.interface)
        var stateDirectory: String? = nil
        if request.command != .filterScanList {
            if let a = route?.addressing {
                uplink.address = a.addresses.first.map { $0.address.description }
                uplink.gateway = a.gateway.map { $0.description }
            }
            uplink.dnsServers = HotspotDaemon.dnsServers()
            uplink.captivePortalAPI = captivePortalAPI()
            stateDirectory = helperStateDirectory(helper.name, uid: ids.uid, gid: ids.gid)
        }
        let launch = HotspotDaemon.launch(helper, request, uplink: uplink, stateDirectory: stateDirectory, settings: settings,
                                          configuration: driver.machine.configuration, portalHelperPath: portalHelperPath)
        var sandbox = HelperSandbox()
        sandbox.noNetwork = launch.noNetwork
        sandbox.writableDirectory = stateDirectory
        sandbox.uid = ids.uid
        sandbox.gid = ids.gid
        let started = loop.now
        runs.append(Run(request: request, process: nil, startedAt: started))
        let process = HelperProcess.start(
            loop: loop, path: launch.path, arguments: launch.arguments, environment: launch.environment,
            input: launch.input, sandbox: sandbox
        ) { [self] outcome in
            guard let i = runs.firstIndex(where: { $0.request.id == request.id }) else { return }
            runs.remove(at: i)
            let input = HotspotDaemon.input(for: request, outcome, stderrLines: launch.stderrLines, log: { [self] n in
                logger.log(.info, "helper " + request.helper + ": " + n)
            })
            let summary = HotspotDaemon.summary(input)
            logger.log(.info, "helper " + request.helper + ": " + request.command.rawValue + " → "
                       + summary + " in " + String(loop.now - started) + " ms")
            lastRun = ControlReport.HelperRun(helper: request.helper, command: request.command, result: summary,
                                              ms: loop.now - started, at: loop.now)
            answer(request.id, input)
        }
        if let i = runs.firstIndex(where: { $0.request.id == request.id }) { runs[i].process = process }
    }

    /// Every helper answer reaches the core after the batch that started the helper.
    func answer(_ id: UInt64, _ input: HotspotInput) {
        loop.post { [self] in driver.submit(input) }
    }

    public func abandonHelper(requestID: UInt64, helper: String) {
        guard let i = runs.firstIndex(where: { $0.request.id == requestID }) else { return }
        let run = runs.remove(at: i)
        run.process?.abandon()
        logger.log(.info, "helper " + helper + ": " + run.request.command.rawValue + " abandoned after "
                   + String(loop.now - run.startedAt) + " ms")
    }
}

/// What the daemon starts for one helper command.
struct HelperLaunch: Equatable {
    var path: String
    /// argv[1...]
    var arguments: [String]
    var environment: [String]
    var input: [UInt8]
    /// The evaluation sandbox: no network namespace of its own.
    var noNetwork: Bool
    /// Lines of its stderr that reach the log.
    var stderrLines: Int
}

extension HotspotDaemon {
    /// An external helper's program with the helper protocol's invocation, run without network for
    /// filterScanList and evaluate (a scan list cannot leave the router). The built-in portal helper is
    /// this binary (`portalHelperPath`, /proc/self/exe: the same build even after an upgrade replaced
    /// the file) as `hotspotd portal-helper COMMAND`, with its own options in `HOTSPOT_PORTAL_*` variables,
    /// and with network for evaluate: detecting a portal means asking the network, and it is hotspotd's
    /// own code, which sends nothing of the scan list or the network anywhere but the probe URLs.
    static func launch(_ helper: HelperDescriptor, _ request: HelperRequest, uplink: UplinkAddressing,
                       stateDirectory: String? = nil, settings: DaemonSettings, configuration: HotspotConfiguration,
                       portalHelperPath: String) -> HelperLaunch {
        let invocation = HelperInvocation(request, uplink: uplink, stateDirectory: stateDirectory)
        guard helper.kind == .builtin && helper.program == HelperProtocol.builtinPortalHelper else {
            return HelperLaunch(path: helper.program, arguments: invocation.arguments, environment: invocation.environment,
                                input: invocation.input, noNetwork: request.command.isEvaluation, stderrLines: 1)
        }
        var environment = invocation.environment
        let options = settings.helper(named: helper.name)
        func add(_ name: String, _ words: [String]) {
            var value = ""
            for w in words { value += (value.isEmpty ? "" : " ") + w }
            if !value.isEmpty { environment.append(name + "=" + value) }
        }
        add("HOTSPOT_PORTAL_PROBE_URLS", options?.probeURLs ?? [])
        add("HOTSPOT_PORTAL_DOMAINS", configuration.preferences.safariDomains)
        add("HOTSPOT_CA_BUNDLE", options?.caBundle.map { [$0] } ?? [])
        add("HOTSPOT_WISPR_USER", options?.wisprUser.map { [$0] } ?? [])
        add("HOTSPOT_WISPR_PASSWORD", options?.wisprPassword.map { [$0] } ?? [])
        // Done before the daemon's own time limit kills it, so that its answer says why.
        add("HOTSPOT_PORTAL_TIME_LIMIT", [String(max(1, configuration.commandTimeoutMs / 1000 - 5))])
        return HelperLaunch(path: portalHelperPath, arguments: ["portal-helper"] + invocation.arguments,
                            environment: environment, input: invocation.input, noNetwork: false, stderrLines: 12)
    }

    /// How a helper process ended, as the core's input; `stderrLines` of its stderr are logged.
    static func input(for request: HelperRequest, _ outcome: HelperProcess.Outcome, stderrLines: Int = 1,
                      log: (String) -> Void) -> HotspotInput {
        switch outcome {
        case .exited(let status, let stdout, let stderr):
            logStderr(stderr, lines: stderrLines, log)
            let output = HelperOutput(.exited(status: status), stdout: stdout, for: request)
            for n in output.notes { log(n.description) }
            return output.input
        case .signaled(let signal, let stderr):
            logStderr(stderr, lines: stderrLines, log)
            return HelperOutput(.signaled(signal: signal), stdout: [], for: request).input
        case .killed(let stderr):
            logStderr(stderr, lines: stderrLines, log)
            return .helperFailed(requestID: request.id, .timedOut)
        case .flooded:
            return .helperFailed(requestID: request.id, .invalidOutput("more output than hotspotd reads"))
        case .failedToStart:
            return .helperFailed(requestID: request.id, .couldNotStart(outcome.description))
        }
    }

    /// The first `lines` lines of a helper's stderr, printable, for the log (an external helper's first
    /// line only: curl's chatter and the like would flood it).
    static func logStderr(_ stderr: [UInt8], lines: Int, _ log: (String) -> Void) {
        for line in stderr.split(separator: UInt8(ascii: "\n")).prefix(lines) {
            log("stderr: " + HelperProtocol.printable(Array(line.prefix(200))))
        }
    }

    static func summary(_ input: HotspotInput) -> String {
        switch input {
        case .helperResponded(_, let r):
            return r.result.rawValue + (r.confidence.map { " (" + $0.rawValue + ")" } ?? "")
                + (r.claims.isEmpty ? "" : ", " + String(r.claims.count) + " claim(s)")
        case .helperFailed(_, let f): return f.description
        default: return "?"
        }
    }

    /// The RFC 8908 API URI of the uplink's DHCP lease (option 114), from the file init.d/udhcpc.user
    /// writes; a rejected one is logged once, not at every helper command.
    func captivePortalAPI() -> String? {
        let path = settings.runDirectory + "/captive-api." + settings.interface
        guard let fd = try? FileDescriptor.open(path, O_RDONLY) else { captiveAPINote = ""; return nil }
        defer { fd.close() }
        guard let bytes = try? fd.readAll(limit: 1_024) else { return nil }
        switch CaptivePortalAPIOption.uri(fromHexFile: bytes) {
        case .success(let uri):
            if captiveAPINote != uri { logger.log(.info, "DHCP announces the captive-portal API " + uri) }
            captiveAPINote = uri
            return uri
        case .failure(let why):
            let note = "DHCP option 114 ignored: " + why.description
            if captiveAPINote != note { logger.log(.warning, note) }
            captiveAPINote = note
            return nil
        }
    }

    /// `<run_dir>-helpers/NAME`, the helper's own directory between its commands (HOTSPOT_STATE_DIR):
    /// outside the run directory, which stays the daemon's alone; 0700 and owned by the helper's user.
    /// Both levels are opened without following a symlink and given owner and mode through the open
    /// directory: the base is ours (0755), so nobody else creates or replaces what is in it.
    func helperStateDirectory(_ name: String, uid: UInt32, gid: UInt32) -> String? {
        guard !name.isEmpty, name.utf8.allSatisfy({ ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == 0x5f || $0 == 0x2d }) else {
            return nil
        }
        let base = settings.runDirectory + "-helpers"
        let baseFD = cl_own_directory(cl_at_cwd(), base, 0o755, geteuid(), getegid())
        // A changed `option user` takes the directory over; a failure leaves the helper without one.
        let fd = baseFD < 0 ? -1 : cl_own_directory(baseFD, name, 0o700, uid, gid)
        let error = Errno.current
        if baseFD >= 0 { _ = close(baseFD) }
        guard fd >= 0 else {
            logger.log(.warning, "helper " + name + ": cannot prepare " + base + "/" + name + ": " + error.description)
            return nil
        }
        _ = close(fd)
        return base + "/" + name
    }

    /// The DNS servers the uplink's DHCP client wrote: netifd's file on OpenWrt, else /etc/resolv.conf.
    static func dnsServers() -> [String] {
        for path in ["/tmp/resolv.conf.d/resolv.conf.auto", "/tmp/resolv.conf.auto", "/etc/resolv.conf"] {
            guard let fd = try? FileDescriptor.open(path, O_RDONLY) else { continue }
            defer { fd.close() }
            if let bytes = try? fd.readAll(limit: 16_384) { return ResolvConf.nameservers(bytes) }
        }
        return []
    }

    /// A sandbox user as uid and gid: a number as it is (gid the same), a name through /etc/passwd.
    static func resolve(_ user: SandboxUser) -> (uid: UInt32, gid: UInt32)? {
        switch user {
        case .uid(let id): return (id, id)
        case .name(let name):
            var uid: UInt32 = 0, gid: UInt32 = 0
            guard cl_lookup_id("/etc/passwd", name, &uid, &gid) == 0 else { return nil }
            return (uid, gid)
        }
    }
}
