import HotspotProtocol

/// Which hosts the portal login may send requests to. With no portal domains (the manager preferences'
/// `portal_domain` list, Apple's safariDomains) every host is allowed, as a browser would follow the
/// portal anywhere. With some, only these are: a host that is one of them or under one
/// (`login.example.net` for `example.net`), and the `trusted` hosts (the probe URLs' hosts and the
/// uplink's gateway, which many portals are). An IPv4 literal must be trusted: it is under no domain.
public struct PortalHostPolicy: Equatable, Sendable {
    /// Lowercase DNS names without a trailing dot.
    public var domains: [[UInt8]]
    public var trusted: [HTTPURL.Host]

    public init(domains: [[UInt8]], trusted: [HTTPURL.Host] = []) {
        var lowered: [[UInt8]] = []
        for d in domains {
            var name = d.map(PortalBytes.lowercased)
            if name.last == UInt8(ascii: ".") { name.removeLast() }
            if !name.isEmpty { lowered.append(name) }
        }
        self.domains = lowered
        self.trusted = trusted
    }

    public func allows(_ host: HTTPURL.Host) -> Bool {
        if domains.isEmpty || trusted.contains(host) { return true }
        guard case .name(let name) = host else { return false }
        for d in domains {
            if name == d { return true }
            if name.count > d.count, name[name.count - d.count - 1] == UInt8(ascii: "."),
               name[(name.count - d.count)...].elementsEqual(d) { return true }
        }
        return false
    }
}
