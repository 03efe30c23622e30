import Foundation
import Glibc
@testable import HotspotSystem

/// A scripted stand-in for wpa_supplicant's control socket: a bound UNIX datagram socket that answers
/// commands from a script and can push events to ATTACHed clients. Runs on the test's EventLoop.
public final class FakeSupplicant {
    public let path: String
    public var fd: Int32 = -1
    public var watch = 0
    public let loop: EventLoop
    /// command → reply; nil reply = stay silent (to provoke timeouts).
    public var script: [String: String?] = ["PING": "PONG\n", "ATTACH": "OK\n", "DETACH": "OK\n"]
    public var received: [String] = []
    public var monitors: [sockaddr_un] = []
    /// command → (reply, delay in ms): answered late, as a busy wpa_supplicant does, to the socket that asked.
    public var delayedReplies: [String: (reply: String, after: Int64)] = [:]
    /// Reply to the next command only after sending this event on the same socket.
    public var eventBeforeNextReply: String? = nil

    public init(path: String, loop: EventLoop) {
        self.path = path
        self.loop = loop
    }

    public func start() {
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        precondition(fd >= 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        precondition(r == 0, "bind \(path): \(errno)")
        watch = loop.watch(FileDescriptor(rawValue: fd)) { [self] _ in serve() }
    }

    /// Vanish as a killed wpa_supplicant does: close the socket (the file stays behind, stale).
    public func kill(removeFile: Bool = false) {
        loop.unwatch(watch)
        close(fd)
        fd = -1
        monitors = []
        if removeFile { unlink(path) }
    }

    public func sendEvent(_ text: String) {
        for var m in monitors { send(text, to: &m) }
    }

    public func send(_ text: String, to addr: inout sockaddr_un) {
        let bytes = Array(text.utf8)
        _ = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    public func serve() {
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            var from = sockaddr_un()
            var len = socklen_t(MemoryLayout<sockaddr_un>.size)
            let n = withUnsafeMutablePointer(to: &from) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(fd, &buf, buf.count, 0, $0, &len) }
            }
            if n <= 0 { return }
            let command = String(decoding: buf[0..<n], as: UTF8.self)
            received.append(command)
            if command == "ATTACH" { monitors.append(from) }
            if let event = eventBeforeNextReply {
                eventBeforeNextReply = nil
                send(event, to: &from)
            }
            if let (reply, delay) = delayedReplies[command] {
                let to = from
                loop.schedule(after: delay) { [self] in
                    var address = to
                    if fd >= 0 { send(reply, to: &address) }
                }
                continue
            }
            let scripted: String?? = script[command]
            switch scripted {
            case .none: send("UNKNOWN COMMAND\n", to: &from)
            case .some(.none): break  // scripted silence
            case .some(.some(let reply)): send(reply, to: &from)
            }
        }
    }
}

/// Turn the loop until `condition` holds or `timeout` ms pass; returns whether it held.
@discardableResult
public func spin(_ loop: EventLoop, timeout: Int64 = 3_000, until condition: () -> Bool) -> Bool {
    let end = loop.now + timeout
    while !condition() {
        if loop.now >= end { return false }
        loop.runOnce(maxWait: 20)
    }
    return true
}
