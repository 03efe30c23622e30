import Testing
@testable import HotspotCore

/// NEHotspotConfiguration's ssidPrefix, hidden and lifeTimeInDays on the router (issue 22).
@Suite struct OwnerNetworkOptionTests {
    static func prefix(_ s: String, key: String? = nil) -> KnownNetwork {
        var k = KnownNetwork(ssid: ssid(s), passphrase: key.map(pass))
        k.isPrefix = true
        return k
    }

    @Test func exactNamesFirstThenTheLongestPrefix() {
        let hotel = Self.prefix("Hotel-"), lobby = Self.prefix("Hotel-Lob"), exact = KnownNetwork(ssid: ssid("Hotel-Lobby"))
        #expect(KnownNetwork.matching(ssid("Hotel-Room12"), [hotel, lobby, exact]) == hotel)
        #expect(KnownNetwork.matching(ssid("Hotel-Lobby2"), [hotel, lobby, exact]) == lobby)
        #expect(KnownNetwork.matching(ssid("Hotel-Lobby"), [hotel, lobby], [exact]) == exact)
        #expect(KnownNetwork.matching(ssid("Hotel"), [hotel, lobby, exact]) == nil)
        #expect(KnownNetwork.matching(ssid("hotel-room"), [hotel]) == nil, "bytes, not letters: case matters")
        // A prefix is a name's start, the whole name included.
        #expect(KnownNetwork.matching(ssid("Hotel-"), [hotel]) == hotel)
        #expect(KnownNetwork.matching(SSID(bytes: [])!, [hotel]) == nil)
    }

    @Test func aPrefixNetworkJoinsTheNamesItStarts() {
        var config = Fixture.config([])
        config.knownNetworks = [Self.prefix("Hotel-", key: "hotel-secret")]
        var h = Harness(config)
        h.on(.supplicantReconnected)
        let a = h.on(.scanResults([Fixture.entry(ssid("Hotel-Lobby"), 1, rssi: -70, security: .personal),
                                   Fixture.entry(ssid("Hotel-Room12"), 2, rssi: -50, security: .personal),
                                   Fixture.entry(ssid("Hotel-Free"), 3, rssi: -40, security: .open),
                                   Fixture.entry(ssid("Hostel-X"), 4, rssi: -30, security: .personal)]))
        #expect(a.joins == [JoinTarget(ssid: ssid("Hotel-Room12"), security: .personal, passphrase: pass("hotel-secret"))])
        // The open one carrying the prefix is a look-alike of a network with a key: never joined.
        #expect(h.m.isLookalike(Fixture.entry(ssid("Hotel-Free"), 3, security: .open)))
    }

    @Test func theOwnersPrefixJoinTakesTheStrongestMatchAndIsRemembered() throws {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(ssid("Hotel-Lobby"), 1, rssi: -70), Fixture.entry(ssid("Hotel-Room12"), 2, rssi: -50)]))
        let a = h.on(.owner(.join(ssid("Hotel-"), passphrase: nil, once: false, prefix: true)))
        #expect(a.joins.map { $0.ssid } == [ssid("Hotel-Room12")])
        let saved = try #require(a.persisted)
        #expect(saved.ownerNetworks == [Self.prefix("Hotel-")])
        #expect(saved.encoded().hasSuffix("\nnetwork 486f74656c2d 0 - prefix\n"))
        #expect(try PersistentState.parse(saved.encoded()) == saved)
        #expect(h.on(.owner(.join(ssid("Motel-"), passphrase: nil, once: true, prefix: true))).compactMap { $0.refusal }
                == ["no network whose name starts with it is in range"])
    }

    @Test func aHiddenNetworkIsTriedWhenNothingVisibleIs() throws {
        var config = Fixture.config([])
        var secret = KnownNetwork(ssid: ssid("Back Office"), passphrase: pass("office-secret"))
        secret.isHidden = true
        config.knownNetworks = [KnownNetwork(ssid: Fixture.hotel), secret]
        var h = Harness(config)
        h.on(.supplicantReconnected)
        // Something visible and known: that is joined, the hidden network is not tried.
        #expect(h.on(.scanResults([Fixture.entry(Fixture.hotel, 1)])).joins.map { $0.ssid } == [Fixture.hotel])

        h = Harness(config)
        h.on(.supplicantReconnected)
        // Its AP answers only directed probes: the scan shows it without a name.
        let a = h.on(.scanResults([Fixture.entry(SSID(bytes: [])!, 9, security: .personal)]))
        var expected = JoinTarget(ssid: ssid("Back Office"), security: .personal, passphrase: pass("office-secret"))
        expected.isHidden = true
        #expect(a.joins == [expected])
        // Not there after all: the association times out, it backs off, and is not tried at every scan.
        h.fire(.association)
        #expect(h.on(.scanResults([]), after: 1_000).joins.isEmpty)
    }

    @Test func theOwnerJoinsAHiddenNetworkByName() throws {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([]))
        let a = h.on(.owner(.join(ssid("Back Office"), passphrase: pass("office-secret"), once: false, hidden: true)))
        #expect(a.joins.map { $0.isHidden } == [true])
        let saved = try #require(a.persisted)
        #expect(saved.encoded().hasSuffix(" hidden\n"))
        #expect(try PersistentState.parse(saved.encoded()) == saved)
    }

    @Test func aLifetimeCountsOnTheWallClockOnceItIsSynchronised() throws {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.airport, 2)]))
        // A router boots with a wrong clock: no expiry is fixed until the clock is synchronised.
        let a = h.on(.owner(.join(Fixture.airport, passphrase: nil, once: false, days: 2)))
        var joined = try #require(a.persisted).ownerNetworks[0]
        #expect(joined.lifetimeDays == 2 && joined.expiresAt == nil)
        h.m.wallClock = 1_800_000_000
        let synced = try #require(h.on(.scanResults([Fixture.entry(Fixture.airport, 2)]), after: 1_000).persisted)
        joined.expiresAt = 1_800_000_000 + 2 * 86_400
        #expect(synced.ownerNetworks == [joined])
        #expect(synced.encoded().hasSuffix(" days=2 until=1800172800\n"))
        #expect(try PersistentState.parse(synced.encoded()) == synced)

        // Restarted from the file: the expiry stays; a second before it nothing happens, at it the network goes.
        var r = Harness(Fixture.config([]), saved: synced)
        r.on(.supplicantReconnected)
        r.m.wallClock = 1_800_172_799
        #expect(r.on(.scanResults([Fixture.entry(Fixture.airport, 2)])).joins.map { $0.ssid } == [Fixture.airport])
        r.on(.associated(ssid: Fixture.airport, bssid: bssid(2), networkID: netID(0)))
        r.m.wallClock = 1_800_172_800
        let gone = r.on(.scanResults([Fixture.entry(Fixture.airport, 2)]), after: 1_000)
        #expect(try #require(gone.persisted).ownerNetworks.isEmpty)
        #expect(gone.disconnects == 1 && gone.removedNetworks == [Fixture.airport])
        #expect(gone.logs.contains("Airport: forgotten: its lifetime is over"))
    }

    @Test(arguments: ["hotspotd-state 1\nnetwork 41 0 - days=0\n", "hotspotd-state 1\nnetwork 41 0 - days=x\n",
                      "hotspotd-state 1\nnetwork 41 0 - until=-5\n", "hotspotd-state 1\nnetwork 41 0 - days=99999\n",
                      "hotspotd-state 1\nnetwork 41 0 - prefix prefix\n", "hotspotd-state 1\nnetwork 41 0 - hidden=1\n"])
    func badSavedOptionsAreRefused(_ text: String) {
        #expect(throws: PersistentStateError.self) { try PersistentState.parse(text) }
    }
}
