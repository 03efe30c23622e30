import Testing
@testable import HotspotCore

/// `hotspotd join SSID --eap …` (issue 22): the owner's own enterprise network, held to the configuration's
/// rule (a verified server always), joined with its settings and remembered with them across restarts.
@Suite struct OwnerEnterpriseJoinTests {
    static let campus = EnterpriseUplinkTests.campus
    static let peap = EnterpriseUplinkTests.peap

    static func scanned() -> Harness {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(campus, 9, rssi: -30), EnterpriseUplinkTests.real]))
        return h
    }

    @Test func theOwnersSettingsJoinThePinnedNetworkAndAreRemembered() throws {
        var h = Self.scanned()
        let a = h.on(.owner(.join(Self.campus, passphrase: nil, once: false, eap: Self.peap)))
        var expected = EnterpriseUplinkTests.target
        expected.didAutoJoin = false
        #expect(a.joins == [expected], "the enterprise BSS with the owner's settings, not the stronger open twin")
        let saved = try #require(a.persisted)
        #expect(saved.ownerNetworks.map { $0.eap } == [Self.peap])
        #expect(saved.ownerNetworks.map { $0.security } == [.enterprise])
        // The state file keeps them as hex words (so no byte can split the line) and reads them back.
        let text = saved.encoded()
        #expect(text.hasSuffix("\nnetwork 43616d707573 0 - eap0=70656170 eap1=74726176656c6c6572 eap3=7061227373"
                               + "0a776f7264 eap4=2f6574632f63612e70656d eap5=726164696f2e74657374\n"))
        #expect(try PersistentState.parse(text) == saved)
        // After a restart the remembered network is joined by itself with the same settings.
        var restarted = Harness(Fixture.config([]), saved: saved)
        restarted.on(.supplicantReconnected)
        let b = restarted.on(.scanResults([Fixture.entry(Self.campus, 9, rssi: -30), EnterpriseUplinkTests.real]))
        #expect(b.joins.map { $0.eap } == [Self.peap])
    }

    @Test func settingsThatWouldTrustAnyServerAreRefused() {
        var h = Self.scanned()
        var noCA = Self.peap
        noCA.values[EAPSettings.Field.caCert.rawValue] = []
        var a = h.on(.owner(.join(Self.campus, passphrase: nil, once: false, eap: noCA)))
        #expect(a.compactMap { $0.refusal } == ["ca_cert is missing: hotspotd never sends credentials to an unverified server"])
        #expect(a.joins.isEmpty && a.persisted == nil)
        var noDomain = Self.peap
        noDomain.values[EAPSettings.Field.domain.rawValue] = []
        a = h.on(.owner(.join(Self.campus, passphrase: nil, once: true, eap: noDomain)))
        #expect(a.compactMap { $0.refusal }.first?.hasPrefix("domain_suffix_match is missing") == true)
        a = h.on(.owner(.join(Self.campus, passphrase: pass("12345678"), once: true, eap: Self.peap)))
        #expect(a.compactMap { $0.refusal } == ["give a passphrase or EAP settings, not both"])
        #expect(a.joins.isEmpty)
    }

    @Test func aStateFileEnterpriseNetworkWithoutAVerifiedServerIsRefused() {
        // eap, identity, password, CA: no domain.
        let line = "hotspotd-state 1\nnetwork 41 0 - eap0=70656170 eap1=6d65 eap3=7077 eap4=2f6361\n"
        #expect(throws: PersistentStateError(line: 2, "domain_suffix_match is missing: hotspotd never sends credentials to an unverified server")) {
            try PersistentState.parse(line)
        }
        for bad in ["eap8=41", "eap1=", "eap1=4", "eap1=zz", "eap1=41 eap1=42", "eapx=41"] {
            #expect(throws: PersistentStateError.self, "\(bad)") {
                try PersistentState.parse("hotspotd-state 1\nnetwork 41 0 - eap0=70656170 " + bad + "\n")
            }
        }
    }
}
