import Testing
@testable import TestSupport
@testable import HotspotWeb

@Suite struct JSONValueTests {
    static func parse(_ text: String) throws(JSONError) -> JSONValue { try JSONValue(parsing: b(text)) }

    @Test func valuesAndMembersInOrder() throws {
        let v = try Self.parse(#" {"a": [1, -2, 3.5, 4e2, true, false, null], "b": {"c": "d"}, "a": 0} "#)
        #expect(v == .object([
            JSONMember(name: b("a"), value: .array([
                .number(JSONNumber(integerPart: 1)), .number(JSONNumber(integerPart: -2)),
                .number(JSONNumber(integerPart: 3, hasFraction: true)), .number(JSONNumber(integerPart: 4, hasExponent: true)),
                .bool(true), .bool(false), .null])),
            JSONMember(name: b("b"), value: .object([JSONMember(name: b("c"), value: .string(b("d")))])),
            JSONMember(name: b("a"), value: .number(JSONNumber(integerPart: 0))),
        ]))
        #expect(v[member: "a"] != v[member: "b"])
        if case .array(let first)? = v[member: "a"] { #expect(first.count == 7) } else { Issue.record("first member not returned") }
        #expect(v[member: "zz"] == nil && JSONValue.null[member: "a"] == nil)
    }

    @Test func numbers() throws {
        #expect(try Self.parse("9223372036854775807") == .number(JSONNumber(integerPart: Int64.max)))
        #expect(try Self.parse("99999999999999999999") == .number(JSONNumber(integerPart: nil)))
        #expect(try Self.parse("-0.25E-3") == .number(JSONNumber(integerPart: 0, hasFraction: true, hasExponent: true)))
        #expect(JSONNumber(integerPart: 7).integer == 7 && JSONNumber(integerPart: 7, hasFraction: true).integer == nil)
        for bad in ["01", "-", "1.", ".5", "1e", "1e+", "+1", "--1", "0x10", "1.2.3"] {
            #expect(throws: JSONError.self, "\(bad)") { try Self.parse(bad) }
        }
        #expect(throws: JSONError.invalidNumber(offset: 0)) { try Self.parse("01") }
    }

    @Test func stringEscapesAndUTF8() throws {
        #expect(try Self.parse(#""a\"\\\/\b\f\n\r\t\u0041\u00e9\u20ac\ud83d\ude00""#) == .string(b("a\"\\/\u{8}\u{C}\n\r\tAé€😀")))
        // Lone surrogates become U+FFFD; the character after one is kept.
        #expect(try Self.parse(#""\ud83dx\ude00\ud83d\u0041""#) == .string(b("\u{FFFD}x\u{FFFD}\u{FFFD}A")))
        #expect(try JSONValue(parsing: [0x22, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == .string(b("é😀")))
        #expect(try Self.parse(#""\u0000""#) == .string([0]))
    }

    @Test func badStrings() {
        #expect(throws: JSONError.invalidEscape(offset: 2)) { try Self.parse(#""a\x""#) }
        #expect(throws: JSONError.invalidEscape(offset: 1)) { try Self.parse(#""\u12G4""#) }
        #expect(throws: JSONError.unexpectedEnd) { try Self.parse(#""\u12"#) }
        #expect(throws: JSONError.unexpectedByte(0x0A, offset: 2)) { try Self.parse("\"a\nb\"") }
        #expect(throws: JSONError.unexpectedEnd) { try Self.parse("\"abc") }
        // Invalid UTF-8: a stray continuation byte, an overlong, a surrogate, a cut sequence, beyond U+10FFFF.
        for bytes: [UInt8] in [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            #expect(throws: JSONError.invalidUTF8(offset: 2)) { try JSONValue(parsing: [0x22, 0x61] + bytes + [0x22]) }
        }
    }

    @Test func structureErrors() {
        #expect(throws: JSONError.unexpectedEnd) { try Self.parse("") }
        #expect(throws: JSONError.unexpectedEnd) { try Self.parse("{\"a\":1") }
        #expect(throws: JSONError.unexpectedByte(UInt8(ascii: "}"), offset: 7)) { try Self.parse("{\"a\":1,}") }
        #expect(throws: JSONError.unexpectedByte(UInt8(ascii: "x"), offset: 3)) { try Self.parse("{} x") }
        #expect(throws: JSONError.unexpectedByte(UInt8(ascii: "1"), offset: 1)) { try Self.parse("{1:2}") }
        #expect(throws: JSONError.unexpectedByte(0, offset: 0)) { try JSONValue(parsing: [0]) }
        #expect(throws: JSONError.unexpectedByte(UInt8(ascii: "x"), offset: 3)) { try Self.parse("trux") }
        #expect(throws: JSONError.unexpectedEnd) { try Self.parse("nul") }
    }

    @Test func depthAndSizeLimits() throws {
        let ok = String(repeating: "[", count: JSONValue.depthLimit) + String(repeating: "]", count: JSONValue.depthLimit)
        #expect(throws: Never.self) { try Self.parse(ok) }
        let deep = String(repeating: "[", count: JSONValue.depthLimit + 1) + String(repeating: "]", count: JSONValue.depthLimit + 1)
        #expect(throws: JSONError.tooDeep) { try Self.parse(deep) }
        #expect(throws: JSONError.tooDeep) { try Self.parse(String(repeating: "{\"a\":", count: 1000)) == .null }
        #expect(throws: JSONError.tooDeep) { try JSONValue(parsing: [UInt8](repeating: UInt8(ascii: "["), count: JSONValue.sizeLimit)) }
        let big = [UInt8](repeating: 0x20, count: JSONValue.sizeLimit + 1)
        #expect(throws: JSONError.tooLarge(JSONValue.sizeLimit + 1)) { try JSONValue(parsing: big) }
    }
}
