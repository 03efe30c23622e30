import Testing
@testable import HotspotCore

/// Two radios (`list interface`, issue 24): one scan table across them, a join on its candidate's radio,
/// one station associated at a time, the other radio's association events dropped, failover across radios.
@Suite struct RadiosTests {
    static let five = ScanEntry(ssid: SSID("Five")!, bssid: bssid(5), rssi: -60, frequency: 5180, security: .open)
    static let two = ScanEntry(ssid: SSID("Two")!, bssid: bssid(2), rssi: -50, frequency: 2412, security: .open)

    static func onRadio(_ e: ScanEntry, _ r: UInt8) -> ScanEntry {
        var e = e
        e.radio = r
        return e
    }

    /// Radio 0 attached first, radio 1 later (its socket came up after the start).
    static func twoRadios() -> LinkHarness {
        var h = LinkHarness()
        h.m.radios = 2
        _ = h.on(.supplicantUp)
        return h
    }

    @Test func eachRadiosScanJoinsOneTableMarkedWithItsRadio() {
        var h = Self.twoRadios()
        // The late radio's attach asks what it is associated to; the core is not told of a reconnect.
        #expect(h.on(.supplicantUp, from: 1) == [.log(.notice, "attached to wpa_supplicant"), .requestStatus(.attached)])
        #expect(h.on(.scanResultsReady, from: 1) == [.readScan(.kernel)])
        #expect(h.on(.scanRead(.kernel, [Self.five]), from: 1) == [.submit(.scanResults([Self.onRadio(Self.five, 1)]))])
        // Radio 0's scan joins radio 1's latest; its own replaces its earlier one.
        #expect(h.on(.scanRead(.kernel, [Self.five, Self.two]), from: 0)
                == [.submit(.scanResults([Self.onRadio(Self.five, 1), Self.five, Self.two]))])
        #expect(h.on(.scanRead(.kernel, []), from: 1) == [.submit(.scanResults([Self.five, Self.two]))])
    }

    @Test func aJoinRunsOnItsRadioAndLeavesTheOtherOnesNetwork() {
        var h = Self.twoRadios()
        var fiveGHz = JoinTarget(ssid: Self.five.ssid, security: .open)
        fiveGHz.radio = 1
        // The route monitor follows the uplink to radio 1's interface before the join's plan runs.
        #expect(h.on(.request(.join(fiveGHz))) == [.followUplink, .runJoinPlan(fiveGHz)])
        #expect(h.m.radio == 1)
        _ = h.on(.workFinished(.joined(netID(3), reused: false)), from: 1)
        #expect(h.on(.connected(bssid: bssid(5), networkID: netID(3)), from: 1).first
                == .submit(.associated(ssid: Self.five.ssid, bssid: bssid(5), networkID: netID(3))))
        // Radio 0's events are not the uplink's: a stray disconnect or connect there changes nothing.
        #expect(h.on(.disconnected, from: 0).isEmpty)
        #expect(h.on(.connected(bssid: bssid(2), networkID: netID(0)), from: 0).isEmpty)
        #expect(h.on(.tempDisabled(networkID: netID(3), ssid: nil, reason: nil, seconds: nil), from: 0).isEmpty)
        // Radio 0's wpa_supplicant restarting keeps radio 1's block and tells the core nothing.
        _ = h.on(.supplicantUp, from: 0)
        #expect(h.m.block?.id == netID(3))
        // The AP went silent: the next candidate is on radio 0; radio 1's block goes, so it stays off the air.
        #expect(h.on(.apLost, from: 1) == [.submit(.apLost)])
        let twoGHz = JoinTarget(ssid: Self.two.ssid, security: .open)
        #expect(h.on(.request(.join(twoGHz))) == [.removeNetwork(netID(3), radio: 1), .followUplink, .runJoinPlan(twoGHz)])
        #expect(h.m.radio == 0 && h.m.block == nil)
        #expect(h.on(.disconnected, from: 1).isEmpty)
    }

    @Test func anAssociationOnAnotherRadioIsPickedUpWhenNothingWasJoined() {
        var h = Self.twoRadios()
        _ = h.on(.status(.attached, LinkStatus(completed: false, ssid: nil)))
        _ = h.on(.supplicantUp, from: 1)
        let a = h.on(.status(.attached, LinkStatus(completed: true, ssid: Self.five.ssid, bssid: bssid(5))), from: 1)
        #expect(Array(a.prefix(2)) == [.followUplink, .submit(.associated(ssid: Self.five.ssid, bssid: bssid(5), networkID: nil))])
        #expect(h.m.radio == 1)
    }

    @Test func aFiveGHzBSSWithAGoodSignalIsChosenOverTheStrongerTwoPointFour() {
        let home = SSID("Home")!
        let low = ScanEntry(ssid: home, bssid: bssid(1), rssi: -40, frequency: 2437, security: .open)
        var high = ScanEntry(ssid: home, bssid: bssid(2), rssi: -62, frequency: 5180, security: .open)
        high.radio = 1
        #expect(ScanList([low, high]).strongest(home) == high)
        #expect(ScanList([low, high]).strongest(home, security: .open) == high)
        let selector = UplinkSelector()
        let chosen = selector.candidates(scan: ScanList([low, high]), known: [KnownNetwork(ssid: home)], helpers: [], claims: [])
        #expect(chosen.first?.target.radio == 1)
        // Heard weakly, it is not: the stronger 2.4 GHz BSS is.
        high.rssi = -70
        #expect(ScanList([low, high]).strongest(home) == low)
    }

    @Test func theOwnersJoinRunsOnTheRadioThatHeardTheNetwork() {
        var h = Harness()
        h.on(.supplicantReconnected)
        var airport = Fixture.entry(Fixture.airport, 7, rssi: -50)
        airport.radio = 1
        h.on(.scanResults([airport]))
        let a = h.on(.owner(.join(Fixture.airport, passphrase: nil, once: true)))
        #expect(a.joins.map { $0.radio } == [1])
    }

    @Test func aLostUplinkOnOneRadioIsReplacedByTheNextCandidateOnTheOther() {
        var h = Harness()
        h.on(.supplicantReconnected)
        // Hotel heard by the 5 GHz radio (1), Cafe by the 2.4 GHz radio (0).
        var hotel = Fixture.entry(Fixture.hotel, 1, rssi: -50)
        hotel.frequency = 5180
        hotel.radio = 1
        let a = h.on(.scanResults([hotel, Fixture.entry(Fixture.cafe, 4, rssi: -60, security: .personal)]))
        #expect(a.joins.map { $0.radio } == [1])
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("alpha", .authenticate)!, .success)
        #expect(h.m.state == .authenticated)
        let b = h.on(.apLost)
        #expect(b.joins.map { $0.ssid } == [Fixture.cafe] && b.joins.map { $0.radio } == [0])
    }
}
