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
        // Issue 35: the password is for stdin only (`HelperSecrets`), and an environment's is not taken.
        #expect(!o.environment.contains { $0.contains("PASSWORD") } && o.input == Array("HOTSPOT_WISPR_PASSWORD=p=a\"s's\n".utf8))
        #expect(Self.decoded(o.environment + ["HOTSPOT_WISPR_PASSWORD=p"]).wisprPassword == nil)
        o.wisprPassword = nil
        #expect(Self.decoded(o.environment) == o)
        #expect(o.environment.contains("HOTSPOT_PORTAL_DOMAINS=portal.example login.example"))
    }

    /// The stdin the daemon writes is what the helper reads; anything else is refused, and says where.
    @Test func secretsOnStdin() throws {
        var out: [UInt8] = []
        HelperSecrets.append("HOTSPOT_UI_ROOM", Array("4 1=2".utf8), to: &out)
        HelperSecrets.append("HOTSPOT_UI_BAD", Array("a\nHOTSPOT_UI_ROOM=1".utf8), to: &out)  // never a second line
        HelperSecrets.append("HOTSPOT_WISPR_PASSWORD", Array("p w".utf8), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "HOTSPOT_UI_ROOM=4 1=2\nHOTSPOT_WISPR_PASSWORD=p w\n")
        let s = try #require(HelperSecrets(parsing: out))
        #expect(s.value("HOTSPOT_UI_ROOM") == "4 1=2" && s.value("HOTSPOT_WISPR_PASSWORD") == "p w")
        #expect(s.value("HOTSPOT_UI_ROO") == nil && s.value("HOTSPOT_UI_BAD") == nil)
        #expect(HelperSecrets(parsing: [])?.value("HOTSPOT_UI_ROOM") == .some(nil))
        for text in ["HOTSPOT_UI_ROOM=1", "HOTSPOT_UI_ROOM=1\n\n", "room=1\n", "HOTSPOT_GATEWAY=10.0.0.1\n", "HOTSPOT_UI_ROOM\n",
                     "HOTSPOT_UI_A=\u{1}\n", "HOTSPOT_UI_A=a\0b\n", "HOTSPOT_UI_A=a\r\n", "HOTSPOT_WISPR_USER=u\n", "\n",
                     String(repeating: "HOTSPOT_UI_A=" + String(repeating: "x", count: 1000) + "\n", count: 70)] {
            #expect(HelperSecrets(parsing: Array(text.utf8)) == nil, "\(text.prefix(30))")
        }
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
