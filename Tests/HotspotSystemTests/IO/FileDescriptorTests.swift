import Foundation
import Testing
@testable import HotspotSystem

/// The system call wrappers: EINTR is retried inside them, EAGAIN is a nil outcome, not an error.
/// Serialized: the interrupt tests install a SIGUSR1 handler for the whole process.
@Suite(.serialized) struct FileDescriptorTests {
    func pipe(nonBlocking: Bool = false) throws -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        let p = try FileDescriptor.pipe()
        if nonBlocking {
            try p.readEnd.setNonBlocking()
            try p.writeEnd.setNonBlocking()
        }
        return p
    }

    func read(_ fd: FileDescriptor, count: Int = 64) throws(Errno) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        guard let n = try buffer.withMutableBytes({ raw throws(Errno) in try fd.read(into: raw) }) else { return nil }
        return Array(buffer[0..<n])
    }

    @Test func readOnANonBlockingPipeIsNilUntilDataThenEmptyAtEnd() throws {
        let p = try pipe(nonBlocking: true)
        defer { p.readEnd.close() }
        #expect(try read(p.readEnd) == nil)
        try p.writeEnd.writeAll(Array("hi".utf8))
        #expect(try read(p.readEnd) == Array("hi".utf8))
        p.writeEnd.close()
        #expect(try read(p.readEnd) == [])
    }

    @Test func writeUntilBlockedStopsAtAFullPipeAndResumes() throws {
        let p = try pipe(nonBlocking: true)
        defer { p.readEnd.close(); p.writeEnd.close() }
        let bytes = [UInt8](repeating: 7, count: 1 << 20)
        let written = try bytes.withBytes { raw throws(Errno) in try p.writeEnd.writeUntilBlocked(raw) }
        #expect(written > 0 && written < bytes.count)
        #expect(throws: Errno.wouldBlock) { try p.writeEnd.writeAll([1]) }
        #expect(try read(p.readEnd, count: 4096)?.count == 4096)
        #expect(try [UInt8(1)].withBytes { raw throws(Errno) in try p.writeEnd.write(raw) } == 1)
    }

    @Test func readAllReadsToEndOfFileOrLimit() throws {
        let p = try pipe()
        let text = [UInt8](repeating: UInt8(ascii: "x"), count: 10_000)
        try p.writeEnd.writeAll(text)
        p.writeEnd.close()
        #expect(try p.readEnd.readAll(limit: 6_000) == Array(text[0..<6_000]))
        #expect(try p.readEnd.readAll(limit: 100_000) == Array(text[0..<4_000]))
        p.readEnd.close()
    }

    @Test func readAllOnAnEmptyNonBlockingPipeThrowsWouldBlock() throws {
        let p = try pipe(nonBlocking: true)
        defer { p.readEnd.close(); p.writeEnd.close() }
        #expect(throws: Errno.wouldBlock) { _ = try p.readEnd.readAll(limit: 10) }
    }

    @Test func openReportsTheErrno() {
        #expect(throws: Errno(ENOENT)) { _ = try FileDescriptor.open("/nonexistent/hotspotd", O_RDONLY) }
    }

    @Test func blockingReadIsNotEndedBySignals() throws {
        let p = try pipe()
        defer { p.readEnd.close(); p.writeEnd.close() }
        let data = try whileInterrupted(then: { _ = try? p.writeEnd.writeAll(Array("late".utf8)) }) {
            try read(p.readEnd)
        }
        #expect(data == Array("late".utf8))
    }

    @Test func writeAllGoesOnAfterASignalCutsAWriteShort() throws {
        let p = try pipe()
        defer { p.readEnd.close() }
        // A signal during a blocking write to a full pipe ends it short (or with EINTR if nothing
        // was written yet); the reader only starts once the signals stop.
        let bytes = [UInt8](repeating: 7, count: 1 << 20)
        let received = Received()
        try whileInterrupted(then: { received.bytes = (try? p.readEnd.readAll(limit: 1 << 20)) ?? [] }) {
            defer { p.writeEnd.close() }  // the reader's end of file, however far the write got
            try p.writeEnd.writeAll(bytes)
        }
        #expect(received.bytes == bytes)
    }

    final class Received: @unchecked Sendable { var bytes: [UInt8] = [] }

    @Test func blockingReceiveIsNotEndedBySignals() throws {
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0, &fds) == 0)
        let (a, b) = (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
        defer { a.close(); b.close() }
        let datagram = try whileInterrupted(then: {
            _ = try? Array("late".utf8).withBytes { raw throws(Errno) in try b.send(raw) }
        }) {
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = try buffer.withMutableBytes { raw throws(Errno) in try a.receive(into: raw) }
            return n.map { Array(buffer[0..<$0]) }
        }
        #expect(datagram == Array("late".utf8))
    }

    @Test func receiveOnAnEmptyNonBlockingSocketIsNil() throws {
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &fds) == 0)
        let (a, b) = (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
        defer { a.close(); b.close() }
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(try buffer.withMutableBytes { raw throws(Errno) in try a.receive(into: raw) } == nil)
    }

    /// Run the blocking `call` on this thread while another thread interrupts it with SIGUSR1 (a
    /// handler without SA_RESTART, so the kernel returns EINTR), then runs `then` to let it finish.
    func whileInterrupted<R>(then finish: @escaping @Sendable () -> Void, _ call: () throws -> R) throws -> R {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGUSR1, &action, &previous)
        // The test runner's threads block most signals: let SIGUSR1 through to this one.
        var usr1 = sigset_t(), previousMask = sigset_t()
        sigemptyset(&usr1)
        sigaddset(&usr1, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &usr1, &previousMask)
        let target = pthread_self()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<20 {
                usleep(10_000)
                pthread_kill(target, SIGUSR1)
            }
            finish()
            done.signal()
        }
        defer {
            // The signaller must be done before the old disposition (perhaps "terminate") is back.
            done.wait()
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            sigaction(SIGUSR1, &previous, nil)
        }
        return try call()
    }
}
