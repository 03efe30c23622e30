import HotspotSystem

/// The Wi-Fi client interface to use when the configured one does not exist: OpenWrt 23.05 and later name it
/// like `phy0-sta0`, older releases and most guides `wlan0`, so a shipped default cannot name it for everyone.
enum StationInterface {
    /// The only interface in station mode; among several, the only one named like netifd's `phyN-staM`;
    /// nil when that does not settle it (the owner names one: `option interface`).
    static func choose(_ all: [WirelessInterface]) -> WirelessInterface? {
        var stations: [WirelessInterface] = []
        for w in all where w.iftype == stationType { stations.append(w) }
        if stations.count == 1 { return stations[0] }
        var named: [WirelessInterface] = []
        for w in stations where isNetifdStation(w.name) { named.append(w) }
        return named.count == 1 ? named[0] : nil
    }

    /// NL80211_IFTYPE_STATION.
    static let stationType: UInt32 = 2

    /// `phy<digits>-sta<digits>`, netifd's name for a Wi-Fi client interface. Bytes, not Characters: no
    /// Unicode tables on the router for an ASCII name.
    static func isNetifdStation(_ name: String) -> Bool {
        var expecting: [UInt8] = Array("phy".utf8), digits = 0, part = 0
        for b in name.utf8 {
            if !expecting.isEmpty {
                guard b == expecting.remove(at: 0) else { return false }
            } else if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                digits += 1
            } else if part == 0 && digits > 0 && b == UInt8(ascii: "-") {
                expecting = Array("sta".utf8)
                digits = 0
                part = 1
            } else {
                return false
            }
        }
        return part == 1 && expecting.isEmpty && digits > 0
    }
}
