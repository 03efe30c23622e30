import Testing
@testable import HotspotCore

/// A stay at a venue (issue 37): the owner's answers remembered once the portal accepted them, offered to the
/// same helper at the next login, dropped on a refusal or the owner's word; the session's length learned.
@Suite struct StayTests {
    static let origin = "http://portal.example:8080"
    static let gateway = "02:00:00:aa:bb:01"
    static let answers = [UIAnswer(key: "room", value: "412"), UIAnswer(key: "surname", value: "Müller")]

    static func accepted(_ result: HelperResult = .success, origin: String = origin) -> HelperResponse {
        var r = HelperResponse(result: result)
        r.acceptedAnswers = AcceptedAnswers(origin: origin, gateway: gateway)
        return r
    }

    /// presentingUI → the owner answers → the portal accepts them at `origin`.
    static func answeredOnce(_ configuration: HotspotConfiguration = Fixture.config()) -> Harness {
        var h = Harness.presentingUI(configuration)
        h.m.wallClock = 1_795_867_200
        h.on(.owner(.submitUI(answers)))
        let p = h.request("alpha", .presentUI)!
        h.on(.helperResponded(requestID: p, accepted()))
        return h
    }

    /// The session ends: maintain finds the portal again, and the helper is asked to authenticate.
    static func sessionEnds(_ h: inout Harness) -> HelperRequest {
        let r = h.fire(.maintain).requests(.maintain)
        return h.respond(r[0].id, .authenticationRequired).requests(.authenticate)[0]
    }

    @Test func acceptedAnswersAreRememberedAndOfferedAtTheNextLogin() throws {
        var h = Self.answeredOnce()
        #expect(h.m.state == .authenticated)
        let saved = h.m.persistentState.remembered
        #expect(saved == [RememberedAnswers(ssid: Fixture.hotel, helper: "alpha", origin: Self.origin, gateway: Self.gateway,
                                            answers: Self.answers, givenAt: 1_795_867_200)])
        // Status says when and where, never what.
        let shown = try #require(h.m.snapshot().loggedInWith)
        #expect(shown.origin == Self.origin && shown.givenDate == "2026-11-28" && shown.answers.isEmpty)
        // The session ends: authenticate gets the remembered answers and where they were accepted.
        let a = Self.sessionEnds(&h)
        #expect(a.answers == Self.answers && a.rememberedOrigin == Self.origin && a.rememberedGateway == Self.gateway)
        // They fill the page again: authenticated straight from authenticate, the owner never asked (events.d's
        // ui-required follows the presentingUI state, which this login never enters).
        h.on(.helperResponded(requestID: a.id, Self.accepted()))
        #expect(h.m.state == .authenticated && h.m.snapshot().uiRequest == nil)
        #expect(h.m.snapshot().loggedInWith?.givenDate == "2026-11-28")
        // A restart keeps them (the state file), and the next association's login gets them too.
        var r = Harness(Fixture.config(), saved: h.m.persistentState)
        r.on(.supplicantReconnected)
        r.on(.scanResults(Fixture.scan))
        r.settleScans()
        r.on(.associated(ssid: Fixture.hotel, bssid: bssid(1), networkID: netID(0)))
        r.on(.ipv4Acquired)
        let m = try #require(r.request("alpha", .maintain))
        let auth = r.respond(m, .authenticationRequired).requests(.authenticate)
        #expect(auth.first?.answers == Self.answers && auth.first?.rememberedOrigin == Self.origin)
    }

    @Test func aPresentUIWithoutAnOriginRemembersNothing() {
        var h = Harness.presentingUI()
        h.on(.owner(.submitUI(Self.answers)))
        _ = h.respond(h.request("alpha", .presentUI)!, .success)
        #expect(h.m.state == .authenticated && h.m.persistentState.remembered.isEmpty)
        #expect(h.m.snapshot().loggedInWith == nil)
        let a = Self.sessionEnds(&h)
        #expect(a.answers.isEmpty && a.rememberedOrigin == nil)
    }

    /// A reservation that changed: the portal refuses the remembered answers; they go, the owner is asked
    /// once in the portal's words, and the next authenticate has nothing remembered (never a loop).
    @Test func refusedRememberedAnswersAreDroppedAndTheOwnerAskedOnce() {
        var h = Self.answeredOnce()
        let a = Self.sessionEnds(&h)
        var ui = UIRequest(fields: [UIField(name: "room"), UIField(name: "surname")], message: "No reservation under that name")
        ui.refusedRemembered = true
        let out = h.respond(a.id, .uiRequired, ui: ui)
        #expect(h.m.state == .presentingUI)
        #expect(h.m.persistentState.remembered.isEmpty)
        #expect(out.contains { if case .persist = $0 { return true } else { return false } })
        #expect(h.m.snapshot().uiRequest?.message == "No reservation under that name")
        h.on(.owner(.cancelUI))
        #expect(h.m.persistentState.remembered.isEmpty)
    }

    /// A portal elsewhere (a look-alike) asks for the fields: the remembered answers stay for the real venue.
    @Test func aPortalThatDidNotRefuseThemKeepsThem() {
        var h = Self.answeredOnce()
        let a = Self.sessionEnds(&h)
        _ = h.respond(a.id, .uiRequired, ui: Harness.loginUI)
        #expect(h.m.state == .presentingUI)
        #expect(h.m.persistentState.remembered.count == 1)
    }

    @Test func theOwnerForgetsThem() {
        var h = Self.answeredOnce()
        var out = h.on(.owner(.forgetAnswers(nil)))
        #expect(out.contains(.reply(.accepted("the answers remembered for it are forgotten"))))
        #expect(h.m.persistentState.remembered.isEmpty && h.m.snapshot().loggedInWith == nil)
        out = h.on(.owner(.forgetAnswers(Fixture.hotel)))
        #expect(out.contains(.reply(.refused("no answers are remembered for it"))))
        // `hotspotd forget SSID` drops them too, even for a network that is not the owner's.
        var g = Self.answeredOnce()
        out = g.on(.owner(.forget(Fixture.hotel)))
        #expect(out.contains(.reply(.accepted("the answers remembered for it are forgotten"))))
        #expect(g.m.persistentState.remembered.isEmpty)
        // Not on a network and none named: said plainly.
        var d = Harness()
        out = d.on(.owner(.forgetAnswers(nil)))
        #expect(out.contains(.reply(.refused("not on a network: name the network whose answers to forget"))))
    }

    @Test func rememberDaysZeroKeepsNoneAndOldOnesExpire() {
        var config = Fixture.config()
        config.rememberDays = 0
        var h = Self.answeredOnce(config)
        #expect(h.m.persistentState.remembered.isEmpty)
        // Status still says the login used the owner's answers.
        #expect(h.m.snapshot().loggedInWith?.origin == Self.origin)
        // Seven days later (the default), at a scan: gone.
        var g = Self.answeredOnce()
        g.m.wallClock = 1_795_867_200 + 7 * 86_400 - 1
        g.on(.scanResults(Fixture.scan))
        #expect(g.m.persistentState.remembered.count == 1)
        g.m.wallClock = 1_795_867_200 + 7 * 86_400
        g.on(.scanResults(Fixture.scan))
        #expect(g.m.persistentState.remembered.isEmpty)
    }

    /// Accepted while the clock was not yet set (no NTP behind the portal): dated at the first set reading.
    @Test func answersGivenBeforeTheClockIsSetAreDatedLater() {
        var h = Harness.presentingUI()
        h.on(.owner(.submitUI(Self.answers)))
        h.on(.helperResponded(requestID: h.request("alpha", .presentUI)!, Self.accepted()))
        #expect(h.m.persistentState.remembered.first?.givenAt == nil)
        h.m.wallClock = 1_795_867_200
        h.on(.scanResults(Fixture.scan))
        #expect(h.m.persistentState.remembered.first?.givenAt == 1_795_867_200)
    }

    @Test func answersTooLongToKeepAreNotKept() {
        var h = Harness.presentingUI()
        h.on(.owner(.submitUI([UIAnswer(key: "room", value: String(repeating: "x", count: 600))])))
        h.on(.helperResponded(requestID: h.request("alpha", .presentUI)!, Self.accepted()))
        #expect(h.m.state == .authenticated && h.m.persistentState.remembered.isEmpty)
    }

    /// The venue's session ends after 60 s; the helper looks every 30 s. The length is learned (at least as
    /// long as the last look that got through), kept, and the next session is looked at when it is due.
    @Test func theSessionLengthIsLearnedAndTheNextEndLookedForWhenDue() throws {
        var h = Harness.authenticating()
        _ = h.respond(h.request("alpha", .authenticate)!, .success, maintainAfterMs: 30_000)
        let login = h.now
        let m1 = h.fire(.maintain).requests(.maintain)[0]
        _ = h.respond(m1.id, .success, maintainAfterMs: 30_000)  // 30 s: open
        let m2 = h.fire(.maintain).requests(.maintain)[0]        // 60 s: the portal again
        #expect(h.now - login == 60_000)
        let a = h.respond(m2.id, .authenticationRequired).requests(.authenticate)[0]
        #expect(h.m.persistentState.sessions == [PersistentState.LearnedSession(ssid: Fixture.hotel, ms: 30_000)])
        _ = h.respond(a.id, .success, maintainAfterMs: 30_000)
        // The next end is expected 30 s on: looked at just after it, then every 5 s.
        #expect(h.m.snapshot().sessionEndsAt == h.now + 30_000)
        #expect(h.m.deadline(of: .maintain) == h.now + 30_000)
        // Learned lengths survive a restart.
        let r = Harness(Fixture.config(), saved: h.m.persistentState)
        #expect(r.m.persistentState.sessions.first?.ms == 30_000)
    }

    /// A portal venue is looked at every 30 s: "authenticated by" is said once per login, not at each look.
    @Test func aLookThatFindsTheLoginStillOpenIsNoNews() {
        func notices(_ out: [StationAction]) -> [String] {
            out.compactMap { if case .log(.notice, let line) = $0 { return line } else { return nil } }
        }
        var h = Harness.authenticating()
        let login = h.respond(h.request("alpha", .authenticate)!, .success, maintainAfterMs: 30_000)
        #expect(notices(login).contains("Hotel: authenticated by alpha"))
        for _ in 0..<3 {
            let m = h.fire(.maintain).requests(.maintain)[0]
            let out = h.respond(m.id, .success, maintainAfterMs: 30_000)
            #expect(!notices(out).contains { $0.contains("authenticated by") }, "\(out)")
            #expect(out.contains { if case .log(.debug, let l) = $0 { return l == "Hotel: still logged in: alpha" } else { return false } })
        }
        // The session ends and the login is done again: said again.
        let a = StayTests.sessionEnds(&h)
        #expect(notices(h.respond(a.id, .success)).contains("Hotel: authenticated by alpha"))
    }

    /// Every log line of a stay (answered, remembered, offered, accepted again, refused, forgotten) and every
    /// status and reply: the owner's values in none of them.
    @Test func noRememberedValueReachesALogLineOrStatus() {
        var lines: [String] = []
        func keep(_ out: [StationAction]) {
            for a in out {
                switch a {
                case .log(_, let l): lines.append(l)
                case .reply(.accepted(let l)), .reply(.refused(let l)): lines.append(l)
                default: break
                }
            }
        }
        var h = Harness.presentingUI()
        h.m.wallClock = 1_795_867_200
        keep(h.on(.owner(.submitUI([UIAnswer(key: "room", value: "R-4711"), UIAnswer(key: "surname", value: "Müller")]))))
        keep(h.on(.helperResponded(requestID: h.request("alpha", .presentUI)!, Self.accepted())))
        #expect(h.m.persistentState.remembered.first?.answers.first?.value == "R-4711")
        let m = h.fire(.maintain).requests(.maintain)[0]
        keep(h.last)
        keep(h.respond(m.id, .authenticationRequired))
        let a = h.request("alpha", .authenticate)!
        keep(h.on(.helperResponded(requestID: a, Self.accepted())))
        let m2 = h.fire(.maintain).requests(.maintain)[0]
        keep(h.respond(m2.id, .authenticationRequired))
        var ui = Harness.loginUI
        ui.refusedRemembered = true
        keep(h.respond(h.request("alpha", .authenticate)!, .uiRequired, ui: ui))
        keep(h.on(.owner(.forgetAnswers(nil))))
        lines.append(String(describing: h.m.snapshot()))
        #expect(lines.count > 8)
        for l in lines { #expect(!l.contains("R-4711") && !l.contains("Müller"), "\(l)") }
    }
}

