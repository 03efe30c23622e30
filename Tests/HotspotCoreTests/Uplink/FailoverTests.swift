import Testing
@testable import HotspotCore

/// Time to online and failover (issue 20): the kernel suspends beacon-loss detection while the radio scans,
/// so nothing scans between a join and a working uplink; a lost uplink is replaced at once from the
/// latest scan, without trying the BSS that just went silent.
@Suite struct FailoverTests {
    /// Started on Hotel (open, b1) with Cafe (personal, known with its key, b4) in range; authenticated
    /// on Hotel by alpha.
    static func onlineWithCafeInRange(_ extra: [ScanEntry] = []) -> Harness {
        var h = Harness()
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -50),
                           Fixture.entry(Fixture.cafe, 4, rssi: -60, security: .personal)] + extra))
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("alpha", .authenticate)!, .success)
        return h
    }

    @Test func noScanIsAskedForWhileJoining() {
        var h = Harness.inactive()
        #expect(h.m.linkStage == 1, "joining Hotel")
        let a = h.fire(.scan)
        #expect(!a.contains(.requestScan), "wpa_supplicant scans for the join; ours would follow the association")
        #expect(h.m.deadline(of: .scan) != nil, "the policy still checks at the next interval")
    }

    @Test func oneScanFromStartToTenMinutesOnline() {
        var c = Fixture.config()
        c.connectedScanIntervalMs = 600_000  // UCI's default
        var h = Harness(c)
        var scans = h.on(.supplicantReconnected).filter { $0 == .requestScan }.count
        h.on(.scanResults(Fixture.scan))
        h.settleScans()
        // The scan timer fires during the join, association, DHCP and the helpers' work.
        scans += h.fire(.scan).filter { $0 == .requestScan }.count
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        scans += h.fire(.scan).filter { $0 == .requestScan }.count
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("alpha", .authenticate)!, .success)
        #expect(h.m.state == .authenticated)
        #expect(scans == 1, "only the start's scan until online")
        h.on(.linkSignal(rssi: -45))
        let onlineAt = h.now
        var online = 0
        while h.m.deadline(of: .scan)! <= onlineAt + 600_000 {
            online += h.fire(.scan).filter { $0 == .requestScan }.count
        }
        #expect(online <= 1, "at most one background scan in 10 minutes online")
    }

    @Test func aLostUplinkIsReplacedAtOnceByTheNextCandidate() {
        var h = Self.onlineWithCafeInRange()
        #expect(h.m.state == .authenticated)
        let a = h.on(.apLost)
        #expect(a.joins.map { $0.ssid } == [Fixture.cafe], "not the BSS that just went silent")
        #expect(h.m.linkStage == 1)
    }

    @Test func aLostUplinkIsReplacedOnTheNextCandidatesKnownChannelWithoutAFullScan() {
        // Cafe heard on channel 6 only; online for a minute without a scan (wpa_supplicant would scan
        // every channel for the join: 8-9 s in the radio VM).
        var h = Self.onlineWithCafeInRange([ScanEntry(ssid: Fixture.cafe, bssid: bssid(5), rssi: -70, frequency: 2437,
                                                      security: .personal)])
        h.now += 60_000
        let a = h.on(.apLost)
        #expect(!a.contains(.requestScan), "no full scan before the join")
        #expect(a.joins.map { $0.ssid } == [Fixture.cafe])
        #expect(a.joins.first?.frequencies == [2412, 2437], "the channels its BSSes were heard on")
    }

    @Test func theNextJoinGoesOutBeforeTheLoginInFlightIsAbandoned() {
        var h = Harness()
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -50),
                           Fixture.entry(Fixture.cafe, 4, rssi: -60, security: .personal)]))
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        #expect(h.request("alpha", .authenticate) != nil)
        h.now += 10_000
        let a = h.on(.apLost)
        // wpa_supplicant starts a full scan for the lost network 100 ms after its DISCONNECTED.
        let join = a.firstIndex { $0.joinTarget != nil }
        let abandon = a.firstIndex { if case .abandonHelper = $0 { return true } else { return false } }
        #expect(join != nil && abandon != nil)
        #expect(join! < abandon!, "the join before the helper's process is killed")
    }

    @Test func aScanListTooOldForChannelsIsRenewedBeforeTheNextJoinAndTheLostBSSStaysOut() {
        var h = Self.onlineWithCafeInRange()
        // Online past the background scan's period: the list may be of another place.
        h.now += 601_000
        let a = h.on(.apLost)
        #expect(a.joins.isEmpty, "not joined from a list ten minutes old")
        #expect(a.contains(.requestScan))
        // The kernel's dump still holds the silent BSS (cfg80211 keeps a BSS 30 s after it was last heard).
        let b = h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -50),
                                   Fixture.entry(Fixture.cafe, 4, rssi: -60, security: .personal)]))
        #expect(b.joins.map { $0.ssid } == [Fixture.cafe])
        // Heard in a scan 30 s later, it is back.
        h.now += 30_000
        h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -50)]))
        #expect(h.m.scan.entry(bssid: bssid(1)) != nil)
    }

    @Test func aCandidateMissingFromItsKnownChannelsFallsBackToAFullScanAtOnce() {
        var h = Self.onlineWithCafeInRange()
        h.now += 60_000
        #expect(h.on(.apLost).joins.first?.frequencies == [2412])
        // wpa_supplicant's scan of channel 1 did not hear Cafe: gone (or moved); no other candidate.
        let a = h.on(.supplicant(.networkNotFound(ssid: nil)))
        #expect(a.contains(.disconnect))
        #expect(a.contains(.requestScan), "a full scan at once, not at the next scan interval")
        #expect(h.m.linkStage == 0)
    }

    @Test func aLossWithoutAnyCandidateLeftScansAtOnce() {
        var h = Self.onlineWithCafeInRange()
        h.now += 1_000
        h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -50)]))
        let a = h.on(.apLost)
        #expect(a.joins.isEmpty)
        #expect(a.contains(.requestScan), "nothing known to join: look for something at once")
    }

    @Test func anotherBSSOfTheLostNetworkIsStillJoined() {
        var h = Self.onlineWithCafeInRange([Fixture.entry(Fixture.hotel, 3, rssi: -55)])
        let a = h.on(.apLost)
        #expect(a.joins.map { $0.ssid } == [Fixture.hotel])
    }

    @Test func theLinkMachinePassesAnAPLossOnAsSuch() {
        var link = LinkMachine()
        #expect(link.handle(.apLost, route: RouteFacts(), now: 0) == [.submit(.apLost)])
        #expect(link.handle(.disconnected, route: RouteFacts(), now: 0) == [.submit(.disconnected)])
    }

    @Test func aDeauthenticationRejoinsTheSameNetwork() {
        // The AP is still there (it sent the deauthentication): the best network stays the best.
        var h = Self.onlineWithCafeInRange()
        let a = h.on(.disconnected)
        #expect(a.joins.map { $0.ssid } == [Fixture.hotel])
    }
}
