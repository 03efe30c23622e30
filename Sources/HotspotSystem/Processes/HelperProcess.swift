import CLinux

/// How an external helper is confined: an unprivileged user, resource limits, its own PID namespace (all it
/// started ends with it; no other process to see, trace or signal), and for evaluation commands (as Apple's
/// evaluation sandbox) no network, no UNIX socket and nothing writable but `writableDirectory`, so scan lists
/// cannot leave the router, now or through a later command.
public struct HelperSandbox: Equatable {
    public var dropPrivileges = true
    public var uid: UInt32 = 65534
    public var gid: UInt32 = 65534
    public var noNetwork = false
    public var writableDirectory: String? = nil
    public var memoryBytes: Int64 = 32 << 20
    public var cpuSeconds: Int64 = 30
    public var openFiles: Int64 = 64
    public var fileBytes: Int64 = 1 << 20
    public var processes: Int64 = 32
    /// Own PID, IPC and mount namespaces, the process-call filter and (once `cl_helper_cgroups` made them
    /// ready) a cgroup with `processes` as its limit (cl_spawn); off only for the daemon's own root children.
    public var isolated = true

    public init() {}
}

/// One run of a helper executable: one process per command, nothing resident afterwards.
/// Lives in the poll loop: stdin is fed, stdout and stderr are collected (bounded), and the whole
/// process group is killed when it floods its output or when the owner says so. An external helper's
/// time limit is the owner's (the core's command timer): it is killed on `kill()` or `abandon()`; the
/// daemon's own children (events.d, the LAN renumbering) have `Limits.timeLimitMs`, as if `kill()`ed then.
public final class HelperProcess {
    public indirect enum Outcome: Equatable, CustomStringConvertible {
        /// The helper ran to its end; `status` is its exit status.
        case exited(status: Int32, stdout: [UInt8], stderr: [UInt8])
        /// Killed by a signal it did not ask for (a crash, or the CPU limit).
        case signaled(signal: Int32, stderr: [UInt8])
        /// Killed by `kill()`; `stderr` is what it wrote until then.
        case killed(stderr: [UInt8])
        /// It wrote more than the output limit: killed, output dropped.
        case flooded
        /// It could not be started; `stage` says where (see cl_spawn) and `error` why.
        case failedToStart(stage: Int32, error: Errno)

        public var description: String {
            switch self {
            case .exited(let status, _, _): return "exited with status " + String(status)
            case .signaled(let signal, _): return "killed by signal " + String(signal)
            case .killed: return "killed by hotspotd"
            case .flooded: return "killed for writing too much output"
            case .failedToStart(let stage, let error):
                return "could not start (" + HelperProcess.stageName(stage) + ": " + error.description + ")"
            }
        }
    }

    public struct Limits {
        public var stdoutBytes = 65_536
        public var stderrBytes = 4_096
        /// 0: none.
        public var timeLimitMs: Int64 = 0
        public init() {}
    }

    let loop: EventLoop
    public let pid: Int32
    let limits: Limits
    var completion: ((Outcome) -> Void)?
    var stdinPipe: FileDescriptor?
    var stdoutPipe: FileDescriptor?
    var stderrPipe: FileDescriptor?
    var stdinWatch = 0, stdoutWatch = 0, stderrWatch = 0
    var pendingInput: [UInt8]
    var inputOffset = 0
    var stdout: [UInt8] = []
    var stderr: [UInt8] = []
    var reapTimer = 0
    var limitTimer = 0
    /// Why its process group was sent SIGKILL: the outcome to report instead of its exit status.
    var killedFor: Outcome? = nil
    /// Collected by waitpid: from then on `pid` may name another process, so nothing signals it.
    var reaped = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    /// The run's cgroup (0: none), removed once it is reaped: PID 1 of its namespace is reaped only after all
    /// it started.
    var cgroupRun: UInt32 = 0

    /// Start `path` with `arguments` (argv[1...]) and exactly `environment`. `completion` gets the
    /// outcome once, always from the loop after the current handler (never inside this call, `kill()`
    /// or `abandon()`). nil means it could not start; `completion` will get `.failedToStart`.
    @discardableResult
    public static func start(
        loop: EventLoop, path: String, arguments: [String], environment: [String], input: [UInt8],
        sandbox: HelperSandbox, limits: Limits = Limits(), completion: @escaping (Outcome) -> Void
    ) -> HelperProcess? {
        // A helper that exits before reading its stdin must not kill the daemon with SIGPIPE.
        cl_ignore_sigpipe()
        let inPipe, outPipe, errPipe: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do throws(Errno) {
            inPipe = try FileDescriptor.pipe()
            do { outPipe = try FileDescriptor.pipe() } catch {
                inPipe.readEnd.close(); inPipe.writeEnd.close()
                throw error
            }
            do { errPipe = try FileDescriptor.pipe() } catch {
                inPipe.readEnd.close(); inPipe.writeEnd.close(); outPipe.readEnd.close(); outPipe.writeEnd.close()
                throw error
            }
        } catch {
            loop.post { completion(.failedToStart(stage: 0, error: error)) }
            return nil
        }
        var stage: Int32 = 0
        let writable = sandbox.writableDirectory.flatMap { strdup($0) }
        defer { free(writable) }
        var box = cl_sandbox(
            drop_privileges: sandbox.dropPrivileges ? 1 : 0, uid: sandbox.uid, gid: sandbox.gid,
            no_network: sandbox.noNetwork ? 1 : 0, writable_dir: UnsafePointer(writable), memory_bytes: sandbox.memoryBytes,
            cpu_seconds: sandbox.cpuSeconds, open_files: sandbox.openFiles, file_bytes: sandbox.fileBytes,
            processes: sandbox.processes, isolate: sandbox.isolated ? 1 : 0, cgroup_run: 0)
        let pid = CStrings.withArray(path, arguments) { argv in
            CStrings.withArray(nil, environment) { envp in
                cl_spawn(path, argv, envp, inPipe.readEnd.rawValue, outPipe.writeEnd.rawValue,
                         errPipe.writeEnd.rawValue, &box, &stage)
            }
        }
        let spawnError = Errno.current
        inPipe.readEnd.close(); outPipe.writeEnd.close(); errPipe.writeEnd.close()
        guard pid > 0 else {
            inPipe.writeEnd.close(); outPipe.readEnd.close(); errPipe.readEnd.close()
            let failed = stage
            loop.post { completion(.failedToStart(stage: failed, error: spawnError)) }
            return nil
        }
        let process = HelperProcess(loop: loop, pid: pid, limits: limits, input: input, completion: completion)
        process.cgroupRun = box.cgroup_run
        process.attach(stdin: inPipe.writeEnd, stdout: outPipe.readEnd, stderr: errPipe.readEnd)
        if limits.timeLimitMs > 0 { process.limitTimer = loop.schedule(after: limits.timeLimitMs) { process.kill() } }
        return process
    }

    /// cl_spawn's stages, for logs.
    static func stageName(_ stage: Int32) -> String {
        switch stage {
        case 0: return "pipe or fork"
        case 1: return "setsid"
        case 2: return "redirecting stdio"
        case 3: return "sandbox"
        case 4: return "resource limits"
        case 5: return "switching user"
        case 6: return "exec"
        case 7: return "joining its cgroup"
        default: return "stage " + String(stage)
        }
    }

    init(loop: EventLoop, pid: Int32, limits: Limits, input: [UInt8], completion: @escaping (Outcome) -> Void) {
        self.loop = loop
        self.pid = pid
        self.limits = limits
        self.pendingInput = input
        self.completion = completion
    }

    func attach(stdin: FileDescriptor, stdout: FileDescriptor, stderr: FileDescriptor) {
        try? stdin.setNonBlocking()
        try? stdout.setNonBlocking()
        try? stderr.setNonBlocking()
        stdinPipe = stdin
        stdoutPipe = stdout
        stderrPipe = stderr
        if pendingInput.isEmpty {
            closeStdin()
        } else {
            stdinWatch = loop.watch(stdin, events: Int16(POLLOUT)) { [self] _ in feedInput() }
        }
        stdoutWatch = loop.watch(stdout) { [self] _ in drain(stdout: true) }
        stderrWatch = loop.watch(stderr) { [self] _ in drain(stdout: false) }
    }

    /// Kill the helper and everything it started; the completion reports `.killed` (or the outcome
    /// it reached before, if it already ended). The owner's time limit for the command ran out.
    public func kill() {
        // Keep what it said on stderr until now: the log's only clue why it hung.
        if stderrPipe != nil && readAvailable(stdout: false) { closePipe(stdout: false) }
        terminate(for: .killed(stderr: stderr))
    }

    /// Kill the helper and everything it started, reporting nothing: the owner no longer wants its answer.
    public func abandon() {
        completion = nil
        terminate(for: .killed(stderr: []))
    }

    func feedInput() {
        guard let fd = stdinPipe else { return }
        let offset = inputOffset
        do {
            inputOffset += try pendingInput.withBytes { raw throws(Errno) in
                try fd.writeUntilBlocked(UnsafeRawBufferPointer(rebasing: raw[offset...]))
            }
            if inputOffset < pendingInput.count { return }  // the pipe is full: wait for POLLOUT
        } catch {
            // EPIPE: the helper does not want the rest.
        }
        closeStdin()
    }

    func closeStdin() {
        guard let fd = stdinPipe else { return }
        if stdinWatch != 0 { loop.unwatch(stdinWatch) }
        fd.close()
        stdinPipe = nil
        pendingInput = []
    }

    func drain(stdout isStdout: Bool) {
        guard readAvailable(stdout: isStdout) else { return }
        closePipe(stdout: isStdout)
        if stdoutPipe == nil && stderrPipe == nil { reap() }
    }

    /// Read what the pipe holds now, up to 64 KiB; true at its end (or on a read error, which ends it as
    /// well). Too much stdout kills the helper as `.flooded`. The cap returns to the loop between reads:
    /// a helper writing stderr as fast as it is read would otherwise hold the daemon here for good.
    func readAvailable(stdout isStdout: Bool) -> Bool {
        guard let fd = isStdout ? stdoutPipe : stderrPipe else { return false }
        for _ in 0..<16 {
            let count: Int?
            do { count = try buffer.withMutableBytes { raw throws(Errno) in try fd.read(into: raw) } } catch { return true }
            guard let n = count else { return false }
            if n == 0 { return true }
            if isStdout {
                if stdout.count + n > limits.stdoutBytes {
                    terminate(for: .flooded)
                    return false
                }
                stdout.append(contentsOf: buffer[0..<n])
            } else {
                // Keep the start of stderr for the log; the rest is read and dropped.
                let room = max(0, limits.stderrBytes - stderr.count)
                stderr.append(contentsOf: buffer[0..<min(n, room)])
            }
        }
        return false
    }

    func closePipe(stdout isStdout: Bool) {
        guard let fd = isStdout ? stdoutPipe : stderrPipe else { return }
        loop.unwatch(isStdout ? stdoutWatch : stderrWatch)
        fd.close()
        if isStdout { stdoutPipe = nil } else { stderrPipe = nil }
    }

    /// Both pipes closed: collect the exit status (polling briefly; a helper may linger after closing them).
    func reap() {
        loop.cancel(reapTimer)
        guard !reaped else { return }
        var status: Int32 = 0
        let r = cl_reap(pid, &status)
        if r == 0 {
            reapTimer = loop.schedule(after: 20) { [self] in reap() }
            return
        }
        reaped = true
        if cgroupRun != 0 { _ = cl_helper_cgroup_remove(cgroupRun) }
        loop.cancel(limitTimer)
        closeAll()
        let outcome: Outcome
        if let k = killedFor {
            outcome = k
        } else if r < 0 {
            outcome = .exited(status: -1, stdout: stdout, stderr: stderr)
        } else if cl_wifsignaled(status) != 0 {
            outcome = .signaled(signal: cl_wtermsig(status), stderr: stderr)
        } else {
            outcome = .exited(status: cl_wexitstatus(status), stdout: stdout, stderr: stderr)
        }
        loop.post { [self] in finish(outcome) }
    }

    func terminate(for outcome: Outcome) {
        guard !reaped, killedFor == nil else { return }
        killedFor = outcome
        // The helper leads its own process group (cl_spawn's setsid): this reaches all it started.
        _ = cl_kill_group(pid, SIGKILL)
        closeAll()
        reap()
    }

    func closeAll() {
        closeStdin()
        closePipe(stdout: true)
        closePipe(stdout: false)
    }

    /// Deliver the outcome unless the owner abandoned the helper meanwhile.
    func finish(_ outcome: Outcome) {
        guard let c = completion else { return }
        completion = nil
        c(outcome)
    }
}

/// NUL-terminated C string arrays for execve, freed after use.
enum CStrings {
    /// `first` (when given) then `strings`: argv without an array made to join them. Not generic: one copy.
    static func withArray(_ first: String?, _ strings: [String],
                          _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32) -> Int32 {
        var pointers: [UnsafeMutablePointer<CChar>?] = []
        if let first { pointers.append(strdup(first)) }
        for s in strings { pointers.append(strdup(s)) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
