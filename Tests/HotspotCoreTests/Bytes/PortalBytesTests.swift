import Testing
@testable import TestSupport
@testable import HotspotCore

@Suite struct PortalBytesTests {
    @Test func whitespaceAndNumbers() {
        #expect(PortalBytes.collapsed(b("  a \n\t b  c ")[...], limit: 100) == b("a b c"))
        #expect(PortalBytes.collapsed(b("abc def")[...], limit: 5) == b("abc d"))
        #expect(PortalBytes.decimal(b(" 201\n")[...]) == 201)
        #expect(PortalBytes.decimal(b("123456789")[...]) == 123_456_789)
        for bad in ["", " ", "1234567890", "-1", "+1", "1 2", "0x1"] { #expect(PortalBytes.decimal(b(bad)[...]) == nil, "\(bad)") }
    }

    @Test func utf8() {
        var out: [UInt8] = []
        for scalar: UInt32 in [0x41, 0xE9, 0x20AC, 0x1F600, 0xD800, 0x110000] { PortalBytes.appendUTF8(scalar, to: &out) }
        #expect(out == b("Aé€😀\u{FFFD}\u{FFFD}"))
        let valid = b("aé€😀")
        #expect([0, 1, 3, 6].map { PortalBytes.utf8SequenceLength(valid[...], at: $0) } == [1, 2, 3, 4])
        for bad: [UInt8] in [[0xC1, 0x81], [0xE0, 0x9F, 0x80], [0xF0, 0x8F, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x28, 0xA1]] {
            #expect(PortalBytes.utf8SequenceLength(bad[...], at: 0) == nil, "\(bad)")
        }
    }

}
