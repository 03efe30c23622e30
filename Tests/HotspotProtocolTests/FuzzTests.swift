import Testing
import TestSupport
import HotspotCore
@testable import TestSupport
@testable import HotspotProtocol

/// Seeded random inputs into every wpa_supplicant parser: nothing may trap (WebFuzzTests does the web's). Reproducible (SplitMix64 with fixed seeds).
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
    }

    /// Bytes that matter to these grammars, so random strings hit the interesting paths often.
    static let alphabet: [UInt8] = Array("\t\n\r \\\"=[]<>-:x0123456789abcdefFAILOKIFNAME=#====".utf8) + [0x00, 0x1b, 0x7f, 0x80, 0xff]
        + Array("HTTP/1.1 200;%./?@&+:".utf8) + [0xc0, 0x0c]

    @Test func randomBytes() {
        SeededInputs.random(seed: 0x5eed_0001, count: 4000, maxLength: 300, Self.feedAll)
    }

    @Test func randomGrammarBytes() {
        SeededInputs.random(seed: 0x5eed_0002, count: 4000, maxLength: 300, alphabet: Self.alphabet, Self.feedAll)
    }

    /// Valid replies with random bytes flipped, inserted, deleted or duplicated.
    @Test func mutatedFixtures() throws {
        let seeds = try Fixture.names(prefix: "").filter { !$0.hasSuffix(".md") }.map { try Fixture.load($0) }
            + [bytes("<3>CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid=\"a\\\"b\" auth_failures=1 duration=10 reason=WRONG_KEY"),
               bytes("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=0 id_str=]"),
               bytes("IFNAME=wlan0 <3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:01:00 reason=3 locally_generated=1")]
        SeededInputs.mutated(seed: 0x5eed_0003, count: 3000, seeds: seeds, alphabet: Self.alphabet, Self.feedAll)
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
