/// The heart of hotspotd: docs/architecture.md §2 as a state machine without I/O.
///
/// Each input (`handle(_:now:)`, or the named method for it) changes the state and returns the actions the
/// driver must perform, in order. The clock is an input; timers are data (`armTimer` / `cancelTimer`).
/// Two things run side by side: the *link* (down → joining → associated → online, the router's part) and the
/// *phase* of the helper model (the eight states), which only leaves `inactive` / `failure` while online.
///
/// Storage is arrays plus one map (SSIDIndex, SSID → index): every distinct Dictionary type costs
/// kilobytes of specialised code in the router binary.
public struct HotspotMachine {
    // MARK: What the machine keeps between inputs

    indirect enum Link {
        case down
        /// `join` was sent; association and IPv4 are due by the association timer.
        case joining(JoinTarget, since: Int64)
        case associated(LinkInfo)
        case online(LinkInfo)
    }

    struct LinkInfo {
        var ssid: SSID
        var bssid: BSSID?
        var networkID: NetworkID?
        var rssi: Int
        var frequency: Int
        var security: SecurityType
        /// What we asked for; nil when wpa_supplicant joined by itself.
        var target: JoinTarget?
        var since: Int64

        var didAutoJoin: Bool { target?.didAutoJoin ?? true }
        var isOwnerChoice: Bool {
            guard let t = target else { return false }
            return !t.didAutoJoin
        }
    }

    struct Evaluator {
        var helper: String
        var request: UInt64
    }

    /// The eight states with what each needs. Requests named here are the join path's in-flight commands.
    indirect enum Phase {
        case inactive
        case evaluating(pending: [Evaluator], bestLow: String?)
        case authenticating(helper: String, request: UInt64)
        /// `request` is nil while the owner has not answered yet.
        case presentingUI(helper: String, ui: UIRequest, request: UInt64?)
        case authenticated(helper: String?)
        case maintaining(helper: String, request: UInt64)
        case loggingOff(helper: String, request: UInt64)
        case failure(FailureRecord)
    }

    struct InFlight {
        var id: UInt64
        var helper: String
        var command: HelperCommand
        var startedAt: Int64
        /// The command timer; nil for presentUI.
        var deadline: Int64?
    }

    struct Activity {
        var command: HelperCommand
        var outcome: String
        var at: Int64
    }

    /// What the machine knows of one configured helper, in configuration order.
    struct HelperSlot {
        var name: String
        /// Its one request in flight.
        var request: UInt64? = nil
        /// Owed a filterScanList of the latest scan, sent once it is free and off the join path.
        var scanPending = false
        /// Its latest filterScanList claims (visible networks only).
        var claims: [HelperClaim] = []
        var last: Activity? = nil

        init(name: String) { self.name = name }
    }

    public internal(set) var configuration: HotspotConfiguration
    var link: Link = .down
    var phase: Phase = .inactive
    /// When the current state was entered.
    public internal(set) var stateSince: Int64
    /// The commands of the join that just happened carry didJustJoin, until the network is authenticated.
    var justJoined = false
    /// The latest time seen: inputs never move it backwards.
    public internal(set) var clock: Int64

    var slots: [HelperSlot]
    var requests: [InFlight] = []
    var nextRequestID: UInt64 = 1
    var maintainAt: Int64? = nil
    /// When the venue's session ends, as the authenticating helper said; only while logged in.
    var sessionEndsAt: Int64? = nil
    var associationAt: Int64? = nil
    var scanAt: Int64? = nil
    var netcheckAt: Int64? = nil
    /// The internet check in flight (HotspotMachine+Internet), and its no-internet verdicts in a row on
    /// this association.
    var netcheckRequest: UInt64? = nil
    var noInternetLooks = 0

    var networks = NetworkTable()
    var ownerNetworks: [KnownNetwork]
    /// Unix seconds while the wall clock is synchronised, else nil: set by the driver (owner networks'
    /// lifetimes).
    public var wallClock: Int64? = nil
    var backoff: Backoff
    var selector: UplinkSelector
    var scan = ScanList()
    var lastScanAt: Int64? = nil
    /// The BSS of the latest `apLost`: kept out of scans for `lostBSSMs`, since the kernel's dump still
    /// lists a BSS that long after it was last heard (cfg80211's expiry).
    var lostBSS: BSSID? = nil
    var lostAt: Int64 = 0
    static let lostBSSMs: Int64 = 30_000
    /// wpa_supplicant joins from its own scan results this young without scanning again.
    static let freshScanMs: Int64 = 5_000
    /// A join's channels come from a scan list at most this old: the background scan's period on a working
    /// uplink (600 s), so a failover finds them; an older list may be of another place (a travel router),
    /// where a full scan costs no more than channels that all miss.
    static let knownChannelsMs: Int64 = 600_000
    /// Look-alike BSSes already logged (bounded), so a twin in every scan is one log line, not one a scan.
    var reportedLookalikes: [BSSID] = []
    /// When the core last asked for a scan (the policy counts from here).
    var lastScanRequestAt: Int64? = nil
    /// Scans in a row without a working uplink: their interval doubles (up to 8×).
    var downScans = 0
    var lastFailure: FailureRecord? = nil
    /// The answers portals accepted, per venue (HotspotMachine+Stay), oldest first.
    var remembered: [RememberedAnswers]
    /// presentUI's answers until its answer: remembered if the portal accepts them.
    var answersInFlight: [UIAnswer] = []
    /// The login of this association with the owner's answers: where and when they were given (no values).
    var loggedInWith: RememberedAnswers? = nil
    /// What each probe URL saw at the latest verdict that told (a helper's `probe=` lines), on which network
    /// and when: status shows it for the uplink.
    var probeLook: (ssid: SSID, lines: [String], at: Int64)? = nil
    /// When this association's latest login succeeded, and the latest look since that got through: the
    /// session's length is learned from them when it ends.
    var loginAt: Int64? = nil
    var lastOpenAt: Int64? = nil
    /// "authenticated by" was said for this stretch of being logged in (until a phase that is not).
    var announcedLogin = false

    var out: [StationAction] = []
    var dirty = false

    /// A helper's hint never makes maintain run more often than this.
    public static let minMaintainMs: Int64 = 10_000

    public init(configuration: HotspotConfiguration, restoring saved: PersistentState = PersistentState(),
                now: Int64) {
        self.configuration = configuration
        clock = now
        stateSince = now
        slots = []
        for h in configuration.helpers { slots.append(HelperSlot(name: h.name)) }
        backoff = Backoff(baseMs: configuration.backoffBaseMs, capMs: configuration.backoffCapMs)
        selector = UplinkSelector(minSignal: configuration.minSignal, switchMargin: configuration.switchMargin,
                                  switchScans: configuration.switchScans)
        ownerNetworks = saved.ownerNetworks
        remembered = saved.remembered
        for i in saved.sessions.indices { networks.records[networks.slot(saved.sessions[i].ssid)].sessionMs = saved.sessions[i].ms }
        for i in saved.helperCache.indices {
            let c = saved.helperCache[i]
            guard configuration.helperIndex(named: c.helper) != nil else { continue }
            networks.records[networks.slot(c.ssid)].cachedHelper = c.helper
        }
        for j in saved.disabled.indices {
            let d = saved.disabled[j]
            let i = networks.slot(d.ssid)
            networks.records[i].disabledReason = d.reason
            if let r = d.remainingMs { networks.records[i].disabledUntil = now + r }
        }
        for i in saved.loggedOff.indices {
            networks.records[networks.slot(saved.loggedOff[i])].loggedOff = true
        }
    }

    // MARK: Public view

    public var state: HotspotState {
        switch phase {
        case .inactive: return .inactive
        case .evaluating: return .evaluating
        case .authenticating: return .authenticating
        case .presentingUI: return .presentingUI
        case .authenticated: return .authenticated
        case .maintaining: return .maintaining
        case .loggingOff: return .loggingOff
        case .failure: return .failure
        }
    }

    /// What the driver should have on flash now.
    /// Associated (with or without an address): the link whose signal the driver polls.
    public var isAssociated: Bool {
        switch link {
        case .associated, .online: return true
        case .down, .joining: return false
        }
    }

    public var persistentState: PersistentState {
        var s = PersistentState(ownerNetworks: ownerNetworks, remembered: remembered)
        for i in networks.records.indices {
            let r = networks.records[i]
            // A name the state file cannot carry (the configuration was not validated) is not written.
            if let h = r.cachedHelper, HelperDescriptor.isValidName(h) {
                s.helperCache.append(PersistentState.CachedHelper(ssid: r.ssid, helper: h))
            }
            if let reason = r.disabledReason {
                var remaining: Int64? = nil
                if let until = r.disabledUntil { remaining = max(0, until - clock) }
                s.disabled.append(PersistentState.DisabledNetwork(ssid: r.ssid, reason: reason, remainingMs: remaining))
            }
            if r.loggedOff { s.loggedOff.append(r.ssid) }
            if let ms = r.sessionMs { s.sessions.append(PersistentState.LearnedSession(ssid: r.ssid, ms: ms)) }
        }
        return s.fitted()
    }

    /// The deadline of an armed timer, as the driver should hold it.
    @inline(never)
    public func deadline(of id: TimerID) -> Int64? {
        switch id {
        case .command(let r):
            guard let i = requestIndex(r) else { return nil }
            return requests[i].deadline
        case .maintain: return maintainAt
        case .association: return associationAt
        case .scan: return scanAt
        case .netcheck: return netcheckAt
        case .link: return nil
        }
    }

    public var armedTimers: [TimerID] {
        var ids: [TimerID] = []
        for i in requests.indices where requests[i].deadline != nil { ids.append(.command(requests[i].id)) }
        if maintainAt != nil { ids.append(.maintain) }
        if associationAt != nil { ids.append(.association) }
        if scanAt != nil { ids.append(.scan) }
        if netcheckAt != nil { ids.append(.netcheck) }
        return ids
    }

    // MARK: Inputs

    /// The one entry point; the named methods below call it.
    public mutating func handle(_ input: HotspotInput, now: Int64) -> [StationAction] {
        if now > clock { clock = now }
        let before = statusKey
        switch input {
        case .scanResults(let entries): onScanResults(entries)
        case .associated(let ssid, let bssid, let networkID, let security, let frequency):
            onAssociated(ssid, bssid, networkID, security, frequency)
        case .ipv4Acquired: onIPv4Acquired()
        case .disconnected: onDisconnected()
        case .apLost: onDisconnected(silent: true)
        case .linkSignal(let rssi): onLinkSignal(rssi)
        case .supplicant(let event): onSupplicantEvent(event)
        case .helperResponded(let id, let response): onHelperAnswer(id, .response(response))
        case .helperFailed(let id, let failure): onHelperAnswer(id, .failure(failure))
        case .timerFired(let id): onTimerFired(id)
        case .owner(let request): onOwner(request)
        case .configurationReloaded(let c): onConfigurationReloaded(c)
        case .supplicantReconnected: onSupplicantReconnected()
        case .internetHint(let hint): onInternetHint(hint)
        }
        flushPendingScans()
        if dirty {
            dirty = false
            trimLearned()
            emit(.persist(persistentState))
        }
        if statusKey != before { emit(.notify) }
        var actions: [StationAction] = []
        swap(&actions, &out)
        return actions
    }

    public mutating func scanResults(_ entries: [ScanEntry], now: Int64) -> [StationAction] {
        handle(.scanResults(entries), now: now)
    }
    public mutating func associated(ssid: SSID, bssid: BSSID?, networkID: NetworkID?, now: Int64) -> [StationAction] {
        handle(.associated(ssid: ssid, bssid: bssid, networkID: networkID), now: now)
    }
    public mutating func ipv4Acquired(now: Int64) -> [StationAction] { handle(.ipv4Acquired, now: now) }
    public mutating func disconnected(now: Int64) -> [StationAction] { handle(.disconnected, now: now) }
    public mutating func linkSignal(rssi: Int, now: Int64) -> [StationAction] { handle(.linkSignal(rssi: rssi), now: now) }
    public mutating func supplicant(_ event: JoinFailure, now: Int64) -> [StationAction] {
        handle(.supplicant(event), now: now)
    }
    public mutating func helperResponded(requestID: UInt64, _ response: HelperResponse, now: Int64) -> [StationAction] {
        handle(.helperResponded(requestID: requestID, response), now: now)
    }
    public mutating func helperFailed(requestID: UInt64, _ failure: HelperFailure, now: Int64) -> [StationAction] {
        handle(.helperFailed(requestID: requestID, failure), now: now)
    }
    public mutating func timerFired(_ id: TimerID, now: Int64) -> [StationAction] { handle(.timerFired(id), now: now) }
    public mutating func owner(_ request: OwnerRequest, now: Int64) -> [StationAction] { handle(.owner(request), now: now) }
    public mutating func configurationReloaded(_ c: HotspotConfiguration, now: Int64) -> [StationAction] {
        handle(.configurationReloaded(c), now: now)
    }
    public mutating func supplicantReconnected(now: Int64) -> [StationAction] { handle(.supplicantReconnected, now: now) }

    // MARK: Link inputs

    mutating func onScanResults(_ entries: [ScanEntry]) {
        scan = ScanList(withoutLost(entries))
        if scan.dropped > 0 { say(.warning, nil, "scan list cut to 512 BSSes") }
        lastScanAt = clock
        reportLookalikes()
        refreshLinkFromScan()
        if configuration.preferences.isEnabled {
            for i in configuration.helpers.indices where evaluates(configuration.helpers[i], .filterScanList) {
                slots[i].scanPending = true
            }
        }
        expireDisables()
        expireOwnerNetworks()
        expireRemembered()
        networks.sweep(now: clock, backoff: backoff)
        selectUplink(afterScan: true)
    }

    mutating func onAssociated(_ ssid: SSID, _ bssid: BSSID?, _ networkID: NetworkID?, _ security: SecurityType?, _ frequency: Int?) {
        // A roam within the same network keeps everything.
        switch link {
        case .associated(var info) where info.ssid == ssid:
            roam(&info, bssid, networkID)
            link = .associated(info)
            return
        case .online(var info) where info.ssid == ssid:
            roam(&info, bssid, networkID)
            link = .online(info)
            return
        case .down, .joining, .associated, .online:
            break
        }
        var target: JoinTarget? = nil
        switch link {
        case .joining(let t, _):
            if t.ssid == ssid {
                target = t
            } else {
                say(.warning, ssid, "associated instead of", t.ssid.description)
            }
        case .associated(let info), .online(let info):
            say(.notice, info.ssid, "left for", ssid.description)
            keepLogoff()
            abandonJoinPath()
            enter(.inactive)
        case .down:
            break
        }
        if case .none = target, isBlocked(ssid) {
            // wpa_supplicant went there by itself: never stay on a network the router must not join
            // (disabled, logged off, or still waiting out its backoff).
            say(.warning, ssid, "not to be joined automatically; disconnecting")
            emit(.disconnect)
            link = .down
            cancelTimer(.association)
            selectUplink(afterScan: false)
            return
        }
        var entry: ScanEntry? = nil
        if let b = bssid { entry = scan.entry(bssid: b) }
        if case .none = entry { entry = scan.strongest(ssid) }
        let info = LinkInfo(ssid: ssid, bssid: bssid, networkID: networkID,
                            rssi: entry?.rssi ?? SignalStrength.floorDBm, frequency: entry?.frequency ?? frequency ?? 0,
                            security: target?.security ?? security ?? entry?.security ?? .unknown, target: target, since: clock)
        link = .associated(info)
        if associationAt == nil { armTimer(.association, at: clock + configuration.associationTimeoutMs) }
        if case .failure = phase { enter(.inactive) }
        say(.info, ssid, "associated")
    }

    mutating func roam(_ info: inout LinkInfo, _ bssid: BSSID?, _ networkID: NetworkID?) {
        info.bssid = bssid
        if let n = networkID { info.networkID = n }
        if let b = bssid, let e = scan.entry(bssid: b) {
            info.rssi = e.rssi
            info.frequency = e.frequency
        }
    }

    mutating func onIPv4Acquired() {
        guard case .associated(let info) = link else {
            say(.debug, nil, "IPv4 address without a new association: ignored")
            return
        }
        cancelTimer(.association)
        link = .online(info)
        say(.notice, info.ssid, "joined")
        beginJoinPath(justJoined: true)
    }

    /// `silent`: the kernel stopped hearing the AP (`apLost`), rather than a deauthentication.
    mutating func onDisconnected(silent: Bool = false) {
        switch link {
        case .down:
            if case .failure = phase { enter(.inactive) }
        case .joining:
            // wpa_supplicant reports disconnects while it tries; the association timer decides.
            say(.debug, nil, "disconnected while joining")
        case .associated(let info):
            // Dropped before an address: counted like a failed connection, so it cannot loop.
            let wait = recordBackoff(info.ssid, reason: "dropped before the venue gave an address (DHCP)")
            say(.warning, info.ssid, "disconnected before an address", retryMs: wait)
            dropLink()
            selectUplink(afterScan: false)
        case .online(let info):
            say(.notice, info.ssid, "lost")
            // Its BSS went silent (beacon loss, a power cut): the next candidate of the latest scan is joined
            // at once, not the lost one again; a scan that hears the BSS again brings it back. wpa_supplicant
            // scans only the channels the list heard it on (startJoin); a list too old to know them, or
            // without a candidate, is renewed by a full scan at once.
            if silent {
                lostBSS = info.bssid
                lostAt = clock
                scan = ScanList(withoutLost(scan.entries))
            }
            dropLink()
            if silent && clock - (lastScanAt ?? 0) > Self.knownChannelsMs { return requestScan() }
            selectUplink(afterScan: false)
            if silent, case .down = link { requestScan() }
            // The join goes out first: wpa_supplicant scans every channel for the lost network 100 ms after
            // its DISCONNECTED, unless ours replaced it by then, and killing a helper can take longer.
            var i = out.count
            while silent && i > 0 {
                i -= 1
                guard case .join = out[i] else { continue }
                out.insert(out.remove(at: i), at: 0)
                break
            }
        }
    }

    func withoutLost(_ entries: [ScanEntry]) -> [ScanEntry] {
        guard let b = lostBSS, clock - lostAt < Self.lostBSSMs else { return entries }
        var kept: [ScanEntry] = []
        for i in entries.indices where entries[i].bssid != b { kept.append(entries[i]) }
        return kept
    }

    mutating func onLinkSignal(_ rssi: Int) {
        switch link {
        case .associated(var info):
            info.rssi = rssi
            link = .associated(info)
        case .online(var info):
            info.rssi = rssi
            link = .online(info)
        case .down, .joining:
            break
        }
    }

    mutating func onSupplicantEvent(_ event: JoinFailure) {
        switch event {
        case .tempDisabled(let ssid, let reason, let seconds):
            let wait = recordBackoff(ssid, atLeastMs: Int64(max(0, min(seconds, 86_400))) * 1000, reason: reason.plainWords)
            say(.warning, ssid, "wpa_supplicant:", reason.description, retryMs: wait)
            if let s = linkSSIDBeforeOnline, s == ssid {
                emit(.disconnect)
                dropLink()
                selectUplink(afterScan: false)
            }
        case .networkNotFound(let named):
            // If-lets, not `named == t.ssid`: that compares two optional SSIDs.
            var another = false
            if let n = named, let s = linkSSID, n != s { another = true }
            guard case .joining(let t, _) = link, !another else {
                say(.debug, nil, "network not found: not the one being joined")
                return
            }
            let wait = recordBackoff(t.ssid, reason: "not in range (NETWORK-NOT-FOUND)")
            say(.warning, t.ssid, "not found", retryMs: wait)
            emit(.disconnect)
            dropLink()
            selectUplink(afterScan: false)
            // Not on its known channels (gone, or moved): the next candidate, else a full scan at once.
            if !t.frequencies.isEmpty, case .down = link { requestScan() }
        }
    }

    /// The SSID being joined, or associated without an address yet.
    var linkSSIDBeforeOnline: SSID? {
        switch link {
        case .joining(let t, _): return t.ssid
        case .associated(let info): return info.ssid
        case .down, .online: return nil
        }
    }

    var linkSSID: SSID? {
        switch link {
        case .down: return nil
        case .joining(let t, _): return t.ssid
        case .associated(let i), .online(let i): return i.ssid
        }
    }

    var isOnline: Bool {
        if case .online = link { return true }
        return false
    }

    mutating func onSupplicantReconnected() {
        say(.notice, nil, "wpa_supplicant connected")
        var target: JoinTarget? = nil
        switch link {
        case .down:
            break
        case .joining(let t, _):
            target = t
        case .associated(let info), .online(let info):
            target = info.target
        }
        // Its association died with it; so does the helper work on it.
        dropLink()
        if let t = target, !isDisabled(t.ssid), !isLoggedOff(t.ssid), !t.didAutoJoin || !isBackedOff(t.ssid) {
            startJoin(t)
        }
        downScans = 0
        requestScan()
        if scanAt == nil { armTimer(.scan, at: clock + configuration.scanIntervalMs) }
        selectUplink(afterScan: false)
    }

    mutating func onTimerFired(_ id: TimerID) {
        guard let due = deadline(of: id) else {
            say(.debug, nil, "timer not armed: ignored", id.description)
            return
        }
        guard clock >= due else {
            say(.debug, nil, "timer fired early: ignored", id.description)
            return
        }
        setDeadline(id, nil)
        switch id {
        case .command(let request):
            onHelperAnswer(request, .failure(.timedOut))
        case .maintain:
            guard case .authenticated(let h?) = phase, supports(h, .maintain) else { return }
            let request = send(h, .maintain, network: linkNetwork(chosen: true))
            enter(.maintaining(helper: h, request: request))
        case .association:
            guard let ssid = linkSSIDBeforeOnline else { return }
            let wait = recordBackoff(ssid, reason: "no association in time: weak signal, or a busy access point")
            say(.warning, ssid, "no connection in time", retryMs: wait)
            emit(.disconnect)
            dropLink()
            selectUplink(afterScan: false)
        case .scan:
            onScanTimer()
        case .netcheck:
            onNetcheckTimer()
        case .link:
            // The link machine's: never armed here (`deadline(of:)` is nil).
            break
        }
    }

    /// The scan policy. Background scans take the radio off a working uplink's channel (the owner's traffic
    /// stalls meanwhile), so a working uplink is scanned only while its signal is below `minSignal` or
    /// once every `connectedScanIntervalMs` (0: never); the timer then only checks, every `scanIntervalMs`.
    /// Without a working uplink the router scans every `scanIntervalMs`, doubling up to 8× while nothing
    /// comes of it. While joining (wpa_supplicant scans for the join itself; one asked for meanwhile would
    /// run right after the association) and while helpers work on an association (evaluate, authenticate,
    /// the owner's answers) it does not scan at all: the kernel suspends beacon-loss detection during a
    /// scan, so a venue's AP that vanishes mid-login would be noticed only by the helper's time limit.
    mutating func onScanTimer() {
        var interval = configuration.scanIntervalMs
        let withoutInternet = uplinkWithoutInternet != nil
        switch link {
        case .online(let info) where state.isUsable && !withoutInternet:
            downScans = 0
            let weak = SignalStrength.fromDBm(info.rssi) < configuration.minSignal
            let every = configuration.connectedScanIntervalMs
            let due = every > 0 && clock - (lastScanRequestAt ?? info.since) >= every
            if weak || due { requestScan() }
        case .online where withoutInternet, .down:
            // An uplink without internet is scanned like none: something usable may come in range.
            requestScan()
            interval = configuration.scanIntervalMs << Int64(min(downScans, 3))
            downScans += 1
        case .joining, .associated, .online:
            downScans = 0
        }
        armTimer(.scan, at: clock + interval)
    }

    mutating func requestScan() {
        lastScanRequestAt = clock
        emit(.requestScan)
    }

    /// The link is gone (reported, or we left it): nothing of the join path survives, but a logoff does.
    @inline(never)
    mutating func dropLink() {
        keepLogoff()
        abandonJoinPath()
        stopNetcheck()
        cancelTimer(.association)
        link = .down
        justJoined = false
        answersInFlight = []
        loggedInWith = nil
        loginAt = nil
        lastOpenAt = nil
        switch phase {
        case .failure:
            break
        case .inactive, .evaluating, .authenticating, .presentingUI, .authenticated, .maintaining, .loggingOff:
            enter(.inactive)
        }
    }

    // MARK: Small tools

    @inline(never)
    mutating func enter(_ p: Phase) {
        let old = state
        phase = p
        if state != old { stateSince = clock }
        switch p {
        case .authenticated, .maintaining: break
        case .inactive, .evaluating, .authenticating, .presentingUI, .loggingOff, .failure:
            sessionEndsAt = nil
            announcedLogin = false
        }
        if isWaitingForOwner && netcheckRequest == nil { armTimer(.netcheck, at: clock + HotspotMachine.ownerWaitCheckMs) }
    }

    /// Every action goes through here: one copy of Array.append instead of one per call site.
    @inline(never)
    mutating func emit(_ action: StationAction) { out.append(action) }

    /// Log lines are put together here, "<ssid>: <text> <detail>; retry in <n> s": string interpolation
    /// at each call site costs about half a kilobyte of router code per line.
    @inline(never)
    mutating func say(_ level: LogLevel, _ ssid: SSID?, _ text: StaticString, _ detail: String? = nil,
                      retryMs: Int64? = nil) {
        var line = ""
        if let s = ssid { line = s.description + ": " }
        line += text.description
        if let d = detail { line += " " + d }
        if let r = retryMs { line += "; retry in " + String(r / 1000) + " s" }
        emit(.log(level, line))
    }

    @inline(never)
    mutating func setDeadline(_ id: TimerID, _ value: Int64?) {
        switch id {
        case .command(let r):
            if let i = requestIndex(r) { requests[i].deadline = value }
        case .maintain: maintainAt = value
        case .association: associationAt = value
        case .scan: scanAt = value
        case .netcheck: netcheckAt = value
        case .link: break
        }
    }

    @inline(never)
    mutating func armTimer(_ id: TimerID, at deadline: Int64) {
        setDeadline(id, deadline)
        emit(.armTimer(id, at: deadline))
    }

    /// Only timers that are armed get a cancel: the driver never sees a cancel for nothing.
    @inline(never)
    mutating func cancelTimer(_ id: TimerID) {
        guard deadline(of: id) != nil else { return }
        setDeadline(id, nil)
        emit(.cancelTimer(id))
    }

    func isDisabled(_ ssid: SSID) -> Bool {
        guard let i = networks.find(ssid) else { return false }
        return networks.records[i].isDisabled(now: clock)
    }
    func isLoggedOff(_ ssid: SSID) -> Bool {
        guard let i = networks.find(ssid) else { return false }
        return networks.records[i].loggedOff
    }
    func isBackedOff(_ ssid: SSID) -> Bool {
        guard let i = networks.find(ssid) else { return false }
        return backoff.isWaiting(networks.records[i].backoff, now: clock)
    }
    func cachedHelper(_ ssid: SSID) -> String? {
        guard let i = networks.find(ssid) else { return nil }
        return networks.records[i].cachedHelper
    }
    /// The network's latest internet check.
    func internet(of ssid: SSID) -> InternetCheck? {
        guard let i = networks.find(ssid) else { return nil }
        return networks.records[i].internet
    }

    /// Not to be joined by the router on its own.
    @inline(never)
    func isBlocked(_ ssid: SSID) -> Bool {
        guard let i = networks.find(ssid) else { return false }
        return networks.records[i].isDisabled(now: clock) || networks.records[i].loggedOff
            || backoff.isWaiting(networks.records[i].backoff, now: clock)
    }

    /// One more failure of the network; returns how long it now waits.
    @inline(never)
    mutating func recordBackoff(_ ssid: SSID, atLeastMs: Int64 = 0, reason: String) -> Int64 {
        let i = networks.slot(ssid)
        let entry = backoff.failed(networks.records[i].backoff, now: clock, atLeastMs: atLeastMs, reason: reason)
        networks.records[i].backoff = entry
        return entry.until - clock
    }

    @inline(never)
    mutating func setCachedHelper(_ ssid: SSID, _ helper: String?) {
        guard !ASCII.same(cachedHelper(ssid), helper) else { return }
        networks.records[networks.slot(ssid, used: true)].cachedHelper = helper
        dirty = true
    }

    /// Each learned table keeps its `PersistentState.maxEntries` most recently used entries (the records'
    /// order), so the state file always stays within what a start loads. The owner's networks are
    /// bounded at `join` instead: they are never dropped.
    mutating func trimLearned() {
        let cap = PersistentState.maxEntries
        var cached = 0, disabled = 0, loggedOff = 0, sessions = 0
        for i in networks.records.indices.reversed() {
            if networks.records[i].cachedHelper != nil {
                cached += 1
                if cached > cap { networks.records[i].cachedHelper = nil }
            }
            if networks.records[i].disabledReason != nil {
                disabled += 1
                if disabled > cap { networks.records[i].disabledReason = nil }
            }
            if networks.records[i].loggedOff {
                loggedOff += 1
                if loggedOff > cap { networks.records[i].loggedOff = false }
            }
            if networks.records[i].sessionMs != nil {
                sessions += 1
                if sessions > cap { networks.records[i].sessionMs = nil }
            }
        }
        if cached > cap || disabled > cap || loggedOff > cap || sessions > cap {
            say(.info, nil, "forgot the least recently used of a full table")
        }
    }

    mutating func expireDisables() {
        for i in networks.records.indices where networks.records[i].disabledReason != nil {
            guard let until = networks.records[i].disabledUntil, clock >= until else { continue }
            networks.records[i].disabledReason = nil
            networks.records[i].disabledUntil = nil
            dirty = true
            say(.notice, networks.records[i].ssid, "auto-join enabled again (expired)")
        }
    }

    struct StatusKey: Equatable {
        var state: HotspotState
        var linkStage: UInt8
        var ssid: SSID?
        var awaitingUI: Bool
    }

    var statusKey: StatusKey {
        var stage: UInt8 = 0
        switch link {
        case .down: stage = 0
        case .joining: stage = 1
        case .associated: stage = 2
        case .online: stage = 3
        }
        var awaiting = false
        if case .presentingUI(_, _, nil) = phase { awaiting = true }
        return StatusKey(state: state, linkStage: stage, ssid: linkSSID, awaitingUI: awaiting)
    }
}
