import Testing
import TestSupport
import HotspotCore
@testable import HotspotProtocol

/// Seeded random inputs into every parser: nothing may trap. Reproducible (SplitMix64 with fixed seeds).
@Suite struct FuzzTests {
    /// Feeds one input to every parser.
    static func feedAll(_ input: [UInt8]) {
        _ = SupplicantReply(input)
        _ = try? SupplicantReply.expectOK(input)
        _ = try? SupplicantReply.networkID(input)
        _ = try? ScanResultsTable.parse(input)
        _ = try? BSSInfo.parse(input)
        _ = try? BSSRange.parse(input)
        _ = try? SupplicantStatus.parse(input)
        _ = try? SignalPoll.parse(input)
        _ = try? NetworkList.parse(input)
        _ = KeyValueBlock(parsing: input)
        _ = SupplicantEventMessage.parse(input)
        _ = SupplicantDatagram.classify(input)
        _ = SupplicantEventMessage.event(input[...])
        _ = ScanFlags(input[...])
        _ = PrintfEscaping.decode(input)
        _ = PrintfEscaping.decodeSSID(input[...])
        _ = try? Passphrase(bytes: input)
        _ = try? HTTPURL(parsing: input[...])
        _ = try? FuzzTests.base.resolve(input[...])
        _ = IPv4Address(input[...])
        _ = try? FormEncoding.decode(input[...])
        _ = try? DNSMessage.parseResponse(input, id: UInt16(input.first ?? 0) << 8 | UInt16(input.dropFirst().first ?? 0), name: "a.example")
        var jar = HTTPCookieJar(now: 0)
        jar.store(setCookie: input, from: FuzzTests.base)
        _ = jar.cookieHeader(for: FuzzTests.base)
        for head in [false, true] {
            var whole = HTTPResponseParser(respondingToHEAD: head)
            _ = try? whole.feed(input)
            _ = try? whole.finish()
            var split = HTTPResponseParser(respondingToHEAD: head, maxHeadBytes: 64, maxHeaderCount: 3, maxBodyBytes: 32)
            _ = try? split.feed(input.prefix(input.count / 2))
            _ = try? split.feed(input.dropFirst(input.count / 2))
            _ = try? split.finish()
        }
    }

    static let base = try! HTTPURL("http://portal.example/a/b?c")

    /// Bytes that matter to these grammars, so random strings hit the interesting paths often.
    static let alphabet: [UInt8] = Array("\t\n\r \\\"=[]<>-:x0123456789abcdefFAILOKIFNAME=#====".utf8) + [0x00, 0x1b, 0x7f, 0x80, 0xff]
        + Array("HTTP/1.1 200;%./?@&+:".utf8) + [0xc0, 0x0c]

    @Test func randomBytes() {
        var rng = SplitMix64(seed: 0x5eed_0001)
        for _ in 0..<4000 {
            let n = Int.random(in: 0...300, using: &rng)
            Self.feedAll((0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) })
        }
    }

    @Test func randomGrammarBytes() {
        var rng = SplitMix64(seed: 0x5eed_0002)
        for _ in 0..<4000 {
            let n = Int.random(in: 0...300, using: &rng)
            Self.feedAll((0..<n).map { _ in Self.alphabet.randomElement(using: &rng)! })
        }
    }

    /// Valid replies with random bytes flipped, inserted, deleted or duplicated.
    @Test func mutatedFixtures() throws {
        var rng = SplitMix64(seed: 0x5eed_0003)
        let seeds = try Fixture.names(prefix: "").filter { !$0.hasSuffix(".md") }.map { try Fixture.load($0) }
            + [bytes("<3>CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid=\"a\\\"b\" auth_failures=1 duration=10 reason=WRONG_KEY"),
               bytes("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=0 id_str=]"),
               bytes("IFNAME=wlan0 <3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=3 locally_generated=1")]
            + HTTPResponseParserTests.cases.map { $0.wire } + [DNSMessageTests.captured.message]
            + [bytes("http://a.example:8080/../x?y#z"), bytes("SID=1; Domain=portal.example; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT")]
        for _ in 0..<3000 {
            var input = seeds.randomElement(using: &rng)!
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let at = input.isEmpty ? 0 : Int.random(in: 0..<input.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0 where !input.isEmpty: input[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: input.insert(Self.alphabet.randomElement(using: &rng)!, at: at)
                case 2 where !input.isEmpty: input.remove(at: at)
                case 3 where !input.isEmpty: input.insert(contentsOf: input[at..<min(input.count, at + 20)], at: at)
                default: input = Array(input.prefix(at))
                }
            }
            Self.feedAll(input)
        }
    }

    /// Whatever SSID or passphrase bytes, an encoded command is one line of printable ASCII: nothing can
    /// smuggle a second command or a NUL.
    @Test func encodedCommandsAreSafe() {
        var rng = SplitMix64(seed: 0x5eed_0004)
        for _ in 0..<3000 {
            let raw = (0..<Int.random(in: 0...32, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let ssid = SSID(bytes: raw)!
            let id = NetworkID(Int.random(in: 0...1000, using: &rng))!
            var commands: [SupplicantCommand] = [.setNetwork(id, .ssid(ssid)), .scan(ScanRequest(ssids: [ssid]))]
            let secret = (0..<Int.random(in: 0...70, using: &rng)).map { _ in Self.alphabet.randomElement(using: &rng)! }
            if let p = try? Passphrase(bytes: secret) { commands.append(.setNetwork(id, .psk(p))) }
            let value = String(decoding: secret, as: UTF8.self)
            commands.append(.setNetwork(id, .other(name: "bgscan", value: value)))
            commands.append(.setNetwork(id, .idString(value)))
            for c in commands {
                guard let encoded = try? c.encoded() else { continue }
                #expect(encoded.allSatisfy { $0 >= 0x20 && $0 != 0x7f }, "\(c)")
            }
            if !raw.isEmpty {
                let encoded = try! SupplicantCommand.setNetwork(id, .ssid(ssid)).encoded()
                let hex = String(decoding: encoded.split(separator: UInt8(ascii: " ")).last!, as: UTF8.self)
                #expect(Hex.decode(hex) == raw)
            }
        }
    }
}
