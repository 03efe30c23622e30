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
/// Secrets the owner did not type for the page (`allowsCredentials`: WISPr credentials from the configuration)
/// go only over verified https, and only to a portal domain, or with none, to the host of the portal page that
/// asked for them (its WISPr message).
///
/// Answers the owner typed for a page (`allowsTypedAnswers`) go where the owner's browser would send them:
/// where secrets may go, and also to the page's own origin over plain http or over https whose certificate
/// did not verify (a controller's self-signed default). Never to another origin that way, never from https
/// down to http: the venue's DNS names any host, so only the page the owner answered may have them.
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

    /// May answers the owner typed for the page at `page` go to `target`? `verified`: an https `target`'s
    /// certificate verified (always false for http).
    public func allowsTypedAnswers(to target: HTTPURL, askedBy page: HTTPURL, verified: Bool) -> Bool {
        if target.scheme == .https && verified && allowsCredentials(to: target, askedBy: page) { return true }
        return target.isSameOrigin(as: page)
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
