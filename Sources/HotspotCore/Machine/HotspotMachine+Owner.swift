/// What the owner asks, and configuration reloads.
extension HotspotMachine {
    mutating func onOwner(_ request: OwnerRequest) {
        switch request {
        case .logoff: ownerLogoff()
        case .submitUI(let answers): ownerSubmitUI(answers)
        case .cancelUI: ownerCancelUI()
        case .enable(let ssid): ownerEnable(ssid)
        case .join(let ssid, let passphrase, let once, let mac, let prefix, let hidden, let days, let eap):
            ownerJoin(ssid, passphrase, once: once, mac: mac, prefix: prefix, hidden: hidden, days: days, eap: eap)
        case .forget(let ssid): ownerForget(ssid)
        case .forgetAnswers(let ssid): ownerForgetAnswers(ssid)
        }
    }

    /// The owner's answer is built here, not at each of the twenty-odd places that give one.
    @inline(never)
    mutating func refuse(_ why: String) { emit(.reply(.refused(why))) }
    @inline(never)
    mutating func accept(_ what: String) { emit(.reply(.accepted(what))) }

    /// Apple queues logoff only for an authenticated network; afterwards the router leaves it for good.
    mutating func ownerLogoff() {
        let helper: String?
        switch phase {
        case .authenticated(let h):
            helper = h
            cancelTimer(.maintain)
        case .maintaining(let h, let r):
            helper = h
            abandon(r)
        case .inactive, .evaluating, .authenticating, .presentingUI, .loggingOff, .failure:
            return refuse("logoff needs an authenticated network; the state is " + state.rawValue)
        }
        accept("logging off")
        if let h = helper, supports(h, .logoff) {
            let r = send(h, .logoff, network: linkNetwork(chosen: true))
            enter(.loggingOff(helper: h, request: r))
        } else {
            finishLogoff()
        }
    }

    /// presentUI goes out only here: after uiRequired, with the owner's answers.
    mutating func ownerSubmitUI(_ answers: [UIAnswer]) {
        guard case .presentingUI(let h, let ui, let r) = phase else {
            return refuse("no login is waiting for answers")
        }
        guard r == nil else { return refuse("the answers were sent already; waiting for helper " + h) }
        for k in answers.indices {
            let a = answers[k]
            if a.key.isEmpty { return refuse("an answer without a field name") }
            if !ui.fields.isEmpty && !ui.hasField(named: a.key) {
                return refuse("the login does not ask for \"" + a.key + "\"")
            }
        }
        let request = send(h, .presentUI, network: linkNetwork(chosen: true), answers: answers)
        // Remembered for the stay once the portal accepts them (`loginSucceeded`).
        answersInFlight = answers
        // Kept to show again if the portal refuses them; a secret (or a field the helper did not name) never.
        var asked = ui
        asked.earlierAnswers = []
        for k in answers.indices {
            let a = answers[k]
            for i in ui.fields.indices where ASCII.same(ui.fields[i].name, a.key) {
                if !ui.fields[i].isSecret { asked.earlierAnswers.append(a) }
                break
            }
        }
        enter(.presentingUI(helper: h, ui: asked, request: request))
        accept("answers sent to helper " + h)
    }

    /// Giving up a login means not wanting this network: like a failure, until `hotspotd enable`.
    mutating func ownerCancelUI() {
        guard case .presentingUI(let h, _, _) = phase else { return refuse("no login is waiting") }
        accept("login cancelled")
        failPermanently(h, "the owner cancelled the login", .ownerCancelledUI)
    }

    mutating func ownerEnable(_ ssid: SSID) {
        let changed = liftBlocks(ssid, exclusionsToo: true)
        if changed { say(.notice, ssid, "auto-join enabled by the owner") }
        accept(changed ? "auto-join enabled again" : "it was not disabled")
        selectUplink(afterScan: false)
    }

    /// NEHotspotConfigurationManager's apply: join now, and remember it unless `once`.
    mutating func ownerJoin(_ name: SSID, _ passphrase: Passphrase?, once: Bool, mac: MACPolicy? = nil,
                            prefix: Bool = false, hidden: Bool = false, days: Int? = nil, eap given: EAPSettings? = nil) {
        guard !name.isEmpty else {
            return refuse("a hidden network (empty SSID) cannot be joined: wpa_supplicant needs its name")
        }
        // The owner's EAP settings are held to the configuration's rule: never an unverified server.
        if let why = given?.problem() ?? (given != nil && passphrase != nil ? "give a passphrase or EAP settings, not both" : nil) {
            return refuse(why)
        }
        var ssid = name
        if prefix {
            // NEHotspotConfiguration(ssidPrefix:): the strongest network in range whose name starts with it.
            var best: Int? = nil
            for i in scan.entries.indices where scan.entries[i].ssid.hasPrefix(name) {
                if let b = best, scan.entries[i].rssi <= scan.entries[b].rssi { continue }
                best = i
            }
            guard let b = best else { return refuse("no network whose name starts with it is in range") }
            ssid = scan.entries[b].ssid
        }
        let existing = KnownNetwork.index(of: name, in: ownerNetworks, prefix: prefix)
        if !once && existing == nil && ownerNetworks.count >= PersistentState.maxEntries {
            return refuse("too many networks: forget one first (limit 128), or join it with --once")
        }
        var known: KnownNetwork? = nil
        if let i = existing {
            known = ownerNetworks[i]
        } else if let i = KnownNetwork.index(of: ssid, in: configuration.knownNetworks) {
            known = configuration.knownNetworks[i]
        }
        let pass = given != nil ? nil : passphrase ?? known?.passphrase
        // A key pins the network to passphrase suites: a stronger open twin of the name must not decide.
        var security = scan.strongest(ssid)?.security ?? (pass == nil ? .open : .personal)
        if pass != nil, case .some = scan.strongest(ssid, security: .personal) { security = .personal }
        // EAP settings pin it to enterprise suites: wpa_supplicant then associates with nothing else.
        let eap = given ?? known?.eap
        if eap != nil { security = .enterprise }
        var target: JoinTarget
        switch security {
        case .open:
            if pass != nil {
                return refuse("only an open network of this name is in range, and you gave it a key: not joining it unencrypted")
            }
            target = JoinTarget(ssid: ssid, security: .open, didAutoJoin: false)
        case .personal:
            guard let p = pass else { return refuse("this network needs a passphrase") }
            target = JoinTarget(ssid: ssid, security: .personal, passphrase: p, didAutoJoin: false)
        case .enterprise where eap != nil:
            target = JoinTarget(ssid: ssid, security: .enterprise, didAutoJoin: false)
            target.eap = eap
        case .wep, .enterprise, .unknown:
            return refuse("hotspotd cannot join networks with " + security.rawValue + " security")
        }
        // The owner's word lifts every automatic block.
        liftBlocks(ssid, exclusionsToo: false)
        target.mac = mac
        target.isHidden = hidden
        // On the radio that heard it (`list interface`).
        target.radio = scan.strongest(ssid, security: security)?.radio ?? 0
        // A configured enterprise network is remembered by its configuration, not copied into the state file;
        // the owner's own keeps its EAP settings (without them it would be an open network of that name).
        if !once && (eap == nil || given != nil || existing != nil) {
            var n = KnownNetwork(ssid: name, passphrase: pass, eap: eap)
            n.mac = mac
            // What the owner gave before stays unless given again (if-lets: an Optional.map each is code).
            if let i = existing {
                n.priority = ownerNetworks[i].priority
                if mac == nil { n.mac = ownerNetworks[i].mac }
            }
            n.isPrefix = prefix
            n.isHidden = hidden
            n.lifetimeDays = days
            if let d = days, let now = wallClock { n.expiresAt = now + Int64(d) * 86_400 }
            if let i = existing {
                if ownerNetworks[i] != n {
                    ownerNetworks[i] = n
                    dirty = true
                }
            } else {
                ownerNetworks.append(n)
                dirty = true
            }
        }
        if case .online(var info) = link, info.ssid == ssid {
            // Already there (Apple's alreadyAssociated): it just becomes the owner's choice, which no better
            // network replaces.
            info.target = target
            link = .online(info)
            return accept("already associated")
        }
        accept("joining")
        switch link {
        case .associated, .online: emit(.disconnect)
        case .down, .joining: break
        }
        dropLink()
        selector.resetHysteresis()
        startJoin(target)
    }

    mutating func ownerForget(_ ssid: SSID) {
        let hadAnswers = forgetAnswers(ssid)
        guard let i = KnownNetwork.index(of: ssid, in: ownerNetworks) else {
            if hadAnswers { return accept("the answers remembered for it are forgotten") }
            if KnownNetwork.index(of: ssid, in: configuration.knownNetworks) != nil {
                return refuse("this network is in the configuration file; remove it there")
            }
            refuse("this is not one of your networks")
            // A forget cut short (killed before wpa_supplicant dropped it) left its blocks: asked again, they
            // go, unless the router is on that network.
            if let s = linkSSID, s == ssid { return }
            emit(.removeNetworks(ssid))
            return
        }
        accept("forgotten")
        dropOwnerNetwork(at: i)
        selectUplink(afterScan: false)
    }

    /// Forgets one of the owner's networks: leaves it if the router is on it, and wpa_supplicant drops it.
    mutating func dropOwnerNetwork(at i: Int) {
        let ssid = ownerNetworks.remove(at: i).ssid
        dirty = true
        if let s = linkSSID, s == ssid {
            switch link {
            case .associated, .online: emit(.disconnect)
            case .down, .joining: break
            }
            dropLink()
        }
        emit(.removeNetworks(ssid))
    }

    /// lifeTimeInDays, at each scan: an expiry is fixed the first time the wall clock is synchronised (a
    /// router boots with a wrong clock; until then a lifetime does not run), and a network past it is
    /// forgotten as by `hotspotd forget`.
    mutating func expireOwnerNetworks() {
        guard let now = wallClock else { return }
        var i = ownerNetworks.count
        while i > 0 {
            i -= 1
            let n = ownerNetworks[i]
            if let e = n.expiresAt, e <= now {
                say(.notice, n.ssid, "forgotten: its lifetime is over")
                dropOwnerNetwork(at: i)
            } else if let d = n.lifetimeDays, n.expiresAt == nil {
                ownerNetworks[i].expiresAt = now + Int64(d) * 86_400
                dirty = true
            }
        }
    }

    /// Clears disabled, logged off and backoff (and helper exclusions for `enable`). True if any was set.
    @discardableResult
    mutating func liftBlocks(_ ssid: SSID, exclusionsToo: Bool) -> Bool {
        resolveFailure(ssid)
        guard let i = networks.find(ssid) else { return false }
        let persisted = networks.records[i].disabledReason != nil || networks.records[i].loggedOff
        let changed = persisted || networks.records[i].backoff != nil || (exclusionsToo && !networks.records[i].excluded.isEmpty)
        networks.records[i].disabledReason = nil
        networks.records[i].disabledUntil = nil
        networks.records[i].loggedOff = false
        networks.records[i].backoff = nil
        if exclusionsToo { networks.records[i].excluded = [] }
        if persisted { dirty = true }
        return changed
    }

    mutating func onConfigurationReloaded(_ new: HotspotConfiguration) {
        configuration = new
        expireRemembered()
        backoff.baseMs = new.backoffBaseMs
        backoff.capMs = new.backoffCapMs
        selector.minSignal = new.minSignal
        selector.switchMargin = new.switchMargin
        selector.switchScans = new.switchScans
        // filterScanList runs of helpers that are gone (or no longer evaluate) stop here; the join path below.
        for f in requests where f.command == .filterScanList {
            if let h = new.helper(named: f.helper), evaluates(h, .filterScanList) { continue }
            abandon(f.id)
        }
        // Helpers keep what they had by name; join-path requests of vanished helpers stay in `requests`
        // until the phase check below abandons them.
        var kept: [HelperSlot] = []
        for h in new.helpers {
            if let j = slotIndex(h.name) { kept.append(slots[j]) } else { kept.append(HelperSlot(name: h.name)) }
        }
        slots = kept
        var uncached = false
        for i in networks.records.indices {
            if let h = networks.records[i].cachedHelper, new.helperIndex(named: h) == nil {
                networks.records[i].cachedHelper = nil
                uncached = true
            }
            if !networks.records[i].excluded.isEmpty {
                var still: [String] = []
                for h in networks.records[i].excluded where new.helperIndex(named: h) != nil { still.append(h) }
                networks.records[i].excluded = still
            }
        }
        if uncached { dirty = true }
        say(.notice, nil, "configuration reloaded")

        switch phase {
        case .evaluating(let pending, let bestLow):
            guard let ssid = onlineSSID else { break }
            // A loop: a closure calling `canEvaluate` would copy the whole machine.
            var lost = false
            for i in pending.indices {
                if let h = new.helper(named: pending[i].helper), canEvaluate(h, ssid) { continue }
                lost = true
            }
            if lost {
                restartJoinPath()
            } else if let h = bestLow, authenticator(for: h, ssid) == nil {
                phase = .evaluating(pending: pending, bestLow: nil)
            }
        case .authenticating(let h, _):
            if !supports(h, .authenticate) { restartJoinPath() }
        case .presentingUI(let h, _, _):
            if !supports(h, .presentUI) { restartJoinPath() }
        case .maintaining(let h, _):
            if !supports(h, .maintain) { restartJoinPath() }
        case .loggingOff(let h, _):
            if !supports(h, .logoff) { restartJoinPath() }
        case .authenticated(let h?):
            if new.helperIndex(named: h) == nil {
                restartJoinPath()
            } else if !supports(h, .maintain) {
                cancelTimer(.maintain)
            } else if maintainAt == nil {
                armTimer(.maintain, at: clock + new.maintainIntervalMs)
            }
        case .authenticated(nil), .inactive, .failure:
            break
        }
        if new.netcheckIntervalMs == 0 { stopNetcheck() } else { scheduleNetcheck() }
        selectUplink(afterScan: false)
    }
}
