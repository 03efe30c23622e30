/// A configuration the core refuses, with the reason for `hotspotd config check`.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Everything the core takes from the configuration (UCI on the router). Times are milliseconds.
public struct HotspotConfiguration: Hashable, Sendable {
    /// In order: earlier helpers win ties (two `low` answers, equal claims).
    public var helpers: [HelperDescriptor]
    public var knownNetworks: [KnownNetwork]
    public var preferences: ManagerPreferences

    /// Every command but presentUI (Apple: 45 s).
    public var commandTimeoutMs: Int64 = 45_000
    public var maintainIntervalMs: Int64 = 300_000
    /// Association and IPv4 together.
    public var associationTimeoutMs: Int64 = 30_000
    /// Scans while there is no working uplink.
    public var scanIntervalMs: Int64 = 30_000
    /// Scans on a working uplink (they cost the owner's traffic a little); 0 turns them off.
    public var connectedScanIntervalMs: Int64 = 120_000
    /// The daemon's internet check of uplinks no helper maintains (UCI default 300 s); 0: never checked.
    public var netcheckIntervalMs: Int64 = 0
    public var backoffBaseMs: Int64 = 30_000
    public var backoffCapMs: Int64 = 3_600_000
    /// nil: a disabled network stays disabled until the owner runs `hotspotd enable`.
    public var disableExpiryMs: Int64? = nil
    /// Below this signal (0.0–1.0) a network is weak: joined only when nothing strong is there, left when a
    /// strong one is (travelmate's 35 %).
    public var minSignal: Double = 0.35
    /// How much stronger a network of the same rank must be to replace a working uplink.
    public var switchMargin: Double = 0.15
    /// Consecutive scans that must agree before leaving a working uplink.
    public var switchScans: Int = 3
    /// Networks without their own `mac` policy (UCI `mac_policy`); nil: the address is left alone, so
    /// OpenWrt's own `macaddr` keeps working.
    public var macPolicy: MACPolicy? = nil
    /// Days the answers a portal accepted are kept for the next login at that venue (`RememberedAnswers`,
    /// UCI `remember_days`); 0 keeps none.
    public var rememberDays: Int = 7

    public init(helpers: [HelperDescriptor] = [], knownNetworks: [KnownNetwork] = [],
                preferences: ManagerPreferences = ManagerPreferences()) {
        self.helpers = helpers
        self.knownNetworks = knownNetworks
        self.preferences = preferences
    }

    public func helper(named name: String) -> HelperDescriptor? {
        guard let i = helperIndex(named: name) else { return nil }
        return helpers[i]
    }

    /// Where the helper of this name is in `helpers`: a lookup that copies no descriptor.
    @inline(never)
    public func helperIndex(named name: String) -> Int? {
        for i in helpers.indices where ASCII.same(helpers[i].name, name) { return i }
        return nil
    }

    public func validate() throws(ConfigurationError) {
        for i in helpers.indices {
            let h = helpers[i]
            guard HelperDescriptor.isValidName(h.name) else {
                throw ConfigurationError("helper name \"" + h.name + "\": use 1–32 of A–Z a–z 0–9 . _ -")
            }
            // The first of the name is an earlier one.
            if helperIndex(named: h.name) != i {
                throw ConfigurationError("helper \"" + h.name + "\" is defined twice")
            }
        }
        for i in knownNetworks.indices {
            let n = knownNetworks[i]
            if n.ssid.isEmpty {
                throw ConfigurationError("a network without a name (empty SSID) cannot be joined")
            }
            for j in 0..<i where knownNetworks[j].ssid == n.ssid {
                throw ConfigurationError("network " + n.ssid.description + " is configured twice")
            }
        }
        let times: [(String, Int64)] = [
            ("command timeout", commandTimeoutMs), ("maintain interval", maintainIntervalMs),
            ("association timeout", associationTimeoutMs), ("scan interval", scanIntervalMs),
            ("backoff base", backoffBaseMs), ("backoff cap", backoffCapMs),
        ]
        for (name, value) in times where value <= 0 {
            throw ConfigurationError(name + " must be positive")
        }
        if netcheckIntervalMs < 0 { throw ConfigurationError("netcheck interval must not be negative") }
        if connectedScanIntervalMs < 0 { throw ConfigurationError("connected scan interval must not be negative") }
        if backoffCapMs < backoffBaseMs { throw ConfigurationError("backoff cap is below the backoff base") }
        if let e = disableExpiryMs, e <= 0 { throw ConfigurationError("disable expiry must be positive") }
        if !(minSignal >= 0 && minSignal <= 1) { throw ConfigurationError("minimum signal must be within 0–1") }
        if !(switchMargin >= 0 && switchMargin <= 1) { throw ConfigurationError("switch margin must be within 0–1") }
        if switchScans < 1 { throw ConfigurationError("switch scans must be at least 1") }
        do throws(ManagerPreferencesError) {
            try preferences.validate(helpers: helpers)
        } catch {
            throw ConfigurationError(error.description)
        }
    }
}
