import Testing
@testable import HotspotCore

@Suite struct SnapshotTests {
    @Test func statusShowsWhatTheCLINeeds() {
        var h = Harness.authenticated()
        let s = h.m.snapshot()
        #expect(s.state == .authenticated && s.isUsable)
        #expect(s.link?.ssid == Fixture.hotel && s.link?.stage == .online && s.link?.bssid == bssid(1))
        #expect(s.link?.didAutoJoin == true && s.link?.isOwnerChoice == false)
        #expect(s.chosenHelper == "alpha")
        #expect(s.nextMaintainAt == h.now + 300_000)
        #expect(s.helpers.map { $0.name } == ["alpha", "beta"])
        #expect(s.helpers[0].cachedFor == [Fixture.hotel])
        #expect(s.helpers[0].lastCommand == .authenticate && s.helpers[0].lastOutcome == "success")
        #expect(s.helpers[1].lastCommand == .filterScanList, "beta's evaluate was abandoned, not answered")
        #expect(s.visibleNetworks == 2 && s.lastScanAt != nil)
        #expect(s.preferences == ManagerPreferences())
        // A helper at work shows its request.
        h.fire(.maintain)
        let busy = h.m.snapshot().helpers[0]
        #expect(busy.command == .maintain && busy.requestID != nil && busy.runningSince == h.now)
        #expect(h.m.snapshot().state == .maintaining && h.m.snapshot().isUsable)
    }

    @Test func statusAfterAFailure() {
        let h = Harness.failure()
        let s = h.m.snapshot()
        #expect(!s.isUsable && s.link == nil)
        #expect(s.lastFailure?.ssid == Fixture.hotel && s.lastFailure?.helper == "alpha")
        #expect(s.disabled.map { $0.ssid } == [Fixture.hotel] && s.disabled[0].until == nil)
    }

    @Test func scanRows() {
        var h = Harness.inactive()
        h.on(.scanResults(Fixture.scan + [Fixture.entry(Fixture.office, 4, security: .enterprise)]))
        let rows = h.m.scanRows()
        #expect(rows.map { $0.entry.ssid } == [Fixture.hotel, Fixture.airport, Fixture.office])
        #expect(rows[0].isKnown && rows[0].isCurrent && rows[0].confidence == .high && rows[0].claimedBy == nil)
        #expect(!rows[1].isKnown && rows[1].confidence == nil)
    }

    @Test func notifyWhenTheStatusChanges() {
        var h = Harness.evaluating()
        #expect(h.last.contains(.notify))
        #expect(!h.on(.linkSignal(rssi: -50)).contains(.notify))
    }

    @Test func theClockNeverGoesBack() {
        var h = Harness.authenticated()
        let due = h.m.deadline(of: .maintain)!
        _ = h.m.handle(.linkSignal(rssi: -50), now: 0)
        #expect(h.m.clock == h.now)
        #expect(h.m.deadline(of: .maintain) == due)
    }
}
