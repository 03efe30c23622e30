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
