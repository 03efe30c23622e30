import CLinux
import HotspotProtocol
import HotspotSystem

/// The daemon's control socket (`RUN_DIR/control`): a UNIX stream socket the client subcommands talk to,
/// one request and one reply per connection (`ControlRequest`, `ControlReply`).
///
/// Everything is non-blocking on the daemon's loop. Each client has a byte limit (the decoder's) and one
/// deadline for its whole life, request and reply; a client that is silent, slow or never reads is dropped
/// when it passes. At most `maxClients` at once: the rest wait in the listen backlog, unaccepted, until a
/// client leaves (backpressure, not refusal: a burst of `hotspotd status` calls is answered in full, and
/// a client finding the backlog full retries its connect).
public final class ControlServer {
    /// Who may talk to the daemon: root, the daemon's own user, and members of the control group.
    public struct Access: Hashable, Sendable {
        public var ownUID: UInt32
        public var group: UInt32?

        public init(ownUID: UInt32, group: UInt32?) {
            self.ownUID = ownUID
            self.group = group
        }

        /// `inGroup`: the peer holds the group, primary or supplementary (only asked when there is one).
        public func permits(uid: UInt32, inGroup: (UInt32) -> Bool) -> Bool {
            if uid == 0 || uid == ownUID { return true }
            guard let g = group else { return false }
            return inGroup(g)
        }
    }

    /// A class: a client is read and changed where it is in `clients`, never copied out whole.
    final class Client {
        let id: Int
        let fd: FileDescriptor
        let watch: Int
        var timer: Int
        var decoder = ControlRequestDecoder()
        /// The reply being written, and how much of it is out.
        var output: [UInt8] = []
        var written = 0
        var answered = false

        init(id: Int, fd: FileDescriptor, watch: Int, timer: Int) {
            self.id = id
            self.fd = fd
            self.watch = watch
            self.timer = timer
        }
    }

    public static let socketName = "control"
    /// Enough for a shell loop of concurrent `hotspotd status` calls (a request and its reply take one turn
    /// of the loop); each holds at most a 4 KB request and its reply.
    public var maxClients = 32
    public var clientTimeoutMs: Int64 = 5_000
    /// The longest a handler may take to answer (`ControlRequest.replyTimeoutMs` on the client's side).
    static let handlerTimeoutMs: Int64 = 45_000
    /// Requests taken per turn of the loop: a burst of clients is served over several turns, so
    /// wpa_supplicant's events and timers never wait behind more than this many replies.
    public var requestsPerTurn = 4
    var servedTurn: UInt64 = 0
    var servedInTurn = 0

    let loop: EventLoop
    public let path: String
    let listener: UnixStreamSocket
    var listenWatch = 0
    var clients: [Client] = []
    var nextID = 1
    public var access: Access
    /// A request arrived; the handler answers through `reply` (now or later, once).
    public var onRequest: (ControlRequest, _ reply: @escaping (ControlReply) -> Void) -> Void = { _, reply in
        reply(.refused("not ready"))
    }

    /// Bind and listen at `path`, mode 0600, or 0660 with `group` as the file's group. A socket file left
    /// behind is removed only when nothing answers on it: a live daemon keeps its socket.
    public init(path: String, loop: EventLoop, access: Access) throws(ControlServerError) {
        self.loop = loop
        self.path = path
        self.access = access
        if ControlServer.isAnswering(path) { throw .alreadyRunning(path) }
        FileSystem.remove(path)
        let socket: UnixStreamSocket
        do throws(Errno) { socket = try UnixStreamSocket.open() } catch { throw .system("socket", error) }
        listener = socket
        // Not umask: it is the process's, and a second thread (the tests run daemons side by side) would
        // see it narrowed. Until the chmod the socket is reachable only through the daemon's own 0700/0710
        // run directory, and a umask of 022 leaves it unwritable, so nobody else can connect meanwhile.
        var call = "bind "  // the one that failed, for the message
        do throws(Errno) {
            try socket.bind(to: path)
            call = "chmod "
            try FileSystem.setMode(path, 0o600)
            if let g = access.group {
                call = "chown "
                try FileSystem.setOwner(path, uid: access.ownUID, gid: g)
                call = "chmod "
                try FileSystem.setMode(path, 0o660)
            }
            call = "listen "
            try socket.listen(backlog: 64)
        } catch {
            socket.close()
            FileSystem.remove(path)
            throw .system(call + path, error)
        }
        listenWatch = loop.watch(socket.fd) { [self] _ in acceptAll() }
    }

    /// True when a process accepts connections at `path`.
    static func isAnswering(_ path: String) -> Bool {
        guard let socket = try? UnixStreamSocket.open() else { return false }
        defer { socket.close() }
        // A listening socket accepts at once (or queues: EAGAIN on a full backlog is still alive).
        do throws(Errno) { try socket.connect(to: path) } catch { return error == .wouldBlock }
        return true
    }

    public func close() {
        loop.unwatch(listenWatch)
        listener.close()
        FileSystem.remove(path)
        while let c = clients.first { drop(c.id) }
    }

    public var clientCount: Int { clients.count }

    // MARK: Connections

    func acceptAll() {
        while true {
            if clients.count >= maxClients {
                loop.setEvents(listenWatch, 0)
                return
            }
            // nil: none left (EAGAIN), or EMFILE and friends: try again on the next wake-up.
            guard let connection = listener.accept() else { return }
            let fd = connection.fd
            guard let peer = connection.peerCredentials(),
                  access.permits(uid: peer.uid, inGroup: { connection.peerHolds(group: $0) }) else {
                ControlServer.refuseAtOnce(fd, "permission denied: root or the control group only")
                continue
            }
            let id = nextID
            nextID += 1
            let watch = loop.watch(fd) { [self] revents in ready(id, revents) }
            let timer = loop.schedule(after: clientTimeoutMs) { [self] in drop(id) }
            clients.append(Client(id: id, fd: fd, watch: watch, timer: timer))
        }
    }

    /// A refusal that fits the socket's buffer goes out at once; the connection closes either way.
    static func refuseAtOnce(_ fd: FileDescriptor, _ message: String) {
        var reply = ControlReply.refused(message)
        reply.exitStatus = 2
        _ = try? reply.encoded.withBytes { raw throws(Errno) in try fd.send(raw) }
        fd.close()
    }

    /// Not inlined: one copy of the search for its four callers.
    @inline(never)
    func index(_ id: Int) -> Int? {
        var i = 0
        while i < clients.count && clients[i].id != id { i += 1 }
        return i < clients.count ? i : nil
    }

    func drop(_ id: Int) {
        guard let i = index(id) else { return }
        let c = clients.remove(at: i)
        loop.unwatch(c.watch)
        loop.cancel(c.timer)
        c.fd.close()
        // A place is free: take the next waiting connection (a no-op once the listener is closed).
        loop.setEvents(listenWatch, Int16(POLLIN))
    }

    @inline(never)
    func ready(_ id: Int, _ revents: Int16) {
        guard let i = index(id) else { return }
        let c = clients[i]
        if c.answered {
            if c.output.isEmpty {
                // Waiting for the handler: only a hang-up wakes us; the client is gone.
                drop(id)
            } else {
                flush(id)
            }
            return
        }
        // Its bytes stay in the socket; poll reports them again on the next turn.
        if servedTurn != loop.turn { servedTurn = loop.turn; servedInTurn = 0 }
        if servedInTurn >= requestsPerTurn { return }
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            let fd = c.fd
            let n: Int?
            do {
                n = try chunk.withMutableBytes { raw throws(Errno) in try fd.receive(into: raw) }
            } catch {
                return drop(id)
            }
            guard let count = n else { return }
            if count == 0 { return drop(id) }
            switch c.decoder.feed(chunk[0..<count]) {
            case .needMore:
                continue
            case .failed(let why):
                return answer(id, .refused("refused: " + why.description))
            case .request(let request):
                servedInTurn += 1
                c.answered = true
                loop.setEvents(c.watch, 0)
                // The request is in: its handler may answer later (`scan --now` once the scan is in).
                loop.cancel(c.timer)
                c.timer = loop.schedule(after: ControlServer.handlerTimeoutMs) { [self] in drop(id) }
                onRequest(request) { [self] reply in answer(id, reply) }
                return
            }
        }
    }

    func answer(_ id: Int, _ reply: ControlReply) {
        guard let i = index(id), clients[i].output.isEmpty else { return }
        let c = clients[i]
        c.answered = true
        c.output = reply.encoded
        // From here the client has clientTimeoutMs to take the reply, as it had to send its request.
        loop.cancel(c.timer)
        c.timer = loop.schedule(after: clientTimeoutMs) { [self] in drop(id) }
        flush(id)
    }

    func flush(_ id: Int) {
        guard let i = index(id) else { return }
        let c = clients[i]
        let n: Int?
        do {
            n = try c.output.withBytes { raw throws(Errno) in
                try c.fd.send(UnsafeRawBufferPointer(rebasing: raw[c.written...]))
            }
        } catch {
            return drop(id)
        }
        c.written += n ?? 0
        if c.written >= c.output.count { return drop(id) }
        loop.setEvents(c.watch, Int16(POLLOUT))
    }
}

public enum ControlServerError: Error, CustomStringConvertible {
    case alreadyRunning(String)
    case system(String, Errno)

    public var description: String {
        switch self {
        case .alreadyRunning(let path): return "another hotspotd answers on " + path
        case .system(let call, let e): return call + ": " + e.description
        }
    }
}
