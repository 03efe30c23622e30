/// Everything that can happen to the machine. The clock (monotonic ms) comes with each input.
public indirect enum HotspotInput: Hashable, Sendable {
    case scanResults([ScanEntry])
    /// CTRL-EVENT-CONNECTED (a roam within the same SSID too). `security` and `frequency` as wpa_supplicant's
    /// STATUS reports them, when the driver asked: an association the daemon finds at start has no scan yet.
    case associated(ssid: SSID, bssid: BSSID?, networkID: NetworkID?, security: SecurityType?, frequency: Int?)
    /// The interface got an IPv4 address on the associated network: the join is complete.
    case ipv4Acquired
    case disconnected
    /// A disconnect because the kernel stopped hearing the AP (beacon loss, no answer to its probes): its
    /// BSS is out of range, so the next candidate is joined without trying it again.
    case apLost
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
    /// Something says the uplink's internet may have changed: the daemon's check runs now (rate-limited).
    case internetHint(InternetHint)

    /// CTRL-EVENT-CONNECTED of a network whose security the machine knows from its join or the scan.
    public static func associated(ssid: SSID, bssid: BSSID?, networkID: NetworkID?) -> HotspotInput {
        .associated(ssid: ssid, bssid: bssid, networkID: networkID, security: nil, frequency: nil)
    }
}
