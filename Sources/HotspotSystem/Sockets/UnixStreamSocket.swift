import CLinux

/// A UNIX stream socket, non-blocking and close-on-exec: the daemon's control socket listens on one, and
/// its clients connect with one. The stream sibling of `UnixDatagramSocket`; I/O goes through `fd`.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public struct UnixStreamSocket {
    public let fd: FileDescriptor
    public init(fd: FileDescriptor) { self.fd = fd }

    /// socket(2): a new, unconnected socket.
    @_transparent
    public static func open() throws(Errno) -> UnixStreamSocket {
        let raw = cl_unix_stream_socket()
        if raw < 0 { throw Errno.current }
        return UnixStreamSocket(fd: FileDescriptor(rawValue: raw))
    }

    @_transparent
    public func close() { fd.close() }

    /// bind(2) to `path`; ENAMETOOLONG when it does not fit in sockaddr_un.
    @_transparent
    public func bind(to path: String) throws(Errno) {
        if cl_bind_unix(fd.rawValue, path) != 0 { throw Errno.current }
    }

    /// listen(2), with up to `backlog` connections waiting to be accepted.
    @_transparent
    public func listen(backlog: Int32) throws(Errno) {
        if CLinux.listen(fd.rawValue, backlog) != 0 { throw Errno.current }
    }

    /// connect(2) to the socket at `path`. EAGAIN: the listener's backlog is full (it is alive all the same).
    @_transparent
    public func connect(to path: String) throws(Errno) {
        if cl_connect_unix(fd.rawValue, path) != 0 { throw Errno.current }
    }

    /// accept4(2): the next connection, non-blocking and close-on-exec; nil when none is waiting (EAGAIN) or
    /// the accept failed (EMFILE and friends; errno says which).
    @_transparent
    public func accept() -> UnixStreamSocket? {
        let raw = cl_accept(fd.rawValue)
        return raw < 0 ? nil : UnixStreamSocket(fd: FileDescriptor(rawValue: raw))
    }

    /// Who is at the other end of a connected socket (SO_PEERCRED, as the peer was at connect time); nil
    /// when the kernel cannot say.
    @_transparent
    public func peerCredentials() -> PeerCredentials? {
        var peer = PeerCredentials(uid: 0, gid: 0, pid: 0)
        return cl_peer_credentials(fd.rawValue, &peer.uid, &peer.gid, &peer.pid) == 0 ? peer : nil
    }

    /// True when the connected peer holds `group` as its primary or a supplementary group (SO_PEERCRED and
    /// SO_PEERGROUPS, as it was at connect time); false when not, or when the kernel cannot say.
    @_transparent
    public func peerHolds(group: UInt32) -> Bool {
        cl_peer_in_group(fd.rawValue, group) == 1
    }
}

/// The process at the other end of a UNIX socket.
public struct PeerCredentials: Equatable {
    public var uid: UInt32
    public var gid: UInt32
    public var pid: Int32

    public init(uid: UInt32, gid: UInt32, pid: Int32) {
        self.uid = uid
        self.gid = gid
        self.pid = pid
    }
}
