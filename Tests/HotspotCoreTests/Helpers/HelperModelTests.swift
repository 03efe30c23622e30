import Testing
@testable import HotspotCore

/// The transitions of docs/architecture.md §2, one behaviour at a time.
@Suite struct HelperModelTests {
    // MARK: Commands and results

    @Test func validResultsPerCommand() {
        let valid: [HelperCommand: [HelperResult]] = [
            .filterScanList: [.success],
            .evaluate: [.success],
            .authenticate: [.success, .uiRequired, .unsupportedNetwork, .temporaryFailure, .failure],
            // uiRequired: our extension, a refusal asked again (the owner is the UI).
            .presentUI: [.success, .uiRequired, .unsupportedNetwork, .temporaryFailure, .failure],
            .maintain: [.success, .authenticationRequired, .temporaryFailure, .failure],
            .logoff: [.success, .failure],
        ]
        for c in HelperCommand.allCases {
            for r in HelperResult.allCases {
                #expect(c.accepts(r) == valid[c]!.contains(r), "\(c) \(r)")
            }
        }
        #expect(HelperCommand.allCases.filter { !$0.hasTimeLimit } == [.presentUI])
        #expect(HelperCommandSet([.evaluate, .logoff]).commands == [.evaluate, .logoff])
        #expect(HelperCommandSet.all.commands == HelperCommand.allCases)
    }

    // MARK: Evaluation

    @Test func firstHighWinsAtOnceAndTheOthersAreAbandoned() {
        var h = Harness.evaluating()
        let alpha = h.request("alpha", .evaluate)!, beta = h.request("beta", .evaluate)!
        // beta answers first with high: alpha is abandoned although it never answered.
        let a = h.respond(beta, .success, confidence: .high)
        #expect(a.abandoned == [alpha])
        #expect(a.requests(.authenticate).map { $0.helper } == ["beta"])
        #expect(h.m.state == .authenticating)
        #expect(a.requests(.authenticate).first?.network?.isChosenHelper == true)
        // alpha's late answer changes nothing.
        let late = h.respond(alpha, .success, confidence: .high)
        #expect(!late.contains { $0.isEffect })
        #expect(h.m.state == .authenticating)
    }

    @Test func highestLowWinsOnceAllAnswered() {
        var h = Harness.evaluating()
        let alpha = h.request("alpha", .evaluate)!, beta = h.request("beta", .evaluate)!
        var a = h.respond(beta, .success, confidence: .low)
        #expect(a.requests.isEmpty && h.m.state == .evaluating)
        a = h.respond(alpha, .success, confidence: Confidence.none)
        #expect(a.requests(.authenticate).map { $0.helper } == ["beta"])
    }

    @Test func twoLowsGoToTheEarlierHelper() {
        var h = Harness.evaluating()
        _ = h.respond(h.request("beta", .evaluate)!, .success, confidence: .low)
        let a = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .low)
        #expect(a.requests(.authenticate).map { $0.helper } == ["alpha"])
    }

    @Test func aTimedOutEvaluatorCountsAsNoClaim() {
        var h = Harness.evaluating()
        _ = h.respond(h.request("beta", .evaluate)!, .success, confidence: .low)
        let alpha = h.request("alpha", .evaluate)!
        let a = h.fire(.command(alpha))
        #expect(a.abandoned == [alpha])
        #expect(a.requests(.authenticate).map { $0.helper } == ["beta"])
    }

    @Test func nobodyClaimsAuthenticatedWithoutHelper() {
        var h = Harness.evaluating()
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: Confidence.none)
        let a = h.on(.helperFailed(requestID: h.request("beta", .evaluate)!, .invalidOutput("no result line")))
        #expect(h.m.state == .authenticated)
        #expect(h.m.snapshot().chosenHelper == nil)
        #expect(h.m.snapshot().isUsable)
        #expect(h.m.deadline(of: .maintain) == nil, "no helper, nothing to maintain")
        #expect(a.disconnects == 0)
    }

    @Test func evaluationSeesTheJoinedNetwork() {
        var h = Harness.inactive()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        let a = h.on(.ipv4Acquired)
        let evals = a.requests(.evaluate)
        #expect(evals.map { $0.helper } == ["alpha", "beta"])
        let n = evals[0].network!
        #expect(n.ssid == Fixture.hotel && n.bssid == bssid(1) && n.rssi == -50 && n.frequency == 2412)
        #expect(abs(n.signalStrength - SignalStrength.fromDBm(-50)) < 1e-9)
        #expect(n.securityType == .open && !n.isSecure)
        #expect(n.didAutoJoin && n.didJustJoin && !n.isChosenHelper)
        #expect(Set(evals.map { $0.id }).count == 2, "unique request ids")
    }

    @Test func evaluatedSSIDsSkipEvaluation() {
        var c = Fixture.config()
        c.preferences.evaluatedSSIDs = [Fixture.hotel]
        c.preferences.authenticationProvider = "beta"
        var h = Harness(c)
        h.on(.supplicantReconnected)
        h.on(.scanResults(Fixture.scan))
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        let a = h.on(.ipv4Acquired)
        #expect(a.requests(.evaluate).isEmpty)
        #expect(a.requests(.authenticate).map { $0.helper } == ["beta"])
        #expect(h.m.state == .authenticating)
    }

    @Test func evaluationProviderAloneEvaluates() {
        var c = Fixture.config()
        c.preferences.evaluationProvider = "beta"
        var h = Harness(c)
        h.on(.supplicantReconnected)
        let scan = h.on(.scanResults(Fixture.scan))
        #expect(scan.requests(.filterScanList).map { $0.helper } == ["beta"])
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(h.on(.ipv4Acquired).requests(.evaluate).map { $0.helper } == ["beta"])
    }

    // MARK: Evaluation and authentication providers (NEHotspotManager)

    static let judge = HelperDescriptor(name: "judge", kind: .external,
                                        commands: HelperCommandSet([.filterScanList, .evaluate]))
    static let porter = HelperDescriptor(name: "porter", kind: .external,
                                         commands: HelperCommandSet([.authenticate, .presentUI, .maintain, .logoff]))

    /// judge evaluates, porter authenticates; Hotel associated, its address still due.
    static func providers(evaluatedSSIDs: [SSID] = []) throws -> Harness {
        var c = Fixture.config([Fixture.alpha, judge, porter])
        c.preferences = ManagerPreferences(evaluationProvider: "judge", authenticationProvider: "porter",
                                           evaluatedSSIDs: evaluatedSSIDs)
        try c.validate()
        var h = Harness(c)
        h.on(.supplicantReconnected)
        h.on(.scanResults(Fixture.scan))
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        return h
    }

    @Test func theEvaluationProviderEvaluatesAndTheAuthenticationProviderAuthenticates() throws {
        var h = try Self.providers()
        #expect(h.on(.ipv4Acquired).requests.map { $0.helper + "." + $0.command.rawValue } == ["judge.evaluate"])
        let claimed = h.respond(try #require(h.request("judge", .evaluate)), .success, confidence: .high)
        let auth = claimed.requests(.authenticate)
        #expect(auth.map { $0.helper } == ["porter"] && h.m.state == .authenticating)
        #expect(auth.first?.network?.isChosenHelper == true && auth.first?.network?.didJustJoin == true)
        // A reload with the same preferences changes nothing.
        #expect(!h.on(.configurationReloaded(h.m.configuration)).contains { $0.isEffect })
        let done = h.respond(try #require(auth.first).id, .success)
        #expect(h.m.state == .authenticated && h.m.snapshot().chosenHelper == "porter")
        #expect(done.persisted?.helperCache == [PersistentState.CachedHelper(ssid: Fixture.hotel, helper: "porter")])
        #expect(h.m.deadline(of: .maintain) != nil)
        // The authentication provider is the network's helper: it maintains it on the next visit.
        h.on(.disconnected)
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(h.on(.ipv4Acquired).requests.map { $0.helper + "." + $0.command.rawValue } == ["porter.maintain"])
    }

    @Test func aLowClaimOfTheEvaluationProviderGoesToTheAuthenticationProvider() throws {
        var h = try Self.providers()
        h.on(.ipv4Acquired)
        let a = h.respond(try #require(h.request("judge", .evaluate)), .success, confidence: .low)
        #expect(a.requests.map { $0.helper + "." + $0.command.rawValue } == ["porter.authenticate"])
    }

    @Test func noClaimOfTheEvaluationProviderMeansNoHelper() throws {
        var h = try Self.providers()
        h.on(.ipv4Acquired)
        let a = h.respond(try #require(h.request("judge", .evaluate)), .success, confidence: Confidence.none)
        #expect(a.requests.isEmpty && h.m.state == .authenticated && h.m.snapshot().chosenHelper == nil)
    }

    @Test func anAuthenticationProviderThatGivesUpEndsTheEvaluation() throws {
        var h = try Self.providers()
        h.on(.ipv4Acquired)
        _ = h.respond(try #require(h.request("judge", .evaluate)), .success, confidence: .high)
        // porter does not support Hotel: judge's claims on it lead nowhere, so judge is not asked again.
        let a = h.respond(try #require(h.request("porter", .authenticate)), .unsupportedNetwork)
        #expect(a.requests.isEmpty && h.m.state == .authenticated && h.m.snapshot().chosenHelper == nil)
    }

    @Test func evaluatedSSIDsGoStraightToTheAuthenticationProvider() throws {
        var h = try Self.providers(evaluatedSSIDs: [Fixture.hotel])
        #expect(h.on(.ipv4Acquired).requests.map { $0.helper + "." + $0.command.rawValue } == ["porter.authenticate"])
    }

    @Test func anAuthenticationProviderAloneAuthenticatesEveryClaim() throws {
        var c = Fixture.config()
        c.preferences.authenticationProvider = "beta"
        var h = Harness(c)
        h.on(.supplicantReconnected)
        h.on(.scanResults(Fixture.scan))
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(h.on(.ipv4Acquired).requests(.evaluate).map { $0.helper } == ["alpha", "beta"])
        let a = h.respond(try #require(h.request("alpha", .evaluate)), .success, confidence: .high)
        #expect(a.requests(.authenticate).map { $0.helper } == ["beta"])
    }

    @Test func managerDisabledSendsNoCommand() {
        var c = Fixture.config()
        c.preferences.isEnabled = false
        var h = Harness(c)
        h.on(.supplicantReconnected)
        #expect(h.on(.scanResults(Fixture.scan)).requests.isEmpty)
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(h.on(.ipv4Acquired).requests.isEmpty)
        #expect(h.m.state == .authenticated)
    }

    // MARK: The cache and maintain

    @Test func cachedHelperMaintainsOnRejoin() {
        var h = Harness.authenticated()
        #expect(h.last.persisted?.helperCache == [PersistentState.CachedHelper(ssid: Fixture.hotel, helper: "alpha")])
        h.on(.disconnected)
        #expect(h.last.joins.map { $0.ssid } == [Fixture.hotel], "the best network is joined again")
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        let a = h.on(.ipv4Acquired)
        #expect(a.requests(.evaluate).isEmpty)
        let maintain = a.requests(.maintain)
        #expect(maintain.map { $0.helper } == ["alpha"])
        #expect(maintain.first?.network?.didJustJoin == true)
        #expect(maintain.first?.network?.isChosenHelper == true)
        #expect(h.m.state == .maintaining)
        _ = h.respond(maintain[0].id, .success)
        #expect(h.m.state == .authenticated)
    }

    @Test func cacheSurvivesARestart() {
        var h = Harness.authenticated()
        let saved = h.m.persistentState
        var fresh = Harness(Fixture.config(), saved: saved)
        fresh.on(.supplicantReconnected)
        fresh.on(.scanResults(Fixture.scan))
        fresh.settleScans()
        fresh.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(fresh.on(.ipv4Acquired).requests(.maintain).map { $0.helper } == ["alpha"])
        h.on(.linkSignal(rssi: -40))
    }

    /// A daemon (re)started on an association wpa_supplicant already has: no scan yet, so the security and
    /// frequency come from STATUS; evaluate must not see `unknown` (helpers decline it: a false "online").
    @Test func anAssociationFoundAtStartCarriesStatusSecurity() {
        var h = Harness(Fixture.config())
        h.on(.supplicantReconnected)
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(9), networkID: netID(3), security: .personal, frequency: 5180))
        let evaluate = h.on(.ipv4Acquired).requests(.evaluate)
        #expect(evaluate.count == 2)
        #expect(evaluate.first?.network?.securityType == .personal)
        #expect(evaluate.first?.network?.frequency == 5180)
        // Without STATUS's word and without a scan it stays unknown, as before.
        var g = Harness(Fixture.config())
        g.on(.supplicantReconnected)
        g.on(.associated(ssid: Fixture.hotel, bssid: bssid(9), networkID: netID(3)))
        #expect(g.on(.ipv4Acquired).requests(.evaluate).first?.network?.securityType == .unknown)
    }

    @Test func maintainEveryInterval() {
        var h = Harness.authenticated()
        let due = h.m.deadline(of: .maintain)!
        #expect(due == h.now + 300_000)
        let a = h.fire(.maintain)
        let m = a.requests(.maintain)
        #expect(m.count == 1 && m[0].network?.didJustJoin == false)
        #expect(a.contains(.armTimer(.command(m[0].id), at: due + 45_000)))
        _ = h.respond(m[0].id, .success)
        #expect(h.m.deadline(of: .maintain) == h.now + 300_000)
    }

    /// Issue 34: what each probe saw at the latest verdict that told (`probe=` lines) shows in status for the
    /// uplink; an answer without them keeps the last look, a newer one replaces it.
    @Test func probeVerdictsShowForTheUplink() {
        var h = Harness.authenticating()
        #expect(h.m.snapshot().probes.isEmpty && h.m.snapshot().probesAt == nil)
        var r = HelperResponse(result: .success)
        r.probes = ["http://a.test/generate_204: open", "http://b.test/: HTTP 302, portal"]
        _ = h.on(.helperResponded(requestID: h.request("alpha", .authenticate)!, r))
        #expect(h.m.snapshot().probes == r.probes && h.m.snapshot().probesAt == h.now)
        let at = h.now
        let m = h.fire(.maintain).requests(.maintain)
        _ = h.respond(m[0].id, .success)
        #expect(h.m.snapshot().probes == r.probes && h.m.snapshot().probesAt == at)
        var later = HelperResponse(result: .success)
        later.probes = ["http://a.test/generate_204: open", "http://b.test/: open"]
        _ = h.on(.helperResponded(requestID: h.fire(.maintain).requests(.maintain)[0].id, later))
        #expect(h.m.snapshot().probes == later.probes && h.m.snapshot().probesAt == h.now)
    }

    /// A helper's session_remaining: status shows the end; maintain runs shortly before it, just after it,
    /// then every 5 s for 30 s; a maintain answer without it keeps the end; leaving the network forgets it.
    @Test func sessionRemainingBringsMaintainForwardAndShowsInStatus() {
        var h = Harness.authenticating()
        _ = h.respond(h.request("alpha", .authenticate)!, .success, sessionRemainingMs: 120_000)
        let end = h.now + 120_000
        #expect(h.m.snapshot().sessionEndsAt == end)
        // 30 s before the end, or a tenth of what is left when that is shorter.
        #expect(h.m.deadline(of: .maintain) == end - 12_000)
        let m = h.fire(.maintain).requests(.maintain)
        #expect(m.count == 1)
        #expect(h.m.snapshot().sessionEndsAt == end)
        _ = h.respond(m[0].id, .success)
        #expect(h.m.snapshot().sessionEndsAt == end)
        // Still open shortly before: the next look is just after the end.
        #expect(h.m.deadline(of: .maintain) == end + 1_000)
        var looks = 0
        while let d = h.m.deadline(of: .maintain), d <= end + HotspotMachine.sessionFollowMs + 5_000 {
            let r = h.fire(.maintain).requests(.maintain)
            _ = h.respond(r[0].id, .success)
            looks += 1
        }
        // Just after the end, then every 5 s until 30 s past it; then the end is taken to have moved.
        #expect(looks == 7, "\(looks)")
        #expect(h.m.snapshot().sessionEndsAt == nil)
        #expect(h.m.deadline(of: .maintain) == h.now + 300_000)
        // A short session: the look just after its end, not the shortest maintain interval.
        var g = Harness.authenticating()
        _ = g.respond(g.request("alpha", .authenticate)!, .success, sessionRemainingMs: 5_000)
        #expect(g.m.deadline(of: .maintain) == g.now + 6_000)
        // A long session: the regular interval when that comes first.
        var k = Harness.authenticating()
        _ = k.respond(k.request("alpha", .authenticate)!, .success, sessionRemainingMs: 3_600_000)
        #expect(k.m.deadline(of: .maintain) == k.now + 300_000)
        k.on(.disconnected)
        #expect(k.m.snapshot().sessionEndsAt == nil)
    }

    @Test func maintainHintShortensTheInterval() {
        var h = Harness.authenticating()
        _ = h.respond(h.request("alpha", .authenticate)!, .success, maintainAfterMs: 60_000)
        #expect(h.m.deadline(of: .maintain) == h.now + 60_000)
        var g = Harness.authenticating()
        _ = g.respond(g.request("alpha", .authenticate)!, .success, maintainAfterMs: 5)
        #expect(g.m.deadline(of: .maintain) == g.now + HotspotMachine.minMaintainMs, "never busier than the floor")
    }

    @Test func maintainAuthenticationRequiredAuthenticatesAgain() {
        var h = Harness.maintaining()
        let a = h.respond(h.request("alpha", .maintain)!, .authenticationRequired)
        #expect(a.requests(.authenticate).map { $0.helper } == ["alpha"])
        #expect(h.m.state == .authenticating)
    }

    @Test(arguments: [HelperResult.failure, .temporaryFailure, .uiRequired, .commandNotRecognized])
    func maintainAnythingElseEvaluatesAgain(_ result: HelperResult) {
        var h = Harness.maintaining()
        let a = h.respond(h.request("alpha", .maintain)!, result)
        #expect(h.m.state == .evaluating)
        #expect(a.requests(.evaluate).map { $0.helper } == ["alpha", "beta"])
        #expect(a.disconnects == 0)
        #expect(a.persisted?.helperCache.isEmpty == true, "the cached helper is dropped")
    }

    // MARK: authenticate and presentUI

    @Test func unsupportedNetworkExcludesTheHelper() {
        var h = Harness.authenticating()
        let a = h.respond(h.request("alpha", .authenticate)!, .unsupportedNetwork)
        #expect(h.m.state == .evaluating)
        #expect(a.requests(.evaluate).map { $0.helper } == ["beta"])
        #expect(h.m.snapshot().helpers.first { $0.name == "alpha" }?.excludedFor == [Fixture.hotel])
        // The exclusion outlives the visit, until the owner enables the network.
        _ = h.respond(h.request("beta", .evaluate)!, .success, confidence: Confidence.none)
        h.on(.disconnected)
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        #expect(h.on(.ipv4Acquired).requests(.evaluate).map { $0.helper } == ["beta"])
        h.on(.owner(.enable(Fixture.hotel)))
        #expect(h.m.snapshot().helpers.first { $0.name == "alpha" }?.excludedFor == [])
    }

    @Test func temporaryFailureDisconnectsAndBacksOff() {
        var h = Harness.authenticating()
        let a = h.respond(h.request("alpha", .authenticate)!, .temporaryFailure)
        #expect(h.m.state == .failure)
        #expect(a.disconnects == 1)
        #expect(a.joins.isEmpty, "Hotel waits; Airport is nobody's")
        #expect(a.persisted == nil, "a backoff is not written to flash")
        let f = h.m.snapshot().lastFailure!
        #expect(!f.autoJoinDisabled && f.retryAt == h.now + 30_000)
        #expect(h.m.snapshot().backedOff.map { $0.ssid } == [Fixture.hotel])
        // After the wait the next scan joins it again.
        let later = h.on(.scanResults(Fixture.scan), after: 30_000)
        #expect(later.joins.map { $0.ssid } == [Fixture.hotel])
    }

    @Test(arguments: [
        HelperResponse(result: .failure),
        HelperResponse(result: .authenticationRequired),      // not a result of authenticate
        HelperResponse(result: .commandNotRecognized),
    ])
    func authenticateFailureDisablesAutoJoin(_ response: HelperResponse) {
        var h = Harness.authenticating()
        let a = h.on(.helperResponded(requestID: h.request("alpha", .authenticate)!, response))
        #expect(h.m.state == .failure)
        #expect(a.disconnects == 1)
        let saved = a.persisted!
        #expect(saved.disabled.map { $0.ssid } == [Fixture.hotel])
        #expect(saved.disabled.first?.remainingMs == nil, "until the owner enables it")
        #expect(h.m.snapshot().lastFailure?.autoJoinDisabled == true)
        // Never joined again by itself, however long and however often it is seen.
        for _ in 0..<5 { #expect(h.on(.scanResults(Fixture.scan), after: 4_000_000).joins.isEmpty) }
        // The owner enables it: joined at once.
        let e = h.on(.owner(.enable(Fixture.hotel)))
        #expect(e.accepted && e.joins.map { $0.ssid } == [Fixture.hotel])
        #expect(e.persisted?.disabled.isEmpty == true)
    }

    @Test(arguments: [HelperFailure.timedOut, .crashed(signal: 6), .exited(status: 1), .invalidOutput("x"),
                      .couldNotStart("ENOENT")])
    func authenticateWithoutAnswerDisablesAutoJoin(_ failure: HelperFailure) {
        var h = Harness.authenticating()
        let id = h.request("alpha", .authenticate)!
        if failure == .timedOut {
            h.fire(.command(id))
            #expect(h.last.abandoned == [id], "the hung helper is killed")
        } else {
            h.on(.helperFailed(requestID: id, failure))
        }
        #expect(h.m.state == .failure)
        #expect(h.m.snapshot().disabled.map { $0.ssid } == [Fixture.hotel])
    }

    @Test func disabledNetworksExpireWhenConfigured() {
        var c = Fixture.config()
        c.disableExpiryMs = 600_000
        var h = Harness(c)
        h.on(.supplicantReconnected)
        h.on(.scanResults(Fixture.scan))
        h.settleScans()
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        h.on(.ipv4Acquired)
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("alpha", .authenticate)!, .failure)
        #expect(h.last.persisted?.disabled.first?.remainingMs == 600_000)
        #expect(h.on(.scanResults(Fixture.scan), after: 599_000).joins.isEmpty)
        let a = h.on(.scanResults(Fixture.scan), after: 1_000)
        #expect(a.joins.map { $0.ssid } == [Fixture.hotel])
        #expect(a.persisted?.disabled.isEmpty == true)
    }

    @Test func presentUIOnlyAfterUIRequiredAndTheOwnersAnswers() {
        var h = Harness.presentingUI()
        #expect(h.last.requests.isEmpty, "nothing is sent before the owner answers")
        #expect(h.last.contains(.notify))
        let snap = h.m.snapshot()
        #expect(snap.uiRequest == Harness.loginUI && !snap.uiAnswersSent)
        // A field the login did not ask for is refused.
        let bad = h.on(.owner(.submitUI([UIAnswer(key: "password", value: "x")])))
        #expect(bad.refused && bad.requests.isEmpty)
        let answers = [UIAnswer(key: "room", value: "101"), UIAnswer(key: "surname", value: "Müller")]
        let a = h.on(.owner(.submitUI(answers)))
        #expect(a.accepted)
        let p = a.requests(.presentUI)
        #expect(p.count == 1 && p[0].answers == answers && p[0].helper == "alpha")
        #expect(h.m.deadline(of: .command(p[0].id)) == nil, "presentUI has no time limit")
        // Answers already on their way: a second submit is refused.
        #expect(h.on(.owner(.submitUI(answers))).refused)
        _ = h.respond(p[0].id, .success)
        #expect(h.m.state == .authenticated)
    }

    @Test func uiRequiredFromAHelperWithoutPresentUIIsAFailure() {
        var h = Harness.evaluating()
        _ = h.respond(h.request("beta", .evaluate)!, .success, confidence: .high)
        _ = h.respond(h.request("beta", .authenticate)!, .uiRequired)
        #expect(h.m.state == .failure)
        #expect(h.m.snapshot().disabled.first?.reason == DisableReason.invalidResult.description)
    }

    @Test(arguments: [(HelperResult.unsupportedNetwork, HotspotState.evaluating), (.temporaryFailure, .failure),
                      (.failure, .failure), (.uiRequired, .presentingUI), (.authenticationRequired, .failure)])
    func presentUIResults(_ result: HelperResult, _ next: HotspotState) {
        var h = Harness.presentingUI()
        let p = h.on(.owner(.submitUI([UIAnswer(key: "room", value: "1")]))).requests(.presentUI)[0]
        _ = h.respond(p.id, result)
        #expect(h.m.state == next)
    }

    // MARK: the owner's answers refused by the portal (asked again in the venue's words, never a lock-out)

    static let refusal = UIRequest(fields: [UIField(name: "room"), UIField(name: "surname"), UIField(name: "pin", isSecret: true)],
                                   portalURL: "http://portal.example/login",
                                   message: "The last name and room number do not match our records.")

    @Test func aRefusalAsksTheOwnerAgainWithTheVenuesWordsAndKeepsTheLink() throws {
        var h = Harness.presentingUI()
        let answers = [UIAnswer(key: "room", value: "412"), UIAnswer(key: "surname", value: "Smith")]
        let p = try #require(h.on(.owner(.submitUI(answers))).requests(.presentUI).first)
        var a = h.respond(p.id, .uiRequired, ui: Self.refusal)
        #expect(h.m.state == .presentingUI && a.disconnects == 0 && a.requests.isEmpty)
        var s = h.m.snapshot()
        #expect(s.uiRequest?.message == Self.refusal.message && s.uiRequest?.refusals == 1 && !s.uiAnswersSent)
        #expect(s.uiRequest?.earlierAnswers == answers, "the owner sees what they typed")
        #expect(a.logs.contains { $0.contains("do not match our records") })
        // The second answers go once, as one new presentUI; refused again, a secret is never kept to show.
        let second = answers + [UIAnswer(key: "pin", value: "0000")]
        let q = h.on(.owner(.submitUI(second))).requests(.presentUI)
        #expect(q.count == 1 && q.first?.answers == second)
        a = h.respond(try #require(q.first).id, .uiRequired, ui: Self.refusal)
        s = h.m.snapshot()
        #expect(h.m.state == .presentingUI && s.uiRequest?.refusals == 2 && s.uiRequest?.earlierAnswers == answers)
        let third = h.on(.owner(.submitUI([UIAnswer(key: "room", value: "421")]))).requests(.presentUI)
        _ = h.respond(try #require(third.first).id, .success)
        #expect(h.m.state == .authenticated)
        #expect(h.m.snapshot().disabled.isEmpty)
    }

    @Test func threeRefusalsLeaveWithTheVenuesWordsAndABackoffNotADisable() throws {
        var h = Harness.presentingUI()
        var a: [StationAction] = []
        for n in 1...3 {
            let p = try #require(h.on(.owner(.submitUI([UIAnswer(key: "room", value: String(n))]))).requests(.presentUI).first)
            a = h.respond(p.id, .uiRequired, ui: Self.refusal)
        }
        #expect(h.m.state == .failure && a.disconnects == 1)
        let s = h.m.snapshot()
        #expect(s.disabled.isEmpty, "a typo is no reason for a long disable")
        #expect(s.backedOff.map { $0.ssid } == [Fixture.hotel])
        #expect(s.lastFailure?.reason.contains("do not match our records") == true)
        #expect(s.lastFailure?.autoJoinDisabled == false)
        // The owner's join starts over at once.
        let j = h.on(.owner(.join(Fixture.hotel, passphrase: nil, once: false)))
        #expect(j.joins.map { $0.ssid } == [Fixture.hotel])
        #expect(h.m.snapshot().lastFailure?.isResolved == true)
    }

    @Test func aResolvedFailureIsShownAsPast() {
        var h = Harness.authenticating()
        _ = h.respond(h.request("alpha", .authenticate)!, .temporaryFailure)
        #expect(h.m.snapshot().lastFailure?.isResolved == false)
        h.on(.owner(.enable(Fixture.hotel)))
        #expect(h.m.snapshot().lastFailure?.isResolved == true)
    }

    @Test func cancellingTheLoginDisablesTheNetwork() {
        var h = Harness.presentingUI()
        let p = h.on(.owner(.submitUI([UIAnswer(key: "room", value: "1")]))).requests(.presentUI)[0]
        let a = h.on(.owner(.cancelUI))
        #expect(a.accepted && a.abandoned == [p.id] && a.disconnects == 1)
        #expect(h.m.state == .failure)
        #expect(a.persisted?.disabled.first?.reason == .ownerCancelledUI)
    }

    // MARK: logoff

    @Test func logoffThenNoAutomaticRejoin() {
        var h = Harness.authenticated()
        let a = h.on(.owner(.logoff))
        #expect(a.accepted && h.m.state == .loggingOff)
        #expect(h.m.deadline(of: .maintain) == nil)
        let logoff = a.requests(.logoff)
        #expect(logoff.map { $0.helper } == ["alpha"] && logoff[0].network?.isChosenHelper == true)
        let done = h.respond(logoff[0].id, .failure)  // done or not, the router leaves
        #expect(h.m.state == .inactive)
        #expect(done.disconnects == 1 && done.joins.isEmpty)
        #expect(done.persisted?.loggedOff == [Fixture.hotel])
        for _ in 0..<3 { #expect(h.on(.scanResults(Fixture.scan), after: 10_000_000).joins.isEmpty) }
        // Refused outside authenticated / maintaining.
        #expect(h.on(.owner(.logoff)).refused)
        // The owner may allow it again.
        #expect(h.on(.owner(.enable(Fixture.hotel))).joins.map { $0.ssid } == [Fixture.hotel])
    }

    @Test func logoffTimesOutToo() {
        var h = Harness.loggingOff()
        let id = h.request("alpha", .logoff)!
        h.fire(.command(id))
        #expect(h.m.state == .inactive && h.last.disconnects == 1)
    }

    @Test(arguments: [HotspotInput.disconnected, .supplicantReconnected,
                      .associated(ssid: Fixture.airport, bssid: bssid(2), networkID: netID(1))])
    func aLogoffStandsWhateverInterruptsIt(_ interruption: HotspotInput) throws {
        var h = Harness.loggingOff()
        let logoff = try #require(h.request("alpha", .logoff))
        let a = h.on(interruption)
        #expect(a.abandoned == [logoff])
        #expect(!a.joins.contains { $0.ssid == Fixture.hotel }, "the owner logged off from it")
        #expect(a.persisted?.loggedOff == [Fixture.hotel])
        #expect(h.m.state == .inactive)
        // The helper's late answer changes nothing; nor do later scans.
        #expect(!h.respond(logoff, .success).contains { $0.isEffect })
        for _ in 0..<3 {
            #expect(!h.on(.scanResults(Fixture.scan), after: 10_000_000).joins.contains { $0.ssid == Fixture.hotel })
        }
    }

    @Test func logoffWithoutAHelperLeavesAtOnce() {
        var h = Harness.evaluating()
        _ = h.respond(h.request("alpha", .evaluate)!, .success, confidence: Confidence.none)
        _ = h.respond(h.request("beta", .evaluate)!, .success, confidence: Confidence.none)
        let a = h.on(.owner(.logoff))
        #expect(a.accepted && a.requests.isEmpty && a.disconnects == 1)
        #expect(h.m.state == .inactive)
    }

    @Test func logoffWhileMaintainingAbandonsTheMaintain() {
        var h = Harness.maintaining()
        let m = h.request("alpha", .maintain)!
        let a = h.on(.owner(.logoff))
        #expect(a.abandoned == [m])
        #expect(a.requests(.logoff).count == 1)
    }

    // MARK: Disconnects, late answers, one request per helper

    @Test(arguments: [HotspotState.evaluating, .authenticating, .maintaining, .loggingOff])
    func aDisconnectAbandonsTheCommandInFlight(_ state: HotspotState) {
        var h = Harness.at(state)
        let inFlight = h.m.joinPathRequests
        #expect(!inFlight.isEmpty)
        let a = h.on(.disconnected)
        #expect(Set(a.abandoned) == Set(inFlight))
        #expect(h.m.state == .inactive)
        for id in inFlight {
            #expect(a.contains(.cancelTimer(.command(id))))
            // The helper's answer, when it comes, is ignored.
            let late = h.respond(id, .success, confidence: .high)
            #expect(!late.contains { $0.isEffect } && h.m.state == .inactive)
        }
    }

    @Test func aDisconnectAbandonsPresentUI() {
        var h = Harness.presentingUI()
        let p = h.on(.owner(.submitUI([]))).requests(.presentUI)[0]
        #expect(h.on(.disconnected).abandoned == [p.id])
        #expect(h.m.snapshot().uiRequest == nil)
    }

    @Test func filterScanListNeverBlocksTheJoinPath() {
        var h = Harness.inactive()
        // A new scan: both helpers get filterScanList and sit on it.
        let scan = h.on(.scanResults(Fixture.scan))
        let filters = scan.requests(.filterScanList)
        #expect(filters.map { $0.helper } == ["alpha", "beta"])
        #expect(filters[0].scanList.map { $0.ssid } == [Fixture.hotel, Fixture.airport])
        // The join completes: evaluate goes out at once, the filterScanList runs are abandoned.
        h.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        let a = h.on(.ipv4Acquired)
        #expect(Set(a.abandoned) == Set(filters.map { $0.id }))
        #expect(a.requests(.evaluate).count == 2)
        // Their late answers are ignored.
        #expect(!h.respond(filters[0].id, .success, claims: [HelperClaim(ssid: Fixture.airport, confidence: .high)])
            .contains { $0.isEffect })
        // Once the join path is settled, the owed scan list goes out again.
        // beta is off the join path as soon as alpha wins; alpha once it has authenticated.
        let won = h.respond(h.request("alpha", .evaluate)!, .success, confidence: .high)
        #expect(won.requests(.filterScanList).map { $0.helper } == ["beta"])
        let b = h.respond(h.request("alpha", .authenticate)!, .success)
        #expect(b.requests(.filterScanList).map { $0.helper } == ["alpha"])
        #expect(b.requests(.filterScanList).first?.scanList.first?.isChosenHelper == true, "alpha is Hotel's helper")
    }

    @Test func aBusyHelperGetsTheLatestScanOnceFree() {
        var h = Harness.inactive()
        let first = h.on(.scanResults(Fixture.scan)).requests(.filterScanList)
        // Two more scans while they work: nothing more is sent, nothing is queued twice.
        #expect(h.on(.scanResults(Fixture.scan)).requests.isEmpty)
        let newer = [Fixture.entry(Fixture.airport, 2, rssi: -40)]
        #expect(h.on(.scanResults(newer)).requests.isEmpty)
        let next = h.respond(first[0].id, .success)
        let again = next.requests(.filterScanList)
        #expect(again.map { $0.helper } == ["alpha"])
        #expect(again[0].scanList.map { $0.ssid } == [Fixture.airport], "the latest list")
    }

    @Test func requestIDsAreUniqueAndLateAnswersIgnored() {
        var h = Harness.evaluating()
        #expect(!h.respond(77_777, .success, confidence: .high).contains { $0.isEffect })
        #expect(!h.on(.helperFailed(requestID: 77_777, .crashed(signal: 9))).contains { $0.isEffect })
        #expect(!h.on(.timerFired(.command(77_777))).contains { $0.isEffect })
        #expect(h.m.state == .evaluating)
    }

    @Test func aTimerFiredEarlyIsIgnored() {
        var h = Harness.authenticated()
        #expect(h.on(.timerFired(.maintain)).requests.isEmpty)
        #expect(h.m.state == .authenticated && h.m.deadline(of: .maintain) != nil)
    }

    // MARK: Reloads

    @Test func reloadWithoutTheChosenHelperStartsOver() {
        var h = Harness.authenticated()
        let a = h.on(.configurationReloaded(Fixture.config([Fixture.beta])))
        #expect(h.m.state == .evaluating)
        #expect(a.requests(.evaluate).map { $0.helper } == ["beta"])
        #expect(a.persisted?.helperCache.isEmpty == true)
    }

    @Test func reloadAbandonsTheRunsOfRemovedHelpers() {
        var h = Harness.inactive()
        let filters = h.on(.scanResults(Fixture.scan)).requests(.filterScanList)
        let a = h.on(.configurationReloaded(Fixture.config([Fixture.alpha])))
        #expect(a.abandoned == [filters[1].id])
        #expect(h.m.snapshot().helpers.map { $0.name } == ["alpha"])
    }

    @Test func supplicantRestartReappliesTheChoice() {
        var h = Harness.authenticated()
        let a = h.on(.supplicantReconnected)
        #expect(a.joins.map { $0.ssid } == [Fixture.hotel])
        #expect(a.contains(.requestScan))
        #expect(h.m.state == .inactive)
        #expect(h.m.deadline(of: .maintain) == nil)
    }
}
