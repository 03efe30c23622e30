import Testing
@testable import HotspotProtocol
import HotspotCore

/// The portal helper's environment codec: what the daemon writes is what the helper reads.
@Suite struct PortalHelperOptionsTests {
    static func decoded(_ environment: [String]) -> PortalHelperOptions {
        var table: [String: String] = [:]
        for entry in environment {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            table[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return PortalHelperOptions(environment: { table[$0] })
    }

    @Test func everyOptionSurvivesTheRoundTrip() {
        var o = PortalHelperOptions()
        o.probeURLs = ["http://a.example/generate_204", "https://b.example/x"]
        o.portalDomains = ["portal.example", "login.example"]
        o.caBundle = "/etc/ssl/hotel.pem"
        o.wisprUser = "guest@example"
        o.wisprPassword = "p=a\"s's"
        o.timeLimit = "40"
        o.dnsPort = "5353"
        #expect(Self.decoded(o.environment) == o)
        #expect(o.environment.contains("HOTSPOT_PORTAL_DOMAINS=portal.example login.example"))
    }

    @Test func unsetAndEmptyOptionsWriteNothingAndReadAsUnset() {
        #expect(PortalHelperOptions().environment == [])
        #expect(Self.decoded(["HOTSPOT_CA_BUNDLE=", "HOTSPOT_PORTAL_PROBE_URLS= \t "]) == PortalHelperOptions())
    }

    @Test func theHelperProtocolsVariablesAreNotTheOptions() {
        var invocation = HelperInvocation(HelperRequest(id: 1, helper: "portal", command: .evaluate))
        invocation.environment += PortalHelperOptions().environment
        #expect(Self.decoded(invocation.environment) == PortalHelperOptions())
        #expect(invocation.environment.contains(HelperVariable.command + "=evaluate"))
    }
}
