import Glibc
import Testing
@testable import HotspotSystem

@Suite struct EventLoopTests {
    /// The loop remembers its longest busy turn: a timer handler that keeps it 20 ms shows as ≥ 20,000 µs,
    /// and a quick turn afterwards does not lower the figure.
    @Test func longestBusyTurnIsKept() {
        let loop = EventLoop()
        #expect(loop.longestBusyMicroseconds == 0)
        var fired = 0
        _ = loop.schedule(after: 0) {
            fired += 1
            usleep(20_000)
        }
        loop.runOnce(maxWait: 100)
        #expect(fired == 1)
        let busy = loop.longestBusyMicroseconds
        #expect(busy >= 20_000)
        _ = loop.schedule(after: 0) { fired += 1 }
        loop.runOnce(maxWait: 100)
        #expect(fired == 2)
        #expect(loop.longestBusyMicroseconds == busy)
    }
}
