import Testing
import HotspotCore
@testable import HotspotProtocol

/// Passpoint credentials: `config passpoint`, the commands that give them to wpa_supplicant, STATUS's operator.
@Suite struct PasspointTests {
    static func load(_ text: String) throws(HotspotUCIError) -> HotspotUCI {
        try HotspotUCI(parsing: Array(text.utf8), file: "/etc/config/hotspot")
    }

    static let section = """
        config passpoint
        \toption eap 'ttls'
        \toption realm 'radio.test'
        \toption domain 'operator.radio.test'
        \toption identity 'traveller@radio.test'
        \toption password 'pa"ss'\\'' wo\\rd #1;'
        \toption ca_cert '/etc/ssl/radio ca.pem'
        \toption domain_suffix_match 'radio.test'
        \tlist roaming_consortium '5A03BA0000'
        \tlist roaming_consortium '001bc504bd'

        """

    /// What the plan sends, answering ADD_CRED with `id` and everything else OK.
    static func sent(_ credentials: [PasspointCredential], id: String = "3\n") -> ([SupplicantCommand], SupplicantPlanStep<Int>) {
        var plan = PasspointPlan(credentials)
        var sent: [SupplicantCommand] = []
        var step = plan.start()
        while case .send(let c) = step {
            sent.append(c)
            step = plan.received(Array((c == .passpoint(4) ? id : "OK\n").utf8))
        }
        return (sent, step)
    }

    @Test func aPasspointSectionIsACredential() throws {
        let uci = try Self.load(Self.section)
        #expect(uci.settings.passpoint.count == 1)
        let c = uci.settings.passpoint[0]
        #expect(c.realm == Array("radio.test".utf8) && c.domain == Array("operator.radio.test".utf8))
        #expect(c.consortiums == Array("5A03BA0000,001bc504bd".utf8))
        #expect(c.eap.values[3] == Array("pa\"ss' wo\\rd #1;".utf8))
        #expect(uci.configuration.knownNetworks.isEmpty && uci.warnings.isEmpty)
    }

    @Test func theCredentialGoesAsHexAfterInterworkingIsOnAndThePasswordIsNeverLogged() throws {
        var c = try Self.load(Self.section).settings.passpoint[0]
        let hostile = "pw\"\n\0 ca_cert \"/tmp/evil\"\\"
        c.eap.values[3] = Array(hostile.utf8)
        let (sent, end) = Self.sent([c])
        #expect(end == .finished(1))
        #expect(sent.map { $0.logDescription ?? "?" } == [
            "REMOVE_CRED all", "SET interworking 1", "SET hs20 1", "SET auto_interworking 1", "ADD_CRED",
            "SET_CRED 3 eap TTLS", "SET_CRED 3 username " + Hex.encode(Array("traveller@radio.test".utf8)),
            "SET_CRED 3 password [redacted]", "SET_CRED 3 ca_cert " + Hex.encode(Array("/etc/ssl/radio ca.pem".utf8)),
            "SET_CRED 3 domain_suffix_match 726164696f2e74657374", "SET_CRED 3 realm 726164696f2e74657374",
            "SET_CRED 3 domain " + Hex.encode(Array("operator.radio.test".utf8)),
            // Hex of the list's text: wpa_supplicant 2.10 reads the value as a string first (refused as is).
            "SET_CRED 3 roaming_consortiums " + Hex.encode(Array("5A03BA0000,001bc504bd".utf8)),
            // ttls is TTLS/PAP: without it, a network matched by its OI alone is tried with MSCHAPv2 inside.
            "SET_CRED 3 phase2 617574683d504150",
        ])
        // A password with quotes, a newline and NUL is one option on one line, as hex of its bytes.
        let line = try sent[7].encoded()
        #expect(String(decoding: line, as: UTF8.self) == "SET_CRED 3 password " + Hex.encode(Array(hostile.utf8)))
        #expect(!line.contains(0x0a) && !line.contains(0) && !line.contains(UInt8(ascii: "\"")))
    }

    @Test func aRefusalOrAnUnreadableIdStopsThePlanWithoutTheSecret() {
        var c = PasspointCredential()
        c.eap.values[3] = Array("sekrit".utf8)
        var plan = PasspointPlan([c])
        var step = plan.start()
        for _ in 0..<4 { step = plan.received(Array("OK\n".utf8)) }
        #expect(step == .send(.passpoint(4)))
        #expect(Self.sent([c], id: "FAIL\n").1 == .failed(.unreadableReply(command: "ADD_CRED", answer: "FAIL")))
        step = plan.received(Array("0\n".utf8))
        #expect(step == .send(.setCredential(0, field: 3, Array("sekrit".utf8))))
        guard case .failed(let e) = plan.received(Array("FAIL\n".utf8)) else {
            Issue.record("not failed")
            return
        }
        #expect(e.description == "SET_CRED 0 password [redacted]: wpa_supplicant answered FAIL")
    }

    @Test func anIncompleteCredentialIsAConfigurationError() {
        let cases: [(String, String)] = [
            ("option ca_cert '/etc/ssl/radio ca.pem'", "config passpoint: ca_cert is missing: hotspotd never sends credentials to an unverified server"),
            ("option realm 'radio.test'", "config passpoint: needs option realm"),
            ("list roaming_consortium '5A03BA0000'", "list roaming_consortium: '5A03B' is not a roaming consortium OI (6-30 hex digits)"),
        ]
        for (line, message) in cases {
            let bad = line.hasPrefix("list") ? Self.section.replacingOccurrences(of: "'5A03BA0000'", with: "'5A03B'")
                : Self.section.replacingOccurrences(of: "\t" + line + "\n", with: "")
            do {
                _ = try Self.load(bad)
                Issue.record("accepted without \(line)")
            } catch {
                #expect(error.description.hasSuffix(message), "\(error.description)")
                #expect(!error.description.contains("wo\\rd"))
            }
        }
    }

    @Test func anonymousIdentityIsNotACredentialOption() throws {
        let uci = try Self.load(Self.section + "\toption anonymous_identity 'anon@radio.test'\n")
        #expect(uci.warnings == ["/etc/config/hotspot:11: option anonymous_identity: not an option of config passpoint, ignored"])
    }

    @Test func statusNamesTheOperatorOnlyForACredentialsNetwork() throws {
        let joined = try SupplicantStatus.parse(Array("wpa_state=COMPLETED\nssid=Airport\nhs20=3\nhome_sp=radio.test\nsp_type=home\n".utf8))
        #expect(joined.passpointOperator == "radio.test, home")
        let roaming = try SupplicantStatus.parse(Array("wpa_state=COMPLETED\nssid=Airport\nsp_type=roaming\n".utf8))
        #expect(roaming.passpointOperator == "roaming")
        let plain = try SupplicantStatus.parse(Array("wpa_state=COMPLETED\nssid=Airport\nhs20=3\n".utf8))
        #expect(plain.passpointOperator == nil)
    }
}
