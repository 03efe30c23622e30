import Testing
@testable import HotspotCore

/// The daemon's internet check of uplinks no helper maintains (HotspotMachine+Internet): when it runs,
/// and what each verdict does to the uplink.
@Suite struct InternetCheckTests {
    static let interval: Int64 = 300_000
    static let known = HelperDescriptor(name: "known", kind: .builtin, program: KnownNetworkHelper.program)

    /// Hotel (priority 10) and Airport (0), both open and the owner's; checks every 300 s.
    static func config(_ helpers: [HelperDescriptor] = []) -> HotspotConfiguration {
        var c = HotspotConfiguration(helpers: helpers, knownNetworks: [KnownNetwork(ssid: Fixture.hotel, priority: 10),
                                                                      KnownNetwork(ssid: Fixture.airport)])
        c.netcheckIntervalMs = interval
        return c
    }

    static let both = [Fixture.entry(Fixture.hotel, 1, rssi: -50), Fixture.entry(Fixture.airport, 2, rssi: -60)]

    /// Started, scanned, `ssid` joined and authenticated by no helper.
    static func online(_ scan: [ScanEntry] = both, config: HotspotConfiguration = config()) -> Harness {
        var h = Harness(config)
        h.on(.supplicantReconnected)
        h.on(.scanResults(scan))
        h.settleScans()
        let joining = h.m.linkSSID!
        join(&h, joining)
        return h
    }

    static func join(_ h: inout Harness, _ s: SSID) {
        h.on(.associated(ssid: s, bssid: bssid(s == Fixture.hotel ? 1 : 2), networkID: netID(0)))
        h.on(.ipv4Acquired)
    }

    /// Fires the check and answers it with `result`.
    @discardableResult
    static func check(_ h: inout Harness, _ result: HelperResult) -> [StationAction] {
        let sent = h.fire(.netcheck).requests(.maintain)
        #expect(sent.map { $0.helper } == [HotspotMachine.netcheckHelper])
        return h.respond(sent[0].id, result)
    }

    /// Two looks without internet: the first of an association is confirmed 5 s later before it counts.
    @discardableResult
    static func noInternet(_ h: inout Harness) -> [StationAction] {
        let first = check(&h, .temporaryFailure)
        #expect(first.disconnects == 0 && h.m.deadline(of: .netcheck) == h.now + 5_000)
        #expect(h.m.snapshot().isUsable)
        return check(&h, .temporaryFailure)
    }

    @Test func anUnclaimedUplinkIsCheckedAtOnceAfterItsJoin() {
        var h = Self.online()
        #expect(h.m.state == .authenticated && h.m.linkSSID == Fixture.hotel)
        #expect(h.m.deadline(of: .netcheck) == h.now)
        let a = h.fire(.netcheck)
        #expect(a.requests.map { $0.command } == [.maintain])
        #expect(a.requests.first?.network?.ssid == Fixture.hotel)
    }

    @Test func checksAreOffWithAZeroInterval() {
        var c = Self.config()
        c.netcheckIntervalMs = 0
        let h = Self.online(config: c)
        #expect(h.m.deadline(of: .netcheck) == nil)
    }

    @Test func onlineIsCheckedAgainLessOftenWhileItStaysOnline() {
        var h = Self.online()
        Self.check(&h, .success)
        #expect(h.m.deadline(of: .netcheck) == h.now + Self.interval)
        Self.check(&h, .success)
        #expect(h.m.deadline(of: .netcheck) == h.now + 2 * Self.interval)
        #expect(h.m.snapshot().isUsable)
        #expect(h.m.snapshot().uplinkInternet?.checks == 2)
        for _ in 0..<4 { Self.check(&h, .success) }
        #expect(h.m.deadline(of: .netcheck) == h.now + 4 * Self.interval)
    }

    @Test func noInternetIsLeftForTheNextUsableCandidate() {
        var h = Self.online()
        let a = Self.noInternet(&h)
        #expect(a.disconnects == 1)
        #expect(a.joins.map { $0.ssid } == [Fixture.airport])
        let s = h.m.snapshot()
        #expect(s.lastFailure?.ssid == Fixture.hotel && s.lastFailure?.reason == "no internet, checked 2 times")
        #expect(s.backedOff.map { $0.ssid } == [Fixture.hotel])
        #expect(h.m.scanRows().first { $0.entry.ssid == Fixture.hotel }?.internet?.verdict == InternetCheck.Verdict.none)
    }

    @Test func noInternetIsKeptWhileNothingElseIsUsable() {
        var h = Self.online([Fixture.entry(Fixture.hotel, 1, rssi: -50)])
        let a = Self.noInternet(&h)
        #expect(a.disconnects == 0 && a.joins.isEmpty)
        #expect(h.m.linkSSID == Fixture.hotel)
        #expect(!h.m.snapshot().isUsable)
        #expect(h.m.deadline(of: .netcheck) == h.now + 2 * Self.interval)
        #expect(h.m.snapshot().uplinkInternet?.summary(now: h.now + 40_000) == "no internet for 45 s, checked 2 times")
        // It is scanned like no uplink, and left as soon as something usable is in range.
        #expect(h.fire(.scan).contains(.requestScan))
        let left = h.on(.scanResults(Self.both), after: 1_000)
        #expect(left.disconnects == 1 && left.joins.map { $0.ssid } == [Fixture.airport])
    }

    @Test func aNetworkWithoutInternetWaitsLongerEachTimeAndIsKeptOnceItValidates() {
        var h = Self.online()
        Self.noInternet(&h)
        let firstWait = h.m.networks[Fixture.hotel]!.backoff!.until - h.now
        Self.join(&h, Fixture.airport)
        Self.check(&h, .success)
        h.m.selector.switchScans = 1
        // The backoff over, Hotel (priority 10) is joined again; still no internet: left again, for longer.
        let back = h.on(.scanResults(Self.both), after: firstWait)
        #expect(back.joins.map { $0.ssid } == [Fixture.hotel])
        Self.join(&h, Fixture.hotel)
        let again = Self.noInternet(&h)
        #expect(again.joins.map { $0.ssid } == [Fixture.airport])
        let secondWait = h.m.networks[Fixture.hotel]!.backoff!.until - h.now
        #expect(secondWait == 2 * firstWait)
        #expect(h.m.snapshot().lastFailure?.reason == "no internet, checked 4 times")
        // Before that wait is over, scans do not bring it back: no flapping.
        Self.join(&h, Fixture.airport)
        #expect(h.on(.scanResults(Self.both), after: secondWait - 1_000).joins.isEmpty)
        // Its internet back: joined once the wait is over, validated, kept; the backoff is forgiven.
        #expect(h.on(.scanResults(Self.both), after: 1_000).joins.map { $0.ssid } == [Fixture.hotel])
        Self.join(&h, Fixture.hotel)
        #expect(h.m.networks[Fixture.hotel]?.backoff != nil)
        let ok = Self.check(&h, .success)
        #expect(ok.disconnects == 0)
        #expect(h.m.networks[Fixture.hotel]?.backoff == nil)
        #expect(h.m.snapshot().isUsable && h.m.snapshot().lastFailure?.isResolved == true)
    }

    @Test func aPortalSendsTheNetworkBackToEvaluation() {
        var h = Self.online(config: Self.config([Fixture.alpha]))
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: Confidence.none)
        #expect(h.m.state == .authenticated)
        let a = Self.check(&h, .authenticationRequired)
        #expect(h.m.state == .evaluating)
        #expect(a.requests(.evaluate).map { $0.helper } == ["alpha"])
        #expect(a.disconnects == 0)
    }

    @Test func theKnownHelpersNetworksAreCheckedAndAPortalGoesToTheOtherHelpers() {
        var h = Self.online(config: Self.config([Self.known, Fixture.alpha]))
        _ = h.respond(h.request("known", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("known", .authenticate)!, .success)
        #expect(h.m.state == .authenticated)
        #expect(h.m.deadline(of: .netcheck) == h.now)
        let a = Self.check(&h, .authenticationRequired)
        #expect(a.requests(.evaluate).map { $0.helper } == ["alpha"])
        #expect(h.m.networks[Fixture.hotel]?.excluded == ["known"])
    }

    @Test func aClaimedNetworkIsLeftToItsHelpersMaintain() {
        var h = Self.online(config: Self.config([Fixture.alpha]))
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("alpha", .authenticate)!, .success)
        #expect(h.m.state == .authenticated)
        #expect(h.m.deadline(of: .netcheck) == nil)
    }

    @Test func aBrokenCheckGivesNoVerdictAndIsTriedAgainAfterTheInterval() {
        var h = Self.online()
        let id = h.fire(.netcheck).requests[0].id
        let a = h.on(.helperFailed(requestID: id, .crashed(signal: 9)))
        #expect(a.disconnects == 0)
        #expect(h.m.networks[Fixture.hotel]?.internet == nil)
        #expect(h.m.deadline(of: .netcheck) == h.now + Self.interval)
    }

    @Test func aDisconnectAbandonsTheCheck() {
        var h = Self.online()
        let id = h.fire(.netcheck).requests[0].id
        let a = h.on(.disconnected)
        #expect(a.abandoned == [id])
        #expect(h.m.deadline(of: .netcheck) == nil)
    }

    /// A hint (the uplink's default route changed, a helper's DNS failed) runs the check at once, but not
    /// while one runs, nor within 30 s of the latest verdict: a flapping route cannot make checks storm.
    @Test func aHintChecksAtOnceButNoMoreThanOnceIn30Seconds() {
        var h = Self.online()
        Self.check(&h, .success)
        #expect(h.m.deadline(of: .netcheck) == h.now + Self.interval)
        // Too soon after that verdict: nothing.
        #expect(h.on(.internetHint(.routeChanged), after: 29_000).requests.isEmpty)
        let a = h.on(.internetHint(.dnsFailed), after: 1_000)
        #expect(a.requests(.maintain).map { $0.helper } == [HotspotMachine.netcheckHelper])
        // One in flight: more hints add nothing.
        for _ in 0..<5 { #expect(h.on(.internetHint(.routeChanged), after: 100).requests.isEmpty) }
        _ = h.respond(a.requests[0].id, .success)
        #expect(h.on(.internetHint(.routeChanged), after: 1_000).requests.isEmpty)
        #expect(h.on(.internetHint(.routeChanged), after: 30_000).requests(.maintain).count == 1)
    }

    @Test func aHintLeavesAClaimedUplinkToItsHelper() {
        var h = Self.online(config: Self.config([Fixture.alpha]))
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("alpha", .authenticate)!, .success)
        #expect(h.on(.internetHint(.dnsFailed), after: 60_000).requests.isEmpty)
    }

    @Test func theOwnersChoiceIsKeptWithoutInternet() {
        var h = Harness(Self.config())
        h.on(.supplicantReconnected)
        h.on(.scanResults(Self.both))
        h.on(.owner(.join(Fixture.airport, passphrase: nil, once: false)))
        Self.join(&h, Fixture.airport)
        Self.check(&h, .temporaryFailure)
        let a = Self.check(&h, .temporaryFailure)
        #expect(a.disconnects == 0 && h.m.linkSSID == Fixture.airport)
    }
}

/// Issue 19: while a login waits for the owner's answers, the check notices that the owner passed the
/// portal on a phone behind the router.
@Suite struct PortalPassedElsewhereTests {
    static func waiting() -> Harness {
        var c = Fixture.config()
        c.netcheckIntervalMs = 300_000
        return Harness.presentingUI(c)
    }

    @Test func aPortalPassedOnAPhoneCountsAsAuthenticated() {
        var h = Self.waiting()
        #expect(h.m.state == .presentingUI)
        #expect(h.m.deadline(of: .netcheck) == h.now + 15_000)
        let still = InternetCheckTests.check(&h, .authenticationRequired)
        #expect(still.disconnects == 0 && h.m.state == .presentingUI)
        #expect(h.m.deadline(of: .netcheck) == h.now + 15_000)
        InternetCheckTests.check(&h, .success)
        #expect(h.m.state == .authenticated)
        #expect(h.m.snapshot().chosenHelper == "alpha" && h.m.snapshot().isUsable)
        #expect(h.m.snapshot().uiRequest == nil)
    }

    @Test func theOwnersAnswersStopTheChecks() {
        var h = Self.waiting()
        h.on(.owner(.submitUI([UIAnswer(key: "room", value: "12"), UIAnswer(key: "surname", value: "Doe")])))
        #expect(h.request("alpha", .presentUI) != nil)
        #expect(h.fire(.netcheck).requests.isEmpty)
    }
}
