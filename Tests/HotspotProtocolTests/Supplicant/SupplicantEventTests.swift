import Testing
import TestSupport
import HotspotCore
@testable import TestSupport
@testable import HotspotProtocol

private func event(_ text: String) -> SupplicantEvent? {
    SupplicantEventMessage.parse(bytes(text))?.event
}

private let ap = BSSID("02:00:00:00:01:00")!

@Suite struct SupplicantEventTests {
    @Test func prefixes() throws {
        let m = try #require(SupplicantEventMessage.parse(bytes("<3>CTRL-EVENT-SCAN-RESULTS ")))
        #expect(m.priority == 3 && m.interface == nil && m.event == .scanResults && m.text == "CTRL-EVENT-SCAN-RESULTS ")
        let g = try #require(SupplicantEventMessage.parse(bytes("IFNAME=wlan0 <4>CTRL-EVENT-SCAN-STARTED \n")))
        #expect(g.priority == 4 && g.interface == "wlan0" && g.event == .scanStarted)
        let noLevel = try #require(SupplicantEventMessage.parse(bytes("IFNAME=wlan1 CTRL-EVENT-TERMINATING ")))
        #expect(noLevel.priority == nil && noLevel.interface == "wlan1" && noLevel.event == .terminating)
        #expect(SupplicantEventMessage.parse(bytes("<12>x"))?.priority == 12)
        #expect(SupplicantEventMessage.parse(bytes("CTRL-EVENT-SCAN-RESULTS ")) == nil)
        #expect(SupplicantEventMessage.parse(bytes("<>CTRL-EVENT-SCAN-RESULTS")) == nil)
        #expect(SupplicantEventMessage.parse(bytes("<3")) == nil)
        #expect(SupplicantEventMessage.parse(bytes("<1234>x")) == nil)
        #expect(SupplicantEventMessage.parse(bytes("<a>x")) == nil)
        #expect(SupplicantEventMessage.parse(bytes("<3>"))?.event == .unknown(""))
    }

    @Test func simpleEvents() {
        #expect(event("<3>CTRL-EVENT-SCAN-STARTED ") == .scanStarted)
        #expect(event("<3>CTRL-EVENT-SCAN-RESULTS") == .scanResults)
        #expect(event("<3>CTRL-EVENT-NETWORK-NOT-FOUND ") == .networkNotFound)
        #expect(event("<3>CTRL-EVENT-TERMINATING ") == .terminating)
        #expect(event("<3>CTRL-EVENT-SCAN-FAILED ret=-16 retry=1") == .scanFailed(code: -16))
        #expect(event("<3>CTRL-EVENT-SCAN-FAILED") == .scanFailed(code: nil))
        #expect(event("<3>WPA: 4-Way Handshake failed - pre-shared key may be incorrect") == .handshakeFailed)
        #expect(event("<3>CTRL-EVENT-SCAN-RESULTSX") == .unknown("CTRL-EVENT-SCAN-RESULTSX"))
        #expect(event("<3>CTRL-EVENT-BSS-ADDED 0 02:00:00:00:01:00") == .unknown("CTRL-EVENT-BSS-ADDED 0 02:00:00:00:01:00"))
        #expect(event("<3>ctrl-event-scan-results") == .unknown("ctrl-event-scan-results"))
        #expect(event("<3>Unknown \u{1}\u{ff}") == .unknown(#"Unknown \x01\xc3\xbf"#))  // escaped for logs
    }

    @Test func connected() {
        #expect(event("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=0 id_str=]")
                == .connected(bssid: ap, networkID: NetworkID(0), idString: nil))
        #expect(event("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=12 id_str=hotspotd]")
                == .connected(bssid: ap, networkID: NetworkID(12), idString: "hotspotd"))
        #expect(event("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=1 id_str=a b] c]")
                == .connected(bssid: ap, networkID: NetworkID(1), idString: "a b] c"))
        #expect(event("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=2 id_str= FILS_HLP_SENT]")
                == .connected(bssid: ap, networkID: NetworkID(2), idString: nil))
        // Android builds
        #expect(event("<3>CTRL-EVENT-CONNECTED - connection to 02:00:00:00:01:00 completed (auth) [id=3 id_str=]")
                == .connected(bssid: ap, networkID: NetworkID(3), idString: nil))
        #expect(event("<3>CTRL-EVENT-CONNECTED") == .connected(bssid: nil, networkID: nil, idString: nil))
        #expect(event("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01 completed [id=-1 id_str=]")
                == .connected(bssid: nil, networkID: nil, idString: nil))
        #expect(event("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00") == .connected(bssid: ap, networkID: nil, idString: nil))
    }

    @Test func disconnected() {
        #expect(event("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=3 locally_generated=1")
                == .disconnected(bssid: ap, reason: 3, locallyGenerated: true))
        #expect(event("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=15")
                == .disconnected(bssid: ap, reason: 15, locallyGenerated: false))
        #expect(event("<3>CTRL-EVENT-DISCONNECTED bssid=garbage reason=x")
                == .disconnected(bssid: nil, reason: nil, locallyGenerated: false))
        #expect(event("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=4 locally_generated=1 disconnect_rssi=-60")
                == .disconnected(bssid: ap, reason: 4, locallyGenerated: true))
    }

    @Test func temporarilyDisabled() {
        #expect(event(#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid="hotel-guest" auth_failures=1 duration=10 reason=WRONG_KEY"#)
                == .temporarilyDisabled(networkID: NetworkID(0), ssid: SSID("hotel-guest"), authFailures: 1,
                                        duration: 10, reason: .wrongKey))
        // spaces, quotes, backslashes, tabs and non-ASCII bytes inside the quoted, printf-escaped SSID
        #expect(event(#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=1 ssid="Say \"hi\" \\ reason=X\t\xff" auth_failures=2 duration=20 reason=CONN_FAILED"#)
                == .temporarilyDisabled(networkID: NetworkID(1), ssid: SSID(bytes: Array("Say \"hi\" \\ reason=X\t".utf8) + [0xff]),
                                        authFailures: 2, duration: 20, reason: .connectionFailed))
        #expect(event(#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=2 ssid="" auth_failures=5 duration=120 reason=AUTH_FAILED"#)
                == .temporarilyDisabled(networkID: NetworkID(2), ssid: SSID(bytes: []), authFailures: 5,
                                        duration: 120, reason: .authenticationFailed))
        #expect(event(#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=3 ssid="x" auth_failures=1 duration=10 reason=BLOCKED"#)
                == .temporarilyDisabled(networkID: NetworkID(3), ssid: SSID("x"), authFailures: 1, duration: 10,
                                        reason: .other("BLOCKED")))
        // unterminated quote: the SSID is unknown, the fields before it survive
        #expect(event(#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=4 ssid="open ended auth_failures=1"#)
                == .temporarilyDisabled(networkID: NetworkID(4), ssid: nil, authFailures: nil, duration: nil, reason: nil))
        // an overlong SSID is unknown, not truncated
        #expect(event("<3>CTRL-EVENT-SSID-TEMP-DISABLED id=5 ssid=\"\(String(repeating: "a", count: 33))\" reason=WRONG_KEY")
                == .temporarilyDisabled(networkID: NetworkID(5), ssid: nil, authFailures: nil, duration: nil, reason: .wrongKey))
        #expect(event(#"<3>CTRL-EVENT-SSID-REENABLED id=0 ssid="hotel-guest""#)
                == .reenabled(networkID: NetworkID(0), ssid: SSID("hotel-guest")))
        #expect(event(#"<3>CTRL-EVENT-SSID-REENABLED id=x ssid=unquoted"#)
                == .reenabled(networkID: nil, ssid: SSID("unquoted")))
    }

    @Test func rejections() {
        #expect(event("<3>CTRL-EVENT-ASSOC-REJECT bssid=02:00:00:00:01:00 status_code=1")
                == .associationRejected(bssid: ap, statusCode: 1, timedOut: false))
        #expect(event("<3>CTRL-EVENT-ASSOC-REJECT bssid=02:00:00:00:01:00 status_code=1 timeout")
                == .associationRejected(bssid: ap, statusCode: 1, timedOut: true))
        #expect(event("<3>CTRL-EVENT-ASSOC-REJECT bssid=02:00:00:00:01:00 status_code=1 timeout=8")
                == .associationRejected(bssid: ap, statusCode: 1, timedOut: true))
        #expect(event("<3>CTRL-EVENT-AUTH-REJECT 02:00:00:00:01:00 auth_type=3 auth_transaction=2 status_code=15")
                == .authenticationRejected(bssid: ap, statusCode: 15))
    }

    @Test func classifier() {
        #expect(SupplicantDatagram.isEvent(bytes("<3>CTRL-EVENT-SCAN-RESULTS ")))
        #expect(SupplicantDatagram.isEvent(bytes("IFNAME=wlan0 <3>CTRL-EVENT-SCAN-RESULTS ")))
        #expect(!SupplicantDatagram.isEvent(bytes("OK\n")))
        #expect(!SupplicantDatagram.isEvent(bytes("bssid / frequency / signal level / flags / ssid\n")))
        #expect(!SupplicantDatagram.isEvent(bytes("<html>")))
        #expect(!SupplicantDatagram.isEvent(bytes("<")))
        #expect(!SupplicantDatagram.isEvent([]))
        #expect(!SupplicantDatagram.isEvent(bytes("ifname=wlan0 <3>x")))
        #expect(SupplicantDatagram.classify(bytes("OK\n")) == .reply(.ok))
        #expect(SupplicantDatagram.classify(bytes("0\n")) == .reply(.data(bytes("0\n"))))
        guard case .event(let m) = SupplicantDatagram.classify(bytes("<3>CTRL-EVENT-TERMINATING ")) else {
            Issue.record("not an event")
            return
        }
        #expect(m.event == .terminating)
    }

    @Test func handmadeEventFixture() throws {
        let events = try Fixture.eventLines("events-handmade.txt").map { SupplicantEventMessage.parse($0)?.event }
        #expect(events.count == 23)
        #expect(events.allSatisfy { $0 != nil })
        #expect(events[0] == .scanStarted)
        #expect(events[2] == .scanResults)
        #expect(events[9] == .connected(bssid: ap, networkID: NetworkID(0), idString: nil))
        #expect(events[12] == .handshakeFailed)
        #expect(events[14] == .temporarilyDisabled(networkID: NetworkID(1), ssid: SSID("Say \"hi\" \\ tab\there"),
                                                   authFailures: 2, duration: 20, reason: .connectionFailed))
        #expect(events[22] == .terminating)
    }

    @Test func everyTruncationPoint() throws {
        for line in try Fixture.eventLines("events-handmade.txt") {
            for cut in 0...line.count {
                _ = SupplicantDatagram.classify(Array(line[0..<cut]))
            }
        }
    }
}
