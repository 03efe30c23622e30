import Testing
@testable import HotspotCore

/// Background scans stall a working uplink's traffic: a good uplink is scanned only every
/// connectedScanInterval, a weak one at every check, and a router without an uplink backs its scans off.
@Suite struct ScanPolicyTests {
    /// Scans requested while the scan timer fires `times` times in a row.
    func scans(_ h: inout Harness, firing times: Int) -> Int {
        var n = 0
        for _ in 0..<times { n += h.fire(.scan).filter { $0 == .requestScan }.count }
        return n
    }

    @Test func aGoodUplinkIsScannedOnlyEveryConnectedInterval() {
        var h = Harness.authenticated()
        #expect(h.m.state == .authenticated)
        h.on(.linkSignal(rssi: -45))
        // scanInterval 30 s, connectedScanInterval 120 s: 12 checks over 6 minutes give 3 scans.
        #expect(scans(&h, firing: 12) == 3)
        #expect(h.m.deadline(of: .scan)! - h.now == h.m.configuration.scanIntervalMs)
    }

    @Test func aWeakUplinkIsScannedAtEveryCheck() {
        var h = Harness.authenticated()
        h.on(.linkSignal(rssi: -85))  // 0.25, below minSignal 0.35
        #expect(scans(&h, firing: 4) == 4)
    }

    @Test func connectedScansCanBeTurnedOff() {
        var c = Fixture.config()
        c.connectedScanIntervalMs = 0
        var h = Harness.authenticated()
        h.on(.configurationReloaded(c))
        h.on(.linkSignal(rssi: -45))
        #expect(scans(&h, firing: 20) == 0)
        h.on(.linkSignal(rssi: -90))
        #expect(scans(&h, firing: 2) == 2)
    }

    @Test func withoutAnUplinkScansBackOffToEightTimes() {
        var h = Harness()
        h.on(.supplicantReconnected)
        var gaps: [Int64] = []
        for _ in 0..<6 {
            let before = h.now
            let actions = h.fire(.scan)
            #expect(actions.contains(.requestScan))
            gaps.append(h.m.deadline(of: .scan)! - before)
        }
        let base = h.m.configuration.scanIntervalMs
        #expect(gaps.first! >= base)
        #expect(h.m.deadline(of: .scan)! - h.now == base * 8)
        // The owner's wpa_supplicant coming back resets it.
        h.on(.supplicantReconnected)
        h.fire(.scan)
        #expect(h.m.deadline(of: .scan)! - h.now == base)
    }
}
