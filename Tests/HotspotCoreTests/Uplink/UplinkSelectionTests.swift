import Testing
@testable import HotspotCore

/// The router's part: which network to join, when to leave one, and how failures wait.
@Suite struct UplinkSelectionTests {
    static let passphrase = pass("train-wifi-2024")

    /// Started and scanned; answers alpha's filterScanList with `claims`.
    static func claimed(_ claims: [HelperClaim], scan: [ScanEntry], config: HotspotConfiguration = Fixture.config())
        -> (Harness, [StationAction]) {
        var h = Harness(config)
        h.on(.supplicantReconnected)
        h.on(.scanResults(scan))
        let a = h.respond(h.request("alpha", .filterScanList)!, .success, claims: claims)
        return (h, a)
    }

    @Test func aClaimWithAPasswordIsJoined() {
        let scan = [Fixture.entry(Fixture.train, 3, rssi: -60, security: .personal)]
        let (h, a) = Self.claimed([HelperClaim(ssid: Fixture.train, password: Self.passphrase, confidence: .low)], scan: scan)
        #expect(a.joins == [JoinTarget(ssid: Fixture.train, security: .personal, passphrase: Self.passphrase)])
        #expect(h.m.snapshot().link?.stage == .joining)
        #expect(h.m.scanRows().first?.claimedBy == "alpha")
    }

    @Test func aPasswordForAnOpenNetworkIsDropped() {
        let (h, a) = Self.claimed([HelperClaim(ssid: Fixture.airport, password: Self.passphrase, confidence: .high)],
                                  scan: [Fixture.entry(Fixture.airport, 2)], config: Fixture.config([Fixture.alpha]))
        #expect(a.joins == [JoinTarget(ssid: Fixture.airport, security: .open)])
        #expect(h.m.slots[0].claims.map { $0.password } == [nil])
    }

    /// `option bssid` of a configured network: its join names that access point (wpa_supplicant's `bssid`), as
    /// a helper's pinned claim does, even where another of the network's APs is stronger; without it, any.
    @Test func aConfiguredNetworkPinnedToAnAccessPointIsJoinedThroughIt() {
        var pinned = KnownNetwork(ssid: Fixture.hotel)
        pinned.bssid = bssid(9)
        var config = Fixture.config([])
        config.knownNetworks = [pinned]
        var h = Harness(config)
        h.on(.supplicantReconnected)
        let a = h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -40), Fixture.entry(Fixture.hotel, 9, rssi: -80)]))
        #expect(a.joins == [JoinTarget(ssid: Fixture.hotel, security: .open, bssid: bssid(9))])

        var unpinned = Harness(Fixture.config([]))
        unpinned.on(.supplicantReconnected)
        let b = unpinned.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -40), Fixture.entry(Fixture.hotel, 9, rssi: -80)]))
        #expect(b.joins == [JoinTarget(ssid: Fixture.hotel, security: .open)])
    }

    // MARK: Hidden networks: an empty SSID cannot be given to wpa_supplicant

    static let hidden = SSID(bytes: [])!

    @Test func aClaimOnAHiddenNetworkIsNeverJoined() {
        let scan = [Fixture.entry(Self.hidden, 7, rssi: -30), Fixture.entry(Fixture.airport, 2, rssi: -80)]
        let (h, a) = Self.claimed([HelperClaim(ssid: Self.hidden, confidence: .high)], scan: scan)
        #expect(a.joins.isEmpty)
        #expect(h.m.linkStage == 0)
        #expect(h.m.scanRows().first?.claimedBy == nil)
    }

    @Test func aWorkingUplinkIsNotLeftForAHiddenNetwork() {
        // A state file may name one (`network - 5 -`); it is never a candidate.
        let saved = PersistentState(ownerNetworks: [KnownNetwork(ssid: Self.hidden, priority: 5)])
        var h = Harness(Fixture.config([]), saved: saved)
        h.m.selector.switchScans = 1
        h.on(.supplicantReconnected)
        #expect(h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -90)])).joins.map { $0.ssid } == [Fixture.hotel])
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        for _ in 0..<3 {
            let a = h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -90), Fixture.entry(Self.hidden, 7, rssi: -30)]),
                         after: 30_000)
            #expect(a.disconnects == 0 && a.joins.isEmpty)
        }
        #expect(h.m.state == .authenticated)
    }

    @Test func theOwnerCannotJoinAHiddenNetwork() {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Self.hidden, 7, rssi: -30)]))
        let a = h.on(.owner(.join(Self.hidden, passphrase: nil, once: false)))
        #expect(a.joins.isEmpty && a.persisted == nil)
        #expect(a.compactMap { $0.refusal } == ["a hidden network (empty SSID) cannot be joined: wpa_supplicant needs its name"])
    }

    @Test func claimsOutsideTheScanListOrWithoutConfidenceAreIgnored() {
        let scan = [Fixture.entry(Fixture.airport, 2)]
        let (_, a) = Self.claimed([HelperClaim(ssid: Fixture.train, password: Self.passphrase, confidence: .high),
                                   HelperClaim(ssid: Fixture.airport, confidence: .none)], scan: scan)
        #expect(a.joins.isEmpty)
    }

    @Test func aSecuredClaimWithoutPasswordNeedsAKnownOne() {
        let scan = [Fixture.entry(Fixture.cafe, 3, security: .personal)]
        let (_, a) = Self.claimed([HelperClaim(ssid: Fixture.cafe, confidence: .high)], scan: scan)
        #expect(a.joins.isEmpty, "joined already as a known network on the scan")
        var h = Harness()
        h.on(.supplicantReconnected)
        let b = h.on(.scanResults(scan))
        #expect(b.joins.first?.passphrase == pass("cafe-secret"))
    }

    @Test func enterpriseAndWEPAreNeverJoined() {
        var h = Harness(HotspotConfiguration(knownNetworks: [KnownNetwork(ssid: Fixture.office, passphrase: pass("whatever1"))]))
        h.on(.supplicantReconnected)
        #expect(h.on(.scanResults([Fixture.entry(Fixture.office, 4, security: .enterprise)])).joins.isEmpty)
        #expect(h.on(.owner(.join(Fixture.office, passphrase: nil, once: true))).refused)
    }

    @Test func rankingPriorityThenConfidenceThenSignal() {
        let s = UplinkSelector()
        func c(_ name: String, _ p: Int, _ conf: Confidence, _ sig: Double) -> UplinkCandidate {
            UplinkCandidate(target: JoinTarget(ssid: ssid(name), security: .open), priority: p, confidence: conf,
                            signalStrength: sig, claimedBy: nil)
        }
        #expect(s.ranks(c("a", 1, .low, 0.5), above: c("b", 0, .high, 0.9)))
        #expect(s.ranks(c("a", 0, .high, 0.5), above: c("b", 0, .low, 0.9)))
        #expect(s.ranks(c("a", 0, .low, 0.9), above: c("b", 0, .low, 0.5)))
        #expect(s.ranks(c("a", 0, .low, 0.5), above: c("b", 0, .low, 0.5)), "SSID bytes break ties")
        // Weak networks come after every strong one, whatever their rank.
        #expect(s.ranks(c("a", 0, .low, 0.4), above: c("b", 9, .high, 0.2)))
        // The machine's search goes by that order, passing over the network it leaves and blocked ones.
        let list = [c("x", 0, .low, 0.2), c("y", 0, .high, 0.6), c("z", 2, .low, 0.36)]
        var h = Harness()
        #expect(h.m.bestUnblocked(list, except: nil)?.ssid == ssid("z"))
        #expect(h.m.bestUnblocked(list, except: ssid("z"))?.ssid == ssid("y"))
        _ = h.m.recordBackoff(ssid("y"), reason: "failed")
        #expect(h.m.bestUnblocked(list, except: ssid("z"))?.ssid == ssid("x"), "y backed off: blocked")
    }

    @Test func theBestCandidateIsJoined() {
        var c = Fixture.config()
        c.knownNetworks = [KnownNetwork(ssid: Fixture.hotel, priority: 0), KnownNetwork(ssid: Fixture.airport, priority: 5)]
        var h = Harness(c)
        h.on(.supplicantReconnected)
        let a = h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -40), Fixture.entry(Fixture.airport, 2, rssi: -75)]))
        #expect(a.joins.map { $0.ssid } == [Fixture.airport], "priority beats signal")
        #expect(a.joins.first?.didAutoJoin == true)
    }

    @Test func weakNetworksOnlyWhenNothingElse() {
        var h = Harness()
        h.on(.supplicantReconnected)
        // Hotel at −85 dBm is below 35 %: still joined, as nothing else is there.
        #expect(h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -85)])).joins.map { $0.ssid } == [Fixture.hotel])
    }

    /// Online and authenticated on Hotel (open, known), with Cafe (known) and Airport around.
    static func workingOnHotel(_ configure: (inout HotspotConfiguration) -> Void = { _ in }) -> Harness {
        var c = Fixture.config([])
        configure(&c)
        var h = Harness(c)
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -60)]))
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        return h
    }

    @Test func hysteresisNeedsSeveralScansAndAMargin() {
        var h = Self.workingOnHotel()
        #expect(h.m.state == .authenticated)
        // Cafe (same priority, owner-vouched) only slightly stronger: never worth a switch.
        let slightly = [Fixture.entry(Fixture.hotel, 1, rssi: -60), Fixture.entry(Fixture.cafe, 3, rssi: -56, security: .personal)]
        for _ in 0..<6 { #expect(h.on(.scanResults(slightly), after: 10_000).joins.isEmpty) }
        // Much stronger: after three consecutive scans.
        let much = [Fixture.entry(Fixture.hotel, 1, rssi: -60), Fixture.entry(Fixture.cafe, 3, rssi: -45, security: .personal)]
        #expect(h.on(.scanResults(much), after: 10_000).joins.isEmpty)
        #expect(h.on(.scanResults(much), after: 10_000).joins.isEmpty)
        let a = h.on(.scanResults(much), after: 10_000)
        #expect(a.disconnects == 1 && a.joins.map { $0.ssid } == [Fixture.cafe])
        #expect(h.m.state == .inactive)
    }

    @Test func oneScanWithoutTheBetterNetworkStartsTheCountAgain() {
        var h = Self.workingOnHotel()
        let much = [Fixture.entry(Fixture.hotel, 1, rssi: -60), Fixture.entry(Fixture.cafe, 3, rssi: -45, security: .personal)]
        h.on(.scanResults(much))
        h.on(.scanResults(much))
        h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -60)]))
        h.on(.scanResults(much))
        #expect(h.on(.scanResults(much)).joins.isEmpty)
        #expect(h.on(.scanResults(much)).joins.map { $0.ssid } == [Fixture.cafe])
    }

    @Test func aFadingUplinkIsLeftForAStrongOne() {
        var h = Self.workingOnHotel { $0.switchScans = 1 }
        // Hotel falls below min_signal; Airport is nobody's, Cafe is known and strong.
        let a = h.on(.scanResults([Fixture.entry(Fixture.hotel, 1, rssi: -90),
                                   Fixture.entry(Fixture.cafe, 3, rssi: -70, security: .personal)]))
        #expect(a.joins.map { $0.ssid } == [Fixture.cafe])
    }

    @Test func theOwnersChoiceIsNotReplaced() {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.airport, 2, rssi: -80)]))
        let a = h.on(.owner(.join(Fixture.airport, passphrase: nil, once: true)))
        #expect(a.joins == [JoinTarget(ssid: Fixture.airport, security: .open, didAutoJoin: false)])
        h.on(.associated(ssid: Fixture.airport, bssid: bssid(2), networkID: netID(0)))
        h.on(.ipv4Acquired)
        #expect(h.m.snapshot().link?.isOwnerChoice == true)
        let better = [Fixture.entry(Fixture.airport, 2, rssi: -80), Fixture.entry(Fixture.hotel, 1, rssi: -40)]
        for _ in 0..<5 { #expect(h.on(.scanResults(better)).joins.isEmpty) }
    }

    @Test func nothingIsSwitchedWhileHelpersWork() {
        var h = Harness.evaluating()
        let better = [Fixture.entry(Fixture.hotel, 1, rssi: -90), Fixture.entry(Fixture.cafe, 3, rssi: -40, security: .personal)]
        for _ in 0..<5 { #expect(h.on(.scanResults(better)).joins.isEmpty) }
    }

    // MARK: Backoff

    @Test func backoffDoublesUpToTheCap() {
        let b = Backoff(baseMs: 30_000, capMs: 3_600_000)
        #expect((1...9).map { b.delay(afterFailures: $0) } ==
                [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000])
        #expect(b.delay(afterFailures: 1_000_000) == 3_600_000)
        var e: Backoff.Entry? = nil
        for _ in 0..<3 { e = b.failed(e, now: 0, reason: "WRONG_KEY") }
        #expect(e?.failures == 3 && e?.until == 120_000)
        #expect(b.failed(e, now: 0, atLeastMs: 500_000, reason: "x").until == 500_000, "wpa_supplicant's longer wait wins")
        // Quiet for a whole cap after the wait: forgotten.
        #expect(b.failed(e, now: 120_000 + 3_600_000, reason: "x").failures == 1)
    }

    @Test func wrongKeyBacksOffAndTheNextCandidateIsTried() {
        var h = Harness()
        h.on(.supplicantReconnected)
        let scan = [Fixture.entry(Fixture.cafe, 3, rssi: -40, security: .personal), Fixture.entry(Fixture.hotel, 1, rssi: -70)]
        #expect(h.on(.scanResults(scan)).joins.map { $0.ssid } == [Fixture.cafe])
        let a = h.on(.supplicant(.tempDisabled(ssid: Fixture.cafe, reason: .wrongKey, seconds: 10)))
        #expect(a.disconnects == 1 && a.joins.map { $0.ssid } == [Fixture.hotel])
        #expect(h.m.snapshot().backedOff.first?.until == h.now + 30_000)
    }

    @Test func repeatedFailuresWaitLongerEachTime() {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        let scan = [Fixture.entry(Fixture.hotel, 1)]
        var waits: [Int64] = []
        for _ in 0..<5 {
            #expect(h.on(.scanResults(scan)).joins.count == 1)
            h.on(.supplicant(.networkNotFound(ssid: nil)))
            let until = h.m.snapshot().backedOff.first!.until!
            waits.append(until - h.now)
            #expect(h.on(.scanResults(scan), after: until - h.now - 1).joins.isEmpty)
            h.now = until
        }
        #expect(waits == [30_000, 60_000, 120_000, 240_000, 480_000])
    }

    @Test func anAssociationThatNeverCompletesBacksOff() {
        var h = Harness.inactive()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        let a = h.fire(.association)
        #expect(a.disconnects == 1 && h.m.linkStage == 0)
        #expect(h.m.snapshot().backedOff.map { $0.ssid } == [Fixture.hotel])
    }

    @Test func aJoinThatDropsBeforeAnAddressCannotLoop() {
        var h = Harness.inactive()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        let a = h.on(.disconnected)
        #expect(a.joins.isEmpty)
        #expect(h.m.snapshot().backedOff.map { $0.ssid } == [Fixture.hotel])
    }

    @Test func wpaSupplicantJoiningADisabledNetworkIsUndone() {
        var h = Harness.failure()  // Hotel disabled
        let a = h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(a.disconnects == 1 && h.m.linkStage == 0)
    }

    @Test func wpaSupplicantJoiningABackedOffNetworkIsUndone() throws {
        var h = Harness.authenticating()
        _ = h.respond(try #require(h.request("alpha", .authenticate)), .temporaryFailure)  // Hotel waits 30 s
        let a = h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)), after: 1_000)
        #expect(a.disconnects == 1 && h.m.linkStage == 0)
        #expect(h.on(.ipv4Acquired).requests.isEmpty, "never evaluated")
        #expect(h.m.state == .failure)
        // Once the wait is over, it is welcome again.
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)), after: 30_000)
        #expect(h.m.linkStage == 2)
        #expect(h.on(.ipv4Acquired).requests(.evaluate).count == 2)
    }

    // MARK: The owner's networks

    @Test func ownerJoinRemembersTheNetworkUnlessOnce() {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        let a = h.on(.owner(.join(Fixture.train, passphrase: Self.passphrase, once: false)))
        #expect(a.accepted)
        #expect(a.joins == [JoinTarget(ssid: Fixture.train, security: .personal, passphrase: Self.passphrase, didAutoJoin: false)])
        #expect(a.persisted?.ownerNetworks == [KnownNetwork(ssid: Fixture.train, passphrase: Self.passphrase)])
        #expect(h.on(.owner(.join(Fixture.airport, passphrase: nil, once: true))).persisted == nil)
        // Forgetting: refused for the configuration's networks and strangers.
        #expect(h.on(.owner(.forget(Fixture.hotel))).refused)
        #expect(h.on(.owner(.forget(Fixture.airport))).refused)
        let f = h.on(.owner(.forget(Fixture.train)))
        #expect(f.accepted && f.persisted?.ownerNetworks == [])
        // Not in use, yet wpa_supplicant may still hold a block of it (and its passphrase).
        #expect(f.removedNetworks == [Fixture.train] && f.disconnects == 0)
    }

    @Test func forgettingTheCurrentNetworkLeavesIt() {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.train, 3, security: .personal)]))
        h.on(.owner(.join(Fixture.train, passphrase: Self.passphrase, once: false)))
        h.on(.associated(ssid: Fixture.train, bssid: bssid(3), networkID: netID(0)))
        h.on(.ipv4Acquired)
        let a = h.on(.owner(.forget(Fixture.train)))
        #expect(a.disconnects == 1 && a.joins.isEmpty && h.m.state == .inactive)
        #expect(a.removedNetworks == [Fixture.train])
        // After the disconnect: the block goes once wpa_supplicant has left the network.
        #expect(a.firstIndex(of: .disconnect)! < a.firstIndex(of: .removeNetworks(Fixture.train))!)
    }

    @Test func ownerJoinLiftsEveryBlock() {
        var h = Harness.loggingOff()
        _ = h.respond(h.request("alpha", .logoff)!, .success)
        let a = h.on(.owner(.join(Fixture.hotel, passphrase: nil, once: true)))
        #expect(a.joins.map { $0.ssid } == [Fixture.hotel])
        #expect(a.persisted?.loggedOff == [])
    }
}

/// An open (or enterprise) BSS carrying the name of a network the owner gave a key is an evil twin: the key
/// pins the network to BSSes that offer a passphrase suite.
@Suite struct LookalikeTests {
    static let key = pass("cafe-secret")
    static let twin = Fixture.entry(Fixture.cafe, 9, rssi: -30)
    static let real = Fixture.entry(Fixture.cafe, 3, rssi: -70, security: .personal)

    static func scanned(_ scan: [ScanEntry], helpers: [HelperDescriptor] = []) -> (Harness, [StationAction]) {
        var h = Harness(Fixture.config(helpers))
        h.on(.supplicantReconnected)
        let a = h.on(.scanResults(scan))
        return (h, a)
    }

    @Test func anOpenLookalikeAloneIsNeverJoined() {
        let (h, a) = Self.scanned([Self.twin])
        #expect(a.joins.isEmpty)
        #expect(h.m.linkStage == 0)
    }

    @Test func anEnterpriseLookalikeAloneIsNeverJoined() {
        var twin = Self.twin
        twin.security = .enterprise
        let (_, a) = Self.scanned([twin])
        #expect(a.joins.isEmpty)
    }

    @Test func theRealNetworkIsJoinedBesideAStrongerLookalike() {
        let (_, a) = Self.scanned([Self.twin, Self.real])
        #expect(a.joins == [JoinTarget(ssid: Fixture.cafe, security: .personal, passphrase: Self.key)])
    }

    @Test func aHelperClaimWithTheKeyDoesNotMakeTheLookalikeACandidate() {
        // The built-in `known` helper claims the owner's networks with their key and high confidence; the
        // stronger twin must not win the SSID's one candidate slot through that claim.
        let known = [KnownNetwork(ssid: Fixture.cafe, passphrase: Self.key)]
        let claims = [[HelperClaim(ssid: Fixture.cafe, password: Self.key, confidence: .high)]]
        let c = UplinkSelector().candidates(scan: ScanList([Self.twin, Self.real]), known: known,
                                            helpers: [Fixture.alpha], claims: claims)
        #expect(c.map { $0.target.security } == [.personal])
        let alone = UplinkSelector().candidates(scan: ScanList([Self.twin]), known: known, helpers: [Fixture.alpha],
                                                claims: claims)
        #expect(alone.isEmpty)
    }

    @Test func theLookalikeIsLoggedOnceAndShownInScanAndStatus() {
        var (h, a) = Self.scanned([Self.twin, Fixture.entry(Fixture.airport, 2)])
        #expect(a.logs.filter { $0.contains("look-alike") }.count == 1)
        a = h.on(.scanResults([Self.twin, Fixture.entry(Fixture.airport, 2)]), after: 30_000)
        #expect(a.logs.filter { $0.contains("look-alike") }.isEmpty)
        let rows = h.m.scanRows()
        #expect(rows.first { $0.entry.bssid == Self.twin.bssid }?.isLookalike == true)
        #expect(rows.first { $0.entry.ssid == Fixture.airport }?.isLookalike == false)
        #expect(h.m.snapshot().lookalikes.map { $0.bssid } == [Self.twin.bssid])
    }

    @Test func theOwnersJoinWithAKeyIsPinnedToAPassphraseSuite() {
        var (h, _) = Self.scanned([Self.twin, Self.real])
        let a = h.on(.owner(.join(Fixture.cafe, passphrase: Self.key, once: true)))
        #expect(a.joins == [JoinTarget(ssid: Fixture.cafe, security: .personal, passphrase: Self.key, didAutoJoin: false)])
    }

    @Test func theOwnersJoinWithAKeyRefusesALookalikeAlone() {
        var (h, _) = Self.scanned([Self.twin])
        let a = h.on(.owner(.join(Fixture.cafe, passphrase: Self.key, once: true)))
        #expect(a.joins.isEmpty)
        #expect(a.compactMap { $0.refusal }.first?.contains("not joining it unencrypted") == true)
    }

    @Test func anOpenOwnerNetworkStillJoinsItsOpenBSS() {
        // Hotel is known without a key: open is what the owner configured.
        let (_, a) = Self.scanned([Fixture.entry(Fixture.hotel, 1, rssi: -50)])
        #expect(a.joins.map { $0.security } == [.open])
    }
}

/// The driver polls the station's signal while this is true, whatever one read gave.
@Suite struct LinkStateTests {
    @Test func associatedFromAssociationUntilTheLinkIsLost() {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        h.on(.scanResults([Fixture.entry(Fixture.hotel, 1)]))
        #expect(!h.m.isAssociated, "joining is not associated")
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(h.m.isAssociated)
        h.on(.ipv4Acquired)
        #expect(h.m.isAssociated)
        h.on(.disconnected)
        #expect(!h.m.isAssociated)
    }
}
