import Testing
import HotspotCore
@testable import HotspotDaemon

/// `status` shows the station's address and the MAC policy that set it (issue 22).
@Suite struct ControlReportMACTests {
    @Test func statusShowsTheAddressInUse() {
        let s = ControlReportTests.snapshot(.authenticated, usable: true,
                                            link: ControlReportTests.link(ControlReportTests.hotel, .online))
        var x = ControlReport.Extras()
        x.mac = "32:81:cc:df:58:22 (per-network)"
        #expect(ControlReportTests.status(s, x, json: false).contains("\nmac          32:81:cc:df:58:22 (per-network)\n"))
        #expect(ControlReportTests.status(s, x, json: true).contains(#","address":null,"mac":"32:81:cc:df:58:22 (per-network)","gateway":null,"#))
        // Not known (no interface): no line, and JSON without the key.
        #expect(!ControlReportTests.status(s, ControlReport.Extras(), json: false).contains("mac"))
        #expect(!ControlReportTests.status(s, ControlReport.Extras(), json: true).contains(#""mac""#))
    }
}
