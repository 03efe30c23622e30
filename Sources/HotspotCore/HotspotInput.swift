/// Why wpa_supplicant temporarily disabled a network (`reason=` of CTRL-EVENT-SSID-TEMP-DISABLED).
public enum TempDisableReason: Hashable, Sendable, CustomStringConvertible {
    /// `WRONG_KEY`: the 4-way handshake failed, the passphrase is probably wrong.
    case wrongKey
    /// `CONN_FAILED`: association/authentication attempts failed.
    case connectionFailed
    /// `AUTH_FAILED`: EAP or SAE authentication failed.
    case authenticationFailed
    case other(String)

    /// From the `reason=` word; anything unknown is kept (already escaped) as `.other`.
    public init(word: String) {
        switch word {
        case "WRONG_KEY": self = .wrongKey
        case "CONN_FAILED": self = .connectionFailed
        case "AUTH_FAILED": self = .authenticationFailed
        default: self = .other(word)
        }
    }

    /// wpa_supplicant's own word for it.
    public var description: String {
        switch self {
        case .wrongKey: return "WRONG_KEY"
        case .connectionFailed: return "CONN_FAILED"
        case .authenticationFailed: return "AUTH_FAILED"
        case .other(let text): return text
        }
    }
}


/// wpa_supplicant's events that say a join failed; they feed the backoff.
public enum JoinFailure: Hashable, Sendable {
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
    case supplicant(JoinFailure)
    case helperResponded(requestID: UInt64, HelperResponse)
    case helperFailed(requestID: UInt64, HelperFailure)
    case timerFired(TimerID)
    case owner(OwnerRequest)
    case configurationReloaded(HotspotConfiguration)
    /// The control connection to wpa_supplicant is (re-)established, the first time included: its
    /// networks are gone, so the core re-applies its choice.
    case supplicantReconnected
}
