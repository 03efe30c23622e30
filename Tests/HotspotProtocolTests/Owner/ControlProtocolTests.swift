import Testing
import HotspotCore
@testable import HotspotProtocol

@Suite struct ControlProtocolTests {
    static let hostile = SSID(bytes: [0x0a, 0x20, 0x00, 0xff, 0x22, 0x5c, 0x78])!

    static let requests: [ControlRequest] = [
        .status(json: false), .status(json: true), .scan(json: true), .helpers(json: false), .helpers(json: true),
        .logoff, .ui(json: true), .ui(json: false),
        .submitUI([UIAnswer(key: "room", value: "12 3\n"), UIAnswer(key: "name", value: "")]), .submitUI([]),
        .cancelUI, .enable(hostile), .enable(SSID(bytes: [])!),
        .join(SSID("Hotel")!, passphrase: try! Passphrase("pass word\"\\"), once: true),
        .join(hostile, passphrase: nil, once: false), .forget(SSID(bytes: Array(repeating: 0x0a, count: 32))!),
        .networks(json: true), .reload, .config(.check, json: false), .config(.show, json: true),
        .config(.remove, json: false), .version,
        .saveConfig(ManagerPreferences(), []), .saveConfig(ManagerPreferences(isEnabled: false), .isEnabled),
        .saveConfig(ManagerPreferences(), .all),
        .saveConfig(ManagerPreferences(evaluationProvider: "venue", authenticationProvider: "login",
                                       safariDomains: ["a.example", "b.example"], evaluatedSSIDs: [hostile, SSID("Hotel")!]),
                    [.evaluationProvider, .authenticationProvider, .safariDomains, .evaluatedSSIDs]),
    ]

    @Test func configSaveNamesWhatItChanges() {
        let save = ControlRequest.saveConfig(
            ManagerPreferences(isEnabled: false, authenticationProvider: nil, safariDomains: ["a.b"], evaluatedSSIDs: [Self.hostile]),
            [.isEnabled, .authenticationProvider, .safariDomains, .evaluatedSSIDs])
        #expect(String(decoding: save.encoded, as: UTF8.self)
                == "config-save enabled x30 authentication domains x612e62 ssids x0a2000ff225c78\n")
    }

    @Test func everyRequestSurvivesTheWireAtEveryChunkSize() {
        for request in Self.requests {
            let wire = request.encoded
            #expect(wire.last == 0x0a && wire.dropLast().firstIndex(of: 0x0a) == nil, "one line: \(request)")
            for split in 0...wire.count {
                var d = ControlRequestDecoder()
                var result = d.feed(wire[..<split])
                if split < wire.count {
                    #expect(result == .needMore)
                    result = d.feed(wire[split...])
                }
                #expect(result == .request(request), "split at \(split)")
            }
            // Byte by byte.
            var d = ControlRequestDecoder()
            var last = ControlRequestDecoder.Step.needMore
            for b in wire { last = d.feed([b][...]) }
            #expect(last == .request(request))
        }
    }

    @Test func ssidsAreHexOnTheWire() {
        let text = String(decoding: ControlRequest.enable(Self.hostile).encoded, as: UTF8.self)
        #expect(text == "enable x0a2000ff225c78\n")
        #expect(String(decoding: ControlRequest.status(json: true).encoded, as: UTF8.self) == "status json\n")
    }

    @Test func hostileRequestsAreRefused() {
        func step(_ text: String) -> ControlRequestDecoder.Step {
            var d = ControlRequestDecoder()
            return d.feed(Array(text.utf8)[...])
        }
        func malformed(_ text: String) -> Bool {
            if case .failed(.malformed) = step(text) { return true }
            return false
        }
        #expect(malformed("\n"))
        #expect(malformed("frobnicate\n"))
        #expect(malformed("status  json\n"))       // an empty word
        #expect(malformed("status JSON\n"))
        #expect(malformed("logoff json\n"))
        #expect(malformed("status once\n"))
        #expect(malformed("enable\n"))
        #expect(malformed("enable x41 x42\n"))
        #expect(malformed("enable x4\n"))          // odd hex
        #expect(malformed("enable xzz\n"))
        #expect(malformed("enable Hotel\n"))       // SSIDs only as hex
        #expect(malformed("enable x" + String(repeating: "41", count: 33) + "\n"))
        #expect(malformed("join x41 x7368\n"))     // passphrase too short
        #expect(malformed("ui-submit x41\n"))
        #expect(malformed("status\r\n"))
        #expect(malformed("config-save enabled\n"))
        #expect(malformed("config-save enabled x32\n"))
        #expect(malformed("config-save enabled x31 x30\n"))
        #expect(malformed("config-save evaluation x41 x42\n"))
        #expect(malformed("config-save domains x41 domains x42\n"))  // a tag twice
        #expect(malformed("config-save x41\n"))                      // data without a tag
        #expect(malformed("config-save json\n"))
        #expect(malformed("config-remove json\n"))
        #expect(malformed("status ssids\n"))                         // tags only after config-save
        #expect(malformed("config-save ssids x" + String(repeating: "41", count: 33) + "\n"))
        #expect(step("enable x\n") == .request(.enable(SSID(bytes: [])!)))
        // Bounded: a line that never ends is refused once it passes the limit, whatever the chunking.
        var d = ControlRequestDecoder()
        var refused = false
        for _ in 0..<100 where !refused {
            if case .failed(.tooLarge(4096)) = d.feed(Array(repeating: UInt8(ascii: "a"), count: 100)[...]) { refused = true }
        }
        #expect(refused)
        #expect(step(String(repeating: "a", count: 4095) + "\n") != .failed(.tooLarge(limit: 4096)))
        #expect(step(String(repeating: "a", count: 4096) + "\n") == .failed(.tooLarge(limit: 4096)))
        // Random bytes never crash the decoder.
        var g = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let n = Int.random(in: 0..<64, using: &g)
            var bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &g) }
            bytes.append(0x0a)
            var d = ControlRequestDecoder()
            _ = d.feed(bytes[...])
        }
    }

    @Test func repliesSurviveTheWireAtEveryChunkSize() {
        let replies = [
            ControlReply(exitStatus: 0, body: Array("{\"state\":\"inactive\"}\n".utf8)),
            ControlReply(exitStatus: 1, toStandardError: true, body: Array("no\n".utf8)),
            ControlReply(exitStatus: 255, body: []),
            ControlReply(exitStatus: 2, body: [0x0a, 0x00, 0xff, 0x0a]),
        ]
        for reply in replies {
            let wire = reply.encoded
            for split in 0...wire.count {
                var d = ControlReplyDecoder()
                var result = d.feed(wire[..<split])
                if split < wire.count {
                    #expect(result == .needMore, "split at \(split)")
                    result = d.feed(wire[split...])
                }
                #expect(result == .reply(reply), "split at \(split)")
            }
        }
    }

    @Test func hostileRepliesAreRefused() {
        func step(_ bytes: [UInt8]) -> ControlReplyDecoder.Step {
            var d = ControlReplyDecoder()
            return d.feed(bytes[...])
        }
        #expect(step(Array("out 0 3\nabcd".utf8)) == .failed(.malformed("bytes after the reply")))
        #expect(step(Array("out 0 3\nab".utf8)) == .needMore)
        #expect(step(Array("out 256 0\n".utf8)) == .failed(.malformed("reply header")))
        #expect(step(Array("std 0 0\n".utf8)) == .failed(.malformed("reply header")))
        #expect(step(Array("out 0 -1\n".utf8)) == .failed(.malformed("reply header")))
        #expect(step(Array("out 0 2000000\n".utf8)) == .failed(.tooLarge(limit: ControlReply.maxBody)))
        #expect(step(Array(repeating: UInt8(ascii: "1"), count: 30)) == .failed(.malformed("reply header")))
    }
}
