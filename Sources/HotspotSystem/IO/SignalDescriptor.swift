import CLinux

/// The daemon's signals as a file descriptor (signalfd(2)) that the poll loop watches: no handler runs at
/// an arbitrary point of the loop. TERM, INT, HUP and CHLD are blocked for it; children unblock them again
/// before exec (cl_spawn does).
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public struct SignalDescriptor {
    /// A signal the daemon acts on.
    public enum Signal: Equatable {
        /// SIGTERM: stop (procd, `kill`).
        case terminate
        /// SIGINT: stop (Ctrl-C in a terminal).
        case interrupt
        /// SIGHUP: reload the configuration.
        case hangUp
        /// SIGCHLD or anything else: helper processes reap themselves when their pipes close.
        case other
    }

    public let fd: FileDescriptor

    @_transparent
    public init(fd: FileDescriptor) { self.fd = fd }

    /// Blocks the signals and opens the non-blocking descriptor that reports them.
    @_transparent
    public static func open() throws(Errno) -> SignalDescriptor {
        let raw = cl_daemon_signalfd()
        if raw < 0 { throw Errno.current }
        return SignalDescriptor(fd: FileDescriptor(rawValue: raw))
    }

    /// The next pending signal; nil when none is waiting (or the read failed).
    @_transparent
    public func next() -> Signal? {
        let sig = cl_daemon_read_signal(fd.rawValue)
        if sig <= 0 { return nil }
        if sig == cl_sigterm() { return .terminate }
        if sig == cl_sigint() { return .interrupt }
        return sig == cl_sighup() ? .hangUp : .other
    }
}
