import Testing
import HotspotCore
import HotspotPortal
import HotspotProtocol
@testable import HotspotWeb
@testable import HotspotPortalHelper

@Suite struct PortalHelperSettingsTests {
    func settings(_ environment: [String: String]) -> PortalHelperSettings {
        PortalHelperSettings(environment: { environment[$0] })
    }

    @Test func defaults() {
        let s = settings([:])
        #expect(s.interface == nil && s.dnsServers.isEmpty && s.dnsPort == 53)
        #expect(s.probeURLs.map(\.description) == PortalHelperSettings.defaultProbeURLs)
        #expect(s.trustAnchorsPath == "/etc/ssl/certs/ca-certificates.crt")
        #expect(s.wisprUser == nil && s.wisprPassword == nil && s.timeLimitMs == 40_000)
        #expect(s.notes.isEmpty)
    }

    @Test func theHelperEnvironment() {
        let s = settings([
            "HOTSPOT_INTERFACE": "phy0-sta0", "HOTSPOT_DNS": "10.9.0.1 fe80::1  10.9.0.2", "HOTSPOT_GATEWAY": "10.9.0.254",
            "HOTSPOT_PORTAL_PROBE_URLS": "http://a.example/x ftp://b.example/ https://c.example/y",
            "HOTSPOT_PORTAL_DOMAINS": "example.net portal.test", "HOTSPOT_CA_BUNDLE": "/tmp/ca.pem",
            "HOTSPOT_WISPR_USER": "u", "HOTSPOT_WISPR_PASSWORD": "p w", "HOTSPOT_PORTAL_TIME_LIMIT": "12",
            "HOTSPOT_PORTAL_DNS_PORT": "5353",
        ])
        #expect(s.interface == "phy0-sta0")
        #expect(s.dnsServers == [IPv4Address(10, 9, 0, 1), IPv4Address(10, 9, 0, 2)])
        #expect(s.gateway == IPv4Address(10, 9, 0, 254) && s.dnsPort == 5353)
        #expect(s.probeURLs.map(\.description) == ["http://a.example/x", "https://c.example/y"])
        #expect(s.portalDomains == [Array("example.net".utf8), Array("portal.test".utf8)])
        #expect(s.trustAnchorsPath == "/tmp/ca.pem" && s.timeLimitMs == 12_000)
        // The password comes on stdin (issue 35): the environment's is not taken.
        #expect(s.wisprUser == Array("u".utf8) && s.wisprPassword == nil)
        #expect(s.notes == ["DNS server 'fe80::1' left out: not IPv4",
                            "probe URL 'ftp://b.example/' left out: URL scheme 'ftp' is not http or https"])
        // The probes' hosts and the gateway are always allowed; other hosts only under the domains.
        let policy = s.hostPolicy
        #expect(policy.allows(.name(Array("c.example".utf8))) && policy.allows(.ipv4(IPv4Address(10, 9, 0, 254))))
        #expect(policy.allows(.name(Array("login.example.net".utf8))) && !policy.allows(.name(Array("evil.example".utf8))))
    }

    /// The captive-portal API is the venue's DHCP's word: its host is trusted with nothing the portal
    /// domains do not allow (it was, and then the login posted to whatever portal it named there).
    @Test func theCaptivePortalAPIsHostWidensNoPolicy() {
        let s = settings(["HOTSPOT_CAPTIVE_API": "https://evil.example/capport", "HOTSPOT_PORTAL_DOMAINS": "operator.example",
                          "HOTSPOT_GATEWAY": "10.9.0.254"])
        #expect(s.captivePortalAPI?.description == "https://evil.example/capport")
        var expected = PortalHostPolicy(domains: [Array("operator.example".utf8)],
                                        trusted: [.name(Array("connectivitycheck.gstatic.com".utf8)),
                                                  .name(Array("connectivity-check.ubuntu.com".utf8)),
                                                  .name(Array("www.google.com".utf8)), .ipv4(IPv4Address(10, 9, 0, 254))])
        expected.gateway = .ipv4(IPv4Address(10, 9, 0, 254))  // where a CHAP answer may go over http (issue 19)
        #expect(s.hostPolicy == expected)
        #expect(!s.hostPolicy.allows(.name(Array("evil.example".utf8))))
    }

    /// DHCP named no DNS server: the gateway, which usually is one, is asked instead.
    @Test func theGatewayStandsInForMissingDNSServers() {
        let s = settings(["HOTSPOT_DNS": "", "HOTSPOT_GATEWAY": "192.168.8.1", "HOTSPOT_PORTAL_TIME_LIMIT": "0"])
        #expect(s.dnsServers == [IPv4Address(192, 168, 8, 1)])
        #expect(s.timeLimitMs == 40_000 && s.notes == ["HOTSPOT_PORTAL_TIME_LIMIT is not 1-3600 seconds"])
    }
}
