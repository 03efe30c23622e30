import CLinux

/// poll(2) for the processes that may block (the portal helper, the CLI): the daemon waits only in
/// `EventLoop`. A request is the C `pollfd`, as the kernel reads an array of them.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum Poll {
    /// A request for `fd`'s input (POLLIN), or for room to write (POLLOUT). A negative `fd` is skipped.
    @_transparent
    public static func request(_ fd: Int32, output: Bool = false) -> pollfd {
        pollfd(fd: fd, events: Int16(output ? POLLOUT : POLLIN), revents: 0)
    }

    /// Waits until a request is ready or `timeoutMs` passes (at most a minute): how many are ready, 0 when
    /// the time passed or a signal came (EINTR). Callers loop to their own deadline either way.
    @_transparent
    public static func wait(_ requests: inout [pollfd], timeoutMs: Int64) throws(Errno) -> Int {
        let n = poll(&requests, nfds_t(requests.count), Int32(max(0, min(timeoutMs, 60_000))))
        if n < 0 && Errno.current != .interrupted { throw Errno.current }
        return Int(max(n, 0))
    }

    /// `wait` for one request.
    @_transparent
    public static func wait(_ request: inout pollfd, timeoutMs: Int64) throws(Errno) -> Int {
        let n = poll(&request, 1, Int32(max(0, min(timeoutMs, 60_000))))
        if n < 0 && Errno.current != .interrupted { throw Errno.current }
        return Int(max(n, 0))
    }

    /// Sleeps `milliseconds` (poll with no descriptor: no signal handler or timer needed).
    @_transparent
    public static func sleep(milliseconds: Int32) { _ = poll(nil, 0, milliseconds) }
}
