/// Why wpa_supplicant temporarily disabled a network (CTRL-EVENT-SSID-TEMP-DISABLED reason=...).
public enum TempDisableReason: String, CaseIterable, Hashable, Sendable {
    case wrongKey = "WRONG_KEY"
    case connFailed = "CONN_FAILED"
    case authFailed = "AUTH_FAILED"
    case other = "OTHER"
}

/// wpa_supplicant's events that feed the backoff.
public enum SupplicantEvent: Hashable, Sendable {
    /// CTRL-EVENT-SSID-TEMP-DISABLED with its duration in seconds.
    case tempDisabled(ssid: SSID, reason: TempDisableReason, seconds: Int)
    /// CTRL-EVENT-NETWORK-NOT-FOUND; nil SSID means "the network being joined".
    case networkNotFound(ssid: SSID?)
}

/// What the owner asks through the control socket.
public enum OwnerRequest: Hashable, Sendable {
    /// `hotspotd logoff`: only while authenticated or maintaining.
    case logoff
    /// `hotspotd ui submit KEY=VALUE…`: only while a UI request waits for answers.
    case submitUI([UIAnswer])
    /// `hotspotd ui cancel`: gives up the login; the network's auto-join is disabled.
    case cancelUI
    /// `hotspotd enable SSID`: auto-join allowed again (disabled, backed off, logged off).
    case enable(SSID)
    /// `hotspotd join SSID [--passphrase-file F] [--once]`: join now; remember it unless `once`.
    case join(SSID, passphrase: String?, once: Bool)
    /// `hotspotd forget SSID`: drop one of the owner's own networks.
    case forget(SSID)
}

/// Everything that can happen to the machine. The clock (monotonic ms) comes with each input.
public enum HotspotInput: Hashable, Sendable {
    case scanResults([ScanEntry])
    /// CTRL-EVENT-CONNECTED (a roam within the same SSID too).
    case associated(ssid: SSID, bssid: BSSID?, networkID: Int?)
    /// The interface got an IPv4 address on the associated network: the join is complete.
    case ipv4Acquired
    case disconnected
    /// The associated station's signal (nl80211 average, or SIGNAL_POLL), dBm.
    case linkSignal(rssi: Int)
    case supplicant(SupplicantEvent)
    case helperResponded(requestID: UInt64, HelperResponse)
    case helperFailed(requestID: UInt64, HelperFailure)
    case timerFired(TimerID)
    case owner(OwnerRequest)
    case configurationReloaded(HotspotConfiguration)
    /// The control connection to wpa_supplicant is (re-)established, the first time included: its
    /// networks are gone, so the core re-applies its choice.
    case supplicantReconnected
}
