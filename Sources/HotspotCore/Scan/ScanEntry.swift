/// One BSS from a scan: the one type every source produces for the core and the CLI (a SCAN_RESULTS row,
/// `BSSInfo.entry` from wpa_supplicant's BSS table, `ScannedBSS.entry` from nl80211's scan dump).
public struct ScanEntry: Hashable, Sendable {
    public var ssid: SSID
    public var bssid: BSSID
    /// dBm.
    public var rssi: Int
    /// MHz.
    public var frequency: Int
    public var security: SecurityType
    /// The radio that heard it: its place in `list interface` (one candidate table across the radios).
    public var radio: UInt8 = 0

    public init(ssid: SSID, bssid: BSSID, rssi: Int, frequency: Int, security: SecurityType) {
        self.ssid = ssid
        self.bssid = bssid
        self.rssi = rssi
        self.frequency = frequency
        self.security = security
    }

    public var signalStrength: Double { SignalStrength.fromDBm(rssi) }
}
