import Testing
import HotspotProtocol
@testable import HotspotPortal

@Suite struct PortalHostPolicyTests {
    func name(_ text: String) -> HTTPURL.Host { .name(b(text)) }

    @Test func noDomainsAllowEveryHost() {
        let policy = PortalHostPolicy(domains: [])
        #expect(policy.allows(name("anything.example")))
        #expect(policy.allows(.ipv4(IPv4Address(10, 0, 0, 1))))
    }

    /// A domain covers itself and names under it, never a name that merely ends in the same letters.
    @Test func domainsCoverThemselvesAndTheirSubdomains() {
        let policy = PortalHostPolicy(domains: [b("Example.NET."), b("portal.test")])
        #expect(policy.domains == [b("example.net"), b("portal.test")])
        #expect(policy.allows(name("example.net")))
        #expect(policy.allows(name("login.example.net")))
        #expect(policy.allows(name("a.b.portal.test")))
        #expect(!policy.allows(name("evilexample.net")))
        #expect(!policy.allows(name("example.net.evil.test")))
        #expect(!policy.allows(name("net")))
    }

    /// An address is under no domain: only the trusted ones (the gateway, the probes' hosts) pass.
    @Test func addressesMustBeTrusted() {
        let gateway = IPv4Address(192, 168, 8, 1)
        let policy = PortalHostPolicy(domains: [b("example.net")], trusted: [.ipv4(gateway), name("probe.example")])
        #expect(policy.allows(.ipv4(gateway)))
        #expect(!policy.allows(.ipv4(IPv4Address(192, 168, 8, 2))))
        #expect(policy.allows(name("probe.example")))
        #expect(!policy.allows(name("www.probe.example")))
    }
}
