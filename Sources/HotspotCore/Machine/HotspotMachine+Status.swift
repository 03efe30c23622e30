/// The machine as `hotspotd status`, `hotspotd helpers`, `hotspotd ui` and `hotspotd scan` show it.
extension HotspotMachine {
    /// Out of line: inlined into the driver's in-place call, its result was built and then copied.
    @inline(never)
    public func snapshot() -> StatusSnapshot {
        var link: StatusSnapshot.Link? = nil
        switch self.link {
        case .down:
            break
        case .joining(let t, let since):
            link = StatusSnapshot.Link(ssid: t.ssid, bssid: t.bssid, stage: .joining, rssi: nil, signalStrength: nil,
                                       frequency: nil, security: t.security, didAutoJoin: t.didAutoJoin,
                                       isOwnerChoice: !t.didAutoJoin, since: since)
        case .associated(let i), .online(let i):
            let online: Bool
            if case .online = self.link { online = true } else { online = false }
            link = StatusSnapshot.Link(ssid: i.ssid, bssid: i.bssid, stage: online ? .online : .associated,
                                       rssi: i.rssi, signalStrength: SignalStrength.fromDBm(i.rssi),
                                       frequency: i.frequency == 0 ? nil : i.frequency, security: i.security,
                                       didAutoJoin: i.didAutoJoin, isOwnerChoice: i.isOwnerChoice, since: i.since)
        }
        var chosen: String? = nil
        var ui: UIRequest? = nil
        var answersSent = false
        switch phase {
        case .inactive, .evaluating, .failure:
            break
        case .authenticating(let h, _), .maintaining(let h, _), .loggingOff(let h, _):
            chosen = h
        case .authenticated(let h):
            chosen = h
        case .presentingUI(let h, let request, let r):
            chosen = h
            ui = request
            answersSent = r != nil
        }
        var helpers: [StatusSnapshot.Helper] = []
        for i in configuration.helpers.indices where i < slots.count {
            let h = configuration.helpers[i]
            var cachedFor: [SSID] = []
            var excludedFor: [SSID] = []
            for j in networks.records.indices {
                let r = networks.records[j]
                if ASCII.same(r.cachedHelper, h.name) { cachedFor.append(r.ssid) }
                if ASCII.contains(r.excluded, h.name) { excludedFor.append(r.ssid) }
            }
            var shown = StatusSnapshot.Helper(
                name: h.name, kind: h.kind, commands: h.commands, priority: h.priority,
                scanPending: slots[i].scanPending, claims: slots[i].claims.count, cachedFor: cachedFor,
                excludedFor: excludedFor, lastCommand: slots[i].last?.command, lastOutcome: slots[i].last?.outcome,
                lastAt: slots[i].last?.at)
            // The running request's fields read in place (a copy of it, or of the slot, is code of its own).
            if let r = slots[i].request, let ri = requestIndex(r) {
                shown.requestID = requests[ri].id
                shown.command = requests[ri].command
                shown.runningSince = requests[ri].startedAt
            }
            shown.displayName = h.displayName
            helpers.append(shown)
        }
        var disabledList: [StatusSnapshot.Blocked] = []
        var backedOff: [StatusSnapshot.Blocked] = []
        var loggedOff: [SSID] = []
        for j in networks.records.indices {
            let r = networks.records[j]
            if r.isDisabled(now: clock), let reason = r.disabledReason {
                disabledList.append(StatusSnapshot.Blocked(ssid: r.ssid, reason: reason.description, until: r.disabledUntil))
            }
            if let b = r.backoff, backoff.isWaiting(b, now: clock) {
                backedOff.append(StatusSnapshot.Blocked(ssid: r.ssid, reason: b.reason + " (" + String(b.failures) + "×)", until: b.until))
            }
            if r.loggedOff { loggedOff.append(r.ssid) }
        }
        var owners: [SSID] = []
        for i in ownerNetworks.indices { owners.append(ownerNetworks[i].ssid) }
        var uplinkInternet: InternetCheck? = nil
        if let s = linkSSID { uplinkInternet = internet(of: s) }
        var probes: [String] = []
        var probesAt: Int64? = nil
        if let p = probeLook, let s = linkSSID, p.ssid == s { (probes, probesAt) = (p.lines, p.at) }
        var loggedIn: RememberedAnswers? = nil
        if state.isUsable, var given = loggedInWith {
            // Dated since (the clock was set after the login): the remembered entry has the date.
            if given.givenAt == nil, let s = linkSSID, let i = rememberedIndex(s, helper: given.helper) { given.givenAt = remembered[i].givenAt }
            loggedIn = given
        }
        var venues: [SSID] = []
        for i in remembered.indices where configuration.rememberDays > 0 { venues.append(remembered[i].ssid) }
        return StatusSnapshot(
            now: clock, state: state, stateSince: stateSince,
            isUsable: state.isUsable && isOnline && uplinkWithoutInternet == nil, link: link,
            chosenHelper: chosen, uiRequest: ui, uiAnswersSent: answersSent, lastFailure: lastFailure,
            nextMaintainAt: maintainAt, sessionEndsAt: sessionEndsAt, helpers: helpers, disabled: disabledList, backedOff: backedOff,
            loggedOff: loggedOff, ownerNetworks: owners, preferences: configuration.preferences,
            lastScanAt: lastScanAt, visibleNetworks: scan.networkCount, lookalikes: lookalikes(),
            uplinkInternet: uplinkInternet, probes: probes, probesAt: probesAt, loggedInWith: loggedIn,
            rememberedVenues: venues)
    }

    /// `snapshot()` for a caller that holds the machine in a class: a call through the class's property
    /// would first copy the whole machine; a mutating call works in place.
    public mutating func snapshotInPlace() -> StatusSnapshot { snapshot() }
    public mutating func scanRowsInPlace() -> [StatusSnapshot.ScanRow] { scanRows() }

    /// The latest scan for `hotspotd scan`, in the order reported (the CLI sorts).
    public func scanRows() -> [StatusSnapshot.ScanRow] {
        let candidates = currentCandidates()
        var index = SSIDIndex(minimumCapacity: candidates.count)
        for i in candidates.indices { index.set(candidates[i].ssid, i) }
        let current = linkSSID
        var rows: [StatusSnapshot.ScanRow] = []
        rows.reserveCapacity(scan.entries.count)
        for i in scan.entries.indices {
            let e = scan.entries[i]
            var c: UplinkCandidate? = nil
            if let i = index[e.ssid] { c = candidates[i] }
            rows.append(StatusSnapshot.ScanRow(
                entry: e, claimedBy: c?.claimedBy, confidence: c?.confidence,
                isKnown: KnownNetwork.index(of: e.ssid, in: configuration.knownNetworks) != nil
                    || KnownNetwork.index(of: e.ssid, in: ownerNetworks) != nil,
                isBlocked: isBlocked(e.ssid),
                isCurrent: current == e.ssid, isLookalike: isLookalike(e), internet: internet(of: e.ssid)))
        }
        return rows
    }
}
