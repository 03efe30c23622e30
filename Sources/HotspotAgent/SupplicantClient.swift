import CLinux
import HotspotCore
import HotspotProtocol

/// wpa_supplicant's control interface, as wpa_cli uses it: one socket for requests and replies, one
/// ATTACHed socket for events. Both live in the poll loop; nothing here ever blocks on wpa_supplicant.
///
/// Requests are queued and sent one at a time (replies carry no id, so order is the only match).
/// A request that times out gets a fresh request socket, so a late reply can never be taken for the
/// next request's. The link is watched with PING; when wpa_supplicant goes away (TERMINATING, a refused
/// or missing socket, an unanswered PING) the client reconnects with backoff, re-ATTACHes, and calls
/// `onLinkUp` again so its owner can re-apply its networks.
public final class SupplicantClient {
    public enum Reply: Equatable {
        /// The reply datagram as received (wpa_supplicant ends most with a newline).
        case bytes([UInt8])
        case timedOut
        case unreachable(Errno)
    }

    public enum Link: Equatable {
        case down
        case attaching
        case up
    }

    public struct Configuration {
        /// wpa_supplicant's socket for the interface, e.g. /run/wpa_supplicant/wlan0.
        public var controlPath: String
        /// Where our client sockets are bound (hotspotd's run directory).
        public var clientDirectory: String
        public var requestTimeout: Int64 = 10_000
        public var pingInterval: Int64 = 10_000
        public var reconnectMinimum: Int64 = 500
        public var reconnectMaximum: Int64 = 30_000

        public init(controlPath: String, clientDirectory: String) {
            self.controlPath = controlPath
            self.clientDirectory = clientDirectory
        }
    }

    struct Request {
        let command: [UInt8]
        let timeout: Int64
        let completion: (Reply) -> Void
    }

    public let configuration: Configuration
    let loop: EventLoop
    public private(set) var link: Link = .down
    /// Why the link last went down, for status output.
    public private(set) var lastError: String = "not started"
    public private(set) var reconnects = 0

    /// Every event datagram, from either socket, as received.
    public var onEvent: ([UInt8]) -> Void = { _ in }
    public var onLinkUp: () -> Void = {}
    public var onLinkDown: (String) -> Void = { _ in }

    var requestSocket: UnixDatagramSocket? = nil
    var eventSocket: UnixDatagramSocket? = nil
    var requestWatch = 0
    var eventWatch = 0
    var queue: [Request] = []
    var inFlight: Request? = nil
    var inFlightTimer = 0
    var attachTimer = 0
    var pingTimer = 0
    var retryTimer = 0
    var backoff: Int64
    var socketGeneration = 0
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var started = false

    public init(_ configuration: Configuration, loop: EventLoop) {
        self.configuration = configuration
        self.loop = loop
        self.backoff = configuration.reconnectMinimum
    }

    public func start() {
        started = true
        connect()
    }

    public func stop() {
        started = false
        tearDown(reason: "stopped", retry: false)
    }

    /// Queue `command`; `completion` runs exactly once, on the loop.
    public func request(_ command: [UInt8], timeout: Int64? = nil, _ completion: @escaping (Reply) -> Void) {
        guard link == .up else {
            completion(.unreachable(Errno(ENOTCONN)))
            return
        }
        queue.append(Request(command: command, timeout: timeout ?? configuration.requestTimeout, completion: completion))
        sendNext()
    }

    // MARK: - connecting

    func socketPath(_ role: String) -> String {
        socketGeneration += 1
        return configuration.clientDirectory + "/wpa_ctrl_\(getpid())-\(role)\(socketGeneration)"
    }

    func connect() {
        guard started, link == .down else { return }
        do {
            let events = try UnixDatagramSocket.connect(localPath: socketPath("ev"), peerPath: configuration.controlPath)
            eventSocket = events
            eventWatch = loop.watch(events.fd) { [self] _ in readEvents() }
            try openRequestSocket()
            try events.send(Array("ATTACH".utf8))
        } catch {
            tearDown(reason: "cannot reach \(configuration.controlPath): \(error.description)", retry: true)
            return
        }
        link = .attaching
        attachTimer = loop.schedule(after: configuration.requestTimeout) { [self] in
            tearDown(reason: "ATTACH not answered", retry: true)
        }
    }

    func openRequestSocket() throws(Errno) {
        if let old = requestSocket {
            loop.unwatch(requestWatch)
            old.close()
            requestSocket = nil
        }
        let s = try UnixDatagramSocket.connect(localPath: socketPath("rq"), peerPath: configuration.controlPath)
        requestSocket = s
        requestWatch = loop.watch(s.fd) { [self] _ in readReplies() }
    }

    func attached() {
        loop.cancel(attachTimer)
        link = .up
        backoff = configuration.reconnectMinimum
        lastError = ""
        schedulePing()
        onLinkUp()
    }

    /// Close everything, fail what was waiting, and (if asked) try again after the backoff.
    func tearDown(reason: String, retry: Bool) {
        let wasUp = link == .up
        link = .down
        lastError = reason
        loop.cancel(attachTimer)
        loop.cancel(pingTimer)
        loop.cancel(inFlightTimer)
        loop.cancel(retryTimer)
        if let s = requestSocket { loop.unwatch(requestWatch); s.close() }
        if let s = eventSocket { loop.unwatch(eventWatch); s.close() }
        requestSocket = nil
        eventSocket = nil
        let failed = (inFlight.map { [$0] } ?? []) + queue
        inFlight = nil
        queue = []
        for r in failed { r.completion(.unreachable(Errno(ENOTCONN))) }
        if wasUp { onLinkDown(reason) }
        guard retry && started else { return }
        let delay = backoff
        backoff = min(backoff * 2, configuration.reconnectMaximum)
        retryTimer = loop.schedule(after: delay) { [self] in
            reconnects += 1
            connect()
        }
    }

    // MARK: - requests

    func sendNext() {
        guard inFlight == nil, link == .up, !queue.isEmpty, let socket = requestSocket else { return }
        let r = queue.removeFirst()
        do {
            try socket.send(r.command)
        } catch {
            queue.insert(r, at: 0)
            tearDown(reason: "wpa_supplicant went away (\(error.description))", retry: true)
            return
        }
        inFlight = r
        inFlightTimer = loop.schedule(after: r.timeout) { [self] in requestTimedOut() }
    }

    func requestTimedOut() {
        guard let r = inFlight else { return }
        inFlight = nil
        // A fresh socket: the late reply, if any, goes to a socket nobody reads.
        do { try openRequestSocket() } catch {
            r.completion(.timedOut)
            tearDown(reason: "cannot reopen request socket: \(error.description)", retry: true)
            return
        }
        r.completion(.timedOut)
        if r.command == SupplicantClient.ping {
            tearDown(reason: "PING not answered", retry: true)
            return
        }
        sendNext()
    }

    func readReplies() {
        drain(requestSocket) { [self] datagram in
            // An unsolicited event on the request socket is an event, not this request's reply.
            if SupplicantDatagram.isEvent(datagram) {
                onEvent(datagram)
            } else if let r = inFlight {
                inFlight = nil
                loop.cancel(inFlightTimer)
                r.completion(.bytes(datagram))
                sendNext()
            }  // else: a stray reply, dropped
            return requestSocket != nil
        }
    }

    /// Hand every waiting datagram of `socket` to `handle` until it returns false (the socket was
    /// replaced or closed meanwhile). A read error means wpa_supplicant went away.
    func drain(_ socket: UnixDatagramSocket?, _ handle: ([UInt8]) -> Bool) {
        guard let socket else { return }
        while true {
            let datagram: [UInt8]?
            do { datagram = try socket.receive(into: &buffer) } catch {
                tearDown(reason: "wpa_supplicant went away (\(error.description))", retry: true)
                return
            }
            guard let datagram, handle(datagram) else { return }
        }
    }

    func schedulePing() {
        pingTimer = loop.schedule(after: configuration.pingInterval) { [self] in
            guard link == .up else { return }
            request(SupplicantClient.ping) { [self] reply in
                if case .bytes(let b) = reply, !b.starts(with: Array("PONG".utf8)), link == .up {
                    tearDown(reason: "unexpected PING reply", retry: true)
                }
                if link == .up { schedulePing() }
            }
        }
    }

    // MARK: - events

    func readEvents() {
        drain(eventSocket) { [self] datagram in
            if link == .attaching {
                if datagram.starts(with: Array("OK".utf8)) {
                    attached()
                    return eventSocket != nil
                }
                if !SupplicantDatagram.isEvent(datagram) {
                    tearDown(reason: "ATTACH refused: " + String(decoding: datagram.prefix(64), as: UTF8.self), retry: true)
                    return false
                }
            }
            onEvent(datagram)
            if datagram.containsSequence(Array("CTRL-EVENT-TERMINATING".utf8)) {
                tearDown(reason: "wpa_supplicant is terminating", retry: true)
                return false
            }
            return eventSocket != nil
        }
    }

    static let ping: [UInt8] = Array("PING".utf8)
}
