import CLinux
import Foundation
import Testing
@testable import HotspotSystem

/// `Poll`, the portal helper's and the CLI's wait: in `FileDescriptorTests`' serialized suite, whose
/// `whileInterrupted` sends the signals.
extension FileDescriptorTests {
    @Test func pollWaitsForInputAndSkipsANegativeDescriptor() throws {
        let p = try pipe()
        defer { p.readEnd.close(); p.writeEnd.close() }
        var requests = [Poll.request(p.readEnd.rawValue), Poll.request(-1)]
        #expect(try Poll.wait(&requests, timeoutMs: 20) == 0)
        try p.writeEnd.writeAll(Array("x".utf8))
        #expect(try Poll.wait(&requests, timeoutMs: 5_000) == 1)
        #expect(requests[0].revents & Int16(POLLIN) != 0)
        #expect(requests[1].revents == 0)
        // Room to write on the write end at once.
        var output = Poll.request(p.writeEnd.rawValue, output: true)
        #expect(try Poll.wait(&output, timeoutMs: 5_000) == 1)
        #expect(output.revents & Int16(POLLOUT) != 0)
    }

    @Test func aSignalEndsThePollWithNothingReady() throws {
        let p = try pipe()
        defer { p.readEnd.close(); p.writeEnd.close() }
        var request = Poll.request(p.readEnd.rawValue)
        let start = SystemClock.monotonicMs
        let ready = try whileInterrupted(then: {}) { try Poll.wait(&request, timeoutMs: 30_000) }
        #expect(ready == 0)
        // Back on the signal, long before the time given.
        #expect(SystemClock.monotonicMs - start < 10_000)
    }

    @Test func pollOnAClosedDescriptorReportsIt() throws {
        let p = try pipe()
        p.readEnd.close()
        p.writeEnd.close()
        var request = Poll.request(p.readEnd.rawValue)
        // poll(2) marks a closed descriptor POLLNVAL rather than failing.
        #expect(try Poll.wait(&request, timeoutMs: 1_000) == 1)
        #expect(request.revents & Int16(POLLNVAL) != 0)
    }
}
