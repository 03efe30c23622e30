import Foundation
import Testing
@testable import HotspotAgent

/// Client sockets of a process that died are removed, also while it is an unreaped zombie (PID 1 of a
/// container or a test VM may never reap it): its sockets are dead all the same.
@Suite struct RunDirectoryTests {
    @Test func socketsOfDeadAndZombieProcessesAreRemoved() throws {
        let dir = temporaryDirectory()
        // posix_spawn, not Foundation's Process (which reaps its children by itself).
        var zombie: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { free(argv[0]) }
        #expect(posix_spawn(&zombie, "/bin/true", nil, nil, argv, nil) == 0)
        // Not reaped yet: give it time to exit, and do not wait for it.
        usleep(300_000)
        #expect(RunDirectory.isZombie(zombie))
        for name in ["wpa_ctrl_\(zombie)-ev1", "wpa_ctrl_\(getpid())-ev1", "wpa_ctrl_999999-rq3", "other"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        RunDirectory(dir).removeStaleClientSockets()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(left == ["other", "wpa_ctrl_\(getpid())-ev1"])
        var status: Int32 = 0
        waitpid(zombie, &status, 0)
        #expect(!RunDirectory.isZombie(getpid()))
    }
}
