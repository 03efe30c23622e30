import Testing
@testable import TestSupport
@testable import HotspotWeb
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

    func url(_ text: String) throws -> HTTPURL { try HTTPURL(text) }

    /// Without portal domains, secrets go to the host that asked for them, over https, on any port;
    /// never to another host, a name under it, or over http (the venue's DNS names any host there).
    @Test func withoutDomainsSecretsGoOnlyOverHTTPSToTheHostThatAsked() throws {
        let policy = PortalHostPolicy(domains: [])
        let page = try url("http://portal.test/terms")
        #expect(policy.allowsCredentials(to: try url("https://portal.test/login"), askedBy: page))
        #expect(policy.allowsCredentials(to: try url("https://portal.test:8443/login?x=1"), askedBy: try url("https://portal.test/")))
        #expect(!policy.allowsCredentials(to: try url("http://portal.test/login"), askedBy: page))
        #expect(!policy.allowsCredentials(to: try url("https://evil.example/login"), askedBy: page))
        #expect(!policy.allowsCredentials(to: try url("https://login.portal.test/"), askedBy: page))
        #expect(!policy.allowsCredentials(to: try url("https://10.0.0.1/"), askedBy: try url("https://portal.test/")))
    }

    /// Issue 37: what the owner typed for a page goes where the owner's browser would send it: to that page's own
    /// origin over plain http or unverified https, or where secrets may go. Never to another origin that way,
    /// never from https down to http, never to another port of the same host over http.
    @Test func typedAnswersGoToThePagesOwnOriginAsABrowserWouldSendThem() throws {
        let policy = PortalHostPolicy(domains: [])
        let http = try url("http://portal.test/login")
        #expect(policy.allowsTypedAnswers(to: try url("http://portal.test/accept?x=1"), askedBy: http, verified: false))
        #expect(policy.allowsTypedAnswers(to: try url("https://portal.test/accept"), askedBy: http, verified: true))
        #expect(!policy.allowsTypedAnswers(to: try url("https://portal.test/accept"), askedBy: http, verified: false))
        #expect(!policy.allowsTypedAnswers(to: try url("http://portal.test:8080/accept"), askedBy: http, verified: false))
        #expect(!policy.allowsTypedAnswers(to: try url("http://evil.example/accept"), askedBy: http, verified: false))
        #expect(!policy.allowsTypedAnswers(to: try url("http://login.portal.test/accept"), askedBy: http, verified: false))
        // https → http: down, never; unverified https: its own origin only.
        let https = try url("https://1.1.1.1/login")
        #expect(!policy.allowsTypedAnswers(to: try url("http://1.1.1.1/login"), askedBy: https, verified: false))
        #expect(policy.allowsTypedAnswers(to: try url("https://1.1.1.1/accept"), askedBy: https, verified: false))
        #expect(!policy.allowsTypedAnswers(to: try url("https://1.1.1.2/accept"), askedBy: https, verified: false))
        // Portal domains: verified https to them as before; the page's own origin as the browser would.
        let operators = PortalHostPolicy(domains: [b("operator.example")])
        #expect(operators.allowsTypedAnswers(to: try url("https://login.operator.example/"), askedBy: http, verified: true))
        #expect(!operators.allowsTypedAnswers(to: try url("http://login.operator.example/"), askedBy: http, verified: false))
        #expect(operators.allowsTypedAnswers(to: try url("http://portal.test/accept"), askedBy: http, verified: false))
        // The configured secrets keep the strict rule.
        #expect(!policy.allowsCredentials(to: try url("http://portal.test/accept"), askedBy: http))
    }

    @Test func originsAreSchemeHostAndPort() throws {
        #expect(try url("http://Portal.Test/login?a=1").origin == "http://portal.test")
        #expect(try url("http://portal.test:80/x").origin == "http://portal.test")
        #expect(try url("https://1.1.1.1:8443/x").origin == "https://1.1.1.1:8443")
        #expect(try url("http://portal.test/").isSameOrigin(as: try url("http://portal.test:80/other")))
        #expect(!(try url("http://portal.test/").isSameOrigin(as: try url("https://portal.test/"))))
    }

    /// With portal domains, secrets go over https to those domains alone: not to the page's own host
    /// outside them, and not to the trusted hosts (the gateway and the probes' hosts are the venue's).
    @Test func withDomainsSecretsGoOnlyOverHTTPSToThem() throws {
        let gateway = IPv4Address(192, 168, 8, 1)
        let policy = PortalHostPolicy(domains: [b("operator.example")], trusted: [.ipv4(gateway), name("probe.example")])
        let page = try url("https://evil.example/terms")
        #expect(policy.allowsCredentials(to: try url("https://login.operator.example/wispr"), askedBy: page))
        #expect(policy.allowsCredentials(to: try url("https://operator.example/"), askedBy: try url("http://192.168.8.1/")))
        #expect(!policy.allowsCredentials(to: try url("http://login.operator.example/wispr"), askedBy: page))
        #expect(!policy.allowsCredentials(to: try url("https://evil.example/login"), askedBy: page))
        #expect(!policy.allowsCredentials(to: try url("https://192.168.8.1/login"), askedBy: try url("https://192.168.8.1/")))
        #expect(!policy.allowsCredentials(to: try url("https://probe.example/login"), askedBy: try url("https://probe.example/")))
    }

    /// Issue 19: a CHAP answer (not the password) also goes over plain http, to the gateway or a portal domain
    /// only: not to another address, nor to the page's own host for having asked.
    @Test func aCHAPAnswerGoesOverHTTPOnlyToTheGatewayOrAPortalDomain() throws {
        var policy = PortalHostPolicy(domains: [])
        policy.gateway = .ipv4(IPv4Address(10, 1, 0, 1))
        let page = try url("http://uam.example/login")
        #expect(policy.allowsChallengeResponse(to: try url("http://10.1.0.1:3990/logon"), askedBy: page))
        #expect(policy.allowsChallengeResponse(to: try url("https://uam.example/logon"), askedBy: page))
        #expect(!policy.allowsChallengeResponse(to: try url("http://10.1.0.2:3990/logon"), askedBy: page))
        #expect(!policy.allowsChallengeResponse(to: try url("http://uam.example/logon"), askedBy: page))
        #expect(!policy.allowsCredentials(to: try url("http://10.1.0.1:3990/logon"), askedBy: page))
        #expect(!PortalHostPolicy(domains: []).allowsChallengeResponse(to: try url("http://10.1.0.1:3990/logon"), askedBy: page))
        let domains = PortalHostPolicy(domains: [b("hotspot.example")])
        #expect(domains.allowsChallengeResponse(to: try url("http://login.hotspot.example/login"), askedBy: page))
        #expect(!domains.allowsChallengeResponse(to: try url("http://uam.example/logon"), askedBy: page))
    }

    /// A 307 or 308 keeps its body on the same host, http to https included; never to another host, nor
    /// from https down to http.
    @Test func aRedirectKeepsTheBodyOnlyOnTheSameHostWithoutADowngrade() throws {
        let login = try url("https://portal.test/login")
        #expect(PortalHostPolicy.redirectKeepsBody(from: login, to: try url("https://portal.test:8443/retry")))
        #expect(PortalHostPolicy.redirectKeepsBody(from: try url("http://portal.test/login"), to: login))
        #expect(PortalHostPolicy.redirectKeepsBody(from: try url("http://portal.test/login"), to: try url("http://portal.test/x")))
        #expect(!PortalHostPolicy.redirectKeepsBody(from: login, to: try url("http://portal.test/login")))
        #expect(!PortalHostPolicy.redirectKeepsBody(from: login, to: try url("https://evil.example/login")))
        #expect(!PortalHostPolicy.redirectKeepsBody(from: try url("http://portal.test/"), to: try url("http://other.test/")))
    }
}
