/// syslog's levels, the ones the core uses.
public enum LogLevel: String, CaseIterable, Hashable, Sendable {
    case error, warning, notice, info, debug
}

/// The answer to an owner's request, for the control socket client (`hotspotd logoff` and friends).
public enum OwnerReply: Hashable, Sendable {
    case accepted(String)
    case refused(String)
}

/// One command of a helper run: what the driver passes to the helper process.
public struct HelperRequest: Hashable, Sendable {
    /// Unique for the daemon's life; the answer must carry it back.
    public var id: UInt64
    public var helper: String
    public var command: HelperCommand
    /// Every command but filterScanList.
    public var network: HotspotNetwork?
    /// filterScanList only.
    public var scanList: [HotspotNetwork]
    /// presentUI only: the owner's answers.
    public var answers: [UIAnswer]

    public init(id: UInt64, helper: String, command: HelperCommand, network: HotspotNetwork? = nil,
                scanList: [HotspotNetwork] = [], answers: [UIAnswer] = []) {
        self.id = id
        self.helper = helper
        self.command = command
        self.network = network
        self.scanList = scanList
        self.answers = answers
    }
}

/// What the driver must do, in order, after an input.
public enum HotspotAction: Hashable, Sendable {
    /// Start the helper with this command; answer with `helperResponded` or `helperFailed`.
    case runHelper(HelperRequest)
    /// Kill the process of this request; any answer it still produces will be ignored.
    case abandonHelper(requestID: UInt64, helper: String)
    /// Configure wpa_supplicant for this network (SSID in hex) and select it.
    case join(JoinTarget)
    case disconnect
    case requestScan
    /// Fire `timerFired(id)` at this monotonic time (ms); replaces an earlier deadline of the same id.
    case armTimer(TimerID, at: Int64)
    case cancelTimer(TimerID)
    /// Durable state changed: write it (atomically).
    case persist(PersistentState)
    case log(LogLevel, String)
    /// The status changed: wake `hotspotd status --wait` / `hotspotd ui` waiters.
    case notify
    /// The answer to the owner's request of this input.
    case reply(OwnerReply)
}
