import Testing
import HotspotCore

@Suite struct ASCIIBytesTests {
    private func b(_ s: String) -> ArraySlice<UInt8> { Array(s.utf8)[...] }

    @Test func classes() {
        #expect(ASCII.isPrintable(0x20) && ASCII.isPrintable(0x7e) && !ASCII.isPrintable(0x7f) && !ASCII.isPrintable(0x80))
        #expect(ASCII.isVisible(0x21) && !ASCII.isVisible(0x20) && !ASCII.isVisible(0x7f) && !ASCII.isVisible(0xc3))
        #expect(ASCII.isControl(0x00) && ASCII.isControl(0x1f) && ASCII.isControl(0x7f) && !ASCII.isControl(0x80))
        // Only ASCII letters fold: 0xC1 is not 'A' + 0x80, 0xE9 is no letter here.
        #expect(ASCII.lowercased(0xC1) == 0xC1 && !ASCII.isLetter(0xE9) && ASCII.lowercased(UInt8(ascii: "Q")) == UInt8(ascii: "q"))
    }

    @Test func equalsAStaticString() {
        #expect(ASCII.equals(b("CTRL-EVENT"), "CTRL-EVENT") && !ASCII.equals(b("CTRL-EVENT "), "CTRL-EVENT"))
        #expect(!ASCII.equals(b("ctrl-event"), "CTRL-EVENT"))
        #expect(ASCII.equals(b(""), "") && !ASCII.equals(b(""), "a") && !ASCII.equals(b("a"), ""))
        // A slice that does not start at 0.
        #expect(ASCII.equals(b("xOK")[1...], "OK") && ASCII.hasPrefix(b("xOK")[1...], "O"))
        #expect(ASCII.dropPrefix(b("0x1f"), "0x") == b("1f") && ASCII.dropPrefix(b("0"), "0x") == nil)
        #expect(!ASCII.equals([0xC3, 0xA9][...], "e"))
    }

    @Test func ignoringCase() {
        #expect(ASCII.equalsIgnoringCase(b("ReFrEsH"), "refresh") && !ASCII.equalsIgnoringCase(b("refresh "), "refresh"))
        #expect(ASCII.equalsIgnoringCase(b("content-length"), "Content-Length"))
        #expect(ASCII.hasPrefixIgnoringCase(b("URL=x"), "url") && !ASCII.hasPrefixIgnoringCase(b("ur"), "url"))
        #expect(ASCII.firstIndexIgnoringCase(of: "wispaccessgatewayparam", in: b("<!-- <WISPAccessGatewayParam>")) == 6)
        #expect(ASCII.firstIndexIgnoringCase(of: "x", in: b("")) == nil && ASCII.firstIndexIgnoringCase(of: "", in: b("a")) == nil)
        #expect(!ASCII.equalsIgnoringCase([0xC1][...], "a") && !ASCII.equalsIgnoringCase([0xC1][...], [0xE1][...]))
    }

    @Test func placeAmongWords() {
        #expect(ASCII.place(of: b("scan"), inWords: "status scan join") == 1)
        #expect(ASCII.place(of: b("join"), inWords: "status scan join") == 2)
        #expect(ASCII.place(of: b("SCAN"), inWords: "status scan join") == -1)
        #expect(ASCII.place(of: b("SCAN"), inWords: "status scan join", anyCase: true) == 1)
        // Whole words only, and no empty word between the separators.
        #expect(ASCII.place(of: b("sca"), inWords: "status scan join") == -1 && ASCII.place(of: b(""), inWords: "a b") == -1)
        #expect(ASCII.place(of: b("xjoin")[1...], inWords: "status scan join") == 2)
    }

    @Test func search() {
        #expect(ASCII.firstIndex(of: "id=", in: b("[id=3]")) == 1 && ASCII.firstIndex(of: "id=", in: b("[ID=3]")) == nil)
        #expect(ASCII.firstIndex(of: "", in: b("a")) == nil && ASCII.firstIndex(of: "ab", in: b("a")) == nil)
        #expect(ASCII.firstIndex(of: ASCII.equals, in: b("a=b=c")) == 1 && ASCII.lastIndex(of: ASCII.equals, in: b("a=b=c")) == 3)
        #expect(ASCII.split(b(""), on: ASCII.tab) == [b("")] && ASCII.split(b("\ta\t"), on: ASCII.tab) == [b(""), b("a"), b("")])
        #expect(ASCII.lines(b("a\r\n\nb")) == [b("a"), b(""), b("b")] && ASCII.lines(b("")).isEmpty)
        #expect(ASCII.trimTrailingNewlines(b("OK\r\n\n")) == b("OK") && ASCII.trimmingBlanks(b(" \t \t")).isEmpty)
    }

    @Test func decimal() {
        #expect(ASCII.decimal(b("0"), maxDigits: 1) == 0 && ASCII.decimal(b("0042"), maxDigits: 4) == 42)
        for bad in ["", "-1", "+1", " 1", "1 ", "1a", "٣", "12345"] {
            #expect(ASCII.decimal(b(bad), maxDigits: 4) == nil, "\(bad)")
        }
        // Too many digits is refused by the count; a value past the type's range by the arithmetic.
        #expect(ASCII.decimal(b("9223372036854775807"), maxDigits: 19) == Int.max)
        #expect(ASCII.decimal(b("9223372036854775808"), maxDigits: 19) == nil)
        #expect(ASCII.decimal(b("99999999999999999999"), maxDigits: 30) == nil)
        #expect(ASCII.decimal(b("2147483647"), maxDigits: 12, as: Int32.self) == Int32.max)
        #expect(ASCII.decimal(b("2147483648"), maxDigits: 12, as: Int32.self) == nil)
        #expect(ASCII.decimal(b("999999999999999999"), maxDigits: 18, as: Int64.self) == 999_999_999_999_999_999)
    }

    @Test func signedInteger() {
        #expect(ASCII.integer(b("-95"), maxDigits: 3) == -95 && ASCII.integer(b("-0"), maxDigits: 3) == 0)
        for bad in ["", "-", "--1", "-1234", "1-", " -1"] { #expect(ASCII.integer(b(bad), maxDigits: 3) == nil, "\(bad)") }
    }

    @Test func printableForMessages() {
        #expect(ASCII.printable([0x61, 0x00, 0xFF, 0x7E][...]) == "a??~")
        #expect(ASCII.printable(b("abcdef"), limit: 3) == "abc...")
        #expect(ASCII.printable(b("")) == "" && ASCII.printable(b("é")) == "??")
    }
}
