import Testing
@testable import TestSupport
@testable import HotspotCore

@Suite struct PrintfEscapingTests {
    @Test func encodesEveryEscapeLikeWpaSupplicant() {
        let input: [UInt8] = [0x22, 0x5c, 0x1b, 0x0a, 0x0d, 0x09, 0x41, 0x20, 0x7e, 0x7f, 0x00, 0x80, 0xff, 0x1f]
        #expect(PrintfEscaping.encodeToString(input) == #"\"\\\e\n\r\tA ~\x7f\x00\x80\xff\x1f"#)
    }

    @Test func decodesEveryEscape() {
        #expect(PrintfEscaping.decode(#"\"\\\e\n\r\tA ~\x7f\x00\x80\xff\x1f"#)
                == [0x22, 0x5c, 0x1b, 0x0a, 0x0d, 0x09, 0x41, 0x20, 0x7e, 0x7f, 0x00, 0x80, 0xff, 0x1f])
        #expect(PrintfEscaping.decode(#"\x4A\x4a"#) == [0x4a, 0x4a])  // either case
    }

    @Test func everyByteRoundTrips() {
        let all = (0...255).map { UInt8($0) }
        let encoded = PrintfEscaping.encode(all)
        #expect(encoded.allSatisfy { $0 >= 0x20 && $0 <= 0x7e })  // ASCII only: safe in a tab-separated table
        #expect(!encoded.contains(UInt8(ascii: "\t")) && !encoded.contains(UInt8(ascii: "\n")))
        #expect(PrintfEscaping.decode(encoded) == all)
        #expect(PrintfEscaping.isCanonical(encoded[...]))
    }

    @Test func thirtyTwoByteSSIDsOfAnyBytes() {
        for fill: UInt8 in [0x00, 0x22, 0x5c, 0x80, 0xff, 0x0a] {
            let raw = [UInt8](repeating: fill, count: 32)
            let text = PrintfEscaping.encode(raw)
            #expect(text.count <= 32 * 4)  // wpa_ssid_txt's buffer
            #expect(PrintfEscaping.decodeSSID(text[...]) == SSID(bytes: raw))
        }
        let overlong = PrintfEscaping.encode([UInt8](repeating: 0x41, count: 33))
        #expect(PrintfEscaping.decodeSSID(overlong[...]) == nil)
        #expect(PrintfEscaping.decodeSSID("")?.bytes == [])
    }

    /// printf_decode's behaviour on irregular input, reproduced exactly and documented in PrintfEscaping.
    @Test(arguments: [
        (#"\q"#, [UInt8(ascii: "q")]),                      // unknown escape: backslash dropped
        (#"a\"#, [UInt8(ascii: "a")]),                      // lone trailing backslash dropped
        (#"\x"#, []),                                        // \x without digits vanishes
        (#"\xg"#, [UInt8(ascii: "g")]),
        (#"\x4"#, [0x04]),                                   // one hex digit
        (#"\x4g"#, [0x04, UInt8(ascii: "g")]),
        (#"\x414"#, [0x41, UInt8(ascii: "4")]),             // at most two digits
        (#"\101"#, [0x41]),                                  // octal
        (#"\0"#, [0x00]),
        (#"\7"#, [0x07]),
        (#"\1018"#, [0x41, UInt8(ascii: "8")]),             // at most three octal digits
        (#"\777"#, [0xff]),                                  // 511 mod 256
        (#"\400"#, [0x00]),                                  // 256 mod 256
        (#"\8"#, [UInt8(ascii: "8")]),                       // 8 is not octal: unknown escape
        (#"\\\"#, [0x5c]),                                   // escaped backslash then a lone one
        ("\u{7}raw\u{1}", [0x07, 0x72, 0x61, 0x77, 0x01]), // raw control bytes kept
    ] as [(String, [UInt8])])
    func irregularEscapesDecodeDeterministically(text: String, expected: [UInt8]) {
        #expect(PrintfEscaping.decode(text) == expected)
    }

    @Test func rawHighBytesAndNULAreKept() {
        #expect(PrintfEscaping.decode([0xe4, 0xb8, 0xad, 0x00, 0x41]) == [0xe4, 0xb8, 0xad, 0x00, 0x41])
        #expect(!PrintfEscaping.isCanonical([0xe4][...]))
        #expect(!PrintfEscaping.isCanonical(Array(#"\q"#.utf8)[...]))
        #expect(PrintfEscaping.isCanonical(Array(#"caf\xc3\xa9"#.utf8)[...]))
    }

    @Test func seededRandomRoundTrip() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let n = Int.random(in: 0...40, using: &rng)
            let raw = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(PrintfEscaping.decode(PrintfEscaping.encode(raw)) == raw)
            let junk = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = PrintfEscaping.decode(junk)          // never traps
            _ = PrintfEscaping.isCanonical(junk[...])
        }
    }
}
