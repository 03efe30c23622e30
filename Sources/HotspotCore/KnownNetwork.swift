/// A network the owner configured (UCI) or added with `hotspotd join`: always a candidate when visible.
public struct KnownNetwork: Hashable, Sendable {
    public var ssid: SSID
    public var passphrase: Passphrase?
    /// Uplink ranking (higher first), compared with helpers' priorities.
    public var priority: Int

    public init(ssid: SSID, passphrase: Passphrase? = nil, priority: Int = 0) {
        self.ssid = ssid
        self.passphrase = passphrase
        self.priority = priority
    }
}
