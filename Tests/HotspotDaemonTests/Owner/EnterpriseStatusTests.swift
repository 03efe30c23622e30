import Testing
import HotspotCore
@testable import HotspotDaemon

/// `hotspotd status` says why a network waits: a refused EAP server certificate is the reason to see.
@Suite struct EnterpriseStatusTests {
    @Test func statusListsBackedOffNetworksWithTheReason() {
        let why = "server certificate refused: Domain suffix mismatch (1×)"
        var s = ControlReportTests.snapshot(.inactive)
        s.backedOff = [StatusSnapshot.Blocked(ssid: SSID("Campus")!, reason: why, until: 130_000)]
        let text = ControlReportTests.status(s, json: false)
        #expect(text.contains("backed off   Campus: " + why + "\n             30 s left; `hotspotd enable NAME` tries it now\n"), "\(text)")
    }
}
