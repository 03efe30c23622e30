import HotspotCore
import HotspotProtocol

/// `hotspotd scan --now` (ubus `scan` with `now`): every radio scans, and the owner gets the table once the
/// link machine has all of it. A scan takes the radio off its channel for a second or two, so at most one
/// in 10 s, and none while a join or a login is under way (its packets would be dropped).
extension HotspotDaemon {
    /// The owners waiting for the scan under way, and when the last one was answered.
    struct ScanNow {
        var waiting: [(json: Bool, reply: (ControlReply) -> Void)] = []
        var answeredAt: Int64? = nil
        var timer = 0
        static let minimumGapMs: Int64 = 10_000
        /// The longest an owner waits: a full scan of two bands while associated takes a few seconds on a
        /// router (mac80211 returns to the uplink's channel between channels), 20-odd in the emulated VM.
        static let limitMs: Int64 = 40_000
    }

    func scanNow(json: Bool, _ reply: @escaping (ControlReply) -> Void) {
        if !scanNowState.waiting.isEmpty { return scanNowState.waiting.append((json, reply)) }
        let s = driver.snapshot()
        if let why = HotspotDaemon.scanNowRefusal(s, answeredAt: scanNowState.answeredAt) { return reply(.refused(why)) }
        scanNowState.waiting.append((json, reply))
        requestScan()
        scanNowState.timer = loop.schedule(after: ScanNow.limitMs) { [self] in answerScanNow(finished: false) }
    }

    /// Why a scan now would hurt, or nil.
    static func scanNowRefusal(_ s: StatusSnapshot, answeredAt: Int64?) -> String? {
        if let at = answeredAt, s.now - at < ScanNow.minimumGapMs {
            return "a scan finished " + ControlReport.seconds(s.now - at) + " ago; at most one in 10 s: `hotspotd scan` shows it"
        }
        if let l = s.link, l.stage != .online {
            return "a join is under way: a scan now would take the radio off its channel; try again in a few seconds"
        }
        switch s.state {
        case .evaluating, .authenticating, .maintaining, .loggingOff:
            return "a login is under way (" + s.state.rawValue + "): a scan now would take the radio off its channel; try again in a few seconds"
        case .inactive, .presentingUI, .authenticated, .failure:
            return nil
        }
    }

    /// The table to everyone waiting: after the link machine took the scan in, or at the time limit.
    func answerScanNow(finished: Bool) {
        guard !scanNowState.waiting.isEmpty else { return }
        loop.cancel(scanNowState.timer)
        let waiting = scanNowState.waiting
        scanNowState.waiting = []
        // The 10 s between two count from the answer: a slow scan does not make room for the next at once.
        scanNowState.answeredAt = loop.now
        if !finished { logger.log(.warning, "scan --now: no scan results in 40 s; answered with the last table") }
        for w in waiting { w.reply(controlReply(to: .scan(json: w.json))) }
    }
}
