import Testing
import HotspotCore
@testable import HotspotProtocol

/// The control socket's lines, byte for byte, for every kind of request: the daemon and CLIs of other
/// versions speak them, so a change in how requests are declared must not change a byte here.
@Suite struct ControlWireGoldenTests {
    static var eap: EAPSettings {
        var e = EAPSettings()
        e.values[0] = Array("peap".utf8)
        e.values[1] = Array("me".utf8)
        e.values[4] = Array("/ca".utf8)
        return e
    }

    static let lines: [(ControlRequest, String)] = [
        (.status(json: false), "status"),
        (.status(json: true), "status json"),
        (.scan(json: true), "scan json"),
        (.scan(json: false, now: true), "scan now"),
        (.scan(json: true, now: true), "scan now json"),
        (.helpers(json: false), "helpers"),
        (.networks(json: true), "networks json"),
        (.ui(json: true), "ui json"),
        (.submitUI([UIAnswer(key: "room", value: "12"), UIAnswer(key: "n", value: "")]), "ui-submit x726f6f6d x3132 x6e x"),
        (.cancelUI, "ui-cancel"),
        (.forgetUI(nil), "ui-forget"),
        (.forgetUI(SSID("Hotel")!), "ui-forget x486f74656c"),
        (.join(SSID("Hotel")!, passphrase: nil, once: false), "join x486f74656c"),
        (.join(SSID("Hotel")!, passphrase: try! Passphrase("password"), once: true, mac: MACPolicy("per-join"), prefix: true,
               hidden: true, days: 7, eap: eap),
         "join x486f74656c x70617373776f7264 once mac=per-join prefix hidden days=7 eap0=70656170 eap1=6d65 eap4=2f6361"),
        (.forget(SSID("Hotel")!), "forget x486f74656c"),
        (.enable(SSID(bytes: [0x0a, 0xff])!), "enable x0aff"),
        (.logoff, "logoff"),
        (.reload, "reload"),
        (.config(.check, json: true), "config-check json"),
        (.config(.show, json: false), "config-show"),
        (.config(.remove, json: false), "config-remove"),
        (.saveConfig(ManagerPreferences(isEnabled: true, evaluationProvider: "venue"), [.isEnabled, .evaluationProvider]),
         "config-save enabled x31 evaluation x76656e7565"),
        (.version, "version"),
    ]

    @Test func everyKindOfRequestIsTheSameLine() throws {
        for (request, line) in Self.lines {
            #expect(String(decoding: request.encoded, as: UTF8.self) == line + "\n")
            #expect(try ControlRequest(line: Array(line.utf8)[...]) == request, "\(line)")
        }
    }
}
