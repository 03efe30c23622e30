/// A network the owner configured (UCI) or added with `hotspotd join`: always a candidate when visible.
public struct KnownNetwork: Hashable, Sendable {
    public var ssid: SSID
    public var passphrase: Passphrase?
    /// Uplink ranking (higher first), compared with helpers' priorities.
    public var priority: Int
    /// nil: the configuration's `macPolicy`.
    public var mac: MACPolicy? = nil

    /// What a BSS of this network must offer: a key pins it to passphrase suites (PSK/SAE), so an open or
    /// enterprise look-alike carrying the name is never joined; without a key it is an open network.
    public var security: SecurityType { passphrase == nil ? .open : .personal }

    public init(ssid: SSID, passphrase: Passphrase? = nil, priority: Int = 0) {
        self.ssid = ssid
        self.passphrase = passphrase
        self.priority = priority
    }
}
