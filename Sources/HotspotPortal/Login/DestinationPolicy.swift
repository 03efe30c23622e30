import HotspotCore
import HotspotWeb

/// Where the portal helper's HTTP client (and `hotspotd fetch`) may connect (issue 35, the router's own
/// addresses): checked on every address a name resolved to, before connecting, redirects included, so that a
/// portal's redirect or form cannot send the login to the router itself or its LAN, where uhttpd and LuCI answer.
///
/// Refused: loopback (127.0.0.0/8); 0.0.0.0/8 (Linux connects 0.0.0.0 to this host); the router's own
/// addresses (the uplink's, `HOTSPOT_ADDRESS`, and every interface's); multicast and reserved (224.0.0.0/3);
/// link-local (169.254.0.0/16) and the subnets of the router's other interfaces (the LAN, a VPN) but for the
/// uplink's gateway and addresses on the uplink's own subnet (a venue that clashes with the LAN).
public struct DestinationPolicy: Equatable, Sendable {
    /// An address of this host's, its netmask, and whether it is the uplink interface's.
    public struct Subnet: Equatable, Sendable {
        public var address: IPv4Address
        public var mask: UInt32
        public var onUplink: Bool

        public init(address: IPv4Address, mask: UInt32, onUplink: Bool) {
            self.address = address
            self.mask = mask
            self.onUplink = onUplink
        }

        func holds(_ a: IPv4Address) -> Bool { a.value & mask == address.value & mask }
    }

    /// The uplink's own address (`HOTSPOT_ADDRESS`).
    public var uplinkAddress: IPv4Address?
    /// The uplink's gateway (`HOTSPOT_GATEWAY`): the venue's, allowed even on a link-local address.
    public var gateway: IPv4Address?
    /// This host's addresses (every interface's, the uplink's marked).
    public var interfaces: [Subnet]
    /// TEST-ONLY ESCAPE: loopback is allowed only when the uplink interface is `lo`, which no real uplink is:
    /// the component tests (Tests/HotspotPortalHelperTests) run their portals on 127.0.0.1 with
    /// HOTSPOT_INTERFACE=lo. Everything else here holds for them as for the router.
    public var allowsLoopback: Bool

    public init(interface: String?, uplinkAddress: IPv4Address? = nil, gateway: IPv4Address? = nil, interfaces: [Subnet] = []) {
        self.uplinkAddress = uplinkAddress
        self.gateway = gateway
        self.interfaces = interfaces
        allowsLoopback = interface.map { ASCII.same($0, "lo") } ?? false
    }

    /// Why `a` is refused (after the host: "HOST (ADDRESS) is loopback"), or nil when it may be connected to.
    public func refusal(_ a: IPv4Address) -> String? {
        let v = a.value
        if v >> 24 == 127 { return allowsLoopback ? nil : "is loopback" }
        if v >> 24 == 0 { return "is this host (0.0.0.0/8)" }
        if let u = uplinkAddress, u == a { return "is the router's own address" }
        for s in interfaces where s.address == a { return "is the router's own address" }
        if v >= 0xE000_0000 { return "is multicast or reserved (224.0.0.0/3)" }
        if let g = gateway, g == a { return nil }
        if v >> 16 == 0xA9FE { return "is link-local (169.254.0.0/16)" }
        for s in interfaces where s.onUplink && s.holds(a) { return nil }
        for s in interfaces where !s.onUplink && s.holds(a) { return "is on one of the router's own networks (the LAN)" }
        return nil
    }
}
