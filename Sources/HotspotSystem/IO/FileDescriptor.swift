import CLinux

/// An owned file descriptor with one small wrapper per system call, as swift-system does.
/// Closing is explicit: the poll loop decides lifetimes, not deinit order.
///
/// Every wrapper retries EINTR itself, so no caller has a retry loop of its own. The I/O calls return
/// nil when a non-blocking descriptor is not ready (EAGAIN): waiting is the poll loop's job.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// open(2), always O_CLOEXEC so helper processes inherit nothing by accident.
    public static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0o600) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts { cl_open(path, flags | O_CLOEXEC, mode_t(mode)) })
    }

    /// pipe2(O_CLOEXEC); both ends block until their owner makes them non-blocking.
    public static func pipe() throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        if cl_pipe_cloexec(&fds) != 0 { throw Errno.current }
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    public func close() { _ = CLinux.close(rawValue) }

    /// read(2): the count read, 0 at end of file, nil when a non-blocking descriptor has nothing yet.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int? {
        try retryingInterruptsUnlessBlocked { CLinux.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// write(2): the count written (possibly short), nil when a non-blocking descriptor is full.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int? {
        try retryingInterruptsUnlessBlocked { CLinux.write(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// recv(2) on a socket: one datagram's length (or a stream's count), nil when nothing is waiting.
    public func receive(into buffer: UnsafeMutableRawBufferPointer, flags: Int32 = 0) throws(Errno) -> Int? {
        try retryingInterruptsUnlessBlocked { recv(rawValue, buffer.baseAddress, buffer.count, flags) }
    }

    /// send(2) on a socket, never raising SIGPIPE: the count sent, nil when the socket's queue is full.
    public func send(_ buffer: UnsafeRawBufferPointer, flags: Int32 = 0) throws(Errno) -> Int? {
        try retryingInterruptsUnlessBlocked {
            CLinux.send(rawValue, buffer.baseAddress, buffer.count, flags | Int32(MSG_NOSIGNAL))
        }
    }

    /// Write `buffer`, continuing after short writes, until all of it is written or a non-blocking
    /// descriptor is full; returns the count written.
    public func writeUntilBlocked(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        var written = 0
        while written < buffer.count {
            guard let n = try write(UnsafeRawBufferPointer(rebasing: buffer[written...])) else { break }
            written += n
        }
        return written
    }

    /// Write all of `buffer`; a non-blocking descriptor that fills up throws `.wouldBlock`.
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
        if try writeUntilBlocked(buffer) < buffer.count { throw .wouldBlock }
    }

    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        try bytes.withBytes { raw throws(Errno) in try writeAll(raw) }
    }

    /// Read until end of file or `limit` bytes (nothing past them is consumed); a non-blocking
    /// descriptor that runs dry throws `.wouldBlock`.
    public func readAll(limit: Int) throws(Errno) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while out.count < limit {
            let wanted = min(chunk.count, limit - out.count)
            let count = try chunk.withMutableBytes { raw throws(Errno) in
                try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<wanted]))
            }
            guard let n = count else { throw .wouldBlock }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    /// A whole small file (`/proc`'s tables): open, `readAll(limit:)`, close.
    public static func readFile(_ path: String, limit: Int) throws(Errno) -> [UInt8] {
        let fd = try open(path, O_RDONLY)
        defer { fd.close() }
        return try fd.readAll(limit: limit)
    }

    public func setNonBlocking() throws(Errno) {
        let flags = cl_fcntl_int(rawValue, F_GETFL, 0)
        if flags < 0 { throw Errno.current }
        if cl_fcntl_int(rawValue, F_SETFL, flags | O_NONBLOCK) < 0 { throw Errno.current }
    }
}

/// Run a system call until a signal does not interrupt it (EINTR); a negative result throws the errno.
@inline(__always)
func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) throws(Errno) -> T {
    while true {
        let r = call()
        if r >= 0 { return r }
        let e = Errno.current
        if e != .interrupted { throw e }
    }
}

/// `retryingInterrupts` for I/O that may be non-blocking: EAGAIN is nil, an outcome rather than an error.
@inline(__always)
func retryingInterruptsUnlessBlocked(_ call: () -> Int) throws(Errno) -> Int? {
    do {
        return try retryingInterrupts(call)
    } catch {
        if error == .wouldBlock { return nil }
        throw error
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body that throws `Errno`: the standard library's `rethrows` would
    /// widen the error to `any Error`, which Embedded Swift does not have.
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws(Errno) -> R) throws(Errno) -> R {
        try withUnsafeBytes { raw in Result { () throws(Errno) -> R in try body(raw) } }.get()
    }

    public mutating func withMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws(Errno) -> R) throws(Errno) -> R {
        try withUnsafeMutableBytes { raw in Result { () throws(Errno) -> R in try body(raw) } }.get()
    }
}
