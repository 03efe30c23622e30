import Foundation
import Glibc

/// Sockets on 127.0.0.1 for the fake servers and clients of tests.
public enum LocalSocket {
    /// A socket of `type` (SOCK_STREAM listens) bound to a free port of 127.0.0.1, and that port.
    public static func bound(_ type: __socket_type) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(type.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && (type != SOCK_STREAM || listen(fd, 4) == 0)
                    && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else { close(fd); throw POSIXError(.EADDRINUSE) }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A TCP connection to `port` of 127.0.0.1; reads time out after 10 s, so that a stuck exchange fails
    /// its test instead of hanging it.
    public static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let r = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
        return fd
    }
}
