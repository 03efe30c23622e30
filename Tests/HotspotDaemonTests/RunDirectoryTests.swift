import Foundation
import Testing
import TestSupport
@testable import HotspotDaemon
@testable import HotspotSystem
import DaemonTestSupport

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

    /// A daemon with its run directory at DIR/run (nothing started).
    func daemon(_ dir: String, extra: String = "") throws -> HotspotDaemon { try TestDaemon.make(dir, extra: extra) }

    func mode(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int }
    func owner(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.ownerAccountID] as? Int }

    /// The control socket's directory is a directory of the daemon's own, 0700 (0710 of the control group),
    /// whatever was there before: never a symlink to elsewhere, never left open to others.
    @Test func theRunDirectoryIsADirectoryOfTheDaemonsOwn() throws {
        let dir = temporaryDirectory()
        let run = dir + "/run"
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        chmod(run, 0o777)
        let d = try daemon(dir)
        #expect(d.startControl() == nil)
        d.control?.close()
        #expect(mode(run) == 0o700)

        // A symlink where the directory should be is refused, and nothing is made where it points.
        let elsewhere = dir + "/elsewhere"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: run)
        try FileManager.default.createSymbolicLink(atPath: run, withDestinationPath: elsewhere)
        let refused = try daemon(dir)
        #expect(refused.startControl() == "cannot prepare " + run + ": Not a directory")
        refused.control?.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(mode(elsewhere) == 0o755)
    }

    @Test(.enabled(if: getuid() == 0, "needs root to give directories away"))
    func aRunDirectoryOfAnotherUserIsTakenOverAndTheControlGroupGets0710() throws {
        let dir = temporaryDirectory()
        let run = dir + "/run"
        try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
        chown(run, 65534, 65534)
        let d = try daemon(dir)
        #expect(d.startControl() == nil)
        d.control?.close()
        #expect(owner(run) == 0)
        #expect(mode(run) == 0o700)

        let grouped = try daemon(dir, extra: "\toption control_group '4242'\n")
        #expect(grouped.startControl() == nil)
        grouped.control?.close()
        #expect(mode(run) == 0o710)
        #expect((try? FileManager.default.attributesOfItem(atPath: run))?[.groupOwnerAccountID] as? Int == 4242)
    }

    /// `<run_dir>-helpers/NAME` is given to the helper's user: through the directory itself, never through a
    /// symlink someone left there (root would give away whatever it points to).
    @Test(.enabled(if: getuid() == 0, "needs root to give directories away"))
    func helperStateDirectoriesFollowNoSymlink() throws {
        let dir = temporaryDirectory()
        let d = try daemon(dir)
        let base = dir + "/run-helpers"
        let victim = dir + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)

        // The helper's own directory is a symlink: refused, the target keeps its owner.
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/spy", withDestinationPath: victim)
        #expect(d.helperStateDirectory("spy", uid: 65534, gid: 65534) == nil)
        #expect(owner(victim) == 0)

        // The base is a symlink: refused, nothing made where it points.
        try FileManager.default.removeItem(atPath: base)
        try FileManager.default.createSymbolicLink(atPath: base, withDestinationPath: victim)
        #expect(d.helperStateDirectory("spy", uid: 65534, gid: 65534) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: victim).isEmpty)

        // The base open to everyone, or someone else's: ours and 0755 again.
        try FileManager.default.removeItem(atPath: base)
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        chmod(base, 0o777)
        chown(base, 65534, 65534)
        #expect(d.helperStateDirectory("spy", uid: 65534, gid: 65534) == base + "/spy")
        #expect(mode(base) == 0o755)
        #expect(owner(base) == 0)
        #expect(owner(base + "/spy") == 65534)
        #expect(mode(base + "/spy") == 0o700)

        // A changed `option user` takes the directory over.
        #expect(d.helperStateDirectory("spy", uid: 4242, gid: 4242) == base + "/spy")
        #expect(owner(base + "/spy") == 4242)
    }
}
