import Testing
@testable import HotspotCore

/// An uplink in use that stopped answering, from the station's counters at each 10 s poll (issue 39).
struct TrafficStallTests {
    static let ap = BSSID("02:00:00:00:01:00")!
    static let other = BSSID("02:00:00:00:02:00")!

    /// Feeds (rx, tx) pairs; what each poll answered.
    func run(_ polls: [(UInt64, UInt64)], bssid: BSSID = ap, into s: inout TrafficStall) -> [Bool] {
        polls.map { s.sample(bssid: bssid, rx: $0.0, tx: $0.1) }
    }

    @Test func sentWithNothingBackTwoPollsInARowIsAStallOnce() {
        var s = TrafficStall()
        // Base, then 40 out / 2 back, twice: the second completes it; the count starts afresh after it.
        #expect(run([(100, 100), (102, 140), (104, 180), (105, 220)], into: &s) == [false, false, true, false])
    }

    @Test func answeredTrafficAQuietLanOrOneBadPollIsNoStall() {
        var s = TrafficStall()
        // Healthy: about as much back as out (acknowledgements, answers).
        #expect(!run([(0, 0), (30, 40), (60, 80), (90, 120)], into: &s).contains(true))
        // Quiet: 9 packets out in 10 s, none back, says nothing.
        s = TrafficStall()
        #expect(!run([(0, 0), (0, 9), (0, 18), (0, 27)], into: &s).contains(true))
        // One stalled poll between answered ones: no stall.
        s = TrafficStall()
        #expect(!run([(0, 0), (0, 50), (40, 90), (40, 140), (80, 180)], into: &s).contains(true))
        // One in eight back is still an answer; less is not.
        s = TrafficStall()
        #expect(run([(0, 0), (5, 40), (10, 80)], into: &s) == [false, false, false])
        #expect(run([(14, 120), (18, 160)], into: &s) == [false, true])
    }

    @Test func countersThatWrapAndAnotherAssociation() {
        var s = TrafficStall()
        // Counters across their wrap: 40 out, nothing back, twice.
        #expect(run([(7, UInt64.max - 10), (7, 29), (7, 69)], into: &s) == [false, false, true])
        // A new association's counters start over: its first poll is a base, not 4 billion packets.
        s = TrafficStall()
        #expect(run([(1000, 5000), (1000, 5040)], into: &s) == [false, false])
        #expect(s.sample(bssid: Self.other, rx: 0, tx: 3) == false)
        #expect(run([(0, 43), (0, 83)], bssid: Self.other, into: &s) == [false, true])
    }
}
