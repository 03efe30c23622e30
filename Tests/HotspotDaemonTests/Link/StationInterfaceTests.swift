@testable import HotspotSystem
import Testing
@testable import HotspotDaemon

/// Which interface the daemon takes when the configured one does not exist (issue 38: the shipped default
/// names `wlan0`, OpenWrt 23.05 and later `phy0-sta0`).
struct StationInterfaceTests {
    func w(_ name: String, _ iftype: UInt32, _ ifindex: UInt32) -> WirelessInterface {
        WirelessInterface(name: name, ifindex: ifindex, iftype: iftype, phy: 0, mac: [])
    }

    @Test func theOnlyStationInterfaceIsTakenWhateverItsName() {
        // The access points of the router's own Wi-Fi (type 3) are never the uplink.
        #expect(StationInterface.choose([w("phy0-ap0", 3, 4), w("phy0-sta0", 2, 5), w("phy1-ap0", 3, 6)])?.ifindex == 5)
        #expect(StationInterface.choose([w("wlan1", 2, 7), w("wlan0", 3, 3)])?.name == "wlan1")
    }

    @Test func amongSeveralStationsOnlyASingleNetifdNameDecides() {
        #expect(StationInterface.choose([w("wlan0", 2, 3), w("phy1-sta0", 2, 9)])?.name == "phy1-sta0")
        #expect(StationInterface.choose([w("phy0-sta0", 2, 3), w("phy1-sta0", 2, 9)]) == nil)
        #expect(StationInterface.choose([w("wlan0", 2, 3), w("wlan1", 2, 9)]) == nil)
    }

    @Test func noStationNoChoice() {
        #expect(StationInterface.choose([]) == nil)
        #expect(StationInterface.choose([w("phy0-ap0", 3, 4), w("mon0", 6, 8)]) == nil)
    }

    @Test(arguments: [
        ("phy0-sta0", true), ("phy12-sta3", true), ("phy0-sta", false), ("phy-sta0", false), ("phy0-ap0", false),
        ("phy0-sta0x", false), ("wlan0", false), ("xphy0-sta0", false), ("phy0sta0", false), ("", false),
        ("phy0-sta0-sta1", false), ("phy٣-sta0", false),
    ])
    func netifdStationNames(name: String, expected: Bool) {
        #expect(StationInterface.isNetifdStation(name) == expected)
    }
}
