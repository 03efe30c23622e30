import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem

/// wpa_supplicant, nl80211 and the route monitor on the link machine's behalf: their events become its
/// inputs, and its actions are performed here, in order.
extension HotspotDaemon {
    /// Feeds the link machine with the interface's addressing as it is now, and performs what it asks.
    /// An action may answer at once (a kernel read): that input is handled before the next action.
    /// `from`: the radio that said it (nil: the uplink's); its answers go back to it.
    func handle(_ input: LinkInput, from radio: Int? = nil) {
        let facts = RouteFacts(hasAddress: route?.addressing.hasAddress == true, hasGateway: route?.addressing.gateway != nil)
        let r = radio ?? link.radio
        let actions = link.handle(input, route: facts, from: r)
        if let m = route, m.ifindex != ifindex { followUplink() }
        for action in actions { perform(action, r) }
    }

    /// A join moved the uplink to another radio: the route monitor follows its interface.
    @inline(never)
    func followUplink() {
        lookUpInterfaces()
        route?.ifindex = ifindex
        try? route?.resync()
    }

    func supplicantEvent(_ message: SupplicantEventMessage, from r: Int = 0) {
        // The daemon's own part: the key of a passphrase that joined is worth deriving; the uplink's Passpoint
        // operator leaves with its association. What the event means for the link is LinkEventInterpreter's.
        if case .connected = message.event { keyJoined() }
        if case .disconnected = message.event, r == link.radio { passpointOperator = nil }
        if let input = linkEvents.input(for: message.event) { handle(input, from: r) }
    }

    /// `r`: the radio of the input that asked for it (scan reads and STATUS go there).
    func perform(_ action: LinkAction, _ r: Int) {
        switch action {
        case .submit(let input):
            // Owner networks' lifetimes run on the wall clock, and only once it is synchronised.
            guard case .scanResults = input else { return driver.submit(input) }
            driver.setWallClock(SystemClock.isSynchronized ? SystemClock.realtimeSeconds : nil)
            driver.submit(input)
            answerScanNow(finished: true)
        case .readScan(.kernel): handle(.scanRead(.kernel, kernelScan(r)), from: r)
        case .readScan(.supplicant):
            // Paged from the uplink's wpa_supplicant only (runPlan's); another radio's table waits for nl80211.
            guard r == link.radio else { return handle(.scanRead(.supplicant, nil), from: r) }
            runPlan(BSSPagingPlan()) { [self] result in
                switch result {
                case .success(let table):
                    // A loop, not `compactMap`: no specialisation of it for this closure.
                    var entries: [ScanEntry] = []
                    for b in table { if let e = b.entry { entries.append(e) } }
                    handle(.scanRead(.supplicant, entries), from: r)
                case .failure(let why):
                    logger.log(.warning, "reading scan results: " + why)
                    handle(.scanRead(.supplicant, nil), from: r)
                }
            }
        case .requestStatus(let query):
            radios[r].client.request(.status) { [self] reply in
                guard case .reply(let bytes) = reply, let s = try? SupplicantStatus.parse(bytes) else {
                    return handle(.status(query, nil), from: r)
                }
                passpointOperator = s.passpointOperator
                handle(.status(query, LinkStatus(completed: s.state == .completed, ssid: s.ssid, bssid: s.bssid,
                                                 networkID: s.networkID, security: s.security, frequency: s.frequency)), from: r)
            }
        case .removeNetwork(let id, let radio): radios[radio].client.request(.removeNetwork(.id(id))) { _ in }
        case .runJoinPlan(let t):
            setAddress(for: t)
            var plan = SupplicantJoinPlan(ssid: t.ssid, security: t.security, passphrase: joinKey(t), bssid: t.bssid)
            plan.eap = t.eap
            plan.hidden = t.isHidden
            plan.frequencies = t.frequencies
            runPlan(plan) { [self] result in
                switch result {
                case .success(let joined): handle(.workFinished(.joined(joined.networkID, reused: joined.reused)))
                case .failure(let why): handle(.workFinished(.failed(why)))
                }
            }
        case .runForgetPlan(let ssid):
            runPlan(SupplicantForgetPlan(ssid: ssid)) { [self] result in
                switch result {
                case .success(let removed): handle(.workFinished(.removed(removed.count)))
                case .failure(let why): handle(.workFinished(.failed(why)))
                }
            }
        case .sendDisconnect:
            client.request(.disconnect) { [self] reply in
                if case .reply(let b) = reply, !SupplicantReply(b).isOK { return handle(.workFinished(.failed("refused"))) }
                handle(.workFinished(.done))
            }
        case .pollStation:
            guard let nl else { return }
            let station = try? nl.station(ifindex: ifindex)
            // At the same poll, whether traffic still comes back (issue 39): no wake-up of its own.
            if let s = station, let c = InterfaceCounters.packets(uplinkInterface),
               trafficStall.sample(bssid: s.bssid, rx: c.rx, tx: c.tx) {
                driver.submit(.internetHint(.trafficStalled))
            }
            handle(.stationPolled(rssi: station?.bestSignalDBm, coreAssociated: driver.machine.isAssociated))
        case .armTimer(let timer, let ms):
            loop.cancel(timer == .address ? addressTimer : stationTimer)
            let id = loop.schedule(after: ms) { [self] in handle(.timerFired(timer)) }
            if timer == .address { addressTimer = id } else { stationTimer = id }
        case .cancelTimer(let timer):
            loop.cancel(timer == .address ? addressTimer : stationTimer)
        case .log(let level, let message): logger.log(level, message)
        case .logAddress:
            var address: String? = nil
            if let a = route?.addressing { address = HotspotDaemon.addressAndGateway(a).0 }
            logger.log(.info, "address " + (address ?? "?") + " on " + uplinkInterface)
        }
    }

    /// The kernel's scan table, with exact SSID bytes and IEs; nil when nl80211 cannot give it (then
    /// wpa_supplicant's BSS table is read).
    func kernelScan(_ r: Int) -> [ScanEntry]? {
        guard let nl else { return nil }
        if radios[r].ifindex == 0 { lookUpInterfaces() }
        let ifindex = radios[r].ifindex
        // A dump the kernel interrupted (its table changed meanwhile: NLE_DUMP_INTR) is read again once.
        for attempt in 0..<2 {
            do {
                var entries: [ScanEntry] = []
                for b in try nl.scanDump(ifindex: ifindex) { if let e = b.entry { entries.append(e) } }
                return entries
            } catch {
                if attempt == 0 && error.isDumpInterrupted { continue }
                logger.log(.warning, "nl80211 scan dump: " + error.description + "; reading wpa_supplicant's table")
            }
        }
        return nil
    }

    /// The Passpoint credentials, again after each attach (a restarted wpa_supplicant has none) and after a
    /// reload that changed them (none left: only the `REMOVE_CRED all`). Never logs a value: a refusal names
    /// the command by its log text. ADD_CRED answers its id, the rest OK.
    @inline(never)
    func givePasspointCredentials(reloaded: Bool = false) {
        let commands = Passpoint.commands(settings.passpoint)
        for i in commands.indices where commands.count > 4 || reloaded && i == 0 {
            let c = commands[i]
            client.request(c) { [self] reply in passpointAnswered(c, reply, last: i == commands.count - 1) }
        }
    }

    /// FAIL or UNKNOWN COMMAND is a refusal; anything else the answer wanted (OK, ADD_CRED's id).
    @inline(never)
    func passpointAnswered(_ c: SupplicantCommand, _ reply: SupplicantRequestResult, last: Bool) {
        if case .reply(let b) = reply, let first = b.first, first != UInt8(ascii: "F"), first != UInt8(ascii: "U") {
            if last { logger.log(.info, "passpoint: credentials given to wpa_supplicant") }
        } else if case .unreachable = reply {
            // Not attached (a reload meanwhile): the next attach gives them.
        } else {
            logger.log(.error, "passpoint: wpa_supplicant refused " + (c.logDescription ?? ""))
        }
    }

    // MARK: Plans on wpa_supplicant

    enum PlanResult<R> {
        case success(R)
        case failure(String)
    }

    /// Runs a plan's commands one after another on the control connection; `done` runs on the loop.
    /// Only the mapping of the plan's steps is generic: one copy of the loop serves every plan.
    /// The plan is consumed: taken over from the caller, not copied.
    func runPlan<P: SupplicantPlan>(_ plan: consuming P, _ done: @escaping (PlanResult<P.Result>) -> Void) {
        var result: P.Result? = nil
        func move(_ s: SupplicantPlanStep<P.Result>) -> PlanMove {
            switch s {
            case .send(let command): return .send(command)
            case .finished(let r): result = r; return .end(nil)
            case .failed(let e): return .end(e.description)
            }
        }
        runSteps(move(plan.start()), next: { move(plan.received($0)) }) { why in
            if let result, why == nil { done(.success(result)) } else { done(.failure(why ?? "")) }
        }
    }

    /// A plan's next command, or its end (nil when it finished, else why it failed).
    enum PlanMove {
        case send(SupplicantCommand)
        case end(String?)
    }

    func runSteps(_ first: PlanMove, next: @escaping ([UInt8]) -> PlanMove, end: @escaping (String?) -> Void) {
        func step(_ m: PlanMove) {
            switch m {
            case .send(let command):
                client.request(command) { reply in
                    switch reply {
                    case .reply(let bytes): step(next(bytes))
                    case .timedOut: end("wpa_supplicant did not answer")
                    case .unreachable(let why): end(why)
                    case .invalid(let e): end(e.description)
                    }
                }
            case .end(let why): end(why)
            }
        }
        step(first)
    }
}

