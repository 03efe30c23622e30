/// The helper side of the machine: sending commands, matching answers, and the transitions of docs/architecture.md §2.
extension HotspotMachine {
    indirect enum Answer {
        case response(HelperResponse)
        case failure(HelperFailure)
    }

    /// A helper's answer reduced to what the transitions look at. Results not valid for the command, the
    /// `failure` result and every way of not answering become `failed`.
    indirect enum Outcome {
        case success(HelperResponse)
        case uiRequired(UIRequest?)
        case unsupportedNetwork
        case temporaryFailure
        case authenticationRequired
        case failed(String, DisableReason)

        var summary: String {
            switch self {
            case .success: return "success"
            case .uiRequired: return "uiRequired"
            case .unsupportedNetwork: return "unsupportedNetwork"
            case .temporaryFailure: return "temporaryFailure"
            case .authenticationRequired: return "authenticationRequired"
            case .failed(let why, _): return why
            }
        }
    }

    /// Evaluation commands go to every helper that declares them, or only to the evaluation provider.
    func evaluates(_ h: HelperDescriptor, _ command: HelperCommand) -> Bool {
        guard h.supports(command) else { return false }
        if let p = configuration.preferences.evaluationProvider { return ASCII.same(p, h.name) }
        return true
    }

    /// Who authenticates a network `evaluator` claims: the authentication provider when one is set, else the
    /// evaluator itself. Nil when that helper cannot: it does not authenticate, or it gave up on the network.
    @inline(never)
    func authenticator(for evaluator: String, _ ssid: SSID) -> String? {
        let name = configuration.preferences.authenticationProvider ?? evaluator
        guard supports(name, .authenticate), !isExcluded(name, ssid) else { return nil }
        return name
    }

    /// Worth sending evaluate: it evaluates, and a claim of it would reach a helper that authenticates.
    func canEvaluate(_ h: HelperDescriptor, _ ssid: SSID) -> Bool {
        evaluates(h, .evaluate) && !isExcluded(h.name, ssid) && authenticator(for: h.name, ssid) != nil
    }

    @inline(never)
    func supports(_ helper: String, _ command: HelperCommand) -> Bool {
        guard let i = configuration.helperIndex(named: helper) else { return false }
        return configuration.helpers[i].supports(command)
    }

    var onlineSSID: SSID? {
        if case .online(let info) = link { return info.ssid }
        return nil
    }

    /// The joined network as the receiving helper sees it.
    @inline(never)
    func linkNetwork(chosen: Bool) -> HotspotNetwork? {
        guard case .online(let i) = link else { return nil }
        return HotspotNetwork(ssid: i.ssid, bssid: i.bssid, rssi: i.rssi, frequency: i.frequency,
                              securityType: i.security, didAutoJoin: i.didAutoJoin, didJustJoin: justJoined,
                              isChosenHelper: chosen)
    }

    func isExcluded(_ helper: String, _ ssid: SSID) -> Bool {
        guard let i = networks.find(ssid) else { return false }
        return ASCII.contains(networks.records[i].excluded, helper)
    }

    @inline(never)
    func requestIndex(_ id: UInt64) -> Int? {
        for i in requests.indices where requests[i].id == id { return i }
        return nil
    }

    /// Configuration order: earlier helpers win ties.
    func order(_ helper: String) -> Int { slotIndex(helper) ?? Int.max }

    @inline(never)
    func slotIndex(_ helper: String) -> Int? {
        for i in slots.indices where ASCII.same(slots[i].name, helper) { return i }
        return nil
    }

    // MARK: Requests

    /// Sends a command. A helper still busy can only be running filterScanList (the join path never
    /// overlaps itself): that run is abandoned and redone later, so it never holds up a join.
    @discardableResult
    mutating func send(_ helper: String, _ command: HelperCommand, network: HotspotNetwork?,
                       scanList: [HotspotNetwork] = [], answers: [UIAnswer] = [], remembered: RememberedAnswers? = nil) -> UInt64 {
        let slot = slotIndex(helper)
        if let i = slot, let old = slots[i].request {
            if let j = requestIndex(old), requests[j].command == .filterScanList { slots[i].scanPending = true }
            say(.info, nil, "filterScanList abandoned for", helper)
            abandon(old)
        }
        let id = nextRequestID
        nextRequestID += 1
        requests.append(InFlight(id: id, helper: helper, command: command, startedAt: clock, deadline: nil))
        if let i = slot { slots[i].request = id }
        var request = HelperRequest(id: id, helper: helper, command: command, network: network, scanList: scanList, answers: answers)
        if let remembered {
            request.answers = remembered.answers
            request.rememberedOrigin = remembered.origin
            request.rememberedGateway = remembered.gateway
        }
        emit(.runHelper(request))
        if command.hasTimeLimit { armTimer(.command(id), at: clock + configuration.commandTimeoutMs) }
        return id
    }

    /// Kills a request; its answer, should one still come, is ignored.
    @inline(never)
    mutating func abandon(_ id: UInt64) {
        guard let f = settle(id) else { return }
        emit(.abandonHelper(requestID: id, helper: f.helper))
    }

    /// Forgets a request (answered, timed out or abandoned) and its timer.
    @discardableResult
    @inline(never)
    mutating func settle(_ id: UInt64) -> InFlight? {
        guard let i = requestIndex(id) else { return nil }
        let f = requests.remove(at: i)
        if let j = slotIndex(f.helper), slots[j].request == id { slots[j].request = nil }
        if f.deadline != nil { emit(.cancelTimer(.command(id))) }
        return f
    }

    /// Stops whatever the join path has in flight, and the maintain timer. The caller sets the phase.
    mutating func abandonJoinPath() {
        switch phase {
        case .evaluating(let pending, _):
            for i in pending.indices { abandon(pending[i].request) }
        case .authenticating(_, let r), .maintaining(_, let r), .loggingOff(_, let r):
            abandon(r)
        case .presentingUI(_, _, let r):
            if let r { abandon(r) }
        case .inactive, .authenticated, .failure:
            break
        }
        cancelTimer(.maintain)
    }

    /// Helpers the join path is waiting on: filterScanList waits for them, not they for it.
    var joinPathHelpers: [String] {
        switch phase {
        case .evaluating(let pending, _):
            var names: [String] = []
            for i in pending.indices { names.append(pending[i].helper) }
            return names
        case .authenticating(let h, _), .maintaining(let h, _), .loggingOff(let h, _): return [h]
        case .presentingUI(let h, _, let r): return r == nil ? [] : [h]
        case .inactive, .authenticated, .failure: return []
        }
    }

    /// Sends the latest scan list to every helper that is owed one and free.
    mutating func flushPendingScans() {
        var owed = false
        for i in slots.indices where slots[i].scanPending { owed = true }
        guard owed else { return }
        let path = joinPathHelpers
        for i in configuration.helpers.indices where i < slots.count && slots[i].scanPending {
            let h = configuration.helpers[i]
            if slots[i].request != nil || ASCII.contains(path, h.name) { continue }
            slots[i].scanPending = false
            guard configuration.preferences.isEnabled, evaluates(h, .filterScanList), !scan.isEmpty else { continue }
            var list: [HotspotNetwork] = []
            for e in scan.entries { list.append(HotspotNetwork(e, isChosenHelper: ASCII.same(cachedHelper(e.ssid), h.name))) }
            send(h.name, .filterScanList, network: nil, scanList: list)
        }
    }

    // MARK: Answers

    mutating func onHelperAnswer(_ id: UInt64, _ answer: Answer) {
        guard let fi = requestIndex(id) else {
            say(.debug, nil, "late helper answer ignored")
            return
        }
        let f = requests[fi]
        if case .failure(.timedOut) = answer { abandon(id) } else { settle(id) }
        let o = outcome(of: f.command, answer)
        if case .response(let r) = answer, !r.probes.isEmpty, let s = linkSSID { probeLook = (s, r.probes, clock) }
        if id == netcheckRequest { return onNetcheckAnswer(o) }
        if let i = slotIndex(f.helper) { slots[i].last = Activity(command: f.command, outcome: o.summary, at: clock) }
        switch f.command {
        case .filterScanList:
            onFilterAnswer(f, o)
        case .evaluate, .authenticate, .presentUI, .maintain, .logoff:
            onJoinPathAnswer(f, o)
        }
    }

    func outcome(of command: HelperCommand, _ answer: Answer) -> Outcome {
        switch answer {
        case .failure(let e):
            switch e {
            case .timedOut: return .failed("timed out", .helperTimedOut)
            case .exited, .crashed, .invalidOutput, .couldNotStart: return .failed(e.description, .helperError)
            }
        case .response(let r):
            guard command.accepts(r.result) else {
                return .failed(r.result.rawValue + " is not a result of " + command.rawValue, .invalidResult)
            }
            switch r.result {
            case .success: return .success(r)
            case .uiRequired: return .uiRequired(r.ui)
            case .unsupportedNetwork: return .unsupportedNetwork
            case .temporaryFailure: return .temporaryFailure
            case .authenticationRequired: return .authenticationRequired
            case .failure, .commandNotRecognized: return .failed("failure", .helperFailed)
            }
        }
    }

    mutating func onFilterAnswer(_ f: InFlight, _ o: Outcome) {
        switch o {
        case .success(let r):
            var kept: [HelperClaim] = []
            for c in r.claims where c.confidence > .none {
                // Apple: a helper may only claim networks of the list it was given.
                guard let v = scan.strongest(c.ssid) else { continue }
                var claim = c
                if !v.security.isSecure { claim.password = nil }
                kept.append(claim)
            }
            if let i = slotIndex(f.helper) { slots[i].claims = kept }
            selectUplink(afterScan: false)
        case .failed(let why, let reason):
            say(.warning, nil, "filterScanList failed:", f.helper + ": " + why)
            // An explicit answer replaces old claims; a crash or a timeout keeps them (likely passing).
            if reason == .helperFailed || reason == .invalidResult, let i = slotIndex(f.helper) { slots[i].claims = [] }
        case .uiRequired, .unsupportedNetwork, .temporaryFailure, .authenticationRequired:
            break  // not results of filterScanList: `outcome` made them `failed`
        }
    }

    mutating func onJoinPathAnswer(_ f: InFlight, _ o: Outcome) {
        guard let ssid = onlineSSID else { return stray(f) }
        switch phase {
        case .evaluating(var pending, var bestLow):
            var found: Int? = nil
            for i in pending.indices where pending[i].request == f.id {
                found = i
                break
            }
            guard let i = found else { return stray(f) }
            pending.remove(at: i)
            var confidence = Confidence.none
            switch o {
            case .success(let r):
                confidence = r.confidence ?? .none
            case .failed(let why, _):
                say(.warning, ssid, "evaluate failed, counted as no claim:", f.helper + ": " + why)
            case .uiRequired, .unsupportedNetwork, .temporaryFailure, .authenticationRequired:
                break
            }
            // A claim no helper can authenticate (a reload took it away) is no claim.
            let auth = authenticator(for: f.helper, ssid)
            switch confidence {
            case .high:
                guard let a = auth else { break }
                // The first high wins at once; the others are abandoned.
                for i in pending.indices { abandon(pending[i].request) }
                say(.info, ssid, "claimed with high confidence by", claimant(f.helper, a))
                startAuthenticate(a)
                return
            case .low:
                // No closure over `self` here: it would copy the whole machine.
                if auth != nil {
                    if let b = bestLow, order(f.helper) >= order(b) {} else { bestLow = f.helper }
                }
            case .none:
                break
            }
            if !pending.isEmpty {
                phase = .evaluating(pending: pending, bestLow: bestLow)
            } else if let h = bestLow, let a = authenticator(for: h, ssid) {
                say(.info, ssid, "claimed with low confidence by", claimant(h, a))
                startAuthenticate(a)
            } else {
                say(.info, ssid, "claimed by no helper")
                enterAuthenticated(nil, hint: nil)
            }

        // One switch for both: the answer's command (authenticate or presentUI, the phase's own request)
        // names the step in the failure.
        case .authenticating(let h, let r), .presentingUI(let h, _, let r?):
            guard r == f.id else { return stray(f) }
            let step = f.command.rawValue
            switch o {
            case .success(let resp):
                loginSucceeded(h, accepted: resp.acceptedAnswers, typed: f.command == .presentUI ? answersInFlight : [])
                answersInFlight = []
                expectSessionEnd(ssid, announced: resp.sessionRemainingMs)
                enterAuthenticated(h, hint: resp.maintainAfterMs)
            case .uiRequired(let ui):
                answersInFlight = []
                if case .presentingUI(_, let asked, _) = phase { return refused(h, asked: asked, again: ui ?? asked) }
                if let ui, ui.refusedRemembered { rememberedRefused(ssid, h) }
                guard supports(h, .presentUI) else {
                    return failPermanently(h, "uiRequired, but it does not handle presentUI", .invalidResult)
                }
                say(.notice, ssid, "login needs the owner's answers (hotspotd ui) for", h)
                enter(.presentingUI(helper: h, ui: ui ?? UIRequest(), request: nil))
            case .unsupportedNetwork:
                excludeAndReevaluate(h)
            case .temporaryFailure:
                failTemporarily(h, step + ": temporaryFailure")
            case .authenticationRequired:
                failPermanently(h, step + ": invalid result", .invalidResult)
            case .failed(let why, let reason):
                failPermanently(h, step + ": " + why, reason)
            }

        case .maintaining(let h, let r):
            guard r == f.id else { return stray(f) }
            switch o {
            case .success(let resp):
                sessionStillOpen()
                enterAuthenticated(h, hint: resp.maintainAfterMs, session: resp.sessionRemainingMs)
            case .authenticationRequired:
                sessionEnded(ssid)
                startAuthenticate(h)
            case .uiRequired, .unsupportedNetwork, .temporaryFailure, .failed:
                // docs/architecture.md §2: anything else sends the network back to evaluation, by every helper.
                say(.notice, ssid, "evaluating again after maintain:", h + ": " + o.summary)
                setCachedHelper(ssid, nil)
                beginEvaluation()
            }

        case .loggingOff(let h, let r):
            guard r == f.id else { return stray(f) }
            if case .failed(let why, _) = o { say(.warning, ssid, "logoff failed:", h + ": " + why) }
            finishLogoff()

        case .inactive, .authenticated, .failure, .presentingUI(_, _, nil):
            stray(f)
        }
    }

    /// "judge" when judge authenticates its own claim, "judge; authenticating with porter" when not.
    func claimant(_ evaluator: String, _ authenticator: String) -> String {
        ASCII.same(evaluator, authenticator) ? evaluator : evaluator + "; authenticating with " + authenticator
    }

    /// A join-path answer the phase no longer waits for (it was abandoned in the same breath).
    mutating func stray(_ f: InFlight) {
        say(.debug, nil, "helper answer no longer needed:", f.helper)
    }

    // MARK: Transitions

    /// The network is online: cached helper → maintain; evaluated SSID → authenticate; else evaluate.
    mutating func beginJoinPath(justJoined: Bool) {
        guard let ssid = onlineSSID else { return }
        self.justJoined = justJoined
        let prefs = configuration.preferences
        guard prefs.isEnabled && !configuration.helpers.isEmpty else {
            return enterAuthenticated(nil, hint: nil)
        }
        if let name = cachedHelper(ssid), configuration.helperIndex(named: name) != nil {
            // Used just now: its table drops it last. (Saved with the next change, not for this alone.)
            _ = networks.slot(ssid, used: true)
            if supports(name, .maintain) {
                let r = send(name, .maintain, network: linkNetwork(chosen: true))
                enter(.maintaining(helper: name, request: r))
            } else {
                enterAuthenticated(name, hint: nil)
            }
            return
        }
        var evaluated = false
        for i in prefs.evaluatedSSIDs.indices where prefs.evaluatedSSIDs[i] == ssid { evaluated = true }
        if evaluated, let name = prefs.authenticationProvider,
           supports(name, .authenticate), !isExcluded(name, ssid) {
            say(.info, ssid, "evaluated SSID: authenticating with", name)
            return startAuthenticate(name)
        }
        beginEvaluation()
    }

    /// Every eligible helper gets evaluate: the evaluation provider, or every helper that evaluates; either
    /// way only when its claim would reach a helper that authenticates.
    mutating func beginEvaluation() {
        guard let ssid = onlineSSID else { return }
        var pending: [Evaluator] = []
        if configuration.preferences.isEnabled {
            let network = linkNetwork(chosen: false)
            let helpers = configuration.helpers
            for h in helpers where canEvaluate(h, ssid) {
                pending.append(Evaluator(helper: h.name, request: send(h.name, .evaluate, network: network)))
            }
        }
        if pending.isEmpty {
            say(.info, ssid, "no helper to evaluate it")
            return enterAuthenticated(nil, hint: nil)
        }
        enter(.evaluating(pending: pending, bestLow: nil))
    }

    mutating func excludeAndReevaluate(_ helper: String) {
        guard let ssid = onlineSSID else { return }
        let i = networks.slot(ssid)
        if !ASCII.contains(networks.records[i].excluded, helper) { networks.records[i].excluded.append(helper) }
        if ASCII.same(cachedHelper(ssid), helper) { setCachedHelper(ssid, nil) }
        say(.info, ssid, "evaluating again without unsupporting helper", helper)
        beginEvaluation()
    }

    /// `session`: how long the venue's session has left, when the helper said (a later answer without it
    /// keeps the earlier end).
    mutating func enterAuthenticated(_ helper: String?, hint: Int64?, session: Int64? = nil) {
        guard let ssid = onlineSSID else { return }
        justJoined = false
        if let h = helper { setCachedHelper(ssid, h) }
        enter(.authenticated(helper: helper))
        // A network the daemon checks is forgiven once it validates: a join without internet keeps its
        // backoff growing, so leaving it again waits longer.
        if isNetchecked {
            scheduleNetcheck()
        } else {
            if let i = networks.find(ssid) { networks.records[i].backoff = nil }
            resolveFailure(ssid)
        }
        if let session { sessionEndsAt = clock + session }
        // Once per login: a periodic maintain that finds it still open (every 30 s at a portal) is no news.
        if announcedLogin {
            say(.debug, ssid, "still logged in:", helper ?? "no helper")
        } else {
            say(.notice, ssid, "authenticated by", helper ?? "no helper")
            announcedLogin = true
        }
        if let h = helper, supports(h, .maintain) {
            // Shortly before the session runs out and closely after, so a new login follows without a gap.
            armTimer(.maintain, at: clock + maintainDelay(hint: hint))
        }
    }

    /// The portal refused the owner's answers and asks again: keep the association and ask the owner again,
    /// with the venue's words and the non-secret answers given; after `UIRequest.maxRefusals` in a row, leave
    /// with the portal's last words and an ordinary backoff (a typo is no reason for a long disable).
    mutating func refused(_ h: String, asked: UIRequest, again: UIRequest) {
        guard let ssid = onlineSSID else { return }
        var ui = again
        ui.refusals = asked.refusals + 1
        ui.earlierAnswers = asked.earlierAnswers
        let why = ui.message ?? "the portal refused the answers"
        if ui.refusals >= UIRequest.maxRefusals {
            return failTemporarily(h, "presentUI: refused " + String(ui.refusals) + " times: " + why)
        }
        say(.notice, ssid, "the portal refused the answers; asking the owner again (hotspotd ui):", why)
        enter(.presentingUI(helper: h, ui: ui, request: nil))
    }

    /// temporaryFailure: leave, and wait before trying this network again.
    mutating func failTemporarily(_ helper: String?, _ why: String) {
        guard let ssid = onlineSSID else { return }
        let wait = recordBackoff(ssid, reason: why)
        leave(FailureRecord(ssid: ssid, helper: helper, reason: why, autoJoinDisabled: false, retryAt: clock + wait,
                            at: clock))
    }

    /// failure, an invalid result, a timeout, a crash: leave, and do not join by itself until re-enabled.
    mutating func failPermanently(_ helper: String?, _ why: String, _ reason: DisableReason) {
        guard let ssid = onlineSSID else { return }
        var until: Int64? = nil
        if let ms = configuration.disableExpiryMs { until = clock + ms }
        let i = networks.slot(ssid, used: true)
        networks.records[i].disabledReason = reason
        networks.records[i].disabledUntil = until
        if ASCII.same(networks.records[i].cachedHelper, helper) { networks.records[i].cachedHelper = nil }
        dirty = true
        leave(FailureRecord(ssid: ssid, helper: helper, reason: why, autoJoinDisabled: true, retryAt: until, at: clock))
    }

    mutating func resolveFailure(_ ssid: SSID) {
        // Not `lastFailure?.ssid == ssid`: that compares two optional SSIDs.
        if let s = lastFailure?.ssid, s == ssid { lastFailure?.isResolved = true }
    }

    mutating func leave(_ record: FailureRecord) {
        var detail = record.reason
        if let h = record.helper { detail = h + ": " + detail }
        if record.autoJoinDisabled {
            say(.warning, record.ssid, "auto-join disabled (hotspotd enable):", detail)
        } else {
            say(.warning, record.ssid, "left:", detail, retryMs: (record.retryAt ?? clock) - clock)
        }
        emit(.disconnect)
        dropLink()
        enter(.failure(record))
        lastFailure = record
        selectUplink(afterScan: false)
    }

    mutating func finishLogoff() {
        guard let ssid = onlineSSID else { return }
        markLoggedOff(ssid)
        emit(.disconnect)
        dropLink()
        selectUplink(afterScan: false)
    }

    /// The owner asked to log off: whatever ends the logoff (the answer, a timeout, a disconnect, another
    /// network, wpa_supplicant restarting), the network is not joined again by itself.
    mutating func keepLogoff() {
        guard case .loggingOff = phase, let ssid = onlineSSID else { return }
        markLoggedOff(ssid)
    }

    @inline(never)
    mutating func markLoggedOff(_ ssid: SSID) {
        let i = networks.slot(ssid, used: true)
        guard !networks.records[i].loggedOff else { return }
        networks.records[i].loggedOff = true
        dirty = true
        say(.notice, ssid, "logged off; not joined again by itself (hotspotd enable)")
    }

    /// A reload took away a helper the join path was using: start the path again with what is configured.
    mutating func restartJoinPath() {
        abandonJoinPath()
        if case .loggingOff = phase { return finishLogoff() }
        enter(.inactive)
        beginJoinPath(justJoined: false)
    }
}
