import Foundation
import Testing
import HotspotCore
import HotspotProtocol
@testable import TestSupport
@testable import HotspotDaemon
@testable import HotspotCLI

/// `hotspotd rpcd call METHOD` as rpcd runs the plugin: the arguments on stdin, one JSON object out.
extension ControlHarness {
    func rpcd(_ method: String, _ input: String, socket: String? = nil) throws -> (status: Int32, answer: [String: Any]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ControlHarness.binary)
        p.arguments = ["rpcd", "call", method, "--socket", socket ?? self.socket]
        let stdin = Pipe(), out = Pipe()
        p.standardInput = stdin
        p.standardOutput = out
        try p.run()
        try stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        while p.isRunning { loop.runOnce(maxWait: 5) }
        let text = out.fileHandleForReading.readDataToEndOfFile()
        let object = try JSONSerialization.jsonObject(with: text)
        return (p.terminationStatus, try #require(object as? [String: Any], "not an object: \(String(decoding: text, as: UTF8.self))"))
    }
}

private func refusal(_ method: String, _ input: String) -> String? {
    if case .failure(let p) = RpcdCommand.parse(method, Array(input.utf8)) { return p.message }
    return nil
}

private func request(_ method: String, _ input: String) -> ControlRequest? {
    if case .success(let (_, r)) = RpcdCommand.parse(method, Array(input.utf8)) { return r }
    return nil
}

@Suite(.serialized) struct RpcdCommandTests {
    @Test func listNamesEveryMethodWithItsArgumentTypes() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(RpcdCommand.list.utf8)) as? [String: [String: Any]])
        #expect(Set(object.keys) == Set(RpcdCommand.methods.map { "\($0)" }))
        #expect(object["join"]?["once"] as? Bool == true && object["join"]?["ssid_hex"] as? String == "str")
        #expect(object["ui_submit"]?["fields"] is [String: Any])
    }

    @Test func argumentsBecomeTheRequestTheCLIWouldSend() {
        #expect(request("status", "{}") == .status(json: true))
        #expect(request("scan", "") == .scan(json: true))
        #expect(request("ui", " {\"ubus_rpc_session\":\"0123\"}\n") == .ui(json: true))
        #expect(request("logoff", "{}") == .logoff)
        let odd = SSID(bytes: [0x22, 0x0a, 0xff, 0x00, 0x5c, 0x41])!
        let quoted = try! Passphrase(bytes: Array("it's \"quoted\" \\ ok".utf8))
        #expect(request("join", #"{"ssid_hex":"220aff005c41","passphrase":"it's \"quoted\" \\ ok","once":true}"#)
            == .join(odd, passphrase: quoted, once: true))
        #expect(request("join", #"{"ssid":"Caf\u00e9 \"Bar\""}"#) == .join(SSID("Café \"Bar\"")!, passphrase: nil, once: false))
        #expect(request("forget", #"{"ssid":"Hotel"}"#) == .forget(SSID("Hotel")!))
        #expect(request("enable", #"{"ssid_hex":"486f74656c"}"#) == .enable(SSID("Hotel")!))
        #expect(request("ui_submit", #"{"fields":{"room":"412","name":"O'Brien \"Jr\""}}"#)
            == .submitUI([UIAnswer(key: "room", value: "412"), UIAnswer(key: "name", value: "O'Brien \"Jr\"")]))
    }

    @Test func hostileArgumentsAreRefusedWithAReason() {
        let cases: [(String, String, String)] = [
            ("reboot", "{}", "no method 'reboot'"),
            ("status", "[]", "the arguments are not a JSON object of at most 16 KB"),
            ("status", "{\"x\":1}", "status takes no argument 'x'"),
            ("status", "{", "the arguments are not a JSON object"),
            ("join", "{}", "join needs ssid or ssid_hex"),
            ("join", #"{"ssid":"a","ssid_hex":"61"}"#, "give ssid or ssid_hex, once"),
            ("join", #"{"ssid":"a","ssid":"b"}"#, "give ssid or ssid_hex, once"),
            ("join", #"{"ssid":""}"#, "'ssid' must be 1 to 32 bytes"),
            ("join", "{\"ssid\":\"" + String(repeating: "x", count: 33) + "\"}", "'ssid' must be 1 to 32 bytes"),
            ("join", #"{"ssid_hex":"6g"}"#, "'ssid_hex' must be 1 to 32 bytes, in hex"),
            ("join", #"{"ssid_hex":""}"#, "'ssid_hex' must be 1 to 32 bytes, in hex"),
            ("join", #"{"ssid":42}"#, "'ssid' must be a string"),
            ("join", #"{"ssid":"a","once":"yes"}"#, "'once' must be true or false"),
            ("join", #"{"ssid":"a","passphrase":"short"}"#, "the passphrase "),
            ("join", #"{"ssid":"a","passphrase":"new\nline ok"}"#, "the passphrase "),
            ("forget", #"{"ssid":"a","passphrase":"12345678"}"#, "forget takes no argument 'passphrase'"),
            ("ui_submit", "{}", "ui_submit needs fields"),
            ("ui_submit", #"{"fields":"room=1"}"#, "'fields' must be an object of field names and values"),
            ("ui_submit", #"{"fields":{"room no":"1"}}"#, "field 'room no': a name of 1-32 A-Z a-z 0-9 _, a text of at most 2048 bytes on one line"),
            ("ui_submit", #"{"fields":{"room":1}}"#, "field 'room': "),
            ("ui_submit", #"{"fields":{"room":"1\u0000"}}"#, "field 'room': "),
            ("ui_submit", "{\"fields\":{\"a\":\"" + String(repeating: "y", count: 2049) + "\"}}", "field 'a': "),
            ("ui_submit", "{\"fields\":{\"a\":\"" + String(repeating: "y", count: 1000) + "\",\"b\":\""
                + String(repeating: "y", count: 1100) + "\"}}", "the answers are too long for one request"),
            ("status", "{\"pad\":\"" + String(repeating: " ", count: 17_000) + "\"}", "the arguments are not a JSON object of at most 16 KB"),
        ]
        for (method, input, expected) in cases {
            let why = refusal(method, input)
            #expect(why?.hasPrefix(expected) == true, "\(method) \(input.prefix(60)): \(why ?? "accepted")")
        }
    }

    @Test func thePluginAgainstARunningDaemon() throws {
        let h = try ControlHarness()
        var r = try h.rpcd("status", "{}")
        #expect(r.status == 0 && r.answer["state"] as? String == "inactive")
        h.daemon.driver.submit(.scanResults(ControlComponentTests.scan))
        r = try h.rpcd("scan", "{}")
        #expect((r.answer["scan"] as? [[String: Any]])?.count == 2)
        r = try h.rpcd("ui", "{}")
        #expect(r.status == 0 && r.answer.count == 1 && r.answer["ui"] is NSNull)
        r = try h.rpcd("helpers", "{}")
        #expect(r.answer["helpers"] is [Any])

        r = try h.rpcd("join", #"{"ssid_hex":"220aff005c41","passphrase":"it's \"quoted\"","once":false}"#)
        #expect(r.status == 0 && r.answer["ok"] as? Bool == true && r.answer["message"] as? String == "joining")
        r = try h.rpcd("networks", "{}")
        #expect((r.answer["networks"] as? [[String: Any]])?.map { $0["ssid_hex"] as? String } == ["220aff005c41"])
        // Refused by the daemon: its words.
        r = try h.rpcd("ui_submit", #"{"fields":{"room":"12"}}"#)
        #expect(r.status == 1 && r.answer as? [String: String] == ["error": "no login is waiting for answers"])
        // Refused here: nothing reaches the daemon, nothing changes.
        r = try h.rpcd("forget", #"{"ssid_hex":"220aff005c4"}"#)
        #expect(r.status == 1 && (r.answer["error"] as? String)?.hasPrefix("'ssid_hex' must be") == true)
        r = try h.rpcd("networks", "{}")
        #expect((r.answer["networks"] as? [Any])?.count == 1)
        r = try h.rpcd("forget", #"{"ssid_hex":"220aff005c41"}"#)
        #expect(r.answer["message"] as? String == "forgotten")

        r = try h.rpcd("status", "{}", socket: h.dir + "/nothing")
        #expect(r.status == 1 && r.answer["error"] as? String == "cannot reach hotspotd at \(h.dir)/nothing: daemon not running")
    }
}
