import CLinux

/// A child of this process (fork(2) without exec) that sends one answer back through a pipe. Only for the
/// short-lived portal helper, whose probes run side by side this way; the daemon never forks.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum ForkedChild {
    /// Which side of the fork this process is.
    public enum Side {
        /// The child: it works, then `finish`es with its answer on `answer`.
        case child(answer: FileDescriptor)
        /// The parent: the child's pid, and the read end of the pipe its answer comes through.
        case parent(pid: Int32, output: FileDescriptor)
    }

    /// pipe2 and fork(2), as fork itself returns twice; nil when either fails (nothing is left open).
    @_transparent
    public static func start() -> Side? {
        guard let (readEnd, writeEnd) = try? FileDescriptor.pipe() else { return nil }
        let pid = fork()
        if pid == 0 {
            readEnd.close()
            return .child(answer: writeEnd)
        }
        writeEnd.close()
        guard pid > 0 else { readEnd.close(); return nil }
        return .parent(pid: pid, output: readEnd)
    }

    /// The child's end: its answer written, the process exits (`_exit`: no atexit handler or buffered
    /// output of the parent's runs twice).
    @_transparent
    public static func finish(_ answer: [UInt8], to pipe: FileDescriptor) -> Never {
        try? pipe.writeAll(answer)
        _exit(0)
    }

    /// SIGKILL, then waitpid(2): no zombie is left, whether the child had finished or not.
    @_transparent
    public static func stop(_ pid: Int32) {
        _ = kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
    }
}
