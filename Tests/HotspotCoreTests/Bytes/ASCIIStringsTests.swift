import Testing
import HotspotCore

@Suite struct ASCIIStringsTests {
    @Test func optionalNames() {
        #expect(ASCII.same(nil as String?, nil as String?))
        #expect(ASCII.same("judge" as String?, "judge" as String?))
        #expect(!ASCII.same("judge" as String?, nil as String?) && !ASCII.same(nil as String?, "judge" as String?))
        #expect(!ASCII.same("judge" as String?, "judg" as String?) && !ASCII.same("" as String?, nil as String?))
    }

    @Test func namesInAList() {
        #expect(ASCII.contains(["judge", "porter"], "porter") && !ASCII.contains(["judge", "porter"], "port"))
        #expect(!ASCII.contains([], "") && ASCII.contains([""], ""))
    }

    // Bytes, not canonical equivalence: the router's stdlib has no normalisation data (CLinux/MuslShims.c),
    // so there too a composed "é" was never a decomposed one.
    @Test func bytesNotCanonicalEquivalence() {
        #expect(!ASCII.same("caf\u{E9}" as String?, "cafe\u{301}" as String?))
        #expect(!ASCII.contains(["caf\u{E9}"], "cafe\u{301}") && ASCII.contains(["caf\u{E9}"], "caf\u{E9}"))
    }
}

@Suite struct ASCIIStringsBytesTests {
    @Test func stringAgainstALiteral() {
        #expect(ASCII.equals("forever", "forever") && !ASCII.equals("forever ", "forever") && !ASCII.equals("fore", "forever"))
        #expect(ASCII.equals("", "") && !ASCII.equals("a", "") && !ASCII.equals("", "a"))
    }

    @Test func bytesAgainstAString() {
        let line = Array("xhotspotd-state 1".utf8)[1...]
        #expect(ASCII.equals(line, string: "hotspotd-state 1") && !ASCII.equals(line, string: "hotspotd-state 12"))
        #expect(!ASCII.equals(line.dropLast(), string: "hotspotd-state 1") && ASCII.equals([][...], string: ""))
        // Bytes that are not UTF-8 never equal a String's (which holds U+FFFD in their place).
        #expect(!ASCII.equals([0xFF][...], string: "\u{FFFD}"))
    }

    @Test func rawCases() {
        #expect(ASCII.rawCase("helperTimedOut", of: DisableReason.self) == .helperTimedOut)
        #expect(ASCII.rawCase("evaluate", of: HelperCommand.self) == .evaluate)
        #expect(ASCII.rawCase("Evaluate", of: HelperCommand.self) == nil && ASCII.rawCase("", of: HelperCommand.self) == nil)
    }
}
