import Testing
import HotspotCore
@testable import HotspotProtocol

/// `join`'s EAP settings on the control socket: `eapN=HEX` words, so no byte of an identity, password or path
/// can end or split the request; the core checks them together (OwnerEnterpriseJoinTests).
@Suite struct ControlJoinEAPTests {
    static func settings(_ values: [String]) -> EAPSettings {
        var s = EAPSettings()
        for (i, v) in values.enumerated() { s.values[i] = Array(v.utf8) }
        return s
    }

    static let hostile = settings(["peap", "me x41\n eap2=00", "", "pa ss\0\r\nword\"", "/etc/ca dir/ca.pem", "corp.example"])

    @Test func settingsTravelAsHexWordsAndSurviveTheWire() {
        let join = ControlRequest.join(SSID("Corp")!, passphrase: nil, once: true, eap: Self.hostile)
        let wire = join.encoded
        #expect(String(decoding: wire, as: UTF8.self) == "join x436f7270 once eap0=70656170 eap1=6d65207834310a20656170323d3030"
                + " eap3=7061207373000d0a776f726422 eap4=2f6574632f6361206469722f63612e70656d eap5=636f72702e6578616d706c65\n")
        var d = ControlRequestDecoder()
        #expect(d.feed(wire[...]) == .request(join))
        // TLS with every field but the password, and a network that has none.
        let tls = Self.settings(["tls", "me", "anon", "", "/ca", "d", "/c.pem", "/k.pem"])
        for request in [ControlRequest.join(SSID("Corp")!, passphrase: nil, once: false, mac: .perJoin, eap: tls),
                        .join(SSID("Corp")!, passphrase: nil, once: false)] {
            d = ControlRequestDecoder()
            #expect(d.feed(request.encoded[...]) == .request(request))
        }
    }

    @Test(arguments: [
        "join x41 eap8=41\n",            // no such field
        "join x41 eap1=\n",              // no value
        "join x41 eap1=4\n",             // odd hex
        "join x41 eap1=zz\n",
        "join x41 eap1=41 eap1=42\n",    // a field twice
        "join x41 eap=41\n",
        "join x41 EAP1=41\n",
        "enable x41 eap1=41\n",          // only join takes them
        "status eap0=70656170\n",
    ])
    func hostileSettingsAreRefused(_ line: String) {
        var d = ControlRequestDecoder()
        guard case .failed(.malformed) = d.feed(Array(line.utf8)[...]) else {
            Issue.record("accepted: \(line)")
            return
        }
    }
}
