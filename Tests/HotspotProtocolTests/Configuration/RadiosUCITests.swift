import Testing
@testable import HotspotProtocol

/// `list interface` (issue 24): every radio's station interface; `option interface` keeps its meaning.
@Suite struct RadiosUCITests {
    static func load(_ text: String) throws(HotspotUCIError) -> HotspotUCI {
        try HotspotUCI(parsing: Array(text.utf8), file: "/etc/config/hotspot")
    }

    @Test func listInterfaceNamesEveryRadioInOrder() throws {
        let two = try Self.load("config hotspot\n\tlist interface 'phy1-sta0'\n\tlist interface 'phy0-sta0'\n").settings
        #expect(two.interfaces == ["phy1-sta0", "phy0-sta0"] && two.interface == "phy1-sta0")
        #expect(try Self.load("config hotspot\n\toption interface 'wlan1'\n").settings.interfaces == ["wlan1"])
        #expect(try Self.load("config hotspot\n").settings.interfaces == ["phy0-sta0"])
        // A radio added or removed takes a restart (the sockets are opened at start).
        #expect(two.restartOnly(differingFrom: DaemonSettings()) == "interface")
    }

    @Test func aRadioListedTwiceOrBadlyNamedIsRefused() {
        do {
            _ = try Self.load("config hotspot\n\tlist interface wlan0\n\tlist interface 'wlan1:2'\n")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "/etc/config/hotspot:3: list interface: 'wlan1:2' is not an interface name")
        }
        do {
            _ = try Self.load("config hotspot\n\tlist interface wlan0\n\tlist interface wlan0\n")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "/etc/config/hotspot:3: list interface: 'wlan0' is listed twice")
        }
    }
}
