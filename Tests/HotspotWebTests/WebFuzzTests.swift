import Testing
import TestSupport
@testable import HotspotWeb

/// Seeded random inputs into every web parser: nothing may trap. Reproducible (SplitMix64 with fixed seeds).
@Suite struct WebFuzzTests {
    /// Feeds one input to every parser.
    static func feedAll(_ input: [UInt8]) {
        _ = try? HTTPURL(parsing: input[...])
        _ = try? WebFuzzTests.base.resolve(input[...])
        _ = IPv4Address(input[...])
        _ = try? FormEncoding.decode(input[...])
        _ = try? DNSMessage.parseResponse(input, id: UInt16(input.first ?? 0) << 8 | UInt16(input.dropFirst().first ?? 0), name: "a.example")
        var jar = HTTPCookieJar(now: 0)
        jar.store(setCookie: input, from: WebFuzzTests.base)
        _ = jar.cookieHeader(for: WebFuzzTests.base)
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
    static let alphabet: [UInt8] = Array("\t\n\r \\\"=[]<>-:x0123456789abcdefABCDEF#".utf8) + [0x00, 0x1b, 0x7f, 0x80, 0xff]
        + Array("HTTP/1.1 200;%./?@&+:".utf8) + [0xc0, 0x0c]

    @Test func randomBytes() {
        SeededInputs.random(seed: 0x5eed_0101, count: 4000, maxLength: 300, Self.feedAll)
    }

    @Test func randomGrammarBytes() {
        SeededInputs.random(seed: 0x5eed_0102, count: 4000, maxLength: 300, alphabet: Self.alphabet, Self.feedAll)
    }

    /// Valid responses, DNS answers, URLs and cookies with random bytes flipped, inserted, deleted or duplicated.
    @Test func mutatedSamples() {
        let seeds = HTTPResponseParserTests.cases.map { $0.wire } + [DNSMessageTests.captured.message]
            + [bytes("http://a.example:8080/../x?y#z"), bytes("SID=1; Domain=portal.example; Path=/; Expires=Wed, 21 Oct 2015 07:28:00 GMT")]
        SeededInputs.mutated(seed: 0x5eed_0103, count: 3000, seeds: seeds, alphabet: Self.alphabet, Self.feedAll)
    }
}
