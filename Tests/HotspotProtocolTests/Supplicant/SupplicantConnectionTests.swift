import Testing
import TestSupport
import HotspotCore
@testable import TestSupport
@testable import HotspotProtocol

/// The control connection's machine driven by hand: every input, the exact actions it returns.
@Suite struct SupplicantConnectionTests {
    typealias Action = SupplicantConnection.Action

    static let timing: SupplicantConnection.Configuration = {
        var c = SupplicantConnection.Configuration()
        c.requestTimeout = 1_000
        c.pingInterval = 5_000
        c.reconnectMinimum = 500
        c.reconnectMaximum = 30_000
        return c
    }()

    /// A machine whose link is up at `now`.
    func attached(now: Int64 = 0) -> SupplicantConnection {
        var c = SupplicantConnection(Self.timing)
        _ = c.start(now: now)
        _ = c.socketsOpened(now: now)
        _ = c.datagram(from: .events, bytes("OK\n"), now: now)
        #expect(c.attachment == .up)
        return c
    }

    func event(_ text: String) -> SupplicantEventMessage { SupplicantEventMessage.parse(bytes(text))! }

    func isLinkDown(_ actions: [Action]) -> Bool {
        actions.contains { if case .detached = $0 { return true } else { return false } }
    }

    func sends(_ actions: [Action]) -> [[UInt8]] {
        actions.compactMap { if case .send(let b, _) = $0 { return b } else { return nil } }
    }

    func reconnectDelay(_ actions: [Action], now: Int64) -> Int64? {
        for case .armTimer(.reconnect, let deadline) in actions { return deadline - now }
        return nil
    }

    // MARK: - attach

    @Test func attachSendsATTACHOnTheEventSocketAndWaitsForOK() {
        var c = SupplicantConnection(Self.timing)
        #expect(c.attachment == .down)
        #expect(c.start(now: 100) == [.openSockets])
        #expect(c.start(now: 100) == [])  // already started
        #expect(c.attachment == .attaching)
        #expect(c.socketsOpened(now: 110) == [.send(bytes("ATTACH"), on: .events), .armTimer(.attach, deadline: 1_110)])
        // An event may come before the OK; it is delivered, the link still waits for OK.
        #expect(c.datagram(from: .events, bytes("<3>CTRL-EVENT-SCAN-STARTED "), now: 120)
            == [.event(event("<3>CTRL-EVENT-SCAN-STARTED "))])
        #expect(c.attachment == .attaching)
        #expect(c.datagram(from: .events, bytes("OK\n"), now: 130)
            == [.cancelTimer(.attach), .armTimer(.ping, deadline: 5_130), .attached])
        #expect(c.attachment == .up)
        #expect(c.lastError == "")
    }

    @Test func attachRefusedReconnectsAfterBackoff() {
        var c = SupplicantConnection(Self.timing)
        _ = c.start(now: 0)
        _ = c.socketsOpened(now: 0)
        let actions = c.datagram(from: .events, bytes("FAIL\n"), now: 10)
        #expect(actions == [.cancelTimer(.attach), .closeSockets, .armTimer(.reconnect, deadline: 510)])
        #expect(c.attachment == .down)
        #expect(c.lastError == #"ATTACH refused: FAIL\n"#)
        #expect(c.timerFired(.reconnect, now: 510) == [.openSockets])
        #expect(c.reconnects == 1)
    }

    @Test func attachNotAnsweredReconnects() {
        var c = SupplicantConnection(Self.timing)
        _ = c.start(now: 0)
        _ = c.socketsOpened(now: 0)
        #expect(c.timerFired(.attach, now: 1_000) == [.cancelTimer(.attach), .closeSockets, .armTimer(.reconnect, deadline: 1_500)])
        #expect(c.lastError == "ATTACH not answered")
    }

    @Test func openFailureReconnects() {
        var c = SupplicantConnection(Self.timing)
        _ = c.start(now: 0)
        #expect(c.openFailed(reason: "No such file or directory", now: 0) == [.closeSockets, .armTimer(.reconnect, deadline: 500)])
        #expect(c.lastError == "No such file or directory")
        #expect(c.attachment == .down)
    }

    // MARK: - keepalive and backoff

    @Test func pongRearmsThePing() {
        var c = attached()
        #expect(c.timerFired(.ping, now: 5_000) == [.send(bytes("PING"), on: .requests), .armTimer(.request, deadline: 6_000)])
        #expect(c.datagram(from: .requests, bytes("PONG\n"), now: 5_010)
            == [.cancelTimer(.request), .armTimer(.ping, deadline: 10_010)])
        #expect(c.attachment == .up)
    }

    @Test func pingAnsweredWithSomethingElseTakesTheLinkDown() {
        var c = attached()
        _ = c.timerFired(.ping, now: 5_000)
        let actions = c.datagram(from: .requests, bytes("OK\n"), now: 5_010)
        #expect(isLinkDown(actions))
        #expect(c.attachment == .down)
    }

    @Test func pingTimeoutReconnectsWithBackoffDoublingAndCapped() {
        var c = attached()
        _ = c.timerFired(.ping, now: 5_000)
        let lost = c.timerFired(.request, now: 6_000)
        #expect(lost == [.cancelTimer(.ping), .cancelTimer(.request), .closeSockets, .detached(reason: "PING not answered"),
                         .armTimer(.reconnect, deadline: 6_500)])
        #expect(c.lastError == "PING not answered")
        // wpa_supplicant stays away: each failed attempt waits twice as long, up to the cap.
        var now: Int64 = 6_500
        var delays: [Int64] = []
        for _ in 0..<9 {
            #expect(c.timerFired(.reconnect, now: now) == [.openSockets])
            let actions = c.openFailed(reason: "Connection refused", now: now)
            guard let delay = reconnectDelay(actions, now: now) else {
                Issue.record("no reconnect armed")
                return
            }
            delays.append(delay)
            now += delay
        }
        #expect(delays == [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000])
        #expect(c.reconnects == 9)
        // Attaching again resets the backoff.
        _ = c.timerFired(.reconnect, now: now)
        _ = c.socketsOpened(now: now)
        #expect(c.datagram(from: .events, bytes("OK\n"), now: now).contains(.attached))
        let again = c.datagram(from: .events, bytes("<3>CTRL-EVENT-TERMINATING "), now: now)
        #expect(reconnectDelay(again, now: now) == 500)
    }

    @Test func pingIsNotQueuedTwice() {
        var c = attached()
        _ = c.enqueue(.status, token: 1, now: 0)
        #expect(c.timerFired(.ping, now: 5_000) == [])  // behind STATUS
        #expect(c.timerFired(.ping, now: 5_001) == [])  // still one PING waiting
        #expect(c.datagram(from: .requests, bytes("wpa_state=SCANNING\n"), now: 5_002)
            == [.cancelTimer(.request), .complete(token: 1, .reply(bytes("wpa_state=SCANNING\n"))),
                .send(bytes("PING"), on: .requests), .armTimer(.request, deadline: 6_002)])
        #expect(sends(c.datagram(from: .requests, bytes("PONG\n"), now: 5_003)) == [])
    }

    // MARK: - requests

    @Test func requestsGoOneAtATimeInOrder() {
        var c = attached()
        #expect(c.enqueue(.status, token: 7, now: 10) == [.send(bytes("STATUS"), on: .requests), .armTimer(.request, deadline: 1_010)])
        #expect(c.enqueue(.scanResults, token: 8, timeout: 50, now: 20) == [])
        #expect(c.datagram(from: .requests, bytes("wpa_state=COMPLETED\n"), now: 30)
            == [.cancelTimer(.request), .complete(token: 7, .reply(bytes("wpa_state=COMPLETED\n"))),
                .send(bytes("SCAN_RESULTS"), on: .requests), .armTimer(.request, deadline: 80)])
        #expect(c.datagram(from: .requests, bytes("FAIL-BUSY\n"), now: 40)
            == [.cancelTimer(.request), .complete(token: 8, .reply(bytes("FAIL-BUSY\n")))])
        // Nobody is waiting: a stray reply is dropped.
        #expect(c.datagram(from: .requests, bytes("OK\n"), now: 50) == [])
    }

    @Test func requestTimeoutReopensTheRequestSocketAndDropsTheLateReply() {
        var c = attached()
        _ = c.enqueue(.scan(ScanRequest()), token: 1, timeout: 100, now: 0)
        _ = c.enqueue(.status, token: 2, now: 0)
        #expect(c.timerFired(.request, now: 100) == [.reopenRequestSocket, .complete(token: 1, .timedOut)])
        // Until the new socket is open nothing is sent, and the late OK to SCAN is nobody's reply.
        #expect(c.datagram(from: .requests, bytes("OK\n"), now: 110) == [])
        #expect(c.enqueue(.ping, token: 3, now: 120) == [])
        #expect(c.socketsOpened(now: 130) == [.send(bytes("STATUS"), on: .requests), .armTimer(.request, deadline: 1_130)])
        #expect(c.datagram(from: .requests, bytes("wpa_state=SCANNING\n"), now: 140)
            == [.cancelTimer(.request), .complete(token: 2, .reply(bytes("wpa_state=SCANNING\n"))),
                .send(bytes("PING"), on: .requests), .armTimer(.request, deadline: 1_140)])
        #expect(c.attachment == .up)
    }

    @Test func failingToReopenTheRequestSocketTakesTheLinkDown() {
        var c = attached()
        _ = c.enqueue(.status, token: 1, now: 0)
        _ = c.enqueue(.scanResults, token: 2, now: 0)
        _ = c.timerFired(.request, now: 1_000)
        let actions = c.openFailed(reason: "Too many open files", now: 1_000)
        #expect(actions.contains(.complete(token: 2, .unreachable("cannot reopen the request socket: Too many open files"))))
        #expect(isLinkDown(actions))
    }

    @Test func eventOnTheRequestSocketBeforeTheReplyIsAnEvent() {
        var c = attached()
        _ = c.enqueue(.ping, token: 1, now: 0)
        #expect(c.datagram(from: .requests, bytes("<3>CTRL-EVENT-SCAN-STARTED "), now: 10)
            == [.event(event("<3>CTRL-EVENT-SCAN-STARTED "))])
        #expect(c.datagram(from: .requests, bytes("IFNAME=wlan0 <3>CTRL-EVENT-SCAN-RESULTS "), now: 11)
            == [.event(event("IFNAME=wlan0 <3>CTRL-EVENT-SCAN-RESULTS "))])
        #expect(c.datagram(from: .requests, bytes("PONG\n"), now: 20)
            == [.cancelTimer(.request), .complete(token: 1, .reply(bytes("PONG\n")))])
    }

    @Test func encodeFailureFailsTheRequestAndSendsNothing() {
        var c = attached()
        let bad = SupplicantCommand.setNetwork(NetworkID(0)!, .other(name: "identity", value: "a\nPING"))
        #expect(c.enqueue(bad, token: 4, now: 0)
            == [.complete(token: 4, .invalid(.invalidValue(field: "identity", problem: .forbiddenByte(0x0a, offset: 1))))])
        #expect(c.enqueue(.level(9), token: 5, now: 0) == [.complete(token: 5, .invalid(.invalidLevel(9)))])
        // The queue is untouched: the next request goes out at once.
        #expect(sends(c.enqueue(.status, token: 6, now: 0)) == [bytes("STATUS")])
        // Also while down: the command's own fault comes first.
        var down = SupplicantConnection(Self.timing)
        #expect(down.enqueue(.level(-1), token: 1, now: 0) == [.complete(token: 1, .invalid(.invalidLevel(-1)))])
    }

    @Test func requestWhileDownIsUnreachableAtOnce() {
        var c = SupplicantConnection(Self.timing)
        #expect(c.enqueue(.status, token: 1, now: 0) == [.complete(token: 1, .unreachable("not attached: not started"))])
        _ = c.start(now: 0)
        _ = c.openFailed(reason: "No such file or directory", now: 0)
        #expect(c.enqueue(.status, token: 2, now: 1)
            == [.complete(token: 2, .unreachable("not attached: No such file or directory"))])
    }

    // MARK: - losing the link

    @Test func terminatingTakesTheLinkDownAndReconnects() {
        for (socket, text) in [(SupplicantConnection.Socket.events, "<2>CTRL-EVENT-TERMINATING "),
                               (.events, "IFNAME=wlan0 <2>CTRL-EVENT-TERMINATING"),
                               (.requests, "<2>CTRL-EVENT-TERMINATING ")] {
            var c = attached()
            #expect(c.datagram(from: socket, bytes(text), now: 100)
                == [.event(event(text)), .cancelTimer(.ping), .cancelTimer(.request), .closeSockets,
                    .detached(reason: "wpa_supplicant is terminating"), .armTimer(.reconnect, deadline: 600)])
            #expect(c.attachment == .down)
            #expect(c.timerFired(.reconnect, now: 600) == [.openSockets])
            #expect(sends(c.socketsOpened(now: 600)) == [bytes("ATTACH")])
        }
    }

    @Test func hostileSSIDNamingTerminatingIsNotTerminating() {
        var c = attached()
        let hostile = [
            #"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid="CTRL-EVENT-TERMINATING" auth_failures=1 duration=10 reason=WRONG_KEY"#,
            "<3>Trying to associate with SSID 'CTRL-EVENT-TERMINATING'",
            #"<3>CTRL-EVENT-SSID-REENABLED id=0 ssid="x CTRL-EVENT-TERMINATING""#,
            "<3>SME: Trying to authenticate with 02:00:00:00:01:00 (SSID='<2>CTRL-EVENT-TERMINATING ' freq=2412 MHz)",
        ]
        for text in hostile {
            #expect(c.datagram(from: .events, bytes(text), now: 10) == [.event(event(text))])
            #expect(c.datagram(from: .requests, bytes(text), now: 10) == [.event(event(text))])
        }
        #expect(c.attachment == .up)
        // A reply that names it (a scan table with that SSID) is just the reply.
        _ = c.enqueue(.scanResults, token: 1, now: 20)
        let table = "bssid / frequency / signal level / flags / ssid\n02:00:00:00:01:00\t2412\t-40\t[ESS]\tCTRL-EVENT-TERMINATING\n"
        #expect(c.datagram(from: .requests, bytes(table), now: 30)
            == [.cancelTimer(.request), .complete(token: 1, .reply(bytes(table)))])
        #expect(c.attachment == .up)
    }

    @Test func queuedRequestsFailWhenTheLinkIsLost() {
        var c = attached()
        _ = c.enqueue(.status, token: 1, now: 0)
        _ = c.enqueue(.signalPoll, token: 2, now: 0)
        _ = c.timerFired(.ping, now: 5_000)  // our PING waits behind them, and is nobody's completion
        _ = c.enqueue(.scanResults, token: 3, now: 0)
        let why = "wpa_supplicant went away: Connection refused"
        #expect(c.sendFailed(on: .requests, reason: "Connection refused", now: 5_000)
            == [.cancelTimer(.ping), .cancelTimer(.request), .closeSockets,
                .complete(token: 1, .unreachable(why)), .complete(token: 2, .unreachable(why)),
                .complete(token: 3, .unreachable(why)), .detached(reason: why), .armTimer(.reconnect, deadline: 5_500)])
        #expect(c.lastError == why)
    }

    @Test func receiveFailureTakesTheLinkDown() {
        var c = attached()
        #expect(isLinkDown(c.receiveFailed(on: .events, reason: "Connection refused", now: 0)))
        #expect(c.attachment == .down)
    }

    @Test func stopFailsWhatWaitsAndNeverReconnects() {
        var c = attached()
        _ = c.enqueue(.status, token: 1, now: 0)
        _ = c.enqueue(.status, token: 2, now: 0)
        #expect(c.stop(now: 10) == [.cancelTimer(.ping), .cancelTimer(.request), .closeSockets,
                                    .complete(token: 1, .unreachable("stopped")), .complete(token: 2, .unreachable("stopped")),
                                    .detached(reason: "stopped")])
        #expect(c.attachment == .down)
        #expect(c.stop(now: 10) == [])
        for timer in ConnectionTimer.allCases { #expect(c.timerFired(timer, now: 100_000) == []) }
        #expect(c.datagram(from: .events, bytes("<2>CTRL-EVENT-TERMINATING "), now: 20) == [])
        #expect(c.start(now: 30) == [.openSockets])

        // Stopping while waiting to reconnect cancels the wait.
        var waiting = attached()
        _ = waiting.receiveFailed(on: .requests, reason: "x", now: 0)
        #expect(waiting.stop(now: 1) == [.cancelTimer(.reconnect)])
    }
}
