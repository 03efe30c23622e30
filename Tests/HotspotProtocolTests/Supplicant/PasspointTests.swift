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

    @Test func aPasspointSectionIsACredential() throws {
        let uci = try Self.load(Self.section)
        #expect(uci.settings.passpoint.count == 1)
        let c = uci.settings.passpoint[0].values
        #expect(c[8] == Array("radio.test".utf8) && c[9] == Array("operator.radio.test".utf8))
        #expect(c[10] == Array("5A03BA0000,001bc504bd".utf8) && c[11] == Array("auth=PAP".utf8))
        #expect(c[3] == Array("pa\"ss' wo\\rd #1;".utf8))
        #expect(uci.configuration.knownNetworks.isEmpty && uci.warnings.isEmpty)
    }

    /// Ids as wpa_supplicant gives them after REMOVE_CRED all: 0, 1, … (an empty credential adds no SET_CRED).
    @Test func theCredentialGoesAsHexAfterInterworkingIsOnAndThePasswordIsNeverLogged() throws {
        var c = try Self.load(Self.section).settings.passpoint[0]
        let hostile = "pw\"\n\0 ca_cert \"/tmp/evil\"\\"
        c.values[3] = Array(hostile.utf8)
        let sent = Passpoint.commands([EAPSettings(), c])
        #expect(sent.map { $0.logDescription ?? "?" } == [
            "REMOVE_CRED all", "SET interworking 1", "SET hs20 1", "SET auto_interworking 1", "ADD_CRED", "ADD_CRED",
            "SET_CRED 1 eap TTLS", "SET_CRED 1 username " + Hex.encode(Array("traveller@radio.test".utf8)),
            "SET_CRED 1 password [redacted]", "SET_CRED 1 ca_cert " + Hex.encode(Array("/etc/ssl/radio ca.pem".utf8)),
            "SET_CRED 1 domain_suffix_match 726164696f2e74657374", "SET_CRED 1 realm 726164696f2e74657374",
            "SET_CRED 1 domain " + Hex.encode(Array("operator.radio.test".utf8)),
            // Hex of the list's text: wpa_supplicant 2.10 reads the value as a string first (refused as is).
            "SET_CRED 1 roaming_consortiums " + Hex.encode(Array("5A03BA0000,001bc504bd".utf8)),
            // ttls is TTLS/PAP: without it, a network matched by its OI alone is tried with MSCHAPv2 inside.
            "SET_CRED 1 phase2 617574683d504150",
        ])
        // A password with quotes, a newline and NUL is one option on one line, as hex of its bytes.
        let line = try sent[8].encoded()
        #expect(String(decoding: line, as: UTF8.self) == "SET_CRED 1 password " + Hex.encode(Array(hostile.utf8)))
        #expect(!line.contains(0x0a) && !line.contains(0) && !line.contains(UInt8(ascii: "\"")))
    }

    /// ttls-mschapv2: the credential's eap is TTLS and its phase2 MSCHAPv2 (issue 39).
    @Test func aTTLSMSCHAPv2CredentialSaysItsInnerMethod() throws {
        var c = try Self.load(Self.section).settings.passpoint[0]
        c.values[0] = Array("ttls-mschapv2".utf8)
        c.values[11] = c.phase2
        let texts = Passpoint.commands([c]).map { $0.logDescription ?? "?" }
        #expect(texts.contains("SET_CRED 0 eap TTLS") && texts.contains("SET_CRED 0 phase2 617574683d4d53434841505632"), "\(texts)")
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
