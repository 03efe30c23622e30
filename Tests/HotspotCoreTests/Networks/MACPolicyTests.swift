import Testing
@testable import HotspotCore

@Suite struct MACPolicyTests {
    static let secret: [UInt8] = Array(0..<16)

    @Test func policiesParseAndPrint() {
        for text in ["hardware", "per-network", "per-join", "02:11:22:33:44:55", "a4:83:e7:01:02:03"] {
            #expect(MACPolicy(text)?.description == text)
        }
        #expect(MACPolicy("A4:83:E7:01:02:03") == .clone(BSSID("a4:83:e7:01:02:03")!))
    }

    @Test(arguments: ["", "Hardware", "per_network", "random", "per-network ", "01:00:5e:00:00:01", "ff:ff:ff:ff:ff:ff",
                      "00:00:00:00:00:00", "02:11:22:33:44", "02:11:22:33:44:55:66", "02-11-22-33-44-55", "0g:11:22:33:44:55"])
    func hostilePoliciesAreRefused(_ text: String) {
        #expect(MACPolicy(text) == nil)
    }

    /// The reference vector of the SipHash paper (key 00…0f, message 00…0e).
    @Test func sipHashMatchesThePaper() {
        #expect(SipHash.hash(Array(0..<15), key: Self.secret) == 0xa129ca6149be45e5)
        #expect(SipHash.hash([], key: Self.secret) == 0x726fdb47dd0e0e31)
        #expect(SipHash.hash(Array(0..<8), key: Self.secret) == 0x93f5f5799a932462)
    }

    @Test func perNetworkAddressesAreStableLocalUnicastAndKeyed() throws {
        let hotel = try #require(MACPolicy.perNetwork.address(for: ssid("Hotel-Lobby"), secret: Self.secret, random: 1))
        // Same SSID and secret: the same address whatever the random input (a restart, a reboot).
        #expect(MACPolicy.perNetwork.address(for: ssid("Hotel-Lobby"), secret: Self.secret, random: 99) == hotel)
        #expect(hotel.value >> 40 & 0x03 == 0x02, "locally administered, unicast: \(hotel)")
        #expect(MACPolicy.perNetwork.address(for: ssid("Hotel-Room12"), secret: Self.secret, random: 1) != hotel)
        // Another router (another secret) shows the same SSID another address.
        #expect(MACPolicy.perNetwork.address(for: ssid("Hotel-Lobby"), secret: Array(repeating: 7, count: 16), random: 1) != hotel)
    }

    @Test func otherPolicies() {
        let s = ssid("Cafe")
        #expect(MACPolicy.hardware.address(for: s, secret: Self.secret, random: 5) == nil)
        #expect(MACPolicy.perJoin.address(for: s, secret: [], random: 0xFFFF_FFFF_FFFF_FFFF) == BSSID("fe:ff:ff:ff:ff:ff"))
        #expect(MACPolicy.perJoin.address(for: s, secret: [], random: 0) == BSSID("02:00:00:00:00:00"))
        let laptop = BSSID("a4:83:e7:01:02:03")!
        #expect(MACPolicy.clone(laptop).address(for: s, secret: Self.secret, random: 5) == laptop)
    }

    @Test func joinsCarryTheNetworksPolicyElseTheGlobalOne() {
        var config = Fixture.config([])
        config.knownNetworks[1].mac = .clone(BSSID("a4:83:e7:01:02:03")!)
        var h = Harness(config)
        h.on(.supplicantReconnected)
        // The hotel has no policy of its own, and there is no global one: the address is left alone.
        #expect(h.on(.scanResults([Fixture.entry(Fixture.hotel, 1)])).joins.map { $0.mac } == [nil])

        config.macPolicy = .perJoin
        h = Harness(config)
        h.on(.supplicantReconnected)
        #expect(h.on(.scanResults([Fixture.entry(Fixture.hotel, 1)])).joins.map { $0.mac } == [.perJoin])
        h = Harness(config)
        h.on(.supplicantReconnected)
        #expect(h.on(.scanResults([Fixture.entry(Fixture.cafe, 2, security: .personal)])).joins.map { $0.mac }
                == [.clone(BSSID("a4:83:e7:01:02:03")!)])
    }

    @Test func theOwnersPolicyIsKeptWithTheNetwork() throws {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.airport, 2)]))
        let a = h.on(.owner(.join(Fixture.airport, passphrase: nil, once: false, mac: .perNetwork)))
        #expect(a.joins.map { $0.mac } == [.perNetwork])
        let saved = try #require(a.persisted)
        #expect(saved.ownerNetworks.map { $0.mac } == [.perNetwork])
        #expect(saved.encoded().hasSuffix("\nnetwork 416972706f7274 0 - per-network\n"))
        #expect(try PersistentState.parse(saved.encoded()) == saved)
        // Joined again without --mac: the policy stays.
        let again = h.on(.owner(.join(Fixture.airport, passphrase: nil, once: false)))
        #expect(again.persisted == nil)

        var restarted = Harness(Fixture.config([]), saved: saved)
        restarted.on(.supplicantReconnected)
        #expect(restarted.on(.scanResults([Fixture.entry(Fixture.airport, 2)])).joins.map { $0.mac } == [.perNetwork])
    }

    @Test(arguments: ["hotspotd-state 1\nnetwork 41 0 - random\n", "hotspotd-state 1\nnetwork 41 0 - 01:00:00:00:00:01\n",
                      "hotspotd-state 1\nnetwork 41 0 - per-join extra\n"])
    func badSavedPoliciesAreRefused(_ text: String) {
        #expect(throws: PersistentStateError.self) { try PersistentState.parse(text) }
    }
}
