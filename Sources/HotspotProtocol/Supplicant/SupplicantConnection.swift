import HotspotCore

/// How one request on wpa_supplicant's control socket ended.
public indirect enum SupplicantRequestResult: Equatable, Sendable {
    /// The reply datagram as received (wpa_supplicant ends most with a newline).
    case reply([UInt8])
    case timedOut
    /// The connection is down or went down before the reply; why, for logs.
    case unreachable(String)
    /// The command could not be encoded safely; nothing was sent.
    case invalid(SupplicantCommandError)
}

/// The timers a `SupplicantConnection` asks for; at most one of each is armed at a time.
public enum ConnectionTimer: Int, Equatable, CaseIterable, Sendable {
    /// ATTACH sent on the event socket, OK not yet back.
    case attach
    /// When to send the next keepalive PING.
    case ping
    /// The request in flight times out.
    case request
    /// When to try connecting again after the connection went down.
    case reconnect
}

/// wpa_supplicant's control connection as wpa_cli keeps it, without any I/O: one ATTACHed socket for
/// events, one socket for requests and replies. The owner performs the returned actions (open and close
/// sockets, send datagrams, arm timers, deliver completions and events) and reports what happened
/// (sockets opened, datagrams received, timers fired). The clock is an input: every call takes `now`
/// (monotonic milliseconds) and timers are armed with absolute deadlines.
///
/// Requests go one at a time: replies carry no id, so order is the only match. A request that times out
/// gets a fresh request socket, so a late reply can never be taken for the next request's. PING keeps the
/// connection honest: an unanswered PING, a refused ATTACH, a failed send or receive, or CTRL-EVENT-TERMINATING
/// takes the connection down; it is rebuilt after a backoff (doubling from `reconnectMinimum` to
/// `reconnectMaximum`, reset once attached).
public struct SupplicantConnection {
    public struct Configuration: Equatable, Sendable {
        public var requestTimeout: Int64 = 10_000
        public var pingInterval: Int64 = 10_000
        public var reconnectMinimum: Int64 = 500
        public var reconnectMaximum: Int64 = 30_000

        public init() {}
    }

    public enum Socket: Equatable, Sendable {
        /// The ATTACHed socket: events only (after ATTACH's OK).
        case events
        /// Requests and their replies; wpa_supplicant may slip an event in before a reply.
        case requests
    }

    public indirect enum Attachment: Equatable, Sendable {
        case down
        case attaching
        case up
    }

    /// Boxed (indirect): a parsed event is large, and every copy of an action would switch over its payloads.
    public indirect enum Action: Equatable {
        /// Open both sockets, then report `socketsOpened` or `openFailed`.
        case openSockets
        /// Close the request socket and open a new one, then report `socketsOpened` or `openFailed`.
        case reopenRequestSocket
        /// Close whichever sockets are open.
        case closeSockets
        /// Send one datagram; report `sendFailed` if that fails.
        case send([UInt8], on: Socket)
        /// Arm `timer` for `deadline` (replacing it if armed); report `timerFired` then.
        case armTimer(ConnectionTimer, deadline: Int64)
        case cancelTimer(ConnectionTimer)
        /// The request with this token is done.
        case complete(token: UInt64, SupplicantRequestResult)
        case event(SupplicantEventMessage)
        /// Both sockets answer and the event socket is ATTACHed: wpa_supplicant's events reach us.
        case attached
        /// Only after `attached`: the connection that was attached is gone.
        case detached(reason: String)
    }

    struct Request {
        enum Origin: Equatable {
            case caller(UInt64)
            /// Our own PING.
            case keepalive
        }

        let origin: Origin
        let bytes: [UInt8]
        let timeout: Int64
    }

    /// The request socket's traffic while the connection is up.
    struct Requests {
        var queue: [Request] = []
        var inFlight: Request? = nil
        /// False while a timed-out request's socket is being replaced: nothing is sent until the new one is open.
        var socketReady = true

        var keepalivePending: Bool {
            if inFlight?.origin == .keepalive { return true }
            for r in queue where r.origin == .keepalive { return true }
            return false
        }
    }

    indirect enum State {
        /// Not started, or stopped.
        case idle
        /// `openSockets` asked for.
        case opening
        /// ATTACH sent, waiting for its OK.
        case attaching
        case up(Requests)
        /// The reconnect timer is armed.
        case waitingToReconnect
    }

    public let configuration: Configuration
    var state: State = .idle
    /// The delay before the next reconnect attempt.
    var backoff: Int64
    /// Reconnect attempts since `start()` (each time the reconnect timer fires).
    public private(set) var reconnects = 0
    /// Why the connection last went down (empty while up), for status output.
    public private(set) var lastError = "not started"

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        self.backoff = configuration.reconnectMinimum
    }

    public var attachment: Attachment {
        switch state {
        case .idle, .waitingToReconnect: return .down
        case .opening, .attaching: return .attaching
        case .up: return .up
        }
    }

    // MARK: - inputs

    public mutating func start(now: Int64) -> [Action] {
        switch state {
        case .idle:
            backoff = configuration.reconnectMinimum
            reconnects = 0
            state = .opening
            return [.openSockets]
        case .opening, .attaching, .up, .waitingToReconnect:
            return []
        }
    }

    /// Close everything and fail whatever waits; no reconnect until `start()`.
    public mutating func stop(now: Int64) -> [Action] {
        let reason = "stopped"
        let actions: [Action]
        switch state {
        case .idle:
            return []
        case .opening, .attaching, .up:
            actions = closing(reason)
        case .waitingToReconnect:
            actions = [.cancelTimer(.reconnect)]
        }
        state = .idle
        lastError = reason
        return actions
    }

    /// The sockets asked for by `openSockets` or `reopenRequestSocket` are open.
    public mutating func socketsOpened(now: Int64) -> [Action] {
        switch state {
        case .opening:
            state = .attaching
            return [.send(Self.attachBytes, on: .events),
                    .armTimer(.attach, deadline: now + configuration.requestTimeout)]
        case .up(var requests):
            guard !requests.socketReady else { return [] }
            requests.socketReady = true
            let actions = sendNext(&requests, now: now)
            state = .up(requests)
            return actions
        case .idle, .attaching, .waitingToReconnect:
            return []
        }
    }

    /// `openSockets` or `reopenRequestSocket` failed; `reason` says why (the errno's text).
    public mutating func openFailed(reason: String, now: Int64) -> [Action] {
        switch state {
        case .opening:
            return linkLost(reason, now: now)
        case .up(let requests):
            guard !requests.socketReady else { return [] }
            return linkLost("cannot reopen the request socket: " + reason, now: now)
        case .idle, .attaching, .waitingToReconnect:
            return []
        }
    }

    public mutating func sendFailed(on socket: Socket, reason: String, now: Int64) -> [Action] {
        socketFailed(reason, now: now)
    }

    public mutating func receiveFailed(on socket: Socket, reason: String, now: Int64) -> [Action] {
        socketFailed(reason, now: now)
    }

    /// One datagram read from `socket`.
    public mutating func datagram(from socket: Socket, _ bytes: [UInt8], now: Int64) -> [Action] {
        switch state {
        case .idle, .opening, .waitingToReconnect:
            return []
        case .attaching:
            switch SupplicantDatagram.classify(bytes) {
            case .event(let message):
                return received(message, now: now)
            case .reply(let reply):
                switch socket {
                case .requests:
                    return []  // nothing was asked there yet: stray
                case .events:
                    guard reply.isOK else {
                        return linkLost("ATTACH refused: " + PrintfEscaping.excerpt(bytes[...]), now: now)
                    }
                    state = .up(Requests())
                    lastError = ""
                    backoff = configuration.reconnectMinimum
                    return [.cancelTimer(.attach), .armTimer(.ping, deadline: now + configuration.pingInterval), .attached]
                }
            }
        case .up(var requests):
            switch SupplicantDatagram.classify(bytes) {
            case .event(let message):
                return received(message, now: now)
            case .reply(let reply):
                switch socket {
                case .events:
                    return []  // nothing is asked on the event socket after ATTACH: stray
                case .requests:
                    guard let request = requests.inFlight else { return [] }  // stray: nobody is waiting
                    requests.inFlight = nil
                    var actions: [Action] = [.cancelTimer(.request)]
                    switch request.origin {
                    case .caller(let token):
                        actions.append(.complete(token: token, .reply(bytes)))
                    case .keepalive:
                        guard reply.isPong else {
                            return linkLost("PING answered with " + PrintfEscaping.excerpt(bytes[...]), now: now)
                        }
                        actions.append(.armTimer(.ping, deadline: now + configuration.pingInterval))
                    }
                    actions += sendNext(&requests, now: now)
                    state = .up(requests)
                    return actions
                }
            }
        }
    }

    public mutating func timerFired(_ timer: ConnectionTimer, now: Int64) -> [Action] {
        switch timer {
        case .attach:
            guard case .attaching = state else { return [] }
            return linkLost("ATTACH not answered", now: now)
        case .ping:
            guard case .up(var requests) = state, !requests.keepalivePending else { return [] }
            requests.queue.append(Request(origin: .keepalive, bytes: Self.pingBytes, timeout: configuration.requestTimeout))
            let actions = sendNext(&requests, now: now)
            state = .up(requests)
            return actions
        case .request:
            guard case .up(var requests) = state, let request = requests.inFlight else { return [] }
            switch request.origin {
            case .keepalive:
                return linkLost("PING not answered", now: now)
            case .caller(let token):
                // A fresh socket: the late reply, if any, goes to a socket nobody reads.
                requests.inFlight = nil
                requests.socketReady = false
                state = .up(requests)
                return [.reopenRequestSocket, .complete(token: token, .timedOut)]
            }
        case .reconnect:
            guard case .waitingToReconnect = state else { return [] }
            reconnects += 1
            state = .opening
            return [.openSockets]
        }
    }

    /// Queue `command`; its `complete(token:)` comes exactly once. `timeout` nil → `requestTimeout`.
    public mutating func enqueue(_ command: SupplicantCommand, token: UInt64, timeout: Int64? = nil,
                                 now: Int64) -> [Action] {
        let bytes: [UInt8]
        do { bytes = try command.encoded() } catch {
            return [.complete(token: token, .invalid(error))]
        }
        switch state {
        case .up(var requests):
            requests.queue.append(Request(origin: .caller(token), bytes: bytes,
                                          timeout: max(0, timeout ?? configuration.requestTimeout)))
            let actions = sendNext(&requests, now: now)
            state = .up(requests)
            return actions
        case .idle, .opening, .attaching, .waitingToReconnect:
            return [.complete(token: token, .unreachable(lastError.isEmpty ? "not attached" : "not attached: " + lastError))]
        }
    }

    // MARK: - steps

    func sendNext(_ requests: inout Requests, now: Int64) -> [Action] {
        guard requests.inFlight == nil, requests.socketReady, !requests.queue.isEmpty else { return [] }
        let next = requests.queue.remove(at: 0)
        requests.inFlight = next
        return [.send(next.bytes, on: .requests), .armTimer(.request, deadline: now + next.timeout)]
    }

    /// Classified by the parsed event type only: an SSID that reads CTRL-EVENT-TERMINATING is just an SSID.
    mutating func received(_ message: SupplicantEventMessage, now: Int64) -> [Action] {
        guard case .terminating = message.event else { return [.event(message)] }
        return [.event(message)] + linkLost("wpa_supplicant is terminating", now: now)
    }

    mutating func socketFailed(_ reason: String, now: Int64) -> [Action] {
        switch state {
        case .attaching, .up:
            return linkLost("wpa_supplicant went away: " + reason, now: now)
        case .idle, .opening, .waitingToReconnect:
            return []
        }
    }

    /// Close everything, fail what was waiting, and try again after the backoff.
    mutating func linkLost(_ reason: String, now: Int64) -> [Action] {
        var actions: [Action]
        switch state {
        case .idle, .waitingToReconnect:
            return []
        case .opening, .attaching, .up:
            actions = closing(reason)
        }
        lastError = reason
        let delay = min(backoff, configuration.reconnectMaximum)
        backoff = backoff > configuration.reconnectMaximum / 2 ? configuration.reconnectMaximum : backoff * 2
        state = .waitingToReconnect
        actions.append(.armTimer(.reconnect, deadline: now + delay))
        return actions
    }

    /// What closing the open sockets of the current state takes: its timers, the sockets, and (when up)
    /// the waiting requests and the connection. Shared by `stop` and a lost connection.
    func closing(_ reason: String) -> [Action] {
        switch state {
        case .idle, .waitingToReconnect:
            return []
        case .opening:
            return [.closeSockets]
        case .attaching:
            return [.cancelTimer(.attach), .closeSockets]
        case .up(let requests):
            return [.cancelTimer(.ping), .cancelTimer(.request), .closeSockets] + Self.fail(requests, reason: reason)
                + [.detached(reason: reason)]
        }
    }

    static func fail(_ requests: Requests, reason: String) -> [Action] {
        var actions: [Action] = []
        // The one in flight first, then the queue: no array made to join them.
        var i = requests.inFlight == nil ? 0 : -1
        while i < requests.queue.count {
            let request = i < 0 ? requests.inFlight! : requests.queue[i]
            i += 1
            switch request.origin {
            case .caller(let token): actions.append(.complete(token: token, .unreachable(reason)))
            case .keepalive: break
            }
        }
        return actions
    }

    // SupplicantCommand.attach's and .ping's bytes, made where used: no lazily initialised globals.
    static var attachBytes: [UInt8] { Array("ATTACH".utf8) }
    static var pingBytes: [UInt8] { Array("PING".utf8) }
}
