import Testing
import HotspotCore
@testable import HotspotProtocol

/// SSID prefixes, hidden networks and lifetimes in the UCI file, on the control socket and in the join plan
/// (issue 22).
@Suite struct OwnerNetworkOptionWireTests {
    static func load(_ text: String) throws(HotspotUCIError) -> HotspotUCI {
        try HotspotUCI(parsing: Array(text.utf8), file: "/etc/config/hotspot")
    }

    @Test func prefixAndHiddenNetworksInUCI() throws {
        let uci = try Self.load("""
            config network
            \toption ssid_prefix 'Hotel-'
            config network
            \toption ssid 'Back Office'
            \toption key 'office-secret'
            \toption hidden '1'
            """)
        let k = uci.configuration.knownNetworks
        #expect(k.map { $0.ssid } == [SSID("Hotel-")!, SSID("Back Office")!])
        #expect(k.map { $0.isPrefix } == [true, false] && k.map { $0.isHidden } == [false, true])
    }

    @Test(arguments: [
        ("config network\noption ssid_prefix ''", "/etc/config/hotspot:1: config network: needs option ssid, ssid_hex or ssid_prefix"),
        ("config network\noption ssid_prefix '\(String(repeating: "x", count: 33))'",
         "/etc/config/hotspot:2: option ssid_prefix: '\(String(repeating: "x", count: 33))' is not an SSID of 1-32 bytes"),
        ("config network\noption ssid a\noption ssid_prefix a", "/etc/config/hotspot:3: option ssid_prefix: a network has one of option ssid, ssid_hex or ssid_prefix"),
        ("config network\noption ssid a\noption hidden maybe", "/etc/config/hotspot:3: option hidden: 'maybe' is not a boolean (1 or 0)"),
    ])
    func hostileValuesAreRefused(_ text: String, _ message: String) {
        do {
            _ = try Self.load(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func joinCarriesPrefixHiddenAndDays() throws {
        let all = ControlRequest.join(SSID("Hotel-")!, passphrase: nil, once: false, prefix: true, hidden: true, days: 30)
        #expect(String(decoding: all.encoded, as: UTF8.self) == "join x486f74656c2d prefix hidden days=30\n")
        #expect(try ControlRequest(line: all.encoded.dropLast()[...]) == all)
        for bad in ["join x41 days=0", "join x41 days=-1", "join x41 days=123456", "join x41 days=", "join x41 prefix prefix",
                    "join x41 hidden hidden", "join x41 days=1 days=2", "status prefix", "forget x41 hidden"] {
            #expect(throws: ControlProtocolError.self, "\(bad)") { try ControlRequest(line: Array(bad.utf8)[...]) }
        }
    }

    @Test func aHiddenNetworkIsProbedByName() {
        var plan = SupplicantJoinPlan(ssid: SSID("Back Office")!, security: .open, passphrase: nil)
        plan.hidden = true
        #expect(plan.configuration(4, NetworkID(0)!) == .setNetwork(NetworkID(0)!, .scanSSID(true)))
        plan.hidden = false
        #expect(plan.configuration(4, NetworkID(0)!) == .setNetwork(NetworkID(0)!, .scanSSID(false)))
    }
}
