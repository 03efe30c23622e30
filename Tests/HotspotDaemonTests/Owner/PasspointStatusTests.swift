import Testing
import HotspotCore
@testable import HotspotDaemon

/// `hotspotd status` names the operator of a network joined by a Passpoint credential.
@Suite struct PasspointStatusTests {
    @Test func statusShowsThePasspointOperator() {
        let s = ControlReportTests.snapshot(.authenticated, usable: true,
                                            link: ControlReportTests.link(SSID("Airport")!, .online))
        var x = ControlReport.Extras()
        x.passpoint = "radio.test, home"
        #expect(ControlReportTests.status(s, x, json: false).contains("\npasspoint    radio.test, home\n"))
        #expect(ControlReportTests.status(s, x, json: true).contains("\"passpoint\":\"radio.test, home\""))
        #expect(!ControlReportTests.status(s, json: false).contains("passpoint"))
    }
}
