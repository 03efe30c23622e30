import Foundation
import Testing
import HotspotCore
import HotspotProtocol
@testable import TestSupport
@testable import HotspotDaemon
@testable import HotspotCLI

/// `hotspotd rpcd call METHOD` as rpcd runs the plugin: the arguments on stdin, one JSON object out.
extension ControlHarness {
    func rpcd(_ method: String, _ input: String, config: String? = nil) throws -> (status: Int32, answer: [String: Any]) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ControlHarness.binary)
        p.arguments = ["rpcd", "call", method, "--config", config ?? self.config]
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

/// The refusal's words: nothing reaches the socket (there is none).
private func refusal(_ method: String, _ input: String) -> String? {
    let (status, answer) = RpcdCommand.call(method, Array(input.utf8), socket: "/nonexistent/control")
    let object = try? JSONSerialization.jsonObject(with: Data(answer)) as? [String: String]
    return status == 1 ? object?["error"] : nil
}

private func request(_ method: String, _ input: String) -> ControlRequest? {
    guard let verb = OwnerVerb.named(method: Array(method.utf8)[...]) else { return nil }
    return try? RpcdCommand.request(verb, Array(input.utf8)).get()
}

@Suite(.serialized) struct RpcdCommandTests {
    /// The plugin (init.d/hotspot.rpcd) answers `list` with `hotspotd rpcd list`: every declared method, in the
    /// declaration's order, with the arguments it takes and their rpcd types.
    @Test func thePluginListsTheDeclaredMethodsAndArguments() throws {
        let plugin = try String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/HotspotCLITests/RpcdCommandTests.swift",
                                                                                with: "init.d/hotspot.rpcd"), encoding: .utf8)
        #expect(plugin.contains("list)\n\texec /usr/sbin/hotspotd rpcd list\n"))
        let json = String(decoding: RpcdCommand.list(), as: UTF8.self)
        #expect(json.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: [String: Any]])
        let names = OwnerVerb.allCases.compactMap { $0.method.map { "\($0)" } }
        #expect(names.starts(with: ["status", "scan", "helpers", "networks", "ui"]))
        #expect(Set(object.keys) == Set(names))
        let order = names.map { json.range(of: "\"\($0)\":")!.lowerBound }
        #expect(order == order.sorted())
        #expect(json.contains(#""join":{"ssid":"str","ssid_hex":"str","passphrase":"str","once":true}"#))
        #expect(json.contains(#""ui_submit":{"fields":{}}"#))
        for verb in OwnerVerb.allCases {
            guard let method = verb.method.map({ "\($0)" }) else { continue }
            #expect(Set(object[method]!.keys) == Set(verb.ubusArguments.map { "\($0.name)" }), "\(method)")
        }
        // And so does the binary.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ControlHarness.binary)
        p.arguments = ["rpcd", "list"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == json)
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
        let ssid = "'ssid' must be 1 to 32 bytes", hex = "'ssid_hex' must be 1 to 32 bytes in hex"
        let fields = "'fields' must be an object of field names (1-32 of A-Z a-z 0-9 _) and texts of one line, 2048 bytes at most"
        let notJSON = "the arguments are not a JSON object of at most 16 KB"
        let cases: [(String, String, String)] = [
            ("reboot", "{}", "no method 'reboot'"),
            ("status", "[]", notJSON),
            ("status", "{", notJSON),
            ("status", "{\"pad\":\"" + String(repeating: " ", count: 17_000) + "\"}", notJSON),
            ("status", "{\"x\":1}", "an argument this method does not take: 'x'"),
            ("forget", #"{"ssid":"a","passphrase":"12345678"}"#, "an argument this method does not take: 'passphrase'"),
            ("join", "{}", "give ssid or ssid_hex"),
            ("join", #"{"ssid":"a","ssid_hex":"61"}"#, "give ssid or ssid_hex, once"),
            ("join", #"{"ssid":"a","ssid":"b"}"#, "give ssid or ssid_hex, once"),
            ("join", #"{"ssid":""}"#, ssid),
            ("join", "{\"ssid\":\"" + String(repeating: "x", count: 33) + "\"}", ssid),
            ("join", #"{"ssid":42}"#, ssid),
            ("join", #"{"ssid_hex":"6g"}"#, hex),
            ("join", #"{"ssid_hex":""}"#, hex),
            ("join", #"{"ssid":"a","once":"yes"}"#, "'once' must be true or false"),
            ("join", #"{"ssid":"a","passphrase":"short"}"#, "the passphrase is 5 characters; it needs 8–63 printable ASCII characters or 64 hex digits"),
            ("join", #"{"ssid":"a","passphrase":"new\nline ok"}"#, "the passphrase has a character outside printable ASCII at byte 4; it needs 8–63 printable ASCII characters or 64 hex digits"),
            ("join", #"{"ssid":"a","passphrase":1}"#, "'passphrase' must be a string"),
            ("ui_submit", "{}", "give fields"),
            ("ui_submit", #"{"fields":{}}"#, "give fields"),
            ("ui_submit", #"{"fields":"room=1"}"#, fields),
            ("ui_submit", #"{"fields":{"room no":"1"}}"#, fields),
            ("ui_submit", #"{"fields":{"room":1}}"#, fields),
            ("ui_submit", #"{"fields":{"room":"1\u0000"}}"#, fields),
            ("ui_submit", "{\"fields\":{\"a\":\"" + String(repeating: "y", count: 2049) + "\"}}", fields),
        ]
        for (method, input, expected) in cases {
            let why = refusal(method, input)
            #expect(why == expected, "\(method) \(input.prefix(60))")
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
        // Too many answers for one request: refused by the daemon, in its words.
        r = try h.rpcd("ui_submit", "{\"fields\":{\"a\":\"" + String(repeating: "y", count: 1000) + "\",\"b\":\""
                       + String(repeating: "y", count: 1100) + "\"}}")
        #expect(r.status == 1 && (r.answer["error"] as? String)?.contains("4096") == true, "\(r.answer)")
        // Refused here: nothing reaches the daemon, nothing changes.
        r = try h.rpcd("forget", #"{"ssid_hex":"220aff005c4"}"#)
        #expect(r.status == 1 && r.answer["error"] as? String == "'ssid_hex' must be 1 to 32 bytes in hex")
        r = try h.rpcd("networks", "{}")
        #expect((r.answer["networks"] as? [Any])?.count == 1)
        r = try h.rpcd("forget", #"{"ssid_hex":"220aff005c41"}"#)
        #expect(r.answer["message"] as? String == "forgotten")

        r = try h.rpcd("status", "{}", config: h.dir + "/nothing")
        #expect(r.status == 1 && r.answer["error"] as? String == "cannot reach hotspotd at /var/run/hotspotd/control: daemon not running")
    }
}
