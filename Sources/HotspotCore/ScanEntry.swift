/// One BSS from a scan, as the driver reports it (wpa_supplicant's SCAN_RESULTS or nl80211).
public struct ScanEntry: Hashable, Sendable {
    public var ssid: SSID
    public var bssid: BSSID
    /// dBm.
    public var rssi: Int
    /// MHz.
    public var frequency: Int
    public var security: SecurityType

    public init(ssid: SSID, bssid: BSSID, rssi: Int, frequency: Int, security: SecurityType) {
        self.ssid = ssid
        self.bssid = bssid
        self.rssi = rssi
        self.frequency = frequency
        self.security = security
    }

    public var signalStrength: Double { SignalStrength.fromDBm(rssi) }
}
