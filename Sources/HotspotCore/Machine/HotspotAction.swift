/// syslog's levels, the ones the core uses.
public enum LogLevel: String, CaseIterable, Hashable, Sendable {
    case error, warning, notice, info, debug
}

/// What the driver must do, in order, after an input.
public indirect enum HotspotAction: Hashable, Sendable {
    /// Start the helper with this command; answer with `helperResponded` or `helperFailed`.
    case runHelper(HelperRequest)
    /// Kill the process of this request; any answer it still produces will be ignored.
    case abandonHelper(requestID: UInt64, helper: String)
    /// Configure wpa_supplicant for this network (SSID in hex) and select it.
    case join(JoinTarget)
    case disconnect
    /// The owner forgot this network: wpa_supplicant keeps no block of it (nor its passphrase).
    case removeNetworks(SSID)
    case requestScan
    /// Fire `timerFired(id)` at this monotonic time (ms); replaces an earlier deadline of the same id.
    case armTimer(TimerID, at: Int64)
    case cancelTimer(TimerID)
    /// Durable state changed: write it (atomically).
    case persist(PersistentState)
    case log(LogLevel, String)
    /// The status changed: the driver records it in the recent changes `hotspotd status` shows.
    case notify
    /// The answer to the owner's request of this input.
    case reply(OwnerReply)
}
