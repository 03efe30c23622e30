import HotspotCore
import HotspotWeb

/// Where the portal login may send what: the one place that decides it.
///
/// Pages (`allows`): with no portal domains (the manager preferences' `portal_domain` list, Apple's
/// safariDomains) every host, as a browser would follow the portal anywhere. With some, only these: a host
/// that is one of them or under one (`login.example.net` for `example.net`), and the `trusted` hosts (the
/// probe URLs' hosts and the uplink's gateway, which many portals are). An IPv4 literal must be trusted: it
/// is under no domain. The captive-portal API's host is never trusted: the venue's DHCP names it.
///
/// Secrets (`allowsCredentials`: WISPr credentials, the owner's typed answers) go only over https, and only
/// to a portal domain, or with none, to the host of the portal page that asked for them (its form or its
/// WISPr message).
///
/// A CHAP answer (`allowsChallengeResponse`: a portal product's login, `PortalProduct`) may also go over
/// plain http, but only to the uplink's gateway or a portal domain.
public struct PortalHostPolicy: Equatable, Sendable {
    /// Lowercase DNS names without a trailing dot.
    public var domains: [[UInt8]]
    public var trusted: [HTTPURL.Host]
    /// The uplink's gateway (`HOTSPOT_GATEWAY`), where the products' gateways take their logins.
    public var gateway: HTTPURL.Host? = nil

    public init(domains: [[UInt8]], trusted: [HTTPURL.Host] = []) {
        var lowered: [[UInt8]] = []
        for d in domains {
            var name = ASCII.lowercased(d[...])
            if name.last == UInt8(ascii: ".") { name.removeLast() }
            if !name.isEmpty { lowered.append(name) }
        }
        self.domains = lowered
        self.trusted = trusted
    }

    public func allows(_ host: HTTPURL.Host) -> Bool {
        domains.isEmpty || trusted.contains(host) || isPortalDomain(host)
    }

    /// May secrets go to `target`, asked for by the portal page at `origin`? Never over http: the venue's
    /// DNS names any host there. Never to a trusted host for being trusted: the gateway is the venue's,
    /// whoever the venue is.
    public func allowsCredentials(to target: HTTPURL, askedBy origin: HTTPURL) -> Bool {
        target.scheme == .https && (domains.isEmpty ? target.host == origin.host : isPortalDomain(target.host))
    }

    /// May a CHAP answer go to `target`? It is MD5 over the password and the portal's one-time challenge: the
    /// password cannot be read from it, only guessed at offline. So where secrets may go, and also over plain
    /// http (the products' protocol: CoovaChilli's uamip:uamport, MikroTik's login) to the gateway or a portal
    /// domain. Not to another host over http: the venue's DNS names any host there.
    public func allowsChallengeResponse(to target: HTTPURL, askedBy origin: HTTPURL) -> Bool {
        allowsCredentials(to: target, askedBy: origin) || target.host == gateway || isPortalDomain(target.host)
    }

    /// May a redirect (307, 308) carry the request's body from `url` on to `next`? Only on the same host,
    /// and never from https down to http.
    public static func redirectKeepsBody(from url: HTTPURL, to next: HTTPURL) -> Bool {
        url.host == next.host && (url.scheme == .http || next.scheme == .https)
    }

    func isPortalDomain(_ host: HTTPURL.Host) -> Bool {
        guard case .name(let name) = host else { return false }
        for d in domains where HTTPCookieJar.domainMatches(name, d) { return true }
        return false
    }
}
