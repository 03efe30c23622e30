/// Why wpa_supplicant temporarily disabled a network (`reason=` of CTRL-EVENT-SSID-TEMP-DISABLED).
public enum TempDisableReason: Hashable, Sendable, CustomStringConvertible {
    /// `WRONG_KEY`: the 4-way handshake failed, the passphrase is probably wrong.
    case wrongKey
    /// `CONN_FAILED`: association/authentication attempts failed.
    case connectionFailed
    /// `AUTH_FAILED`: EAP or SAE authentication failed.
    case authenticationFailed
    case other(String)

    /// wpa_supplicant's own word for it.
    public var description: String {
        switch self {
        case .wrongKey: return "WRONG_KEY"
        case .connectionFailed: return "CONN_FAILED"
        case .authenticationFailed: return "AUTH_FAILED"
        case .other(let text): return text
        }
    }

    /// The likely cause and what to do, for `status` and LuCI; wpa_supplicant's word stays in brackets for
    /// those who search its log.
    public var plainWords: String {
        switch self {
        case .wrongKey: return "wrong password? (WRONG_KEY) join it again with the right one"
        case .connectionFailed: return "refused by the access point (CONN_FAILED): full, or barely in range?"
        case .authenticationFailed: return "login refused (AUTH_FAILED): check the user name and password"
        case .other(let text): return text
        }
    }
}

/// wpa_supplicant's events that say a join failed; they feed the backoff.
public indirect enum JoinFailure: Hashable, Sendable {
    /// CTRL-EVENT-SSID-TEMP-DISABLED with its duration in seconds.
    case tempDisabled(ssid: SSID, reason: TempDisableReason, seconds: Int)
    /// CTRL-EVENT-NETWORK-NOT-FOUND; nil SSID means "the network being joined".
    case networkNotFound(ssid: SSID?)
}
