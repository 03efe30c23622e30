import CLinux
import Foundation
import Testing
@testable import HotspotSystem

/// The portal helper's probes side by side: a forked child's answer comes back through its pipe, and
/// `stop` leaves no zombie, finished or not. The child only writes and exits: no allocation after the
/// fork, as the test process has other threads (one may hold malloc's lock).
@Suite struct ForkedChildTests {
    @Test func theChildsAnswerComesBackAndStopReapsIt() throws {
        let answer: [UInt8] = Array("p".utf8) + [0, 0xff] + Array("reason".utf8)
        switch ForkedChild.start() {
        case .child(let pipe)?:
            ForkedChild.finish(answer, to: pipe)
        case .parent(let pid, let output)?:
            defer { output.close() }
            #expect(try output.readAll(limit: 1_024) == answer)
            ForkedChild.stop(pid)
            var status: Int32 = 0
            #expect(waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD)
        case nil:
            Issue.record("fork failed: \(errno)")
        }
    }

    @Test func stopEndsAChildThatHasNotAnswered() throws {
        switch ForkedChild.start() {
        case .child:
            // Waits to be killed (pause(2) allocates nothing); `stop` must not wait for an answer.
            while true { pause() }
        case .parent(let pid, let output)?:
            defer { output.close() }
            ForkedChild.stop(pid)
            var status: Int32 = 0
            #expect(waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD)
            // Its end of the pipe went with it: end of file, nothing written.
            #expect(try output.readAll(limit: 16) == [])
        case nil:
            Issue.record("fork failed: \(errno)")
        }
    }
}
