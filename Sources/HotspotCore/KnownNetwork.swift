/// A network the owner configured (UCI) or added with `hotspotd join`: always a candidate when visible.
public struct KnownNetwork: Hashable, Sendable {
    public var ssid: SSID
    public var passphrase: Passphrase?
    /// Uplink ranking (higher first), compared with helpers' priorities.
    public var priority: Int
    /// 802.1X credentials: an enterprise network (no passphrase then).
    public var eap: EAPSettings? = nil

    /// What a BSS of this network must offer: a key pins it to passphrase suites (PSK/SAE), EAP settings to
    /// enterprise ones, so a look-alike of another security carrying the name is never joined; without
    /// either it is an open network.
    @inline(never)
    public var security: SecurityType { eap != nil ? .enterprise : passphrase == nil ? .open : .personal }

    public init(ssid: SSID, passphrase: Passphrase? = nil, priority: Int = 0, eap: EAPSettings? = nil) {
        self.ssid = ssid
        self.passphrase = passphrase
        self.priority = priority
        self.eap = eap
    }
}
