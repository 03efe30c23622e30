import Testing
import HotspotCore
@testable import HotspotDaemon

/// `scan --now` (issue 39): when a fresh scan is refused, and why in words. A scan takes the radio off its
/// channel, so none during a join or a login, and at most one in 10 s; otherwise (no uplink, online, a login
/// waiting for the owner) it goes ahead.
struct ScanNowTests {
    typealias R = ControlReportTests

    @Test func goesAheadWithNoUplinkOnlineOrWhileTheOwnerIsAsked() {
        #expect(HotspotDaemon.scanNowRefusal(R.snapshot(.inactive), answeredAt: nil) == nil)
        #expect(HotspotDaemon.scanNowRefusal(R.snapshot(.authenticated, usable: true, link: R.link(R.hotel, .online)), answeredAt: nil) == nil)
        #expect(HotspotDaemon.scanNowRefusal(R.snapshot(.presentingUI, link: R.link(R.hotel, .online)), answeredAt: nil) == nil)
        // 10 s after the last one (the snapshot's clock is at 100 s).
        #expect(HotspotDaemon.scanNowRefusal(R.snapshot(.inactive), answeredAt: 90_000) == nil)
    }

    @Test func refusedDuringAJoinOrALoginAndWithin10Seconds() {
        for stage in [StatusSnapshot.LinkStage.joining, .associated] {
            let why = HotspotDaemon.scanNowRefusal(R.snapshot(.inactive, link: R.link(R.hotel, stage)), answeredAt: nil)
            #expect(why?.hasPrefix("a join is under way") == true, "\(stage)")
        }
        for state in [HotspotState.evaluating, .authenticating, .maintaining, .loggingOff] {
            let why = HotspotDaemon.scanNowRefusal(R.snapshot(state, link: R.link(R.hotel, .online)), answeredAt: nil)
            #expect(why == "a login is under way (" + state.rawValue + "): a scan now would take the radio off its channel; try again in a few seconds")
        }
        #expect(HotspotDaemon.scanNowRefusal(R.snapshot(.inactive), answeredAt: 93_000)
                == "a scan finished 7 s ago; at most one in 10 s: `hotspotd scan` shows it")
    }
}
