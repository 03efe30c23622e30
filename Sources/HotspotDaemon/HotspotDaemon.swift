import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// `hotspotd run`: the station's machine, wpa_supplicant, nl80211, the kernel's addresses and the helpers,
/// in one poll loop. This class performs the machine's actions (`HotspotEffects`) and turns what happens
/// around it into the machine's inputs; every input goes through the driver, one batch at a time.
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
    let driver: HotspotDriver<HotspotDaemon>
    /// A station interface and its wpa_supplicant: one per `list interface` entry. A class: read and changed
    /// where it is in `radios`, never copied out.
    final class Radio {
        let name: String
        let client: SupplicantClient
        var ifindex: UInt32 = 0

        init(name: String, client: SupplicantClient) {
            self.name = name
            self.client = client
        }
    }
    var radios: [Radio] = []
    /// The uplink's radio (the link machine's), its wpa_supplicant, interface index and name.
    var uplinkRadio: Int { driver.machine.link.radio }
    var client: SupplicantClient { radios[uplinkRadio].client }
    var ifindex: UInt32 { radios[uplinkRadio].ifindex }
    var uplinkInterface: String { radios[uplinkRadio].name }
    let stateFile: StateFile
    var nl: NL80211? = nil
    var route: RouteMonitor? = nil
    var signals: SignalDescriptor? = nil

    /// One external helper process per request id. A class: found and changed where it is in `runs`, never
    /// copied out whole with its request.
    final class Run {
        let request: HelperRequest
        var process: HelperProcess? = nil
        let startedAt: Int64

        init(request: HelperRequest, startedAt: Int64) {
            self.request = request
            self.startedAt = startedAt
        }
    }
    var runs: [Run] = []
    /// The binary the built-in portal helper runs as (tests point it at the built hotspotd).
    var portalHelperPath = "/proc/self/exe"

    public private(set) var exitStatus: Int32? = nil
    /// The control socket; the latest helper run and state changes, for `hotspotd status`.
    var control: ControlServer? = nil
    var lastRun: ControlReport.HelperRun? = nil
    /// The last captive-portal API URI (or why it was refused) logged, so each change is logged once.
    var captiveAPINote = ""
    var transitions: [ControlReport.Transition] = []
    /// The owner's notifications: what the last event told and the events.d runs (HotspotDaemon+Events).
    var events = OwnerEvents()
    /// wpa_supplicant's events as the link machine's inputs (it keeps a refused certificate's words for the
    /// AUTH_FAILED that follows).
    var linkEvents = LinkEventInterpreter()
    /// The MAC policy of the latest join that set the address (HotspotDaemon+MAC).
    var macPolicyInUse: MACPolicy? = nil
    /// The operator of a network wpa_supplicant joined by a Passpoint credential (its STATUS), for `status`.
    var passpointOperator: String? = nil
    /// The uplink's lease against the router's other networks (HotspotDaemon+Addressing).
    var clash = SubnetClash()
    /// The uplink's default gateway at the last change, for the internet check's hint (+Addressing).
    var uplinkGateway: IPv4Address? = nil
    /// WPA keys derived ahead of the joins (WPAKeys).
    var keys = WPAKeys()
    /// The uplink's packet counters at the last station poll, to notice a stall (TrafficStall).
    var trafficStall = TrafficStall()
    /// `scan --now`'s waiting owners (HotspotDaemon+ScanNow).
    var scanNowState = ScanNow()
    /// Why the uplink interface is not the configured one, or that there is none yet: for `status`.
    var interfaceNote: String? = nil

    init(loop: EventLoop, options: Options, settings: DaemonSettings, configuration: HotspotConfiguration,
         logger: Logger) {
        self.loop = loop
        self.options = options
        self.settings = settings
        self.logger = logger
        // `self.settings` from here on: reading the argument after it was stored would copy all of it.
        stateFile = StateFile(path: self.settings.stateFile)
        for name in self.settings.interfaces {
            radios.append(HotspotDaemon.makeRadio(name, number: radios.count, settings: self.settings, loop: loop))
        }
        var restored = PersistentState()
        switch stateFile.load() {
        case .loaded(let s): restored = s
        case .missing: break
        case .ignored(let why): logger.log(.error, why + "; starting without it")
        }
        driver = HotspotDriver(machine: StationMachine(radios: radios.count, hotspot: HotspotMachine(
            configuration: configuration, restoring: restored, now: loop.now)), loop: loop)
        // Not optional in the daemon: each use would check it (the driver's one `effects` check serves all).
        driver.effects = self
        deriveKeys(restored.ownerNetworks)
    }

    /// Radio `number` (from 0) on interface `name`, its wpa_supplicant not started.
    static func makeRadio(_ name: String, number: Int, settings: borrowing DaemonSettings, loop: EventLoop) -> Radio {
        var c = SupplicantClient.Configuration(controlPath: settings.controlDirectory + "/" + name,
                                               clientDirectory: settings.runDirectory)
        c.pingInterval = 10_000
        if number > 0 { c.socketTag = String(number) }
        return Radio(name: name, client: SupplicantClient(c, loop: loop))
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
        // Here, not in start(): tests run the daemon inside their own process.
        do throws(Errno) { try Capabilities.dropUnused() } catch {
            logger.log(.warning, "kept every capability: " + error.description)
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
        do throws(Errno) {
            let s = try SignalDescriptor.open()
            signals = s
            loop.watch(s.fd) { [self] _ in readSignals() }
        } catch {
            return "signalfd: " + error.description
        }
        do { nl = try NL80211() } catch { return "nl80211: " + error.description }
        // Each helper run's own process limit (cl_spawn), when cgroup2's pids controller is there.
        do throws(Errno) { try HelperCgroups.prepare("/sys/fs/cgroup/hotspotd") } catch {
            logger.log(.notice, "helpers share one process limit: no cgroup2 pids controller at /sys/fs/cgroup ("
                       + error.description + ")")
        }
        // The first radio's interface may not be there yet (netifd makes it after boot, or it is named
        // otherwise): the daemon waits for it, answering `status`, rather than exit and be restarted by procd
        // until procd gives up. Another radio's interface may come up later (looked up again then).
        if !findStation() {
            interfaceNote = "waiting for a Wi-Fi client interface: " + radios[0].name
                + " is none, and no other interface is in station mode"
            logger.log(.warning, interfaceNote!)
            waitForStation()
            return nil
        }
        return startRadios()
    }

    /// Looks for the first radio's interface every 5 s until it is there, then starts on it.
    func waitForStation() {
        loop.schedule(after: 5_000) { [self] in
            guard exitStatus == nil else { return }
            if !findStation() { return waitForStation() }
            if let failure = startRadios() {
                logger.log(.error, failure)
                stop(status: 1)
            }
        }
    }

    /// Whether the first radio's interface is there: the configured one, else (one radio configured) the
    /// station interface `StationInterface.choose` picks, which then becomes the radio's. A configured name
    /// that is one of the router's access points (`wlan0` on releases before 23.05) is no client: passed over.
    @inline(never)
    func findStation() -> Bool {
        let all = lookUpInterfaces()
        let configured = radios[0].name
        var why = " is no wireless interface"
        for w in all where ASCII.same(configured, w.name) {
            if w.iftype == StationInterface.stationType || radios.count > 1 {
                interfaceNote = nil
                return true
            }
            why = " is not in station mode"
        }
        guard radios.count == 1, let w = StationInterface.choose(all) else { return false }
        radios[0] = HotspotDaemon.makeRadio(w.name, number: 0, settings: settings, loop: loop)
        radios[0].ifindex = w.ifindex
        interfaceNote = w.name + ", found: " + configured + why
        logger.log(.notice, configured + why + ": using " + w.name
                   + ", the station interface (option interface '" + w.name + "' names it)")
        return true
    }

    /// The route monitor and each radio's wpa_supplicant, once the first radio's interface is known.
    func startRadios() -> String? {
        do {
            let r = try RouteMonitor(ifindex: ifindex, loop: loop)
            r.onChange = { [self] in addressingChanged() }
            route = r
            hear(.routeOpened)
        } catch {
            return "route netlink: " + error.description
        }
        startSupplicant()
        return nil
    }

    func startSupplicant() {
        // By index, not `enumerated()`: no iterator specialised for the radios.
        for r in radios.indices {
            let radio = radios[r], client = radio.client
            client.onAttached = { [self] in
                hear(.supplicantUp, from: r)
                // Given to `client`, the uplink radio's: a restart of another radio's is not its.
                if r == uplinkRadio { givePasspointCredentials() }
            }
            client.onDetached = { [self] why in logger.log(.warning, radio.name + ": wpa_supplicant connection lost: " + why) }
            client.onEvent = { [self] message in supplicantEvent(message, from: r) }
            client.start()
            logger.log(.notice, "started on " + radio.name + " (wpa_supplicant " + settings.controlDirectory + ")")
        }
    }

    /// Each radio's interface index, read again when one was missing (its radio came up later).
    @inline(never)
    /// Returns the kernel's list (empty when nl80211 cannot say), so a caller needs no second dump.
    @discardableResult
    func lookUpInterfaces() -> [WirelessInterface] {
        guard let nl, let all = try? nl.interfaces() else { return [] }
        for w in all {
            for i in radios.indices where ASCII.same(radios[i].name, w.name) { radios[i].ifindex = w.ifindex }
        }
        return all
    }

    func readSignals() {
        guard let signals else { return }
        while let signal = signals.next() {
            switch signal {
            case .terminate, .interrupt:
                stop(status: 0)
                return
            case .hangUp:
                reload()
            case .other:
                // SIGCHLD: helper processes reap themselves when their pipes close.
                break
            }
        }
    }

    /// Orderly exit: helpers killed, timers dropped, our client sockets removed. The association is left
    /// as it is, so the owner's devices keep their uplink across a restart (procd respawn, upgrade).
    func stop(status: Int32) {
        logger.log(.notice, "stopping")
        for r in runs { r.process?.abandon() }
        runs = []
        driver.cancelAllTimers()
        for r in radios { r.client.stop() }
        route?.close()
        control?.close()
        exitStatus = status
    }

    // MARK: HotspotEffects

    public func requestScan() {
        deriveKeys(driver.machine.hotspot.configuration.knownNetworks, start: true)
        // Every radio scans; each one's results join the one table (LinkMachine).
        for r in radios {
            r.client.request(.scan(ScanRequest())) { [self] reply in
                // FAIL-BUSY: a scan is running already; its results come anyway.
                if case .reply(let b) = reply, case .fail(let reason) = SupplicantReply(b), !ASCII.same(reason, "BUSY") {
                    logger.log(.warning, r.name + ": SCAN refused")
                }
            }
        }
    }

    public func persist(_ state: PersistentState) {
        deriveKeys(state.ownerNetworks)
        do {
            if try stateFile.save(state) { logger.log(.debug, "state saved to " + stateFile.path) }
        } catch {
            // A full disk or a read-only overlay: keep running on what is in memory, try again at the next
            // change; `status` says so meanwhile.
            logger.log(.error, stateFile.saveProblem ?? "")
        }
    }

    public func log(_ level: LogLevel, _ message: String) { logger.log(level, message) }

    /// Keeps the last few changes of state or link for `hotspotd status`; tells the owner's events.d.
    public func notify() {
        let s = driver.snapshot()
        let t = ControlReport.Transition(state: s.state, link: s.link?.stage.rawValue ?? "down", ssid: s.link?.ssid,
                                         at: loop.now)
        let last = transitions.last
        var same = false
        if let l = last { same = l.state == t.state && l.ssid == t.ssid && ASCII.same(l.link, t.link) }
        raiseEvent(s, changed: !same, before: last)
        if same { return }
        transitions.append(t)
        // Eight: a whole join (joining, associated, evaluating, authenticating, the owner's answers,
        // authenticated) fits, so time to online can be cut from `status --json` alone.
        if transitions.count > 8 { transitions.remove(at: 0) }
    }
}
