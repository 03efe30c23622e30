import Testing
import HotspotCore
@testable import HotspotProtocol

/// MAC policies in the UCI file and on the control socket (issue 22).
@Suite struct MACPolicyOptionTests {
    static func load(_ text: String) throws(HotspotUCIError) -> HotspotUCI {
        try HotspotUCI(parsing: Array(text.utf8), file: "/etc/config/hotspot")
    }

    @Test func globalAndPerNetworkPolicies() throws {
        let uci = try Self.load("""
            config hotspot 'main'
            \toption mac_policy 'per-network'
            config network
            \toption ssid 'Hotel'
            \toption mac 'A4:83:E7:01:02:03'
            config network
            \toption ssid 'Cafe'
            """)
        #expect(uci.configuration.macPolicy == .perNetwork)
        #expect(uci.configuration.knownNetworks.map { $0.mac } == [.clone(BSSID("a4:83:e7:01:02:03")!), nil])
        #expect(try Self.load("").configuration.macPolicy == nil)
        // An empty value is no value, as in OpenWrt's uci.
        #expect(try Self.load("config network\noption ssid x\noption mac ''").configuration.knownNetworks[0].mac == nil)
    }

    @Test(arguments: [
        ("config hotspot\noption mac_policy random",
         "/etc/config/hotspot:2: option mac_policy: 'random' is not a MAC policy (hardware, per-network, per-join or a unicast aa:bb:cc:dd:ee:ff)"),
        ("config network\noption ssid x\noption mac '01:00:5e:00:00:01'",
         "/etc/config/hotspot:3: option mac: '01:00:5e:00:00:01' is not a MAC policy (hardware, per-network, per-join or a unicast aa:bb:cc:dd:ee:ff)"),
        ("config network\noption ssid x\noption mac 'per-join\n'",
         "/etc/config/hotspot:3: option mac: 'per-join\\x0a' is not a MAC policy (hardware, per-network, per-join or a unicast aa:bb:cc:dd:ee:ff)"),
        ("config network\noption ssid x\nlist mac per-join\nlist mac hardware",
         "/etc/config/hotspot:4: list mac: takes one value: write option mac"),
    ])
    func hostileValuesAreRefused(_ text: String, _ message: String) {
        do {
            _ = try Self.load(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func joinCarriesItsPolicy() throws {
        for mac: MACPolicy? in [nil, .hardware, .perNetwork, .perJoin, .clone(BSSID("a4:83:e7:01:02:03")!)] {
            let request = ControlRequest.join(SSID("Hotel")!, passphrase: nil, once: true, mac: mac)
            #expect(try ControlRequest(line: request.encoded.dropLast()[...]) == request)
        }
        #expect(String(decoding: ControlRequest.join(SSID("A")!, passphrase: nil, once: false, mac: .perJoin).encoded,
                       as: UTF8.self) == "join x41 mac=per-join\n")
        for bad in ["join x41 mac=random", "join x41 mac=per-join mac=hardware", "status mac=per-join", "join x41 mac="] {
            #expect(throws: ControlProtocolError.self, "\(bad)") { try ControlRequest(line: Array(bad.utf8)[...]) }
        }
    }
}
