import Testing
@testable import HotspotCore
import TestSupport
@testable import HotspotWeb

@Suite struct FormEncodingTests {
    static func pairs(_ p: [(name: [UInt8], value: [UInt8])]) -> [String] {
        p.map { String(decoding: $0.name, as: UTF8.self) + "=" + String(decoding: $0.value, as: UTF8.self) }
    }

    @Test func encode() {
        let body = FormEncoding.encode([(bytes("user"), bytes("me@hotel.example")), (bytes("pass"), bytes("a b&c=d/\u{e9}~-._*+%")),
                                        (bytes("room no"), []), ([], bytes("x"))])
        #expect(String(decoding: body, as: UTF8.self)
            == "user=me%40hotel.example&pass=a+b%26c%3Dd%2F%C3%A9~-._%2A%2B%25&room+no=&=x")
        #expect(FormEncoding.encode([]).isEmpty)
        #expect(String(decoding: FormEncoding.encode([(bytes("k"), [0x00, 0x0a, 0xff])]), as: UTF8.self) == "k=%00%0A%FF")
    }

    @Test func decode() throws {
        #expect(Self.pairs(try FormEncoding.decode("a=1&&b=&c&d=x=y&e=%41%2b+%7e+")) == ["a=1", "b=", "c=", "d=x=y", "e=A+ ~ "])
        #expect(try FormEncoding.decode("").isEmpty)
        #expect(try FormEncoding.decode("k=%C3%A9%00")[0].value == [0xc3, 0xa9, 0x00])
    }

    @Test func malformedPercentIsAnError() {
        let cases: [(String, Int)] = [("a=%", 2), ("a=%4", 2), ("a=%zz", 2), ("a=1&b%g0=2", 5), ("%%41", 0), ("a=%4%41", 2)]
        for (text, offset) in cases {
            #expect(throws: FormEncodingError.malformedPercent(offset: offset)) { try FormEncoding.decode(text) }
        }
        // Offsets count from the slice's own start.
        let query = Array("x?a=%".utf8)
        #expect(throws: FormEncodingError.malformedPercent(offset: 2)) { try FormEncoding.decode(query[2...]) }
    }

    @Test func randomPairsSurviveTheRoundTrip() throws {
        var rng = SplitMix64(seed: 0x5eed_f0a1)
        for _ in 0..<500 {
            let fields = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
                ((0..<Int.random(in: 1...12, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) },
                 (0..<Int.random(in: 0...12, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) })
            }
            let encoded = FormEncoding.encode(fields.map { (name: $0.0, value: $0.1) })
            #expect(encoded.allSatisfy { ASCII.isPrintable($0) && $0 != 0x20 })
            let decoded = try FormEncoding.decode(encoded[...])
            #expect(decoded.map { $0.name } == fields.map { $0.0 })
            #expect(decoded.map { $0.value } == fields.map { $0.1 })
        }
    }

    /// One value read from a query (a product page's script reading its URL): decoded, the first non-empty
    /// one of that exact name; a broken escape in it reads as none, one elsewhere does not matter.
    @Test func oneValueOfAQuery() {
        let q = Array("a=1&switch_url=https%3A%2F%2F1.1.1.1%2Flogin.html&wlan=Hotel+Guest&x=%zz&empty=&empty=2&bad=%4".utf8)[...]
        #expect(FormEncoding.value(of: "switch_url", in: q) == Array("https://1.1.1.1/login.html".utf8))
        #expect(FormEncoding.value(of: "wlan", in: q) == Array("Hotel Guest".utf8))
        #expect(FormEncoding.value(of: "empty", in: q) == Array("2".utf8))
        #expect(FormEncoding.value(of: "bad", in: q) == nil)
        #expect(FormEncoding.value(of: "switch", in: q) == nil)  // a name is whole, not a prefix
        #expect(FormEncoding.value(of: "missing", in: q) == nil)
        #expect(FormEncoding.value(of: "a", in: []) == nil)
    }
}
