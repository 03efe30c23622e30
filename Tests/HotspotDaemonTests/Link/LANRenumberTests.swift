import Foundation
import Testing
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import SystemTestSupport
@testable import DaemonTestSupport

/// `option lan_clash 'renumber'`: the child that runs uci and the network reload is bounded like a helper's
/// command (`command_timeout`), so a hanging one cannot leave the clash "renumbering" for good.
@Suite(.serialized) struct LANRenumberTests {
    @Test func aRenumberingThatHangsIsKilledAtCommandTimeout() throws {
        let dir = temporaryDirectory()
        let loop = EventLoop()
        let daemon = try TestDaemon.make(dir, extra: "\toption command_timeout '1'\n", loop: loop)
        // A stand-in for /bin/sh whose uci never returns; it records that it ran.
        let shell = dir + "/hanging-sh"
        try "#!/bin/sh\necho \"$4 $5\" > \(dir)/ran\nexec sleep 60\n".write(toFile: shell, atomically: true, encoding: .utf8)
        chmod(shell, 0o755)
        let start = Date()
        daemon.renumberLAN("192.168.1.1", "192.168.2.1", shell: shell)
        #expect(spin(loop, timeout: 5_000) { daemon.clash.renumberNote != nil }, "still renumbering after 5 s")
        #expect(Date().timeIntervalSince(start) >= 1)
        #expect(daemon.clash.renumberNote == "the LAN was not moved: killed by hotspotd")
        #expect((try? String(contentsOfFile: dir + "/ran", encoding: .utf8)) == "192.168.1.1 192.168.2.1\n")
    }
}
