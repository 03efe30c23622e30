/// The helper protocol's environment variables, each name written once: `HelperInvocation` sets them, the
/// built-in portal helper reads them (`PortalHelperSettings`), examples/helpers/README.md documents them.
/// Computed, so each use is a literal on the router (no table, no initialiser).
public enum HelperVariable {
    public static var protocolVersion: String { "HOTSPOT_PROTOCOL" }
    public static var command: String { "HOTSPOT_COMMAND" }
    public static var helper: String { "HOTSPOT_HELPER" }
    public static var ssid: String { "HOTSPOT_SSID" }
    public static var ssidHex: String { "HOTSPOT_SSID_HEX" }
    public static var bssid: String { "HOTSPOT_BSSID" }
    public static var rssi: String { "HOTSPOT_RSSI" }
    public static var signal: String { "HOTSPOT_SIGNAL" }
    public static var frequency: String { "HOTSPOT_FREQUENCY" }
    public static var security: String { "HOTSPOT_SECURITY" }
    public static var isSecure: String { "HOTSPOT_IS_SECURE" }
    public static var didAutoJoin: String { "HOTSPOT_DID_AUTO_JOIN" }
    public static var didJustJoin: String { "HOTSPOT_DID_JUST_JOIN" }
    public static var isChosenHelper: String { "HOTSPOT_IS_CHOSEN_HELPER" }
    public static var interface: String { "HOTSPOT_INTERFACE" }
    public static var address: String { "HOTSPOT_ADDRESS" }
    public static var gateway: String { "HOTSPOT_GATEWAY" }
    public static var dns: String { "HOTSPOT_DNS" }
    public static var captiveAPI: String { "HOTSPOT_CAPTIVE_API" }
    public static var stateDirectory: String { "HOTSPOT_STATE_DIR" }
    /// External helpers' command for HTTP through the uplink: `$HOTSPOT_FETCH URL` (`hotspotd fetch`).
    public static var fetch: String { "HOTSPOT_FETCH" }
    /// And for their own protocols: `$HOTSPOT_CONNECT HOST PORT` (a TCP stream on stdin/stdout) and
    /// `$HOTSPOT_UDP HOST PORT` (one datagram each way), `hotspotd connect` and `hotspotd udp`.
    public static var connect: String { "HOTSPOT_CONNECT" }
    public static var udp: String { "HOTSPOT_UDP" }
    /// `HOTSPOT_UI_<KEY>`: the owner's answers to presentUI, on stdin (`HelperSecrets`), not in the environment.
    public static var uiPrefix: String { "HOTSPOT_UI_" }
    /// authenticate with answers remembered for the venue (then also `HOTSPOT_UI_<KEY>` on stdin): the origin that
    /// accepted them, and the gateway's MAC address then (empty over verified https).
    public static var rememberedOrigin: String { "HOTSPOT_REMEMBERED_ORIGIN" }
    public static var rememberedGateway: String { "HOTSPOT_REMEMBERED_GATEWAY" }

    // The built-in portal helper's own, from its `config helper` section (`PortalHelperOptions`).
    public static var portalProbeURLs: String { "HOTSPOT_PORTAL_PROBE_URLS" }
    public static var portalDomains: String { "HOTSPOT_PORTAL_DOMAINS" }
    public static var caBundle: String { "HOTSPOT_CA_BUNDLE" }
    public static var wisprUser: String { "HOTSPOT_WISPR_USER" }
    /// On stdin (`HelperSecrets`), and only for authenticate and presentUI. The user name stays in the environment:
    /// it is an account's name, which alone logs no one in, and which the portal sees in every login.
    public static var wisprPassword: String { "HOTSPOT_WISPR_PASSWORD" }
    public static var portalTimeLimit: String { "HOTSPOT_PORTAL_TIME_LIMIT" }
    public static var portalDNSPort: String { "HOTSPOT_PORTAL_DNS_PORT" }
    /// Where the gateway's MAC address is read, `/proc/net/arp` unless given (for tests).
    public static var portalNeighborTable: String { "HOTSPOT_PORTAL_NEIGHBOR_TABLE" }
}

/// The built-in portal helper's own settings, beside the helper protocol's variables: the daemon encodes them
/// from the helper's `config helper` section and the manager preferences (`environment`), the helper decodes
/// them (`init(environment:)`). Lists are space-separated words; an empty value is the same as unset.
public struct PortalHelperOptions: Equatable {
    public var probeURLs: [String] = []
    public var portalDomains: [String] = []
    public var caBundle: String?
    public var wisprUser: String?
    /// Encoded for stdin (`input`), never in the environment.
    public var wisprPassword: String?
    /// Seconds the whole command may take, as given (the helper checks the range).
    public var timeLimit: String?
    /// The DNS servers' port, as given; 53 unless set (tests).
    public var dnsPort: String?

    public init() {}

    /// `KEY=value` strings for the helper's environment: all but the password (`input`).
    public var environment: [String] {
        var out: [String] = []
        // Single values as they are: no one-element arrays to join.
        func add(_ name: String, _ value: String?) {
            if let value, !value.isEmpty { out.append(name + "=" + value) }
        }
        func joined(_ words: [String]) -> String {
            var value = ""
            for w in words { value += (value.isEmpty ? "" : " ") + w }
            return value
        }
        add(HelperVariable.portalProbeURLs, joined(probeURLs))
        add(HelperVariable.portalDomains, joined(portalDomains))
        add(HelperVariable.caBundle, caBundle)
        add(HelperVariable.wisprUser, wisprUser)
        add(HelperVariable.portalTimeLimit, timeLimit)
        add(HelperVariable.portalDNSPort, dnsPort)
        return out
    }

    /// The password's line for the helper's stdin (`HelperSecrets`), empty without one.
    public var input: [UInt8] {
        var out: [UInt8] = []
        if let wisprPassword, !wisprPassword.isEmpty { HelperSecrets.append(HelperVariable.wisprPassword, Array(wisprPassword.utf8), to: &out) }
        return out
    }

    /// `variable` looks a name up in the environment (nil: unset). Not the password: it comes on stdin (`input`).
    public init(environment variable: (String) -> String?) {
        func value(_ name: String) -> String? {
            guard let v = variable(name), !v.utf8.isEmpty else { return nil }
            return v
        }
        probeURLs = PortalHelperOptions.words(value(HelperVariable.portalProbeURLs))
        portalDomains = PortalHelperOptions.words(value(HelperVariable.portalDomains))
        caBundle = value(HelperVariable.caBundle)
        wisprUser = value(HelperVariable.wisprUser)
        timeLimit = value(HelperVariable.portalTimeLimit)
        dnsPort = value(HelperVariable.portalDNSPort)
    }

    /// Space-separated words (tabs count as spaces), empty ones dropped.
    public static func words(_ text: String?) -> [String] {
        guard let text else { return [] }
        // One loop over the bytes: no generic split of a UTF-8 view on the router.
        var out: [String] = []
        var word: [UInt8] = []
        for b in text.utf8 {
            if b != UInt8(ascii: " ") && b != UInt8(ascii: "\t") {
                word.append(b)
            } else if !word.isEmpty {
                out.append(String(decoding: word, as: UTF8.self))
                word = []
            }
        }
        if !word.isEmpty { out.append(String(decoding: word, as: UTF8.self)) }
        return out
    }
}
