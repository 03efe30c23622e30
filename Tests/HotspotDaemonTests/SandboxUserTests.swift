import Testing
@testable import HotspotDaemon
@testable import HotspotSystem
@testable import HotspotProtocol

/// helper_user / a helper's `user` by name, read from this machine's /etc/passwd (root is 0:0 and nobody
/// 65534:65534 on Debian, as on OpenWrt) without getpwnam.
@Suite struct SandboxUserTests {
    @Test func namesResolveThroughPasswd() {
        #expect(HotspotDaemon.resolve(.name("root")).map { [$0.uid, $0.gid] } == [0, 0])
        #expect(HotspotDaemon.resolve(.name("nobody")).map { [$0.uid, $0.gid] } == [65534, 65534])
        #expect(HotspotDaemon.resolve(.uid(4242)).map { [$0.uid, $0.gid] } == [4242, 4242])
    }

    @Test func onlyTheWholeNameMatches() {
        #expect(HotspotDaemon.resolve(.name("roo")) == nil)
        #expect(HotspotDaemon.resolve(.name("nobody2")) == nil)
        #expect(HotspotDaemon.resolve(.name("no-such-user-hotspotd")) == nil)
        #expect(HotspotDaemon.resolve(.name("")) == nil)
    }
}
