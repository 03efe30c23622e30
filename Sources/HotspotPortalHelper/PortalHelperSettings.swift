import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotWeb

/// What the built-in portal helper works with, read from its environment: the helper protocol's
/// `HOTSPOT_INTERFACE`, `HOTSPOT_ADDRESS`, `HOTSPOT_DNS`, `HOTSPOT_GATEWAY`, `HOTSPOT_CAPTIVE_API` (the RFC 8908 API the
/// DHCP server announced), `HOTSPOT_STATE_DIR` and `HOTSPOT_SSID_HEX`, and the variables hotspotd adds for this
/// helper alone from its `config helper` section and the manager preferences:
///
/// | variable | value |
/// |---|---|
/// | `HOTSPOT_PORTAL_PROBE_URLS` | probe URLs separated by spaces (`list probe_url`); the defaults when empty |
/// | `HOTSPOT_PORTAL_DOMAINS` | portal domains separated by spaces (`list portal_domain`) |
/// | `HOTSPOT_CA_BUNDLE` | PEM CA bundle for https (`option ca_bundle`) |
/// | `HOTSPOT_WISPR_USER`, `HOTSPOT_WISPR_PASSWORD` | WISPr credentials (`option wispr_user`, `wispr_password`), also the portal products' CHAP account; the password on stdin (`HelperSecrets`), for authenticate and presentUI |
/// | `HOTSPOT_PORTAL_TIME_LIMIT` | seconds the whole command may take (hotspotd: its command_timeout less 5) |
/// | `HOTSPOT_PORTAL_DNS_PORT` | the DNS servers' port, 53 unless given (for tests) |
/// | `HOTSPOT_PORTAL_NEIGHBOR_TABLE` | the neighbour table, `/proc/net/arp` unless given (for tests) |
///
/// A value that does not parse is left out with a note (printed on stderr, so it reaches the log).
public struct PortalHelperSettings {
    /// One literal split by the options' own word splitter: a `static let` array was a global initialised on first use.
    /// Two operators (Google's and Canonical's, each answering 204), so that a walled garden letting one host
    /// through never reads as "online", and one https probe.
    static var defaultProbeURLWords: String {
        "http://connectivitycheck.gstatic.com/generate_204 http://connectivity-check.ubuntu.com/ https://www.google.com/generate_204"
    }
    public static var defaultProbeURLs: [String] { PortalHelperOptions.words(defaultProbeURLWords) }
    public static let defaultCABundle = "/etc/ssl/certs/ca-certificates.crt"

    public var interface: String?
    /// The uplink's DNS servers; the gateway when DHCP named none.
    public var dnsServers: [IPv4Address] = []
    public var dnsPort: UInt16 = 53
    public var gateway: IPv4Address?
    /// The uplink's own address (`HOTSPOT_ADDRESS`): never a destination (`DestinationPolicy`).
    public var address: IPv4Address?
    public var probeURLs: [HTTPURL] = []
    public var portalDomains: [[UInt8]] = []
    public var trustAnchorsPath = PortalHelperSettings.defaultCABundle
    public var wisprUser: [UInt8]?
    /// From stdin (`PortalHelper.main`), never the environment.
    public var wisprPassword: [UInt8]?
    public var timeLimitMs: Int64 = 40_000
    /// RFC 8908's API, always https (the daemon checked the DHCP option).
    public var captivePortalAPI: HTTPURL?
    /// Where the WISPr LogoffURL waits for logoff.
    public var stateDirectory: String?
    public var ssidHex = ""
    /// The kernel's neighbour table, where the gateway's MAC address is read (tests give a file of their own).
    public var neighborTablePath = "/proc/net/arp"
    /// Values left out, for the log.
    public var notes: [String] = []

    /// `variable` looks a name up in the environment (nil: unset).
    public init(environment variable: (String) -> String?) {
        func value(_ name: String) -> String? {
            guard let v = variable(name), !v.utf8.isEmpty else { return nil }
            return v
        }
        let options = PortalHelperOptions(environment: variable)
        interface = value(HelperVariable.interface)
        if let g = value(HelperVariable.gateway) {
            gateway = IPv4Address(g)
            if gateway == nil { notes.append(HelperVariable.gateway + " is not an IPv4 address") }
        }
        if let a = value(HelperVariable.address) {
            address = IPv4Address(a)
            if address == nil { notes.append(HelperVariable.address + " is not an IPv4 address") }
        }
        for word in PortalHelperOptions.words(value(HelperVariable.dns)) {
            if let a = IPv4Address(word) { dnsServers.append(a) } else { notes.append("DNS server '" + word + "' left out: not IPv4") }
        }
        if dnsServers.isEmpty, let gateway { dnsServers = [gateway] }
        if let p = options.dnsPort {
            if let n = ASCII.integer(p), n >= 1, n <= 65535 { dnsPort = UInt16(n) } else { notes.append(HelperVariable.portalDNSPort + " is not a port") }
        }
        for text in options.probeURLs.isEmpty ? PortalHelperOptions.words(PortalHelperSettings.defaultProbeURLWords) : options.probeURLs {
            do throws(HTTPURLError) { probeURLs.append(try HTTPURL(text)) } catch {
                notes.append("probe URL '" + text + "' left out: " + error.description)
            }
        }
        for d in options.portalDomains { portalDomains.append(Array(d.utf8)) }
        if let path = options.caBundle { trustAnchorsPath = path }
        if let user = options.wisprUser { wisprUser = Array(user.utf8) }
        if let api = value(HelperVariable.captiveAPI) {
            if let url = try? HTTPURL(api), url.scheme == .https { captivePortalAPI = url } else {
                notes.append(HelperVariable.captiveAPI + " left out: not an https URL")
            }
        }
        if let path = value(HelperVariable.portalNeighborTable) { neighborTablePath = path }
        stateDirectory = value(HelperVariable.stateDirectory)
        ssidHex = value(HelperVariable.ssidHex) ?? ""
        if let t = options.timeLimit {
            if let s = ASCII.integer(t), s >= 1, s <= 3600 { timeLimitMs = Int64(s) * 1000 } else {
                notes.append(HelperVariable.portalTimeLimit + " is not 1-3600 seconds")
            }
        }
    }

    /// The hosts the login may go to (see `PortalHostPolicy`): the probes' and the gateway are trusted, the
    /// captive-portal API's is not (the venue's DHCP names it: it must be one of the portal domains).
    public var hostPolicy: PortalHostPolicy {
        var trusted: [HTTPURL.Host] = []
        for i in probeURLs.indices { trusted.append(probeURLs[i].host) }
        if let gateway { trusted.append(.ipv4(gateway)) }
        var policy = PortalHostPolicy(domains: portalDomains, trusted: trusted)
        if let gateway { policy.gateway = .ipv4(gateway) }
        return policy
    }
}
