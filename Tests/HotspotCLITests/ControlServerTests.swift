import Foundation
import Glibc
import Testing
import HotspotCore
import HotspotProtocol
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import HotspotCLI
@testable import SystemTestSupport

/// A UNIX stream socket bound (`listen` false: nothing accepts) or connected to `path`; -1 on failure,
/// with connect's errno (EAGAIN: a non-blocking connect found the backlog full).
func unixStreamSocket(_ path: String, bindOnly: Bool = false, nonBlocking: Bool = false) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &addr.sun_path) { raw in
        for (i, b) in path.utf8.enumerated() { raw[i] = b }
    }
    let r = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bindOnly ? bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                     : connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    if r != 0 { let e = errno; close(fd); errno = e; return -1 }
    return fd
}

/// A test's end of a control connection: a plain socket, read without blocking while the loop turns.
final class RawControlClient {
    let fd: Int32
    var received: [UInt8] = []
    var closed = false

    init(_ path: String) {
        fd = unixStreamSocket(path)
        precondition(fd >= 0, "connect \(path): \(errno)")
    }

    func send(_ text: String) { send(Array(text.utf8)) }
    func send(_ bytes: [UInt8]) { _ = Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) }

    /// Reads what is there; true once the daemon has closed its end.
    @discardableResult
    func poll() -> Bool {
        var buf = [UInt8](repeating: 0, count: 4096)
        while !closed {
            let n = recv(fd, &buf, buf.count, Int32(MSG_DONTWAIT))
            if n > 0 { received += buf[0..<n] } else if n == 0 || errno != EAGAIN { closed = true } else { break }
        }
        return closed
    }

    var reply: ControlReply? {
        var d = ControlReplyDecoder()
        if case .reply(let r) = d.feed(received[...]) { return r }
        return nil
    }

    deinit { close(fd) }
}

/// A value shared between a test's thread and the loop's.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ new: Value) { lock.lock(); value = new; lock.unlock() }
}

@Suite struct ControlServerTests {
    let loop = EventLoop()
    let dir = temporaryDirectory()
    var path: String { dir + "/control" }

    func server() throws -> ControlServer {
        let s = try ControlServer(path: path, loop: loop, access: ControlServer.Access(ownUID: geteuid(), group: nil))
        s.onRequest = { request, reply in
            switch request {
            case .version: reply(ControlReply(exitStatus: 0, body: Array("v\n".utf8)))
            default: reply(.refused("no"))
            }
        }
        return s
    }

    func served(_ c: RawControlClient) -> ControlReply? {
        spin(loop) { c.poll() }
        return c.reply
    }

    @Test func answersAndClosesWithMode0600() throws {
        let s = try server()
        defer { s.close() }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let c = RawControlClient(path)
        c.send(ControlRequest.version.encoded)
        #expect(served(c) == ControlReply(exitStatus: 0, body: Array("v\n".utf8)))
        #expect(s.clientCount == 0)
    }

    @Test func oversizedMalformedAndSilentClientsAreRefusedWhileOthersAreServed() throws {
        let s = try server()
        s.clientTimeoutMs = 300
        defer { s.close() }
        let silent = RawControlClient(path)
        silent.send("vers")                               // never finished
        let huge = RawControlClient(path)
        huge.send([UInt8](repeating: UInt8(ascii: "a"), count: 5000))
        let bad = RawControlClient(path)
        bad.send("version json\n")
        let good = RawControlClient(path)
        good.send("version\n")
        #expect(served(good)?.body == Array("v\n".utf8))
        #expect(served(huge)?.body == Array("refused: message longer than 4096 bytes\n".utf8))
        #expect(served(bad)?.body == Array("refused: malformed message: this request takes no json flag\n".utf8))
        #expect(!silent.poll())
        #expect(s.clientCount == 1)
        // The silent one is dropped at its deadline, without an answer.
        #expect(spin(loop, timeout: 2_000) { silent.poll() })
        #expect(silent.received.isEmpty)
        #expect(s.clientCount == 0)
    }

    @Test func aClientThatNeverReadsCannotHoldTheDaemon() throws {
        let s = try server()
        s.clientTimeoutMs = 300
        s.onRequest = { _, reply in reply(ControlReply(exitStatus: 0, body: [UInt8](repeating: 0x41, count: 900_000))) }
        defer { s.close() }
        let sleeper = RawControlClient(path)
        sleeper.send("status\n")
        spin(loop, timeout: 100) { false }
        #expect(s.clientCount == 1)
        #expect(spin(loop, timeout: 2_000) { s.clientCount == 0 })
    }

    /// A handler may answer later (`scan --now`, once the scan is in): the request's arrival gives it
    /// handlerTimeoutMs, and the client timeout counts again only for taking the reply.
    @Test func aLaterAnswerOutlivesTheClientTimeout() throws {
        let s = try server()
        s.clientTimeoutMs = 300
        var later: ((ControlReply) -> Void)? = nil
        s.onRequest = { _, reply in later = reply }
        defer { s.close() }
        let c = RawControlClient(path)
        c.send("scan now\n")
        spin(loop, timeout: 700) { false }
        #expect(s.clientCount == 1 && later != nil)
        later?(ControlReply(exitStatus: 0, body: Array("fresh\n".utf8)))
        #expect(spin(loop, timeout: 1_000) { c.poll(); return c.closed })
        #expect(String(decoding: c.received, as: UTF8.self).contains("fresh"))
    }

    @Test func clientsBeyondTheLimitWaitAndAreServedInTurn() throws {
        let s = try server()
        s.maxClients = 2
        s.onRequest = { _, reply in reply(ControlReply(exitStatus: 0, body: Array("v\n".utf8))) }
        defer { s.close() }
        let a = RawControlClient(path), b = RawControlClient(path)
        spin(loop, timeout: 100) { s.clientCount == 2 }
        let c = RawControlClient(path)
        c.send("version\n")
        spin(loop, timeout: 100) { false }
        // Not accepted while two are in: no answer, no refusal.
        #expect(s.clientCount == 2)
        #expect(!c.poll() && c.received.isEmpty)
        a.send("version\n")
        #expect(served(a)?.exitStatus == 0)
        // a's place goes to c, which is answered like anyone else.
        #expect(served(c)?.body == Array("v\n".utf8))
        _ = b
    }

    /// A burst is served a few requests per turn of the loop, so nothing else waits behind all of them.
    @Test func aBurstIsServedAFewRequestsPerTurn() throws {
        let s = try server()
        s.requestsPerTurn = 2
        var answeredInTurn: [UInt64] = []
        s.onRequest = { [loop] _, reply in
            answeredInTurn.append(loop.turn)
            reply(ControlReply(exitStatus: 0, body: Array("v\n".utf8)))
        }
        defer { s.close() }
        let clients = (0..<5).map { _ in RawControlClient(path) }
        spin(loop, timeout: 200) { s.clientCount == 5 }
        for c in clients { c.send("version\n") }
        #expect(spin(loop, timeout: 2_000) { answeredInTurn.count == 5 })
        for turn in Set(answeredInTurn) {
            #expect(answeredInTurn.filter { $0 == turn }.count <= 2, "turn \(turn)")
        }
        for c in clients { #expect(served(c)?.body == Array("v\n".utf8)) }
    }

    /// A full backlog makes connect(2) fail with EAGAIN; ControlClient.send retries until the daemon
    /// takes it, within its own deadline.
    @Test func theClientRetriesAFullBacklog() throws {
        let s = try server()
        s.maxClients = 1
        s.clientTimeoutMs = 50
        defer { s.close() }
        // Silent connections: one accepted, the rest filling the backlog until connect says EAGAIN.
        var silent: [Int32] = []
        defer { silent.forEach { close($0) } }
        var full = false
        while !full && silent.count < 4096 {
            let fd = unixStreamSocket(path, nonBlocking: true)
            if fd < 0 { full = errno == EAGAIN } else { silent.append(fd) }
            if silent.count == 1 { spin(loop, timeout: 50) { s.clientCount == 1 } }
        }
        #expect(full)
        // The client runs in its own thread (it blocks); the loop turns here and drains the backlog as the
        // silent ones time out, one place at a time.
        let socketPath = self.path
        let result = Locked<Result<ControlReply, ControlClientError>?>(nil)
        let thread = Thread { result.set(ControlClient.send(.version, to: socketPath, timeoutMs: 60_000)) }
        thread.start()
        #expect(spin(loop, timeout: 60_000) { result.get() != nil })
        guard case .success(let reply)? = result.get() else {
            Issue.record("no reply: \(String(describing: result.get()))")
            return
        }
        #expect(reply.body == Array("v\n".utf8))
    }

    @Test func aStaleSocketIsReplacedButALiveOneIsNot() throws {
        // A socket file nobody listens on, as a killed daemon leaves.
        let stale = unixStreamSocket(path, bindOnly: true)
        #expect(stale >= 0)
        close(stale)
        let s = try server()
        #expect(throws: ControlServerError.self) { _ = try server() }
        s.close()
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// Root and the daemon's own user always; others only through the control group.
    @Test func accessIsRootTheOwnUserOrTheGroup() {
        let alone = ControlServer.Access(ownUID: 0, group: nil)
        #expect(alone.permits(uid: 0) { _ in false })
        #expect(!alone.permits(uid: 1000) { _ in true })
        let grouped = ControlServer.Access(ownUID: 0, group: 42)
        #expect(grouped.permits(uid: 1000) { $0 == 42 })
        #expect(!grouped.permits(uid: 1000) { $0 == 43 })
        #expect(ControlServer.Access(ownUID: 500, group: nil).permits(uid: 500) { _ in false })
    }
}
