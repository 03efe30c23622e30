import Foundation
import Testing
@testable import HotspotSystem
import TestSupport
import HotspotCore
import HotspotProtocol
import TestSupport
import SystemTestSupport

@Suite struct SupplicantClientTests {
    let dir = temporaryDirectory()
    let loop = EventLoop()

    func makeClient(timeout: Int64 = 300, ping: Int64 = 10_000) -> (FakeSupplicant, SupplicantClient) {
        let peer = FakeSupplicant(path: dir + "/wlan0", loop: loop)
        var config = SupplicantClient.Configuration(controlPath: dir + "/wlan0", clientDirectory: dir)
        config.requestTimeout = timeout
        config.pingInterval = ping
        config.reconnectMinimum = 50
        config.reconnectMaximum = 200
        return (peer, SupplicantClient(config, loop: loop))
    }

    @Test func attachesThenAnswersRequestsInOrder() {
        let (peer, client) = makeClient()
        peer.script["STATUS"] = "wpa_state=SCANNING\n"
        peer.start()
        var ups = 0
        client.onAttached = { ups += 1 }
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        #expect(ups == 1)
        var replies: [SupplicantClient.Reply] = []
        client.request(.ping) { replies.append($0) }
        client.request(.status) { replies.append($0) }
        client.request(.reassociate) { replies.append($0) }
        #expect(spin(loop) { replies.count == 3 })
        #expect(replies == [.reply(bytes("PONG\n")), .reply(bytes("wpa_state=SCANNING\n")), .reply(bytes("UNKNOWN COMMAND\n"))])
        #expect(peer.received == ["ATTACH", "PING", "STATUS", "REASSOCIATE"])
    }

    @Test func timedOutRequestNeverSeesItsLateReplyAsTheNext() {
        let (peer, client) = makeClient(timeout: 150)
        peer.script["SCAN"] = .some(nil)  // silent
        peer.start()
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        var replies: [SupplicantClient.Reply] = []
        client.request(.scan(ScanRequest())) { replies.append($0) }
        client.request(.ping) { replies.append($0) }
        #expect(spin(loop) { replies.count == 2 })
        #expect(replies == [.timedOut, .reply(bytes("PONG\n"))])
        #expect(client.attachment == .up)
    }

    /// SCAN's OK comes after SCAN timed out, while STATUS waits for its own reply: it must not become STATUS's.
    @Test func lateReplyArrivingDuringTheNextRequestIsNotItsReply() {
        let (peer, client) = makeClient(timeout: 100)
        peer.delayedReplies["SCAN"] = ("OK\n", 150)
        peer.delayedReplies["STATUS"] = ("wpa_state=SCANNING\n", 150)
        peer.start()
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        var replies: [SupplicantClient.Reply] = []
        client.request(.scan(ScanRequest())) { replies.append($0) }
        client.request(.status, timeout: 1_000) { replies.append($0) }
        #expect(spin(loop) { replies.count == 2 })
        #expect(replies == [.timedOut, .reply(bytes("wpa_state=SCANNING\n"))])
        #expect(client.attachment == .up)
    }

    @Test func eventOnRequestSocketIsNotTheReply() {
        let (peer, client) = makeClient()
        peer.start()
        var events: [SupplicantEvent] = []
        client.onEvent = { events.append($0.event) }
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        peer.eventBeforeNextReply = "<3>CTRL-EVENT-SCAN-STARTED "
        var reply: SupplicantClient.Reply? = nil
        client.request(.ping) { reply = $0 }
        #expect(spin(loop) { reply != nil })
        #expect(reply == .reply(bytes("PONG\n")))
        #expect(events == [.scanStarted])
    }

    @Test func eventsArriveOnTheAttachedSocket() {
        let (peer, client) = makeClient()
        peer.start()
        var events: [SupplicantEventMessage] = []
        client.onEvent = { events.append($0) }
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        peer.sendEvent("<2>CTRL-EVENT-SCAN-RESULTS ")
        peer.sendEvent("<2>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=0 id_str=]")
        #expect(spin(loop) { events.count == 2 })
        #expect(events.map(\.event) == [.scanResults, .connected(bssid: BSSID("02:00:00:00:01:00"), networkID: NetworkID(0), idString: nil)])
        #expect(events.map(\.priority) == [2, 2])
    }

    @Test func reconnectsAfterTerminatingAndReattaches() {
        let (peer, client) = makeClient()
        peer.start()
        var ups = 0, downs: [String] = []
        client.onAttached = { ups += 1 }
        client.onDetached = { downs.append($0) }
        client.start()
        #expect(spin(loop) { ups == 1 })
        peer.sendEvent("<2>CTRL-EVENT-TERMINATING ")
        #expect(spin(loop) { ups == 2 })
        #expect(downs == ["wpa_supplicant is terminating"])
        #expect(peer.received.filter { $0 == "ATTACH" }.count == 2)
    }

    @Test func survivesPeerVanishingAndComingBack() {
        let (peer, client) = makeClient(timeout: 100, ping: 100)
        peer.start()
        var ups = 0, downs = 0
        client.onAttached = { ups += 1 }
        client.onDetached = { _ in downs += 1 }
        client.start()
        #expect(spin(loop) { ups == 1 })
        peer.kill()  // killed: the socket file stays, stale
        #expect(spin(loop) { downs == 1 })
        #expect(client.attachment != .up)
        // Requests while down fail at once instead of hanging.
        var reply: SupplicantClient.Reply? = nil
        client.request(.status) { reply = $0 }
        loop.runOnce(maxWait: 0)
        guard case .unreachable(let why)? = reply else {
            Issue.record("expected unreachable, got \(String(describing: reply))")
            return
        }
        #expect(why.hasPrefix("not attached: "))
        // Let a few retries fail against the stale file, then come back.
        spin(loop, timeout: 300) { false }
        peer.start()
        #expect(spin(loop) { ups == 2 })
        var after: SupplicantClient.Reply? = nil
        client.request(.ping) { after = $0 }
        #expect(spin(loop) { after != nil })
        #expect(after == .reply(bytes("PONG\n")))
        #expect(client.reconnects >= 1)
    }

    @Test func missingSocketRetriesUntilItAppears() {
        let (peer, client) = makeClient()
        var ups = 0
        client.onAttached = { ups += 1 }
        client.start()
        spin(loop, timeout: 200) { false }
        #expect(client.attachment == .down)
        #expect(client.lastError.contains("No such file"))
        peer.start()
        #expect(spin(loop) { ups == 1 })
    }

    @Test func clientSocketsAreCleanedUp() throws {
        let (peer, client) = makeClient()
        peer.start()
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        client.stop()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("wpa_ctrl_") }
        #expect(left.isEmpty)
    }

    @Test func hostileSSIDNamingTerminatingDoesNotDropTheLink() {
        let (peer, client) = makeClient()
        peer.script["SCAN_RESULTS"] = "bssid / frequency / signal level / flags / ssid\n02:00:00:00:01:00\t2412\t-40\t[ESS]\tCTRL-EVENT-TERMINATING\n"
        peer.start()
        var events: [SupplicantEvent] = []
        var downs: [String] = []
        client.onEvent = { events.append($0.event) }
        client.onDetached = { downs.append($0) }
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        peer.sendEvent(#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid="CTRL-EVENT-TERMINATING" auth_failures=1 duration=10 reason=WRONG_KEY"#)
        peer.sendEvent("<3>Trying to associate with SSID 'CTRL-EVENT-TERMINATING'")
        peer.eventBeforeNextReply = #"<3>CTRL-EVENT-SSID-REENABLED id=0 ssid="CTRL-EVENT-TERMINATING""#
        var reply: SupplicantClient.Reply? = nil
        client.request(.scanResults) { reply = $0 }
        #expect(spin(loop) { events.count == 3 && reply != nil })
        guard case .temporarilyDisabled(_, let ssid, _, _, _)? = events.first else {
            Issue.record("expected the temp-disabled event first, got \(events)")
            return
        }
        #expect(ssid == SSID("CTRL-EVENT-TERMINATING"))
        guard case .reply(let table)? = reply else {
            Issue.record("no reply")
            return
        }
        #expect(String(decoding: table, as: UTF8.self).hasSuffix("CTRL-EVENT-TERMINATING\n"))
        #expect(downs.isEmpty)
        #expect(client.attachment == .up)
        #expect(peer.received.filter { $0 == "ATTACH" }.count == 1)
    }

    @Test func invalidCommandIsRefusedAndNothingIsSent() {
        let (peer, client) = makeClient()
        peer.start()
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        var reply: SupplicantClient.Reply? = nil
        client.request(.setNetwork(NetworkID(0)!, .other(name: "identity", value: "x\nREMOVE_NETWORK all"))) { reply = $0 }
        #expect(spin(loop) { reply != nil })
        #expect(reply == .invalid(.invalidValue(field: "identity", problem: .forbiddenByte(0x0a, offset: 1))))
        var pong: SupplicantClient.Reply? = nil
        client.request(.ping) { pong = $0 }
        #expect(spin(loop) { pong != nil })
        #expect(peer.received == ["ATTACH", "PING"])
    }

    /// A completion never runs inside the call that caused it: `request` returns (and `stop` returns) first.
    @Test func completionsAndCallbacksNeverRunInsideTheCall() {
        let (peer, client) = makeClient()
        var downs: [String] = []
        client.onDetached = { downs.append($0) }

        // Down: the answer is known at once, but still comes later.
        var returned = false
        var ranAfterReturn: [Bool] = []
        client.request(.status) { _ in ranAfterReturn.append(returned) }
        client.request(.level(42)) { _ in ranAfterReturn.append(returned) }
        returned = true
        #expect(ranAfterReturn.isEmpty)
        loop.runOnce(maxWait: 0)
        #expect(ranAfterReturn == [true, true])

        // Up, with requests queued: stop() fails them, after it has returned; onDetached likewise.
        peer.script["STATUS"] = .some(nil)  // silent: STATUS stays in flight
        peer.start()
        client.start()
        #expect(spin(loop) { client.attachment == .up })
        var stopped = false
        var results: [(SupplicantClient.Reply, Bool)] = []
        client.request(.status) { results.append(($0, stopped)) }
        client.request(.ping) { results.append(($0, stopped)) }
        #expect(spin(loop, timeout: 100) { peer.received.contains("STATUS") })
        client.stop()
        stopped = true
        #expect(results.isEmpty)
        #expect(downs.isEmpty)
        loop.runOnce(maxWait: 0)
        #expect(results.map(\.0) == [.unreachable("stopped"), .unreachable("stopped")])
        #expect(results.map(\.1) == [true, true])
        #expect(downs == ["stopped"])
    }
}
