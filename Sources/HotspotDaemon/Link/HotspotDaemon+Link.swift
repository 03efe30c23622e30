import HotspotCore
import HotspotProtocol
import HotspotSystem

/// wpa_supplicant, nl80211 and the route monitor for the station: their events become its `.link` inputs,
/// and its link actions are performed here (the driver calls them, in order).
extension HotspotDaemon {
    /// An event of wpa_supplicant, nl80211 or the kernel's routes, from `radio` (nil: the uplink's).
    func hear(_ input: LinkInput, from radio: Int? = nil) {
        driver.submit(.link(input, radio: radio))
    }

    func supplicantEvent(_ message: SupplicantEventMessage, from r: Int = 0) {
        // The daemon's own part: the key of a passphrase that joined is worth deriving; the uplink's Passpoint
        // operator leaves with its association. What the event means for the link is LinkEventInterpreter's.
        if case .connected = message.event { keyJoined() }
        if case .disconnected = message.event, r == uplinkRadio { passpointOperator = nil }
        if let input = linkEvents.input(for: message.event) { hear(input, from: r) }
    }

    // MARK: HotspotEffects, the link's

    public func routeFacts() -> RouteFacts {
        guard let a = route?.addressing else { return RouteFacts() }
        return RouteFacts(hasAddress: a.hasAddress, hasGateway: a.gateway != nil)
    }

    /// Owner networks' lifetimes run on the wall clock, and only once it is synchronised.
    public func wallClock() -> Int64? { SystemClock.isSynchronized ? SystemClock.realtimeSeconds : nil }

    public func scanTaken() { answerScanNow(finished: true) }

    /// `r`: the radio of the input that asked for it (scan reads and STATUS go there). Timers are the
    /// driver's; `submit` never leaves the station's machine.
    public func perform(_ action: LinkAction, radio r: Int) {
        switch action {
        case .submit, .armTimer, .cancelTimer: break
        case .readScan(.kernel): hear(.scanRead(.kernel, kernelScan(r)), from: r)
        case .readScan(.supplicant):
            // Paged from the uplink's wpa_supplicant only (runPlan's); another radio's table waits for nl80211.
            guard r == uplinkRadio else { return hear(.scanRead(.supplicant, nil), from: r) }
            runPlan(BSSPagingPlan()) { [self] result in
                switch result {
                case .success(let table):
                    // A loop, not `compactMap`: no specialisation of it for this closure.
                    var entries: [ScanEntry] = []
                    for b in table { if let e = b.entry { entries.append(e) } }
                    hear(.scanRead(.supplicant, entries), from: r)
                case .failure(let why):
                    logger.log(.warning, "reading scan results: " + why)
                    hear(.scanRead(.supplicant, nil), from: r)
                }
            }
        case .requestStatus(let query):
            radios[r].client.request(.status) { [self] reply in
                guard case .reply(let bytes) = reply, let s = try? SupplicantStatus.parse(bytes) else {
                    return hear(.status(query, nil), from: r)
                }
                passpointOperator = s.passpointOperator
                hear(.status(query, LinkStatus(completed: s.state == .completed, ssid: s.ssid, bssid: s.bssid,
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
                case .success(let joined): hear(.workFinished(.joined(joined.networkID, reused: joined.reused)))
                case .failure(let why): hear(.workFinished(.failed(why)))
                }
            }
        case .runForgetPlan(let ssid):
            runPlan(SupplicantForgetPlan(ssid: ssid)) { [self] result in
                switch result {
                case .success(let removed): hear(.workFinished(.removed(removed.count)))
                case .failure(let why): hear(.workFinished(.failed(why)))
                }
            }
        case .sendDisconnect:
            client.request(.disconnect) { [self] reply in
                if case .reply(let b) = reply, !SupplicantReply(b).isOK { return hear(.workFinished(.failed("refused"))) }
                hear(.workFinished(.done))
            }
        case .pollStation:
            guard let nl else { return }
            let station = try? nl.station(ifindex: ifindex)
            // At the same poll, whether traffic still comes back (issue 39): no wake-up of its own.
            if let s = station, let c = InterfaceCounters.packets(uplinkInterface),
               trafficStall.sample(bssid: s.bssid, rx: c.rx, tx: c.tx) {
                driver.submit(.hotspot(.internetHint(.trafficStalled)))
            }
            hear(.stationPolled(rssi: station?.bestSignalDBm))
        case .followUplink:
            // A join moved the uplink to another radio: the route monitor follows its interface.
            lookUpInterfaces()
            route?.ifindex = ifindex
            try? route?.resync()
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

