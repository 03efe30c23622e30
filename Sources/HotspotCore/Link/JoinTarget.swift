/// What the driver hands wpa_supplicant to join: the SSID (sent hex-encoded), key management and passphrase.
public struct JoinTarget: Hashable, Sendable {
    public var ssid: SSID
    public var security: SecurityType
    /// Present for personal networks.
    public var passphrase: Passphrase?
    /// Present for enterprise networks.
    public var eap: EAPSettings? = nil
    /// An access point to prefer, when a helper named one.
    public var bssid: BSSID?
    /// False when the owner asked for this network (Apple's didAutoJoin).
    public var didAutoJoin: Bool
    /// The address policy for this join; nil until the core's startJoin settles it.
    public var mac: MACPolicy? = nil
    /// A hidden network: wpa_supplicant probes for its name (scan_ssid=1).
    public var isHidden = false
    /// The radio to join on (`ScanEntry.radio`).
    public var radio: UInt8 = 0
    /// MHz the latest scan heard it on: wpa_supplicant's scans for it stay on them (`scan_freq`), so a
    /// failover's join scans one channel, not all. Empty: every channel.
    public var frequencies: [Int] = []

    public init(ssid: SSID, security: SecurityType, passphrase: Passphrase? = nil, bssid: BSSID? = nil,
                didAutoJoin: Bool = true) {
        self.ssid = ssid
        self.security = security
        self.passphrase = passphrase
        self.bssid = bssid
        self.didAutoJoin = didAutoJoin
    }
}
