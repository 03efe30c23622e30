import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// Helpers on the core's behalf: the built-in ones answered in place, external ones (and the built-in
/// portal helper) started as sandboxed processes whose ending becomes the core's input.
extension HotspotDaemon {
    public func runHelper(_ request: HelperRequest) {
        // Read where it is: taken out of the driver's machine, the configuration would be copied whole.
        guard let helper = driver.machine.hotspot.configuration.helper(named: request.helper)
                ?? HotspotDaemon.netcheckHelper(request, driver.machine.hotspot.configuration.helpers) else {
            return submitHelperResult(.helperFailed(requestID: request.id, .couldNotStart("no helper named " + request.helper)))
        }
        var what = "helper " + request.helper + ": " + request.command.rawValue
        if let n = request.network { what += " " + n.ssid.description }
        logger.log(.info, what)
        switch helper.kind {
        case .builtin:
            if ASCII.same(helper.program, KnownNetworkHelper.program) {
                let response = KnownNetworkHelper.respond(to: request, networks: driver.machine.hotspot.configuration.knownNetworks)
                lastRun = ControlReport.HelperRun(helper: request.helper, command: request.command,
                                                  result: response.result.rawValue, ms: 0, at: loop.now)
                return submitHelperResult(.helperResponded(requestID: request.id, response))
            }
            if ASCII.same(helper.program, HelperProtocol.builtinPortalHelper) { return runExternal(helper, request) }
            submitHelperResult(.helperFailed(requestID: request.id, .couldNotStart("no built-in helper " + helper.program)))
        case .external:
            runExternal(helper, request)
        }
    }

    /// The core's internet check (HotspotMachine+Internet) is the built-in portal helper's maintain: the
    /// configured one (its probe URLs, CA bundle and user), else one with the defaults.
    static func netcheckHelper(_ request: HelperRequest, _ helpers: [HelperDescriptor]) -> HelperDescriptor? {
        guard ASCII.same(request.helper, HotspotMachine.netcheckHelper) else { return nil }
        let program = HelperProtocol.builtinPortalHelper
        for h in helpers where h.kind == .builtin && ASCII.same(h.program, program) { return h }
        return HelperDescriptor(name: request.helper, kind: .builtin, program: program)
    }

    func runExternal(_ helper: HelperDescriptor, _ request: HelperRequest) {
        // By the helpers' list: a method of `settings` called through this class would copy all of them.
        let configured = DaemonSettings.helper(named: helper.name, in: settings.helpers)
        let user = configured?.user ?? settings.helperUser
        let resolved = HotspotDaemon.sandboxIDs(user)
        guard case .ids(let uid, let gid) = resolved else {
            return submitHelperResult(.helperFailed(requestID: request.id,
                                                     .couldNotStart(HotspotDaemon.sandboxRefusal(user, resolved) ?? "")))
        }
        let ids = (uid: uid, gid: gid)
        // filterScanList, after every scan, gets only the scan list (HelperInvocation): none of the
        // network's facts are read for it, nor its state directory prepared.
        var uplink = UplinkAddressing(interface: uplinkInterface)
        var stateDirectory: String? = nil
        if request.command != .filterScanList {
            if let a = route?.addressing { (uplink.address, uplink.gateway) = HotspotDaemon.addressAndGateway(a) }
            uplink.dnsServers = HotspotDaemon.dnsServers()
            uplink.captivePortalAPI = captivePortalAPI()
            stateDirectory = helperStateDirectory(helper.name, uid: ids.uid, gid: ids.gid)
        }
        // Two fields of the configuration, not a copy of all of it.
        let launch = HotspotDaemon.launch(helper, request, uplink: uplink, stateDirectory: stateDirectory, configured: configured,
                                          portalDomains: driver.machine.hotspot.configuration.preferences.safariDomains,
                                          commandTimeoutMs: driver.machine.hotspot.configuration.commandTimeoutMs,
                                          portalHelperPath: portalHelperPath)
        var sandbox = HelperSandbox()
        sandbox.noNetwork = launch.noNetwork
        sandbox.writableDirectory = stateDirectory
        sandbox.uid = ids.uid
        sandbox.gid = ids.gid
        let started = loop.now
        runs.append(Run(request: request, startedAt: started))
        // The closure keeps the id and takes the request back from `runs`: capturing the request and the
        // launch would copy both into its context.
        let id = request.id, stderrLines = launch.stderrLines
        let process = HelperProcess.start(
            loop: loop, path: launch.path, arguments: launch.arguments, environment: launch.environment,
            input: launch.input, sandbox: sandbox
        ) { [self] outcome in
            guard let i = runIndex(id) else { return }
            // The request read where it is, in the run: not copied out with its scan list.
            let run = runs.remove(at: i), name = run.request.helper
            let input = HotspotDaemon.input(for: run.request, outcome, stderrLines: stderrLines, log: { [self] n in
                logger.log(.info, "helper " + name + ": " + n)
            })
            let summary = HotspotDaemon.summary(input)
            logger.log(.info, "helper " + name + ": " + run.request.command.rawValue + " → "
                       + summary + " in " + String(loop.now - started) + " ms")
            lastRun = ControlReport.HelperRun(helper: name, command: run.request.command, result: summary,
                                              ms: loop.now - started, at: loop.now)
            submitHelperResult(input)
            if case .exited(HelperProtocol.dnsFailureStatus, _, _) = outcome { submitHelperResult(.internetHint(.dnsFailed)) }
        }
        if let i = runIndex(id) { runs[i].process = process }
    }

    /// The index of the run of a request id in `runs`: one copy of the search for its three callers.
    @inline(never)
    func runIndex(_ id: UInt64) -> Int? {
        var i = 0
        while i < runs.count && runs[i].request.id != id { i += 1 }
        return i < runs.count ? i : nil
    }

    /// Every helper answer reaches the core after the batch that started the helper.
    func submitHelperResult(_ input: HotspotInput) {
        loop.post { [self] in driver.submit(.hotspot(input)) }
    }

    public func abandonHelper(requestID: UInt64, helper: String) {
        guard let i = runIndex(requestID) else { return }
        let run = runs.remove(at: i)
        run.process?.abandon()
        logger.log(.info, "helper " + helper + ": " + run.request.command.rawValue + " abandoned after "
                   + String(loop.now - run.startedAt) + " ms")
    }

    /// How a helper process ended, as the core's input; `stderrLines` of its stderr are logged.
    static func input(for request: HelperRequest, _ outcome: HelperProcess.Outcome, stderrLines: Int = 1,
                      log: (String) -> Void) -> HotspotInput {
        switch outcome {
        case .exited(_, _, let stderr), .signaled(_, let stderr), .killed(let stderr):
            for line in HotspotDaemon.stderrLines(stderr, stderrLines) { log(line) }
        case .flooded, .failedToStart:
            break
        }
        switch outcome {
        case .exited(let status, let stdout, _):
            let output = HelperOutput(exitStatus: status, stdout: stdout, for: request)
            for n in output.notes { log(n.description) }
            return output.input
        case .signaled(let signal, _):
            return .helperFailed(requestID: request.id, .crashed(signal: signal))
        case .killed:
            return .helperFailed(requestID: request.id, .timedOut)
        case .flooded:
            return .helperFailed(requestID: request.id, .invalidOutput("more output than hotspotd reads"))
        case .failedToStart:
            return .helperFailed(requestID: request.id, .couldNotStart(outcome.description))
        }
    }

    /// The first `lines` lines of a helper's stderr, printable, for the log (an external helper's first
    /// line only: curl's chatter and the like would flood it). Returned, not logged through a closure: one
    /// copy of this for all callers rather than one per closure.
    @inline(never)
    static func stderrLines(_ stderr: [UInt8], _ lines: Int) -> [String] {
        // One pass by index, empty lines skipped as `split` skips them: no iterator over a prefix of slices.
        var out: [String] = []
        var start = 0, i = 0
        while i <= stderr.count && out.count < lines {
            if i == stderr.count || stderr[i] == ASCII.newline {
                if i > start { out.append("stderr: " + HelperProtocol.printable(Array(stderr[start..<min(i, start + 200)]))) }
                start = i + 1
            }
            i += 1
        }
        return out
    }

    static func summary(_ input: HotspotInput) -> String {
        switch input {
        case .helperResponded(_, let r):
            var s = r.result.rawValue
            if let c = r.confidence { s += " (" + c.rawValue + ")" }
            return s + (r.claims.isEmpty ? "" : ", " + String(r.claims.count) + " claim(s)")
        case .helperFailed(_, let f): return f.description
        default: return "?"
        }
    }

    /// The RFC 8908 API URI of the uplink's DHCP lease (option 114), from the file init.d/udhcpc.user
    /// writes; a rejected one is logged once, not at every helper command.
    func captivePortalAPI() -> String? {
        let path = settings.runDirectory + "/captive-api." + uplinkInterface
        guard let fd = try? FileDescriptor.open(path, O_RDONLY) else { captiveAPINote = ""; return nil }
        defer { fd.close() }
        guard let bytes = try? fd.readAll(limit: 1_024) else { return nil }
        switch CaptivePortalAPIOption.uri(fromHexFile: bytes) {
        case .success(let uri):
            if !ASCII.same(captiveAPINote, uri) { logger.log(.info, "DHCP announces the captive-portal API " + uri) }
            captiveAPINote = uri
            return uri
        case .failure(let why):
            let note = "DHCP option 114 ignored: " + why.description
            if !ASCII.same(captiveAPINote, note) { logger.log(.warning, note) }
            captiveAPINote = note
            return nil
        }
    }

    /// `<run_dir>-helpers/NAME`, the helper's own directory between its commands (HOTSPOT_STATE_DIR):
    /// outside the run directory, which stays the daemon's alone; 0700 and owned by the helper's user.
    /// Both levels are opened without following a symlink and given owner and mode through the open
    /// directory: the base is ours (0755), so nobody else creates or replaces what is in it.
    func helperStateDirectory(_ name: String, uid: UInt32, gid: UInt32) -> String? {
        guard !name.isEmpty, HotspotDaemon.isMadeOf(name, lettersDigitsAnd: "_-") else {
            return nil
        }
        let base = settings.runDirectory + "-helpers"
        // A changed `option user` takes the directory over; a failure leaves the helper without one.
        do throws(Errno) { try Directory.own(name, under: base, mode: 0o700, uid: uid, gid: gid) } catch {
            logger.log(.warning, "helper " + name + ": cannot prepare " + base + "/" + name + ": " + error.description)
            return nil
        }
        return base + "/" + name
    }

    /// The DNS servers the uplink's DHCP client wrote: netifd's file on OpenWrt, else /etc/resolv.conf.
    static func dnsServers() -> [String] {
        // The paths as one literal: no array of Strings built at each call.
        for i in 0..<3 {
            let path = String(decoding: ASCII.word(i, of: "/tmp/resolv.conf.d/resolv.conf.auto /tmp/resolv.conf.auto /etc/resolv.conf"),
                              as: UTF8.self)
            guard let fd = try? FileDescriptor.open(path, O_RDONLY) else { continue }
            defer { fd.close() }
            if let bytes = try? fd.readAll(limit: 16_384) { return ResolvConf.nameservers(bytes) }
        }
        return []
    }

    /// The first address and the gateway of an interface as text (helpers' environment, `status`): one copy.
    @inline(never)
    static func addressAndGateway(_ a: InterfaceAddressing) -> (String?, String?) {
        (a.addresses.isEmpty ? nil : a.addresses[0].address.description, a.gateway?.description)
    }

    /// A sandbox user as uid and gid: a number as it is (gid the same), a name through /etc/passwd.
    static func resolve(_ user: SandboxUser, passwd: String = "/etc/passwd") -> (uid: UInt32, gid: UInt32)? {
        switch user {
        case .uid(let id): return (id, id)
        case .name(let name):
            return UserDatabase.user(named: name, in: passwd)
        }
    }

    /// What a helper may run as (issue 35, root by another name).
    enum SandboxIDs: Equatable {
        case ids(uid: UInt32, gid: UInt32)
        /// Not in the passwd file.
        case unknown
        /// uid 0 or gid 0, whatever the name: never a helper's.
        case root
    }

    /// The ids a helper (or events.d) runs as: `resolve`'s, but never uid 0 or gid 0. Checked at load
    /// (`usersProblem`) and again at each spawn: /etc/passwd may change in between. cl_spawn refuses them too.
    static func sandboxIDs(_ user: SandboxUser, passwd: String = "/etc/passwd") -> SandboxIDs {
        guard let ids = resolve(user, passwd: passwd) else { return .unknown }
        return ids.uid == 0 || ids.gid == 0 ? .root : .ids(uid: ids.uid, gid: ids.gid)
    }

    /// Why `user` cannot start a helper, for the log and the core; nil with its ids.
    static func sandboxRefusal(_ user: SandboxUser, _ ids: SandboxIDs) -> String? {
        switch ids {
        case .ids: return nil
        case .unknown: return "no user " + user.description + " to run it as"
        case .root: return "user " + user.description + " is uid 0 or gid 0: helpers must not run as root"
        }
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
    /// the file) as `hotspotd portal-helper COMMAND`, with its own options in the environment (`PortalHelperOptions`,
    /// the password on stdin), and with network for evaluate: detecting a portal means asking the network, and it is hotspotd's
    /// own code, which sends nothing of the scan list or the network anywhere but the probe URLs.
    /// `uplink` is consumed: the invocation takes it over instead of a copy.
    static func launch(_ helper: HelperDescriptor, _ request: HelperRequest, uplink: consuming UplinkAddressing,
                       stateDirectory: String? = nil, configured: HelperSettings?, portalDomains: [String],
                       commandTimeoutMs: Int64, portalHelperPath: String) -> HelperLaunch {
        let invocation = HelperInvocation(request, uplink: uplink, stateDirectory: stateDirectory)
        guard helper.kind == .builtin && ASCII.same(helper.program, HelperProtocol.builtinPortalHelper) else {
            var environment = invocation.environment
            if !request.command.isEvaluation {
                // `$HOTSPOT_FETCH URL`: the built-in client, bound to the uplink, under the owner's portal domains;
                // `$HOTSPOT_CONNECT`/`$HOTSPOT_UDP HOST PORT` the same for a helper's own protocol.
                let binary = hotspotdPath(portalHelperPath)
                environment.append(HelperVariable.fetch + "=" + binary + " fetch")
                environment.append(HelperVariable.connect + "=" + binary + " connect")
                environment.append(HelperVariable.udp + "=" + binary + " udp")
                var options = PortalHelperOptions()
                options.portalDomains = portalDomains
                environment += options.environment
            }
            return HelperLaunch(path: helper.program, arguments: invocation.arguments, environment: environment,
                                input: invocation.input, noNetwork: request.command.isEvaluation, stderrLines: 1)
        }
        var options = PortalHelperOptions()
        options.probeURLs = configured?.probeURLs ?? []
        options.portalDomains = portalDomains
        options.caBundle = configured?.caBundle
        options.wisprUser = configured?.wisprUser
        options.wisprPassword = configured?.wisprPassword
        // Done before the daemon's own time limit kills it, so that its answer says why.
        options.timeLimit = String(max(1, commandTimeoutMs / 1000 - 5))
        let environment = invocation.environment + options.environment
        var input = invocation.input
        // The password on stdin (issue 35), and only where a login may use it.
        if request.command == .authenticate || request.command == .presentUI { input += options.input }
        return HelperLaunch(path: portalHelperPath, arguments: ["portal-helper"] + invocation.arguments,
                            environment: environment, input: input, noNetwork: false, stderrLines: 12)
    }

    /// This binary's absolute path, for `hotspotd fetch` and the others: the helper's own /proc/self/exe is its
    /// shell. A path that a shell would split or expand (`$HOTSPOT_FETCH` is used unquoted) falls back to PATH's hotspotd.
    static func hotspotdPath(_ binary: String) -> String {
        var path = binary
        if ASCII.same(binary, "/proc/self/exe") { path = CurrentProcess.executablePath }
        let safe = path.utf8.first == UInt8(ascii: "/") && isMadeOf(path, lettersDigitsAnd: "/._-")
        return safe ? path : "hotspotd"
    }

    /// Every byte of `s` an ASCII letter, a digit or one of `others`: one loop for the state directory's name
    /// and `hotspotd fetch`'s path rather than a specialised `allSatisfy` for each.
    @inline(never)
    static func isMadeOf(_ s: String, lettersDigitsAnd others: StaticString) -> Bool {
        let extra = ASCII.bytes(others)
        for b in s.utf8 where !ASCII.isLetter(b) && !ASCII.isDigit(b) {
            var i = 0
            while i < extra.count && extra[i] != b { i += 1 }
            if i == extra.count { return false }
        }
        return true
    }
}
