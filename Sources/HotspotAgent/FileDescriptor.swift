import CLinux

/// An owned file descriptor with one small wrapper per system call, as swift-system does.
/// Closing is explicit: the poll loop decides lifetimes, not deinit order.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: 0)
    public static let standardOutput = FileDescriptor(rawValue: 1)
    public static let standardError = FileDescriptor(rawValue: 2)

    /// open(2), always O_CLOEXEC so helper processes inherit nothing by accident.
    public static func open(_ path: String, _ flags: Int32, mode: UInt32 = 0o600) throws(Errno) -> FileDescriptor {
        try retrying { cl_open(path, flags | O_CLOEXEC, mode_t(mode)) }.fd
    }

    public func close() { _ = CLinux.close(rawValue) }

    /// read(2) into `buffer`; returns 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retrying { CLinux.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    public func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try retrying { CLinux.write(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Write all of `bytes`, retrying short writes.
    public func writeAll(_ bytes: [UInt8]) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                CLinux.write(rawValue, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                let e = Errno.current
                if e == .interrupted { continue }
                throw e
            }
            offset += n
        }
    }

    /// Read until end of file or `limit` bytes.
    public func readAll(limit: Int) throws(Errno) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while out.count < limit {
            let n = chunk.withUnsafeMutableBytes { CLinux.read(rawValue, $0.baseAddress, $0.count) }
            if n < 0 {
                let e = Errno.current
                if e == .interrupted { continue }
                throw e
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<min(n, limit - out.count)])
        }
        return out
    }

    public func setNonBlocking() throws(Errno) {
        let flags = cl_fcntl_int(rawValue, F_GETFL, 0)
        if flags < 0 { throw Errno.current }
        if cl_fcntl_int(rawValue, F_SETFL, flags | O_NONBLOCK) < 0 { throw Errno.current }
    }
}

/// Run a system call, retrying on EINTR; a negative result throws the errno.
@inline(__always)
func retrying<T: BinaryInteger>(_ call: () -> T) throws(Errno) -> T {
    while true {
        let r = call()
        if r >= 0 { return r }
        let e = Errno.current
        if e != .interrupted { throw e }
    }
}

extension Int32 {
    var fd: FileDescriptor { FileDescriptor(rawValue: self) }
}
