/// A network the owner configured (UCI) or added with `hotspotd join`: always a candidate when visible.
public struct KnownNetwork: Hashable, Sendable {
    public var ssid: SSID
    public var passphrase: Passphrase?
    /// Uplink ranking (higher first), compared with helpers' priorities.
    public var priority: Int
    /// 802.1X credentials: an enterprise network (no passphrase then).
    public var eap: EAPSettings? = nil
    /// nil: the configuration's `macPolicy`.
    public var mac: MACPolicy? = nil
    /// `ssid` is a prefix (NEHotspotConfiguration(ssidPrefix:)): every network whose name starts with it.
    public var isPrefix = false
    /// Its AP answers only directed probes, so scans do not show its name: tried blind (scan_ssid=1).
    public var isHidden = false
    /// `option bssid`: joined only through this access point (wpa_supplicant's `bssid`), as a helper's
    /// pinned claim is.
    public var bssid: BSSID? = nil
    /// lifeTimeInDays: forgotten this many days after the join, counted on the wall clock...
    public var lifetimeDays: Int? = nil
    /// ...from the first moment it is synchronised: the expiry, Unix seconds (nil until then).
    public var expiresAt: Int64? = nil

    /// What a BSS of this network must offer: a key pins it to passphrase suites (PSK/SAE), EAP settings to
    /// enterprise ones, so a look-alike of another security carrying the name is never joined; without
    /// either it is an open network.
    @inline(never)
    public var security: SecurityType {
        if case .some = eap { return .enterprise }
        if case .some = passphrase { return .personal }
        return .open
    }

    public init(ssid: SSID, passphrase: Passphrase? = nil, priority: Int = 0, eap: EAPSettings? = nil) {
        self.ssid = ssid
        self.passphrase = passphrase
        self.priority = priority
        self.eap = eap
    }

    /// The first network of this name in `list` (and of this kind, when `prefix` is given): one loop for
    /// every caller, not a closure and its specialised search each.
    @inline(never)
    static func index(of ssid: SSID, in list: [KnownNetwork], prefix: Bool? = nil) -> Int? {
        for i in list.indices where list[i].ssid == ssid && (prefix == nil || list[i].isPrefix == prefix) { return i }
        return nil
    }

    /// Apple's order for a network name: a network of exactly that name (in `a`, then `b`), else the
    /// longest prefix that starts it.
    @inline(never)
    public static func matching(_ name: SSID, _ a: [KnownNetwork], _ b: [KnownNetwork] = []) -> KnownNetwork? {
        guard !name.isEmpty else { return nil }
        var best: KnownNetwork? = nil
        // Both lists in place: called for every BSS of every scan, it allocates nothing.
        for list in 0..<2 {
            let l = list == 0 ? a : b
            for i in l.indices where name.hasPrefix(l[i].ssid) {
                let k = l[i]
                if !k.isPrefix {
                    if k.ssid == name { return k }
                } else if k.ssid.count > best?.ssid.count ?? -1 {
                    best = k
                }
            }
        }
        return best
    }
}
