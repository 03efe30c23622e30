import HotspotCore

/// What each wpa_supplicant event tells the link machine. A decision, so it lives in pure code with a table
/// test rather than in the daemon (issue 36). It remembers one thing across events: a refused server
/// certificate, which wpa_supplicant reports just before the AUTH_FAILED it explains.
public struct LinkEventInterpreter {
    /// CTRL-EVENT-EAP-TLS-CERT-ERROR's words, until the next temporary disable takes them.
    var certificateRefusal: String? = nil

    public init() {}

    /// The link machine's input for `event`; nil for the events it does not take.
    public mutating func input(for event: SupplicantEvent) -> LinkInput? {
        switch event {
        case .scanResults: return .scanResultsReady
        case .connected(let bssid, let id, _): return .connected(bssid: bssid, networkID: id)
        case .disconnected(_, let reason, let local):
            // reason=4 (inactivity) generated locally: mac80211 no longer hears the AP.
            return reason == 4 && local ? .apLost : .disconnected
        case .temporarilyDisabled(let id, let ssid, _, let duration, var reason):
            // Which certificate check failed says more than AUTH_FAILED alone (status shows the reason).
            if case .authenticationFailed? = reason, let why = certificateRefusal { reason = .other(why) }
            certificateRefusal = nil
            return .tempDisabled(networkID: id, ssid: ssid, reason: reason, seconds: duration)
        case .networkNotFound: return .networkNotFound
        case .certificateRefused(let why):
            certificateRefusal = why
            return nil
        case .scanStarted, .scanFailed, .reenabled, .terminating, .associationRejected,
             .authenticationRejected, .handshakeFailed, .unknown:
            return nil
        }
    }
}
