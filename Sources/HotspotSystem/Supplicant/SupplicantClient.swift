import CLinux
import HotspotCore
import HotspotProtocol

/// wpa_supplicant's control interface, as wpa_cli uses it: one socket for requests and replies, one
/// ATTACHed socket for events. Both live in the poll loop; nothing here ever blocks on wpa_supplicant.
///
/// What to send and when, timeouts, keepalive and reconnects are `SupplicantConnection`'s decisions; this
/// class only performs its actions on two `UnixDatagramSocket`s and the loop's timers. Completions and
/// callbacks always run later through `EventLoop.post`, never inside the call that caused them, so a
/// caller's state is settled before they run.
public final class SupplicantClient {
    public typealias Reply = SupplicantRequestResult
    public typealias Attachment = SupplicantConnection.Attachment

    public struct Configuration {
        /// wpa_supplicant's socket for the interface, e.g. /run/wpa_supplicant/wlan0.
        public var controlPath: String
        /// Where our client sockets are bound (hotspotd's run directory).
        public var clientDirectory: String
        public var requestTimeout: Int64 = 10_000
        public var pingInterval: Int64 = 10_000
        public var reconnectMinimum: Int64 = 500
        public var reconnectMaximum: Int64 = 30_000
        /// In our sockets' names, so that clients of one process (one per radio) never share a path.
        public var socketTag = ""

        public init(controlPath: String, clientDirectory: String) {
            self.controlPath = controlPath
            self.clientDirectory = clientDirectory
        }

        var connection: SupplicantConnection.Configuration {
            var c = SupplicantConnection.Configuration()
            c.requestTimeout = requestTimeout
            c.pingInterval = pingInterval
            c.reconnectMinimum = reconnectMinimum
            c.reconnectMaximum = reconnectMaximum
            return c
        }
    }

    /// A socket and which opening it came from: a drain stops when its socket was replaced meanwhile.
    struct OpenSocket {
        let socket: UnixDatagramSocket
        let watch: Int
        let generation: Int
    }

    /// A class: read where it is in `waiting`, never copied out with its closure.
    final class Waiting {
        let token: UInt64
        let completion: (Reply) -> Void

        init(token: UInt64, completion: @escaping (Reply) -> Void) {
            self.token = token
            self.completion = completion
        }
    }

    public let configuration: Configuration
    let loop: EventLoop
    var connection: SupplicantConnection

    public var attachment: Attachment { connection.attachment }
    /// Why the connection last went down, for status output.
    public var lastError: String { connection.lastError }
    public var reconnects: Int { connection.reconnects }

    /// Every event, from either socket, parsed.
    public var onEvent: (SupplicantEventMessage) -> Void = { _ in }
    public var onAttached: () -> Void = {}
    public var onDetached: (String) -> Void = { _ in }

    var eventSocket: OpenSocket? = nil
    var requestSocket: OpenSocket? = nil
    var socketGeneration = 0
    /// Loop timer ids by `ConnectionTimer.rawValue` (0 = not armed).
    var timers = [Int](repeating: 0, count: ConnectionTimer.allCases.count)
    var waiting: [Waiting] = []
    var nextToken: UInt64 = 1
    /// Actions not performed yet; an action's failure is fed back to the machine and its actions queue here.
    var pending: [SupplicantConnection.Action] = []
    var performing = false
    var buffer = [UInt8](repeating: 0, count: 16_384)

    public init(_ configuration: Configuration, loop: EventLoop) {
        self.configuration = configuration
        self.loop = loop
        self.connection = SupplicantConnection(configuration.connection)
    }

    public func start() { perform(connection.start(now: loop.now)) }

    /// Close the sockets; requests still waiting complete with `.unreachable`.
    public func stop() { perform(connection.stop(now: loop.now)) }

    /// Queue `command`; `completion` runs exactly once, on the loop, never inside this call. `timeout` in
    /// ms, nil → the configuration's `requestTimeout`.
    public func request(_ command: SupplicantCommand, timeout: Int64? = nil, _ completion: @escaping (Reply) -> Void) {
        let token = nextToken
        nextToken += 1
        waiting.append(Waiting(token: token, completion: completion))
        perform(connection.enqueue(command, token: token, timeout: timeout, now: loop.now))
    }

    // MARK: - performing the machine's actions

    func perform(_ actions: [SupplicantConnection.Action]) {
        pending += actions
        // Actions caused by an action (a failed send) run after the rest of the batch that caused them.
        guard !performing else { return }
        performing = true
        while !pending.isEmpty {
            let action = pending.remove(at: 0)
            if let followUp = execute(action) { pending += followUp }
        }
        performing = false
    }

    /// Perform one action; what it reports back to the machine returns the machine's next actions.
    func execute(_ action: SupplicantConnection.Action) -> [SupplicantConnection.Action]? {
        switch action {
        case .openSockets:
            closeSockets()
            do throws(Errno) {
                eventSocket = try open(.events)
                requestSocket = try open(.requests)
            } catch {
                closeSockets()
                return connection.openFailed(reason: "cannot reach " + configuration.controlPath + ": " + error.description,
                                             now: loop.now)
            }
            return connection.socketsOpened(now: loop.now)
        case .reopenRequestSocket:
            close(&requestSocket)
            do throws(Errno) { requestSocket = try open(.requests) } catch {
                return connection.openFailed(reason: error.description, now: loop.now)
            }
            return connection.socketsOpened(now: loop.now)
        case .closeSockets:
            closeSockets()
            return nil
        case .send(let bytes, let role):
            guard let socket = role == .events ? eventSocket : requestSocket else {
                return connection.sendFailed(on: role, reason: "socket closed", now: loop.now)
            }
            do { try socket.socket.send(bytes) } catch {
                return connection.sendFailed(on: role, reason: error.description, now: loop.now)
            }
            return nil
        case .armTimer(let timer, let deadline):
            loop.cancel(timers[timer.rawValue])
            timers[timer.rawValue] = loop.schedule(after: deadline - loop.now) { [self] in
                timers[timer.rawValue] = 0
                perform(connection.timerFired(timer, now: loop.now))
            }
            return nil
        case .cancelTimer(let timer):
            loop.cancel(timers[timer.rawValue])
            timers[timer.rawValue] = 0
            return nil
        case .complete(let token, let result):
            // A loop, not `firstIndex(where:)`: no search specialised for this closure.
            var i = 0
            while i < waiting.count && waiting[i].token != token { i += 1 }
            if i == waiting.count { return nil }
            let completion = waiting.remove(at: i).completion
            loop.post { completion(result) }
            return nil
        case .event(let message):
            loop.post { [self] in onEvent(message) }
            return nil
        case .attached:
            loop.post { [self] in onAttached() }
            return nil
        case .detached(let reason):
            loop.post { [self] in onDetached(reason) }
            return nil
        }
    }

    /// A socket for `role` (`ev` or `rq` in its name), drained when poll says it is readable.
    func open(_ role: SupplicantConnection.Socket) throws(Errno) -> OpenSocket {
        socketGeneration += 1
        let generation = socketGeneration
        let path = configuration.clientDirectory + "/wpa_ctrl_" + String(getpid()) + "-" + configuration.socketTag
            + (role == .events ? "ev" : "rq") + String(generation)
        let socket = try UnixDatagramSocket.connect(localPath: path, peerPath: configuration.controlPath)
        let watch = loop.watch(socket.fd) { [self] _ in drain(role, generation) }
        return OpenSocket(socket: socket, watch: watch, generation: generation)
    }

    func close(_ open: inout OpenSocket?) {
        guard let s = open else { return }
        loop.unwatch(s.watch)
        s.socket.close()
        open = nil
    }

    func closeSockets() {
        close(&eventSocket)
        close(&requestSocket)
    }

    // MARK: - reading

    /// Hand every waiting datagram of a socket to the machine, until none is left or the socket was
    /// replaced or closed meanwhile (its datagrams are then nobody's).
    func drain(_ role: SupplicantConnection.Socket, _ generation: Int) {
        while true {
            guard let open = role == .events ? eventSocket : requestSocket, open.generation == generation else { return }
            let datagram: [UInt8]?
            do { datagram = try open.socket.receive(into: &buffer) } catch {
                perform(connection.receiveFailed(on: role, reason: error.description, now: loop.now))
                return
            }
            guard let datagram else { return }
            perform(connection.datagram(from: role, datagram, now: loop.now))
        }
    }
}
