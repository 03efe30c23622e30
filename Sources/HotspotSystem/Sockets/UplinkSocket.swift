import CLinux
import HotspotWeb

/// An IPv4 socket of the portal helper, bound to the uplink interface (SO_BINDTODEVICE) so that its
/// traffic takes the hotspot's link even while a VPN owns the default route. The calls block over
/// poll(2) until a deadline (monotonic milliseconds): fine in the short-lived helper process, never in
/// the daemon's loop. Closing is explicit, as with `FileDescriptor`.
public struct UplinkSocket {
    public enum Kind {
        case tcp, udp
    }

    /// Why a socket call failed: the system's errno, or the deadline passed first.
    public enum Failure: Error, Equatable {
        case errno(Errno)
        case timedOut
    }

    public let fd: FileDescriptor

    public init(fd: FileDescriptor) { self.fd = fd }

    /// A new socket, bound to `interface` when one is given.
    public static func open(_ kind: Kind, interface: String?) throws(UplinkSocketError) -> UplinkSocket {
        let raw = kind == .tcp ? cl_inet_stream_socket() : cl_inet_datagram_socket()
        if raw < 0 { throw .socket(Errno.current) }
        let socket = UplinkSocket(fd: FileDescriptor(rawValue: raw))
        if let interface, cl_bind_to_device(raw, interface) != 0 {
            let e = Errno.current
            socket.close()
            throw .bindToDevice(interface: interface, e)
        }
        return socket
    }

    public func close() { fd.close() }

    /// shutdown(2) of the sending side: the peer reads the end of the stream, and its answer still comes back.
    @_transparent
    public func shutdownWrite() { _ = cl_shutdown_write(fd.rawValue) }

    /// Connects (TCP: waits for the handshake; UDP: sets the only peer whose datagrams are received).
    public func connect(to address: IPv4Address, port: UInt16, by deadline: Int64) throws(Failure) {
        if cl_connect_ipv4(fd.rawValue, address.value, port) == 0 { return }
        let e = Errno.current
        guard e == Errno(EINPROGRESS) || e == .interrupted else { throw .errno(e) }
        try wait(Int16(POLLOUT), by: deadline)
        let status = cl_socket_error(fd.rawValue)
        if status != 0 { throw .errno(status < 0 ? Errno.current : Errno(status)) }
    }

    /// Waits until the socket is ready for `events` (or has an error or hang-up, which the next call reports).
    public func wait(_ events: Int16, by deadline: Int64) throws(Failure) {
        while true {
            let left = deadline - SystemClock.monotonicMs
            if left <= 0 { throw .timedOut }
            var p = pollfd(fd: fd.rawValue, events: events, revents: 0)
            do throws(Errno) { if try Poll.wait(&p, timeoutMs: left) > 0 { return } } catch { throw .errno(error) }
        }
    }

    public func sendAll(_ bytes: [UInt8], by deadline: Int64) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            let offset = sent
            let n: Int?
            do {
                n = try bytes.withBytes { raw throws(Errno) in try fd.send(UnsafeRawBufferPointer(rebasing: raw[offset...])) }
            } catch {
                throw .errno(error)
            }
            if let n { sent += n } else { try wait(Int16(POLLOUT), by: deadline) }
        }
    }

    /// Reads what is there into `buffer` (waiting for it): the count, 0 at the end of a stream.
    public func receive(into buffer: inout [UInt8], by deadline: Int64) throws(Failure) -> Int {
        while true {
            let n: Int?
            do {
                n = try buffer.withMutableBytes { raw throws(Errno) in try fd.receive(into: raw) }
            } catch {
                throw .errno(error)
            }
            if let n { return n }
            try wait(Int16(POLLIN), by: deadline)
        }
    }
}

/// Why a socket for the uplink could not be made.
public indirect enum UplinkSocketError: Error, Equatable, CustomStringConvertible {
    case socket(Errno)
    /// SO_BINDTODEVICE refused: no such interface, or a kernel older than 5.7 for an unprivileged helper.
    case bindToDevice(interface: String, Errno)

    public var description: String {
        switch self {
        case .socket(let e): return "cannot make a socket: " + e.description
        case .bindToDevice(let interface, let e):
            return "cannot bind a socket to interface " + interface + ": " + e.description
        }
    }
}
