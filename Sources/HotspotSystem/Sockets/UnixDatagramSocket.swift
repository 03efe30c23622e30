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
        let fd = FileDescriptor(rawValue: raw)
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

    /// Send one datagram. A full peer queue throws `.wouldBlock`: the peer is not reading, and a
    /// datagram is sent whole or not at all, so there is nothing to resume later.
    public func send(_ bytes: [UInt8]) throws(Errno) {
        let sent = try bytes.withBytes { raw throws(Errno) in try fd.send(raw) }
        if sent == nil { throw .wouldBlock }
    }

    /// Receive one datagram, or nil when none is waiting.
    public func receive(into buffer: inout [UInt8]) throws(Errno) -> [UInt8]? {
        guard let n = try buffer.withMutableBytes({ raw throws(Errno) in try fd.receive(into: raw) }) else { return nil }
        return Array(buffer[0..<n])
    }

    public func close() {
        fd.close()
        _ = unlink(localPath)
    }
}
