/// syslog's levels, the ones the core uses.
public enum LogLevel: String, CaseIterable, Hashable, Sendable {
    case error, warning, notice, info, debug
}

/// What the station asks of the world, in order, after an input: the one action type the driver performs.
/// The hotspot machine emits most of them; its network changes (`join`, `removeNetworks`, `disconnect`)
/// never leave `StationMachine`, which hands them to the link machine and emits the link machine's work
/// for the world as `link` (with `scanTaken`, the only cases the hotspot machine never emits).
public indirect enum StationAction: Hashable, Sendable {
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
    /// wpa_supplicant's, nl80211's and the address log's work for this radio (`StationMachine`'s, from the
    /// link machine): an action that is answered (a scan read, STATUS) is answered by a `.link` input of the
    /// same radio.
    case link(LinkAction, radio: Int)
    /// The hotspot machine took a scan in (`StationMachine`'s): owners waiting for a fresh scan get it now.
    case scanTaken
}
