import Foundation
import Testing
@testable import HotspotAgent

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
        client.onLinkUp = { ups += 1 }
        client.start()
        #expect(spin(loop) { client.link == .up })
        #expect(ups == 1)
        var replies: [SupplicantClient.Reply] = []
        client.request(Array("PING".utf8)) { replies.append($0) }
        client.request(Array("STATUS".utf8)) { replies.append($0) }
        client.request(Array("BOGUS".utf8)) { replies.append($0) }
        #expect(spin(loop) { replies.count == 3 })
        #expect(replies == [.bytes(Array("PONG\n".utf8)), .bytes(Array("wpa_state=SCANNING\n".utf8)), .bytes(Array("UNKNOWN COMMAND\n".utf8))])
        #expect(peer.received == ["ATTACH", "PING", "STATUS", "BOGUS"])
    }

    @Test func timedOutRequestNeverSeesItsLateReplyAsTheNext() {
        let (peer, client) = makeClient(timeout: 150)
        peer.script["SCAN"] = .some(nil)  // silent
        peer.start()
        client.start()
        #expect(spin(loop) { client.link == .up })
        var replies: [SupplicantClient.Reply] = []
        client.request(Array("SCAN".utf8)) { replies.append($0) }
        client.request(Array("PING".utf8)) { replies.append($0) }
        #expect(spin(loop) { replies.count == 2 })
        #expect(replies == [.timedOut, .bytes(Array("PONG\n".utf8))])
        #expect(client.link == .up)
    }

    @Test func eventOnRequestSocketIsNotTheReply() {
        let (peer, client) = makeClient()
        peer.start()
        var events: [String] = []
        client.onEvent = { events.append(String(decoding: $0, as: UTF8.self)) }
        client.start()
        #expect(spin(loop) { client.link == .up })
        peer.eventBeforeNextReply = "<3>CTRL-EVENT-SCAN-STARTED "
        var reply: SupplicantClient.Reply? = nil
        client.request(Array("PING".utf8)) { reply = $0 }
        #expect(spin(loop) { reply != nil })
        #expect(reply == .bytes(Array("PONG\n".utf8)))
        #expect(events == ["<3>CTRL-EVENT-SCAN-STARTED "])
    }

    @Test func eventsArriveOnTheAttachedSocket() {
        let (peer, client) = makeClient()
        peer.start()
        var events: [String] = []
        client.onEvent = { events.append(String(decoding: $0, as: UTF8.self)) }
        client.start()
        #expect(spin(loop) { client.link == .up })
        peer.sendEvent("<2>CTRL-EVENT-SCAN-RESULTS ")
        peer.sendEvent("<2>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=0 id_str=]")
        #expect(spin(loop) { events.count == 2 })
        #expect(events[1].hasPrefix("<2>CTRL-EVENT-CONNECTED"))
    }

    @Test func reconnectsAfterTerminatingAndReattaches() {
        let (peer, client) = makeClient()
        peer.start()
        var ups = 0, downs: [String] = []
        client.onLinkUp = { ups += 1 }
        client.onLinkDown = { downs.append($0) }
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
        client.onLinkUp = { ups += 1 }
        client.onLinkDown = { _ in downs += 1 }
        client.start()
        #expect(spin(loop) { ups == 1 })
        peer.kill()  // killed: the socket file stays, stale
        #expect(spin(loop) { downs == 1 })
        #expect(client.link != .up)
        // Requests while down fail at once instead of hanging.
        var reply: SupplicantClient.Reply? = nil
        client.request(Array("STATUS".utf8)) { reply = $0 }
        #expect(reply == .unreachable(Errno(ENOTCONN)))
        // Let a few retries fail against the stale file, then come back.
        spin(loop, timeout: 300) { false }
        peer.start()
        #expect(spin(loop) { ups == 2 })
        var after: SupplicantClient.Reply? = nil
        client.request(Array("PING".utf8)) { after = $0 }
        #expect(spin(loop) { after != nil })
        #expect(after == .bytes(Array("PONG\n".utf8)))
        #expect(client.reconnects >= 1)
    }

    @Test func missingSocketRetriesUntilItAppears() {
        let (peer, client) = makeClient()
        var ups = 0
        client.onLinkUp = { ups += 1 }
        client.start()
        spin(loop, timeout: 200) { false }
        #expect(client.link == .down)
        #expect(client.lastError.contains("No such file"))
        peer.start()
        #expect(spin(loop) { ups == 1 })
    }

    @Test func clientSocketsAreCleanedUp() throws {
        let (peer, client) = makeClient()
        peer.start()
        client.start()
        #expect(spin(loop) { client.link == .up })
        client.stop()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("wpa_ctrl_") }
        #expect(left.isEmpty)
    }
}
