/// The network as a helper sees it (Apple's NEHotspotNetwork): in every command but filterScanList, and as
/// each entry of filterScanList's scan list.
public struct HotspotNetwork: Hashable, Sendable {
    public var ssid: SSID
    public var bssid: BSSID?
    /// 0.0–1.0, from `rssi` by `SignalStrength.fromDBm`.
    public var signalStrength: Double
    /// dBm.
    public var rssi: Int
    /// MHz; 0 when unknown.
    public var frequency: Int
    public var securityType: SecurityType
    /// The router picked it by itself (false when the owner asked to join it).
    public var didAutoJoin: Bool
    /// The command belongs to the join that just happened (evaluate, authenticate, the re-join maintain).
    public var didJustJoin: Bool
    /// The receiving helper is the one chosen (or cached) for this network.
    public var isChosenHelper: Bool

    public init(ssid: SSID, bssid: BSSID?, rssi: Int, frequency: Int, securityType: SecurityType,
                didAutoJoin: Bool = false, didJustJoin: Bool = false, isChosenHelper: Bool = false) {
        self.ssid = ssid
        self.bssid = bssid
        self.signalStrength = SignalStrength.fromDBm(rssi)
        self.rssi = rssi
        self.frequency = frequency
        self.securityType = securityType
        self.didAutoJoin = didAutoJoin
        self.didJustJoin = didJustJoin
        self.isChosenHelper = isChosenHelper
    }

    public init(_ entry: ScanEntry, isChosenHelper: Bool = false) {
        self.init(ssid: entry.ssid, bssid: entry.bssid, rssi: entry.rssi, frequency: entry.frequency,
                  securityType: entry.security, isChosenHelper: isChosenHelper)
    }

    public var isSecure: Bool { securityType.isSecure }
}
