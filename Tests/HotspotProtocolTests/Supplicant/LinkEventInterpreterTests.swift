import Testing
import TestSupport
import HotspotCore
@testable import HotspotProtocol

/// What each wpa_supplicant event tells the link machine, from the event lines wpa_supplicant prints, one
/// sequence at a time (the interpreter keeps a refused certificate between events).
@Suite struct LinkEventInterpreterTests {
    private let ap = BSSID("02:00:00:00:01:00")!
    private let certificateError =
        "<3>CTRL-EVENT-EAP-TLS-CERT-ERROR reason=5 depth=0 subject='/CN=elsewhere.invalid' err='Domain suffix mismatch'"
    private func disabled(_ reason: String, id: Int = 0) -> String {
        #"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=\#(id) ssid="hotel-guest" auth_failures=1 duration=10 reason=\#(reason)"#
    }
    private func tempDisabled(_ reason: TempDisableReason?, id: Int = 0) -> LinkInput {
        .tempDisabled(networkID: NetworkID(id), ssid: SSID("hotel-guest"), reason: reason, seconds: 10)
    }

    /// Feeds `lines` to one interpreter, in order: the input each one gave (nil: none).
    private func inputs(_ lines: [String]) throws -> [LinkInput?] {
        var interpreter = LinkEventInterpreter()
        return try lines.map { line in
            let message = try #require(SupplicantEventMessage.parse(Array(line.utf8)), "\(line)")
            return interpreter.input(for: message.event)
        }
    }

    @Test(arguments: [
        ("<3>CTRL-EVENT-SCAN-RESULTS ", LinkInput?.some(.scanResultsReady)),
        ("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=0 id_str=]",
         .connected(bssid: BSSID("02:00:00:00:01:00"), networkID: NetworkID(0))),
        // mac80211 no longer hears the AP: inactivity, said by the station itself.
        ("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=4 locally_generated=1", .apLost),
        // The AP's own inactivity timeout, or any other reason: a disconnection.
        ("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=4", .disconnected),
        ("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=3 locally_generated=1", .disconnected),
        ("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00", .disconnected),
        ("<3>CTRL-EVENT-NETWORK-NOT-FOUND", .networkNotFound),
        (#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid="hotel-guest" auth_failures=1 duration=10 reason=WRONG_KEY"#,
         .tempDisabled(networkID: NetworkID(0), ssid: SSID("hotel-guest"), reason: .wrongKey, seconds: 10)),
        // An SSID that reads like the event that would mean AP loss: classified by the parsed event, not its text.
        (#"<3>CTRL-EVENT-SSID-TEMP-DISABLED id=1 ssid="CTRL-EVENT-DISCONNECTED reason=4 locally_generated=1" reason=CONN_FAILED"#,
         .tempDisabled(networkID: NetworkID(1), ssid: SSID("CTRL-EVENT-DISCONNECTED reason=4 locally_generated=1"),
                       reason: .connectionFailed, seconds: nil)),
        // Events the link machine does not take.
        ("<3>CTRL-EVENT-SCAN-STARTED ", nil),
        ("<3>CTRL-EVENT-SCAN-FAILED ret=-16 retry=1", nil),
        (#"<3>CTRL-EVENT-SSID-REENABLED id=0 ssid="hotel-guest""#, nil),
        ("<3>CTRL-EVENT-TERMINATING", nil),
        ("<3>CTRL-EVENT-ASSOC-REJECT bssid=02:00:00:00:01:00 status_code=1", nil),
        ("<3>CTRL-EVENT-AUTH-REJECT 02:00:00:00:01:00 auth_type=0 auth_transaction=2 status_code=15", nil),
        ("<3>WPA: 4-Way Handshake failed - pre-shared key may be incorrect", nil),
        ("<3>CTRL-EVENT-SOMETHING-NEW x=1", nil),
    ] as [(String, LinkInput?)])
    func oneEvent(line: String, expected: LinkInput?) throws {
        #expect(try inputs([line]) == [expected])
    }

    @Test func aRefusedCertificateNamesTheAuthenticationFailureAfterIt() throws {
        let why = "server certificate refused: Domain suffix mismatch"
        #expect(try inputs([certificateError, disabled("AUTH_FAILED")]) == [nil, tempDisabled(.other(why))])
        // Said once: the next AUTH_FAILED is an AUTH_FAILED again.
        #expect(try inputs([certificateError, disabled("AUTH_FAILED"), disabled("AUTH_FAILED")])
                == [nil, tempDisabled(.other(why)), tempDisabled(.authenticationFailed)])
        // Another reason takes the refusal with it: it explained no wrong key.
        #expect(try inputs([certificateError, disabled("WRONG_KEY"), disabled("AUTH_FAILED")])
                == [nil, tempDisabled(.wrongKey), tempDisabled(.authenticationFailed)])
        // The latest refusal is the one said.
        let other = "<3>CTRL-EVENT-EAP-TLS-CERT-ERROR reason=1 depth=1 subject='/CN=x' err='unable to get local issuer certificate'"
        #expect(try inputs([certificateError, other, disabled("AUTH_FAILED")])
                == [nil, nil, tempDisabled(.other("server certificate refused: unable to get local issuer certificate"))])
        // Without a refusal, AUTH_FAILED stays itself.
        #expect(try inputs([disabled("AUTH_FAILED")]) == [tempDisabled(.authenticationFailed)])
    }
}
