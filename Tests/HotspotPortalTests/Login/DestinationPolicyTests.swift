import Testing
import HotspotWeb
@testable import HotspotPortal

/// Issue 35, the router's own addresses: what the portal helper's client and `hotspotd fetch` never connect to.
@Suite struct DestinationPolicyTests {
    static func a(_ text: String) -> IPv4Address { IPv4Address(text)! }

    /// A router: its uplink phy0-sta0 at 10.42.1.20/24 behind the venue's 10.42.1.1, its LAN br-lan 192.168.1.1/24,
    /// a VPN at 10.99.0.2/24, loopback.
    static let router = DestinationPolicy(
        interface: "phy0-sta0", uplinkAddress: a("10.42.1.20"), gateway: a("10.42.1.1"),
        interfaces: [
            .init(address: a("127.0.0.1"), mask: 0xff00_0000, onUplink: false),
            .init(address: a("192.168.1.1"), mask: 0xffff_ff00, onUplink: false),
            .init(address: a("10.42.1.20"), mask: 0xffff_ff00, onUplink: true),
            .init(address: a("10.99.0.2"), mask: 0xffff_ff00, onUplink: false),
        ])

    @Test func theRouterItselfAndItsNetworksAreRefused() {
        let refused: [(String, String)] = [
            ("127.0.0.1", "is loopback"), ("127.8.9.10", "is loopback"),
            ("0.0.0.0", "is this host (0.0.0.0/8)"), ("0.1.2.3", "is this host (0.0.0.0/8)"),
            ("10.42.1.20", "is the router's own address"), ("192.168.1.1", "is the router's own address"),
            ("10.99.0.2", "is the router's own address"),
            ("192.168.1.77", "is on one of the router's own networks (the LAN)"),
            ("10.99.0.53", "is on one of the router's own networks (the LAN)"),
            ("169.254.169.254", "is link-local (169.254.0.0/16)"),
            ("224.0.0.1", "is multicast or reserved (224.0.0.0/3)"), ("255.255.255.255", "is multicast or reserved (224.0.0.0/3)"),
        ]
        for (address, why) in refused { #expect(Self.router.refusal(Self.a(address)) == why, "\(address)") }
        for address in ["10.42.1.1", "10.42.1.99", "198.51.100.80", "8.8.8.8", "172.16.0.1", "1.1.1.1"] {
            #expect(Self.router.refusal(Self.a(address)) == nil, "\(address)")
        }
    }

    /// The venue's gateway is the portal: allowed on a link-local address too; a venue that clashes with the LAN
    /// is reached on the uplink's own subnet (but never at the router's own LAN address).
    @Test func theVenuesGatewayAndSubnetStayReachable() {
        var p = Self.router
        p.gateway = Self.a("169.254.1.1")
        #expect(p.refusal(Self.a("169.254.1.1")) == nil)
        #expect(p.refusal(Self.a("169.254.1.2")) == "is link-local (169.254.0.0/16)")
        var clash = Self.router
        clash.uplinkAddress = Self.a("192.168.1.50")
        clash.gateway = Self.a("192.168.1.254")
        clash.interfaces[2] = .init(address: Self.a("192.168.1.50"), mask: 0xffff_ff00, onUplink: true)
        #expect(clash.refusal(Self.a("192.168.1.254")) == nil)
        #expect(clash.refusal(Self.a("192.168.1.9")) == nil)
        #expect(clash.refusal(Self.a("192.168.1.1")) == "is the router's own address")
        // HOTSPOT_ADDRESS alone (no interface list) is enough for the uplink's own address.
        let bare = DestinationPolicy(interface: "wlan0", uplinkAddress: Self.a("10.0.0.5"))
        #expect(bare.refusal(Self.a("10.0.0.5")) == "is the router's own address")
    }

    /// The test-only escape: loopback on the interface `lo` only (the component tests' portals on 127.0.0.1).
    @Test func loopbackOnlyOnTheTestInterfaceLo() {
        #expect(DestinationPolicy(interface: "lo").refusal(Self.a("127.0.0.1")) == nil)
        #expect(DestinationPolicy(interface: "lo").refusal(Self.a("0.0.0.0")) == "is this host (0.0.0.0/8)")
        #expect(DestinationPolicy(interface: nil).refusal(Self.a("127.0.0.1")) == "is loopback")
        #expect(DestinationPolicy(interface: "lo0").refusal(Self.a("127.0.0.1")) == "is loopback")
    }
}
