import Testing
@testable import HotspotCore

/// Enterprise (802.1X) uplinks: EAP settings make a network joinable, and pin it to BSSes offering EAP.
@Suite struct EnterpriseUplinkTests {
    static let campus = ssid("Campus")
    static let peap = settings(["eap": "peap", "identity": "traveller", "password": "pa\"ss\nword",
                                "ca_cert": "/etc/ca.pem", "domain_suffix_match": "radio.test"])
    static let real = Fixture.entry(campus, 3, rssi: -70, security: .enterprise)

    static func settings(_ fields: [String: String]) -> EAPSettings {
        var s = EAPSettings()
        for (k, v) in fields {
            let known = s.set(k, Array(v.utf8))
            #expect(known)
        }
        return s
    }

    static func scanned(_ scan: [ScanEntry]) -> (Harness, [StationAction]) {
        var config = Fixture.config([])
        config.knownNetworks = [KnownNetwork(ssid: campus, eap: peap)]
        var h = Harness(config)
        h.on(.supplicantReconnected)
        let a = h.on(.scanResults(scan))
        return (h, a)
    }

    static var target: JoinTarget {
        var t = JoinTarget(ssid: campus, security: .enterprise)
        t.eap = peap
        return t
    }

    @Test func aConfiguredEnterpriseNetworkIsJoinedWithItsSettings() {
        let (_, a) = Self.scanned([Self.real])
        #expect(a.joins == [Self.target])
    }

    @Test func itsOpenOrPersonalLookalikeIsNeverJoined() {
        for security in [SecurityType.open, .personal] {
            let twin = Fixture.entry(Self.campus, 9, rssi: -30, security: security)
            var (h, a) = Self.scanned([twin])
            #expect(a.joins.isEmpty, "\(security) look-alike alone")
            #expect(a.logs.filter { $0.contains("look-alike") }.count == 1)
            #expect(h.m.snapshot().lookalikes.map { $0.bssid } == [twin.bssid])
            // Beside the real one, the real one is joined even though the twin is stronger.
            (h, a) = Self.scanned([twin, Self.real])
            #expect(a.joins == [Self.target], "\(security) look-alike beside the real network")
        }
    }

    @Test func aHelperClaimOnItCannotMakeTheLookalikeACandidate() {
        let twin = Fixture.entry(Self.campus, 9, rssi: -30)
        let known = [KnownNetwork(ssid: Self.campus, eap: Self.peap)]
        let claims = [[HelperClaim(ssid: Self.campus, confidence: .high)]]
        let c = UplinkSelector().candidates(scan: ScanList([twin]), known: known, helpers: [Fixture.alpha], claims: claims)
        #expect(c.isEmpty)
    }

    @Test func aClaimWithEAPSettingsIsPinnedToEnterpriseBSSes() {
        var claim = HelperClaim(ssid: Self.campus, confidence: .high)
        claim.eap = Self.peap
        let twin = Fixture.entry(Self.campus, 9, rssi: -30)
        let s = UplinkSelector()
        #expect(s.candidates(scan: ScanList([twin]), known: [], helpers: [Fixture.alpha], claims: [[claim]]).isEmpty)
        let c = s.candidates(scan: ScanList([twin, Self.real]), known: [], helpers: [Fixture.alpha], claims: [[claim]])
        #expect(c.map { $0.target.eap } == [Self.peap])
        #expect(c.map { $0.target.security } == [.enterprise])
    }

    @Test func theOwnersJoinUsesTheConfiguredSettingsAndRemembersNoCopy() {
        var (h, _) = Self.scanned([Fixture.entry(Self.campus, 9, rssi: -30), Self.real])
        var a = h.on(.owner(.join(Self.campus, passphrase: nil, once: false)))
        var expected = Self.target
        expected.didAutoJoin = false
        #expect(a.joins == [expected])
        #expect(h.m.ownerNetworks.isEmpty)
        // Without settings an enterprise network is refused with a reason.
        (h, _) = Self.scanned([Fixture.entry(Fixture.office, 4, security: .enterprise)])
        a = h.on(.owner(.join(Fixture.office, passphrase: nil, once: true)))
        #expect(a.compactMap { $0.refusal } == ["hotspotd cannot join networks with enterprise security"])
    }

    @Test func settingsNeedAVerifiedServerAndTheirMethodsCredentials() {
        var s = Self.peap
        #expect(s.problem() == nil)
        #expect("\(s)" == "eap(redacted)")
        let psk = s.set("psk", [1])
        #expect(!psk)
        let cases: [(String, [UInt8], String)] = [
            ("ca_cert", [], "ca_cert is missing: hotspotd never sends credentials to an unverified server"),
            ("domain_suffix_match", [], "domain_suffix_match is missing: hotspotd never sends credentials to an unverified server"),
            ("ca_cert", Array("ca.pem".utf8), "ca_cert is not an absolute path"),
            ("password", [], "password is missing"),
            ("eap", Array("md5".utf8), "eap must be peap, ttls, ttls-mschapv2 or tls"),
            ("identity", Array(repeating: 0x41, count: 256), "identity is longer than 255 bytes"),
        ]
        for (name, value, message) in cases {
            s = Self.peap
            _ = s.set(name, value)
            #expect(s.problem() == message)
        }
        s = Self.settings(["eap": "tls", "identity": "me", "ca_cert": "/ca", "domain_suffix_match": "d.example",
                           "client_cert": "/c.pem"])
        #expect(s.problem() == "private_key is missing")
        _ = s.set("private_key", Array("/k.pem".utf8))
        #expect(s.problem() == nil)
    }
}

/// Issue 35, EAP server name: `domain_suffix_match com` trusts every server under .com whose certificate the
/// CA signed. At least two labels (each `;`-separated name, as wpa_supplicant takes a list), in every path
/// `problem()` guards: UCI, the CLI's join (the core), the state file.
@Suite struct EAPServerNameTests {
    static let why = "domain_suffix_match must name a domain of at least two labels (radius.example.edu), not a top-level domain"

    static func with(_ domain: String) -> EAPSettings {
        var s = EnterpriseUplinkTests.peap
        s.values[EAPSettings.Field.domain.rawValue] = Array(domain.utf8)
        return s
    }

    @Test func aTopLevelDomainIsRefused() {
        for bad in ["com", "com.", ".com", "edu", ".", "..", "example..com", "radius.example.edu;com", ";example.com", "example.com;"] {
            #expect(Self.with(bad).problem() == Self.why, "\(bad)")
        }
        for good in ["example.com", "radius.example.edu", "radius.example.edu.", "a.example.com;b.example.org"] {
            #expect(Self.with(good).problem() == nil, "\(good)")
        }
    }

    @Test func refusedByTheCoreForTheOwnersJoinAndInTheStateFile() {
        var h = OwnerEnterpriseJoinTests.scanned()
        let a = h.on(.owner(.join(OwnerEnterpriseJoinTests.campus, passphrase: nil, once: true, eap: Self.with("com"))))
        #expect(a.compactMap { $0.refusal } == [Self.why])
        #expect(a.joins.isEmpty)
        // eap peap, identity me, password pw, CA /ca, domain com.
        let line = "hotspotd-state 1\nnetwork 41 0 - eap0=70656170 eap1=6d65 eap3=7077 eap4=2f6361 eap5=636f6d\n"
        #expect(throws: PersistentStateError(line: 2, Self.why)) { try PersistentState.parse(line) }
    }
}

extension EAPSettings {
    /// Sets the field called `name`; false when no field has that name.
    mutating func set(_ name: String, _ value: [UInt8]) -> Bool {
        guard let i = Self.names.firstIndex(where: { $0.description == name }) else { return false }
        values[i] = value
        return true
    }
}
