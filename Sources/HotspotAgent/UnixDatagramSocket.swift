import CLinux

/// A UNIX datagram socket bound to its own path, as wpa_ctrl clients are: wpa_supplicant replies to
/// the sender's address, so each client socket needs a name in the file system.
public struct UnixDatagramSocket {
    public let fd: FileDescriptor
    public let localPath: String

    /// Create, bind to `localPath` (a stale file there is removed first) and connect to `peerPath`.
    public static func connect(localPath: String, peerPath: String) throws(Errno) -> UnixDatagramSocket {
        let raw = cl_unix_datagram_socket()
        if raw < 0 { throw Errno.current }
        let fd = raw.fd
        _ = unlink(localPath)
        if cl_bind_unix(raw, localPath) != 0 {
            let e = Errno.current
            fd.close()
            throw e
        }
        if cl_connect_unix(raw, peerPath) != 0 {
            let e = Errno.current
            fd.close()
            _ = unlink(localPath)
            throw e
        }
        return UnixDatagramSocket(fd: fd, localPath: localPath)
    }

    /// Send one datagram; EAGAIN surfaces as `.wouldBlock` (the peer's queue is full).
    public func send(_ bytes: [UInt8]) throws(Errno) {
        let n = bytes.withUnsafeBytes { CLinux.send(fd.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n < 0 { throw Errno.current }
    }

    /// Receive one datagram, or nil when none is waiting.
    public func receive(into buffer: inout [UInt8]) throws(Errno) -> [UInt8]? {
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd.rawValue, $0.baseAddress, $0.count, 0) }
            if n >= 0 { return Array(buffer[0..<n]) }
            let e = Errno.current
            if e == .interrupted { continue }
            if e == .wouldBlock { return nil }
            throw e
        }
    }

    public func close() {
        fd.close()
        _ = unlink(localPath)
    }
}
