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
        /// kNEHotspotHelperOptionDisplayName (`option display_name`); nil: its name.
        public var displayName: String? = nil

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
        /// It carries the name of a network the owner gave a key but offers no passphrase suite: never joined.
        public var isLookalike: Bool
        /// The network's latest internet check.
        public var internet: InternetCheck?

        public init(entry: ScanEntry, claimedBy: String? = nil, confidence: Confidence? = nil, isKnown: Bool,
                    isBlocked: Bool, isCurrent: Bool, isLookalike: Bool = false, internet: InternetCheck? = nil) {
            self.internet = internet
            self.entry = entry
            self.claimedBy = claimedBy
            self.confidence = confidence
            self.isKnown = isKnown
            self.isBlocked = isBlocked
            self.isCurrent = isCurrent
            self.isLookalike = isLookalike
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
    /// When the venue's session ends, when a helper said.
    public var sessionEndsAt: Int64?
    public var helpers: [Helper]
    public var disabled: [Blocked]
    public var backedOff: [Blocked]
    public var loggedOff: [SSID]
    public var ownerNetworks: [SSID]
    public var preferences: ManagerPreferences
    public var lastScanAt: Int64?
    public var visibleNetworks: Int
    /// Visible BSSes passed over as look-alikes of the owner's keyed networks (see `ScanRow.isLookalike`).
    public var lookalikes: [ScanEntry]
    /// The uplink network's latest internet check (each network's is in its scan rows).
    public var uplinkInternet: InternetCheck? = nil
    /// What each probe URL saw at the uplink's latest verdict that told (`URL: HTTP 204, open`), and when.
    public var probes: [String] = []
    public var probesAt: Int64? = nil
    /// This association's login used the owner's answers (typed, or remembered): where and when they were
    /// given; never their values.
    public var loggedInWith: RememberedAnswers? = nil
    /// Venues whose answers are remembered, for `hotspotd ui` (names only).
    public var rememberedVenues: [SSID] = []

    public init(now: Int64, state: HotspotState, stateSince: Int64, isUsable: Bool, link: Link? = nil,
                chosenHelper: String? = nil, uiRequest: UIRequest? = nil, uiAnswersSent: Bool,
                lastFailure: FailureRecord? = nil, nextMaintainAt: Int64? = nil, sessionEndsAt: Int64? = nil, helpers: [Helper],
                disabled: [Blocked], backedOff: [Blocked], loggedOff: [SSID], ownerNetworks: [SSID],
                preferences: ManagerPreferences, lastScanAt: Int64? = nil, visibleNetworks: Int,
                lookalikes: [ScanEntry] = [], uplinkInternet: InternetCheck? = nil, probes: [String] = [],
                probesAt: Int64? = nil, loggedInWith: RememberedAnswers? = nil, rememberedVenues: [SSID] = []) {
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
        self.sessionEndsAt = sessionEndsAt
        self.helpers = helpers
        self.disabled = disabled
        self.backedOff = backedOff
        self.loggedOff = loggedOff
        self.ownerNetworks = ownerNetworks
        self.preferences = preferences
        self.lastScanAt = lastScanAt
        self.visibleNetworks = visibleNetworks
        self.lookalikes = lookalikes
        self.uplinkInternet = uplinkInternet
        self.probes = probes
        self.probesAt = probesAt
        self.loggedInWith = loggedInWith
        self.rememberedVenues = rememberedVenues
    }
}
