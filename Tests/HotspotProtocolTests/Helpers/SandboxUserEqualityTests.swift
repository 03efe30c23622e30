import Testing
import HotspotProtocol

@Suite struct SandboxUserEqualityTests {
    @Test func sameCaseAndValue() {
        #expect(SandboxUser.name("hotspot") == .name("hotspot") && SandboxUser.uid(1000) == .uid(1000))
        #expect(SandboxUser.name("hotspot") != .name("hotspots") && SandboxUser.uid(1000) != .uid(1001))
        // A number as a name is not that uid.
        #expect(SandboxUser.name("1000") != .uid(1000) && SandboxUser.uid(1000) != .name("1000"))
        // Bytes: a composed "é" is not "e" and a combining accent (nor was it on the router, CLinux/MuslShims.c).
        #expect(SandboxUser.name("caf\u{E9}") != .name("cafe\u{301}"))
        let group: SandboxUser? = .name("hotspot")
        #expect(group == .name("hotspot") && group != nil && group != .uid(0))
    }
}
