/// Everything `hotspotd status`, `hotspotd helpers`, `hotspotd ui` and `hotspotd scan` show: a plain value
/// the driver renders as text or JSON.
public struct StatusSnapshot: Hashable, Sendable {
    public enum LinkStage: String, Hashable, Sendable {
        case joining, associated, online
    }

    public struct Link: Hashable, Sendable {
        public var ssid: SSID
        public var bssid: BSSID?
        public var stage: LinkStage
        public var rssi: Int?
        public var signalStrength: Double?
        public var frequency: Int?
        public var security: SecurityType
        public var didAutoJoin: Bool
        /// The owner chose it (`hotspotd join`): no better network replaces it.
        public var isOwnerChoice: Bool
        public var since: Int64

        public init(ssid: SSID, bssid: BSSID? = nil, stage: LinkStage, rssi: Int? = nil,
                    signalStrength: Double? = nil, frequency: Int? = nil, security: SecurityType, didAutoJoin: Bool,
                    isOwnerChoice: Bool, since: Int64) {
            self.ssid = ssid
            self.bssid = bssid
            self.stage = stage
            self.rssi = rssi
            self.signalStrength = signalStrength
            self.frequency = frequency
            self.security = security
            self.didAutoJoin = didAutoJoin
            self.isOwnerChoice = isOwnerChoice
            self.since = since
        }
    }

    public struct Helper: Hashable, Sendable {
        public var name: String
        public var kind: HelperKind
        public var commands: HelperCommandSet
        public var priority: Int
        /// The request it is running, if any.
        public var requestID: UInt64?
        public var command: HelperCommand?
        public var runningSince: Int64?
        /// It is owed a filterScanList of the latest scan.
        public var scanPending: Bool
        public var claims: Int
        public var cachedFor: [SSID]
        public var excludedFor: [SSID]
        public var lastCommand: HelperCommand?
        public var lastOutcome: String?
        public var lastAt: Int64?

        public init(name: String, kind: HelperKind, commands: HelperCommandSet, priority: Int,
                    requestID: UInt64? = nil, command: HelperCommand? = nil, runningSince: Int64? = nil,
                    scanPending: Bool, claims: Int, cachedFor: [SSID], excludedFor: [SSID],
                    lastCommand: HelperCommand? = nil, lastOutcome: String? = nil, lastAt: Int64? = nil) {
            self.name = name
            self.kind = kind
            self.commands = commands
            self.priority = priority
            self.requestID = requestID
            self.command = command
            self.runningSince = runningSince
            self.scanPending = scanPending
            self.claims = claims
            self.cachedFor = cachedFor
            self.excludedFor = excludedFor
            self.lastCommand = lastCommand
            self.lastOutcome = lastOutcome
            self.lastAt = lastAt
        }
    }

    /// A network the router will not join by itself.
    public struct Blocked: Hashable, Sendable {
        public var ssid: SSID
        public var reason: String
        /// nil: until the owner enables it.
        public var until: Int64?

        public init(ssid: SSID, reason: String, until: Int64? = nil) {
            self.ssid = ssid
            self.reason = reason
            self.until = until
        }
    }

    /// One BSS of the latest scan, with what the router thinks of it.
    public struct ScanRow: Hashable, Sendable {
        public var entry: ScanEntry
        public var claimedBy: String?
        public var confidence: Confidence?
        public var isKnown: Bool
        public var isBlocked: Bool
        public var isCurrent: Bool

        public init(entry: ScanEntry, claimedBy: String? = nil, confidence: Confidence? = nil, isKnown: Bool,
                    isBlocked: Bool, isCurrent: Bool) {
            self.entry = entry
            self.claimedBy = claimedBy
            self.confidence = confidence
            self.isKnown = isKnown
            self.isBlocked = isBlocked
            self.isCurrent = isCurrent
        }
    }

    public var now: Int64
    public var state: HotspotState
    public var stateSince: Int64
    /// `hotspotd status` exits 0 exactly when this is true.
    public var isUsable: Bool
    public var link: Link?
    public var chosenHelper: String?
    /// The login waiting for (or being processed with) the owner's answers.
    public var uiRequest: UIRequest?
    public var uiAnswersSent: Bool
    public var lastFailure: FailureRecord?
    public var nextMaintainAt: Int64?
    public var helpers: [Helper]
    public var disabled: [Blocked]
    public var backedOff: [Blocked]
    public var loggedOff: [SSID]
    public var ownerNetworks: [SSID]
    public var preferences: ManagerPreferences
    public var lastScanAt: Int64?
    public var visibleNetworks: Int

    public init(now: Int64, state: HotspotState, stateSince: Int64, isUsable: Bool, link: Link? = nil,
                chosenHelper: String? = nil, uiRequest: UIRequest? = nil, uiAnswersSent: Bool,
                lastFailure: FailureRecord? = nil, nextMaintainAt: Int64? = nil, helpers: [Helper],
                disabled: [Blocked], backedOff: [Blocked], loggedOff: [SSID], ownerNetworks: [SSID],
                preferences: ManagerPreferences, lastScanAt: Int64? = nil, visibleNetworks: Int) {
        self.now = now
        self.state = state
        self.stateSince = stateSince
        self.isUsable = isUsable
        self.link = link
        self.chosenHelper = chosenHelper
        self.uiRequest = uiRequest
        self.uiAnswersSent = uiAnswersSent
        self.lastFailure = lastFailure
        self.nextMaintainAt = nextMaintainAt
        self.helpers = helpers
        self.disabled = disabled
        self.backedOff = backedOff
        self.loggedOff = loggedOff
        self.ownerNetworks = ownerNetworks
        self.preferences = preferences
        self.lastScanAt = lastScanAt
        self.visibleNetworks = visibleNetworks
    }
}

extension HotspotMachine {
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
        for (i, h) in configuration.helpers.enumerated() where i < slots.count {
            let slot = slots[i]
            let running = slot.request.flatMap { requestIndex($0) }.map { requests[$0] }
            var cachedFor: [SSID] = []
            var excludedFor: [SSID] = []
            for r in networks.records {
                if r.cachedHelper == h.name { cachedFor.append(r.ssid) }
                if r.excluded.contains(h.name) { excludedFor.append(r.ssid) }
            }
            helpers.append(StatusSnapshot.Helper(
                name: h.name, kind: h.kind, commands: h.commands, priority: h.priority,
                requestID: running?.id, command: running?.command, runningSince: running?.startedAt,
                scanPending: slot.scanPending, claims: slot.claims.count, cachedFor: cachedFor,
                excludedFor: excludedFor, lastCommand: slot.last?.command, lastOutcome: slot.last?.outcome,
                lastAt: slot.last?.at))
        }
        var disabledList: [StatusSnapshot.Blocked] = []
        var backedOff: [StatusSnapshot.Blocked] = []
        var loggedOff: [SSID] = []
        for r in networks.records {
            if r.isDisabled(now: clock), let reason = r.disabledReason {
                disabledList.append(StatusSnapshot.Blocked(ssid: r.ssid, reason: reason.description, until: r.disabledUntil))
            }
            if let b = r.backoff, backoff.isWaiting(b, now: clock) {
                backedOff.append(StatusSnapshot.Blocked(ssid: r.ssid, reason: b.reason + " (" + String(b.failures) + "×)", until: b.until))
            }
            if r.loggedOff { loggedOff.append(r.ssid) }
        }
        return StatusSnapshot(
            now: clock, state: state, stateSince: stateSince, isUsable: state.isUsable && isOnline, link: link,
            chosenHelper: chosen, uiRequest: ui, uiAnswersSent: answersSent, lastFailure: lastFailure,
            nextMaintainAt: maintainAt, helpers: helpers, disabled: disabledList, backedOff: backedOff,
            loggedOff: loggedOff, ownerNetworks: ownerNetworks.map { $0.ssid }, preferences: configuration.preferences,
            lastScanAt: lastScanAt, visibleNetworks: scan.networkCount)
    }

    /// The latest scan for `hotspotd scan`, in the order reported (the CLI sorts).
    public func scanRows() -> [StatusSnapshot.ScanRow] {
        let candidates = currentCandidates()
        var index: [SSID: Int] = Dictionary(minimumCapacity: candidates.count)
        for (i, c) in candidates.enumerated() { index[c.ssid] = i }
        let current = linkSSID
        var rows: [StatusSnapshot.ScanRow] = []
        rows.reserveCapacity(scan.entries.count)
        for e in scan.entries {
            let c = index[e.ssid].map { candidates[$0] }
            rows.append(StatusSnapshot.ScanRow(
                entry: e, claimedBy: c?.claimedBy, confidence: c?.confidence,
                isKnown: knownNetworks.contains { $0.ssid == e.ssid }, isBlocked: isBlocked(e.ssid),
                isCurrent: current == e.ssid))
        }
        return rows
    }
}
