import CLinux
import Foundation
import Testing
import TestSupport
@testable import HotspotSystem
import SystemTestSupport

/// Real helper processes (/bin/sh scripts) run through HelperProcess in the poll loop.
/// Serialized: a fork in one test while another writes its script would hold the file open (ETXTBSY).
@Suite(.serialized) struct HelperProcessTests {
    let loop = EventLoop()
    let dir = temporaryDirectory()

    func script(_ body: String) -> String {
        let path = dir + "/helper-\(UUID().uuidString.prefix(6)).sh"
        _ = FileManager.default.createFile(atPath: path, contents: Data(("#!/bin/sh\n" + body + "\n").utf8),
                                           attributes: [.posixPermissions: 0o755])
        return path
    }

    var open: HelperSandbox {
        var s = HelperSandbox()
        s.dropPrivileges = false
        s.isolated = false
        return s
    }

    func run(_ path: String, args: [String] = [], env: [String] = [], input: [UInt8] = [],
             sandbox: HelperSandbox? = nil, limits: HelperProcess.Limits = .init()) -> HelperProcess.Outcome? {
        var outcome: HelperProcess.Outcome? = nil
        HelperProcess.start(loop: loop, path: path, arguments: args, environment: env, input: input,
                            sandbox: sandbox ?? open, limits: limits) { outcome = $0 }
        spin(loop, timeout: 10_000) { outcome != nil }
        return outcome
    }

    @Test func passesArgumentsEnvironmentAndStdin() {
        let p = script("read line; echo \"cmd=$1\"; echo \"ssid=$HOTSPOT_SSID\"; echo \"in=$line\"; echo oops >&2; exit 3")
        let o = run(p, args: ["evaluate"], env: ["HOTSPOT_SSID=Café"], input: Array("hello\n".utf8))
        #expect(o == .exited(status: 3, stdout: Array("cmd=evaluate\nssid=Café\nin=hello\n".utf8), stderr: Array("oops\n".utf8)))
    }

    @Test func environmentIsExactlyWhatWasGiven() {
        let o = run(script("env | sort"), env: ["A=1"])
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("PWD=") && !$0.hasPrefix("SHLVL=") && !$0.hasPrefix("_=") }
        #expect(lines == ["A=1"])
    }

    @Test func largeStdinIsFedWithoutBlockingTheLoop() {
        let input = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000) + [10]
        let o = run(script("wc -c"), input: input)
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "300001")
    }

    @Test func helperThatIgnoresStdinDoesNotKillUs() {
        let o = run(script("exit 0"), input: [UInt8](repeating: 65, count: 1_000_000))
        #expect(o == .exited(status: 0, stdout: [], stderr: []))
    }

    /// The time limit is the owner's: here a loop timer stands in for the core's command timer.
    @Test func killedHelperIsReportedWithItsStderrAndItsChildrenDie() {
        let marker = dir + "/grandchild-alive"
        var outcome: HelperProcess.Outcome? = nil
        let p = HelperProcess.start(loop: loop, path: script("echo waiting >&2; (sleep 2; touch \(marker)) & sleep 30"),
                                    arguments: [], environment: [], input: [], sandbox: open) { outcome = $0 }
        var reportedInsideKill = false
        loop.schedule(after: 300) {
            p?.kill()
            reportedInsideKill = outcome != nil
        }
        spin(loop, timeout: 10_000) { outcome != nil }
        #expect(!reportedInsideKill, "the completion ran inside kill()")
        #expect(outcome == .killed(stderr: Array("waiting\n".utf8)))
        Thread.sleep(forTimeInterval: 2.5)
        #expect(!FileManager.default.fileExists(atPath: marker), "the process group was not killed")
    }

    @Test func floodingHelperIsKilled() {
        var limits = HelperProcess.Limits()
        limits.stdoutBytes = 10_000
        #expect(run(script("yes flood"), limits: limits) == .flooded)
    }

    @Test func crashIsReportedAsSignal() {
        let o = run(script("kill -SEGV $$"))
        #expect(o == .signaled(signal: SIGSEGV, stderr: []))
    }

    @Test func missingProgramFailsToStartAfterTheCurrentHandler() {
        var outcome: HelperProcess.Outcome? = nil
        let p = HelperProcess.start(loop: loop, path: dir + "/does-not-exist", arguments: [], environment: [],
                                    input: [], sandbox: open) { outcome = $0 }
        #expect(p == nil)
        #expect(outcome == nil, "the completion ran inside start()")
        spin(loop) { outcome != nil }
        #expect(outcome == .failedToStart(stage: 6, error: Errno(ENOENT)))
    }

    @Test func abandonedHelperAndItsChildrenAreGoneAndNothingIsReported() throws {
        // PID 1 of a container may never reap orphans: adopt them so that a killed grandchild can be
        // reaped here and then really vanishes (a zombie still answers kill(pid, 0)).
        try withChildSubreaper {
            let pids = dir + "/pids"
            var outcome: HelperProcess.Outcome? = nil
            let p = HelperProcess.start(loop: loop, path: script("sleep 30 & echo $$ $! > \(pids).new; mv \(pids).new \(pids); wait"),
                                        arguments: [], environment: [], input: [], sandbox: open) { outcome = $0 }
            #expect(spin(loop, timeout: 5_000) { FileManager.default.fileExists(atPath: pids) })
            let written = (try? String(contentsOfFile: pids, encoding: .utf8)) ?? ""
            let numbers = written.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int32($0) }
            try #require(numbers.count == 2)
            let (helper, child) = (numbers[0], numbers[1])
            #expect(helper == p?.pid)

            p?.abandon()
            spin(loop, timeout: 300) { false }
            var status: Int32 = 0
            _ = waitpid(child, &status, WNOHANG)
            #expect(isGone(helper), "the helper is still there")
            #expect(isGone(child), "the helper's child is still there")
            #expect(outcome == nil)
            // Leave nothing behind if it failed.
            _ = kill(child, SIGKILL)
            _ = waitpid(child, &status, 0)
        }
    }

    func isGone(_ pid: Int32) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

    @Test(.enabled(if: getuid() == 0, "needs root to switch user and to make a network namespace"))
    func sandboxDropsPrivilegesAndNetwork() {
        var s = HelperSandbox()
        s.noNetwork = true
        // `id -u` and the interfaces the helper can see: only a down loopback in a fresh namespace.
        let o = run(script("id -u; id -g; cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '"), sandbox: s)
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(String(decoding: out, as: UTF8.self) == "65534\n65534\nlo\n")
    }

    /// Issue 35, root by another name: whatever the caller resolved, the spawn never switches to uid 0 or
    /// gid 0 (a passwd entry `toor:x:0:0`, or `staff:x:1000:0`); the helper does not start.
    @Test func sandboxNeverRunsAsUidOrGidZero() {
        for (uid, gid): (UInt32, UInt32) in [(0, 65534), (65534, 0), (0, 0)] {
            var s = HelperSandbox()
            s.uid = uid
            s.gid = gid
            let o = run(script("id -u; id -g"), sandbox: s)
            #expect(o == .failedToStart(stage: 5, error: Errno(EPERM)), "uid \(uid) gid \(gid): \(String(describing: o))")
        }
    }

    /// The daemon blocks TERM, INT, HUP and CHLD for its signalfd, and whoever starts it may leave signals
    /// ignored (nohup: HUP). A helper must start with none of that: busybox ash's `wait` never returns with
    /// CHLD blocked, and a script's `kill -s TERM` does nothing with TERM blocked.
    @Test func helperStartsWithNoSignalBlockedOrIgnoredWhateverTheDaemonDid() throws {
        var saved = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &saved)
        var ignore = sigaction(), previous = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGHUP, &ignore, &previous)
        let signals = try SignalDescriptor.open()
        defer {
            signals.fd.close()
            sigaction(SIGHUP, &previous, nil)
            pthread_sigmask(SIG_SETMASK, &saved, nil)
        }
        // grep itself, not a shell: dash clears its own mask at start, which would hide the daemon's.
        let o = run("/bin/grep", args: ["-E", "^Sig(Blk|Ign):", "/proc/self/status"])
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(String(decoding: out, as: UTF8.self) == "SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n")
    }

    /// evaluate and filterScanList: no network, no UNIX socket (syslog's, ubus'), and nothing written that
    /// outlives the command but in the one directory given (the helper's state directory).
    @Test(.enabled(if: getuid() == 0, "needs root for the namespaces and to switch user"))
    func evaluationSandboxLeavesOneDirectoryWritableAndNoUnixSocket() throws {
        let open = dir + "/open", own = dir + "/own", socketPath = dir + "/sock"
        for d in [open, own] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        chmod(open, 0o777)
        chown(own, 65534, 65534)
        let listener = try UnixStreamSocket.open()
        defer { listener.close() }
        try listener.bind(to: socketPath)
        try listener.listen(backlog: 4)
        chmod(socketPath, 0o777)
        var s = HelperSandbox()
        s.noNetwork = true
        s.writableDirectory = own
        s.memoryBytes = 0  // python
        let p = script("""
            echo x > \(open)/file && echo wrote-open || echo refused-open
            echo x > \(own)/file && echo wrote-own || echo refused-own
            python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).connect(sys.argv[1])' \(socketPath) 2>/dev/null \
                && echo connected || echo no-socket
            """)
        let o = run(p, sandbox: s)
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(String(decoding: out, as: UTF8.self) == "refused-open\nwrote-own\nno-socket\n")
        #expect(!FileManager.default.fileExists(atPath: open + "/file"))
        // Outside evaluation, the same helper may.
        s.noNetwork = false
        guard case .exited(0, let out2, _)? = run(p, sandbox: s) else { Issue.record("not run"); return }
        #expect(String(decoding: out2, as: UTF8.self) == "wrote-open\nwrote-own\nconnected\n")
    }

    /// A helper writing stderr as fast as the daemon reads it: each turn of the loop reads at most 64 KiB, so
    /// timers (the command's time limit among them) and other descriptors still get their turn.
    @Test func aStderrFloodIsReadAFewBlocksATurn() throws {
        let (errRead, errWrite) = try FileDescriptor.pipe()
        let (outRead, outWrite) = try FileDescriptor.pipe()
        defer { for fd in [errWrite, outWrite] { fd.close() } }
        // Room for 256 KiB, all of it written before the daemon reads.
        try #require(fcntl(errRead.rawValue, 1031 /* F_SETPIPE_SZ */, Int32(256 << 10)) >= 256 << 10)
        try errWrite.writeAll([UInt8](repeating: 0x79, count: 256 << 10))
        let spare = FileDescriptor(rawValue: dup(errRead.rawValue))
        defer { spare.close() }
        let (inRead, inWrite) = try FileDescriptor.pipe()
        inRead.close()
        let process = HelperProcess(loop: loop, pid: -1, limits: .init(), input: [], completion: { _ in })
        process.attach(stdin: inWrite, stdout: outRead, stderr: errRead)
        #expect(process.readAvailable(stdout: false) == false)
        #expect(process.stderr.count == 4_096)
        var left = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while let n = try chunk.withUnsafeMutableBytes({ raw throws(Errno) in try spare.read(into: raw) }), n > 0 { left += n }
        #expect(left == 192 << 10, "read \((256 << 10) - left) bytes in one turn")
        process.closeAll()
    }

    @Test func memoryLimitStopsAGreedyHelper() {
        // dd needs a 64 MB buffer for bs=64M: more than the default 32 MB address space allows.
        let greedy = script("exec dd if=/dev/zero of=/dev/null bs=64M count=1")
        let modest = script("exec dd if=/dev/zero of=/dev/null bs=1M count=1")
        var limited = open
        #expect(limited.memoryBytes == 32 << 20)
        guard case .exited(let status, _, _)? = run(greedy, sandbox: limited) else { Issue.record("dd did not exit"); return }
        #expect(status != 0, "a 64 MB buffer fit under a 32 MB limit")
        // The same helper within its means runs under the limit, and the greedy one without it.
        guard case .exited(0, _, _)? = run(modest, sandbox: limited) else { Issue.record("dd bs=1M failed under 32 MB"); return }
        limited.memoryBytes = 0
        guard case .exited(0, _, _)? = run(greedy, sandbox: limited) else { Issue.record("dd bs=64M failed without a limit"); return }
    }

    // Issue 35, the evaluation sandbox: helpers share uid nobody, so without more a helper could see, trace,
    // read or signal another's processes, and leave processes behind with setsid().

    /// A confined helper is PID 1 of a namespace of its own, and its /proc shows only that namespace.
    @Test(.enabled(if: getuid() == 0, "needs root for the namespaces and to switch user"))
    func confinedHelperSeesOnlyItsOwnProcesses() {
        let o = run(script("echo $$; sleep 5 & echo $!; [ -e /proc/$1 ] && echo sees-caller || echo no-caller; kill $!"),
                    args: [String(getpid())], sandbox: HelperSandbox())
        #expect(o == .exited(status: 0, stdout: Array("1\n2\nno-caller\n".utf8), stderr: []), "\(String(describing: o))")
    }

    /// A child that leaves the helper's session and process group still ends with the helper: when it exits
    /// by itself (before: kept running as nobody), and when it is killed.
    @Test(.enabled(if: getuid() == 0, "needs root for the namespaces and to switch user"))
    func aChildThatCallsSetsidEndsWithTheHelper() throws {
        let shared = dir + "/setsid"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o777)
        let o = run(script("setsid sh -c 'sleep 1; touch \(shared)/after-exit' </dev/null >/dev/null 2>&1 & exit 0"),
                    sandbox: HelperSandbox())
        #expect(o == .exited(status: 0, stdout: [], stderr: []))
        var outcome: HelperProcess.Outcome? = nil
        let p = HelperProcess.start(loop: loop, path: script("setsid sh -c 'sleep 1; touch \(shared)/after-kill' </dev/null >/dev/null 2>&1 & sleep 30"),
                                    arguments: [], environment: [], input: [], sandbox: HelperSandbox()) { outcome = $0 }
        loop.schedule(after: 200) { p?.kill() }
        spin(loop, timeout: 5_000) { outcome != nil }
        #expect(outcome == .killed(stderr: []))
        Thread.sleep(forTimeInterval: 1.5)
        #expect(!FileManager.default.fileExists(atPath: shared + "/after-exit"), "the setsid child outlived the helper")
        #expect(!FileManager.default.fileExists(atPath: shared + "/after-kill"), "the setsid child outlived the kill")
    }

    /// ptrace, process_vm_readv/writev, pidfd_getfd and the key calls fail with EPERM, even on the helper's
    /// own child (the one process it could otherwise reach); kill reaches nothing outside its namespace.
    @Test(.enabled(if: getuid() == 0, "needs root for the namespaces and to switch user"))
    func processCallsAreRefusedAndOthersCannotBeSignalled() {
        let probe = script("""
            exec python3 - "$@" <<'EOF'
            import ctypes, os, subprocess, sys
            libc = ctypes.CDLL(None, use_errno=True)
            child = subprocess.Popen(["sleep", "30"])
            def result(r):
                return "ok" if r >= 0 else os.strerror(ctypes.get_errno())
            iov = (ctypes.c_char * 8)()
            vec = (ctypes.c_void_p * 2)(ctypes.cast(iov, ctypes.c_void_p), 8)
            print("ptrace", result(libc.ptrace(16, child.pid, 0, 0)))  # PTRACE_ATTACH
            print("process_vm_readv", result(libc.process_vm_readv(child.pid, vec, 1, vec, 1, 0)))
            print("process_vm_writev", result(libc.process_vm_writev(child.pid, vec, 1, vec, 1, 0)))
            pidfd = libc.syscall(434, child.pid, 0)  # pidfd_open: allowed, it reaches only its own
            print("pidfd_getfd", result(libc.syscall(438, pidfd, 0, 0)))
            print("keyctl", result(libc.syscall(250, 0, -3, 0)))  # KEYCTL_GET_KEYRING_ID, the session keyring
            print("add_key", result(libc.syscall(248, b"user", b"k", b"v", 1, -3)))
            try:
                os.kill(int(sys.argv[1]), 0)
                print("kill ok")
            except OSError as e:
                print("kill", e.strerror)
            child.kill()
            EOF
            """)
        var s = HelperSandbox()
        s.memoryBytes = 0  // python
        let o = run(probe, args: [String(getpid())], sandbox: s)
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(String(decoding: out, as: UTF8.self) == """
            ptrace Operation not permitted
            process_vm_readv Operation not permitted
            process_vm_writev Operation not permitted
            pidfd_getfd Operation not permitted
            keyctl Operation not permitted
            add_key Operation not permitted
            kill No such process

            """)
    }

    /// A real crash still ends a confined helper (PID 1 of a namespace ignores the signals it does not
    /// handle unless the kernel forces them, as it does a fault's).
    @Test(.enabled(if: getuid() == 0, "needs root for the namespaces and to switch user"))
    func aConfinedHelperThatCrashesIsReportedAsSignal() {
        var s = HelperSandbox()
        s.memoryBytes = 0  // python
        let o = run(script("exec python3 -c 'import ctypes; ctypes.string_at(0)'"), sandbox: s)
        #expect(o == .signaled(signal: SIGSEGV, stderr: []), "\(String(describing: o))")
    }

    @Test func outcomesReadWellInLogs() {
        #expect(HelperProcess.Outcome.exited(status: 3, stdout: [], stderr: []).description == "exited with status 3")
        #expect(HelperProcess.Outcome.signaled(signal: 11, stderr: []).description == "killed by signal 11")
        #expect(HelperProcess.Outcome.killed(stderr: []).description == "killed by hotspotd")
        #expect(HelperProcess.Outcome.flooded.description == "killed for writing too much output")
        #expect(HelperProcess.Outcome.failedToStart(stage: 6, error: Errno(ENOENT)).description
                == "could not start (exec: No such file or directory)")
    }
}

/// Make this process the reaper of orphans below it (PR_SET_CHILD_SUBREAPER) while `body` runs.
/// Glibc's Swift module does not import prctl, so it is looked up by name.
func withChildSubreaper(_ body: () throws -> Void) rethrows {
    typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
    let prSetChildSubreaper: Int32 = 36
    let prctl = unsafeBitCast(dlsym(nil, "prctl"), to: Prctl.self)
    precondition(prctl(prSetChildSubreaper, 1, 0, 0, 0) == 0)
    defer { _ = prctl(prSetChildSubreaper, 0, 0, 0, 0) }
    try body()
}
