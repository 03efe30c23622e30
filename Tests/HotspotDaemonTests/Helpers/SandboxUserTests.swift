import Testing
@testable import HotspotDaemon
@testable import HotspotSystem
@testable import HotspotProtocol
import Foundation
import TestSupport

/// helper_user / a helper's `user` by name, read from this machine's /etc/passwd (root is 0:0 and nobody
/// 65534:65534 on Debian, as on OpenWrt) without getpwnam.
@Suite struct SandboxUserTests {
    @Test func namesResolveThroughPasswd() {
        #expect(HotspotDaemon.resolve(.name("root")).map { [$0.uid, $0.gid] } == [0, 0])
        #expect(HotspotDaemon.resolve(.name("nobody")).map { [$0.uid, $0.gid] } == [65534, 65534])
        #expect(HotspotDaemon.resolve(.uid(4242)).map { [$0.uid, $0.gid] } == [4242, 4242])
    }

    /// Issue 35, root by another name: a name that resolves to uid 0 or gid 0 is root whatever it is called.
    /// Refused by the loader (helper_user and a helper's own user) and at each spawn.
    @Test func namesResolvingToUidOrGidZeroAreRefused() throws {
        let dir = temporaryDirectory()
        let passwd = dir + "/passwd"
        try "root:x:0:0::/root:/bin/sh\ntoor:x:0:1000::/:/bin/sh\nstaff:x:1000:0::/:/bin/false\nnobody:x:65534:65534::/:/bin/false\n"
            .write(toFile: passwd, atomically: true, encoding: .utf8)
        #expect(HotspotDaemon.sandboxIDs(.name("nobody"), passwd: passwd) == .ids(uid: 65534, gid: 65534))
        #expect(HotspotDaemon.sandboxIDs(.uid(4242), passwd: passwd) == .ids(uid: 4242, gid: 4242))
        #expect(HotspotDaemon.sandboxIDs(.name("missing"), passwd: passwd) == .unknown)
        for name in ["root", "toor", "staff"] {
            #expect(HotspotDaemon.sandboxIDs(.name(name), passwd: passwd) == .root, "\(name)")
        }
        #expect(HotspotDaemon.sandboxIDs(.uid(0), passwd: passwd) == .root)

        func load(_ text: String) -> String? {
            try! text.write(toFile: dir + "/hotspot", atomically: true, encoding: .utf8)
            switch HotspotDaemon.loadConfiguration(dir + "/hotspot", passwd: passwd) {
            case .loaded: return nil
            case .refused(let why): return why
            }
        }
        #expect(load("config hotspot main\noption helper_user nobody\nconfig helper h\noption exec /bin/true\noption user 4242") == nil)
        #expect(load("config hotspot main\noption helper_user toor")
                == dir + "/hotspot: option helper_user: 'toor' is uid 0 or gid 0 in " + passwd + ": helpers must not run as root")
        #expect(load("config helper h\noption exec /bin/true\noption user staff")
                == dir + "/hotspot: config helper 'h': option user: 'staff' is uid 0 or gid 0 in " + passwd + ": helpers must not run as root")
        // A helper without a user of its own runs as helper_user: refused as helper_user.
        #expect(load("config hotspot main\noption helper_user staff\nconfig helper h\noption exec /bin/true")?
                    .contains("option helper_user: 'staff'") == true)
    }

    @Test func onlyTheWholeNameMatches() {
        #expect(HotspotDaemon.resolve(.name("roo")) == nil)
        #expect(HotspotDaemon.resolve(.name("nobody2")) == nil)
        #expect(HotspotDaemon.resolve(.name("no-such-user-hotspotd")) == nil)
        #expect(HotspotDaemon.resolve(.name("")) == nil)
    }
}
