import Testing
import HotspotCore
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import SystemTestSupport
import DaemonTestSupport

/// Records what the driver asks of the world, in order; `onRunHelper` lets a test answer inside the batch.
final class RecordingEffects: HotspotEffects {
    var events: [String] = []
    var scans = 0
    var onRunHelper: (HelperRequest) -> Void = { _ in }
    var route = RouteFacts()

    func runHelper(_ request: HelperRequest) {
        events.append("run " + request.command.rawValue + " " + String(request.id))
        onRunHelper(request)
    }
    func abandonHelper(requestID: UInt64, helper: String) { events.append("abandon " + String(requestID)) }
    func requestScan() { scans += 1; events.append("scan") }
    func persist(_ state: PersistentState) { events.append("persist") }
    func log(_ level: LogLevel, _ message: String) { events.append("log " + message) }
    func notify() {}
    func scanTaken() { events.append("scanTaken") }
    func perform(_ action: LinkAction, radio: Int) {
        switch action {
        case .runJoinPlan(let target): events.append("join " + target.ssid.description)
        case .runForgetPlan(let ssid): events.append("removeNetworks " + ssid.description)
        case .sendDisconnect: events.append("disconnect")
        default: events.append("link \(action) radio \(radio)")
        }
    }
    func routeFacts() -> RouteFacts { route }
    func wallClock() -> Int64? { nil }
}

@Suite struct HotspotDriverTests {
    let loop = EventLoop()
    let hotel = SSID("Hotel")!
    let helper = HelperDescriptor(name: "alpha", kind: .external, program: "/nonexistent/alpha")

    func driver(_ effects: RecordingEffects, _ configure: (inout HotspotConfiguration) -> Void = { _ in }) -> HotspotDriver<RecordingEffects> {
        var c = HotspotConfiguration(helpers: [helper], knownNetworks: [KnownNetwork(ssid: hotel)])
        configure(&c)
        return HotspotDriver(machine: StationMachine(hotspot: HotspotMachine(configuration: c, now: loop.now)), loop: loop,
                             effects: effects)
    }

    func timerIDs(_ d: HotspotDriver<RecordingEffects>) -> [String] { d.armedTimers.map { $0.0.description }.sorted() }
    func coreTimerIDs(_ d: HotspotDriver<RecordingEffects>) -> [String] { d.machine.armedTimers.map { $0.description }.sorted() }

    var scan: [ScanEntry] {
        [ScanEntry(ssid: hotel, bssid: BSSID("02:00:00:00:01:00")!, rssi: -50, frequency: 2412, security: .open)]
    }

    /// A helper that fails to start inside `runHelper` answers at once; the answer must wait until the whole
    /// batch (run the helper, then arm its command timer) is performed, or the driver keeps a timer for a
    /// request the core has already settled.
    @Test func anAnswerInsideABatchWaitsForTheBatch() {
        let effects = RecordingEffects()
        let d = driver(effects)
        effects.onRunHelper = { r in d.submit(.helperFailed(requestID: r.id, .couldNotStart("no such file"))) }
        d.submit(.scanResults(scan))
        #expect(effects.events.contains("run filterScanList 1"))
        #expect(!timerIDs(d).contains("command-1"))
        #expect(timerIDs(d) == coreTimerIDs(d))
        // The failure was handled after the join that the same scan batch asked for.
        let join = effects.events.firstIndex(of: "join Hotel")
        let failed = effects.events.firstIndex { $0.hasPrefix("log filterScanList failed") }
        #expect(join != nil && failed != nil && join! < failed!)
    }

    /// The loop holds exactly the core's timers, by id, at the core's deadlines; a fired timer goes back in.
    @Test func timersFollowTheCoreByID() {
        let effects = RecordingEffects()
        let d = driver(effects) { $0.scanIntervalMs = 40 }
        d.submit(.supplicantReconnected)
        #expect(effects.scans == 1)
        #expect(timerIDs(d) == coreTimerIDs(d))
        let first = d.armedTimers.first { $0.0 == .scan }?.1
        #expect(first == d.machine.hotspot.deadline(of: .scan))
        #expect(spin(loop, timeout: 2_000) { effects.scans >= 3 })
        #expect(timerIDs(d) == coreTimerIDs(d))
        let later = d.armedTimers.first { $0.0 == .scan }?.1
        #expect(later == d.machine.hotspot.deadline(of: .scan))
        #expect(later! > first!)
    }

    /// Cancelled timers leave the loop: after the association completes, its timer is gone from both.
    @Test func cancelledTimersLeaveTheLoop() {
        let effects = RecordingEffects()
        let d = driver(effects) { $0.preferences.isEnabled = false }
        d.submit(.scanResults(scan))
        #expect(timerIDs(d).contains("association"))
        d.submit(.associated(ssid: hotel, bssid: scan[0].bssid, networkID: nil))
        d.submit(.ipv4Acquired)
        #expect(!timerIDs(d).contains("association"))
        #expect(timerIDs(d) == coreTimerIDs(d))
        #expect(d.machine.hotspot.state == .authenticated)
    }

    /// Each owner request gets its own answer, even when the second arrives during the first one's batch.
    @Test func repliesGoToTheRequestOfTheirInput() {
        let effects = RecordingEffects()
        let d = driver(effects)
        var first: [OwnerReply] = [], second: [OwnerReply] = []
        effects.onRunHelper = { _ in
            d.submit(.owner(.logoff)) { second.append($0) }
        }
        d.submit(.owner(.join(hotel, passphrase: nil, once: true))) { first.append($0) }
        d.submit(.scanResults(scan))
        #expect(first == [.accepted("joining")])
        #expect(second.count == 1)
        if case .refused = second.first {} else { Issue.record("logoff while joining must be refused") }
    }

    /// NEHotspotConfigurationManager answers alreadyAssociated when asked to join the network in use.
    @Test func joiningTheNetworkInUseAnswersAlreadyAssociated() {
        let effects = RecordingEffects()
        let d = driver(effects)
        d.submit(.scanResults(scan))
        d.submit(.associated(ssid: hotel, bssid: scan[0].bssid, networkID: nil))
        d.submit(.ipv4Acquired)
        effects.events = []
        var replies: [OwnerReply] = []
        d.submit(.owner(.join(hotel, passphrase: nil, once: false))) { replies.append($0) }
        #expect(replies == [.accepted("already associated")])
        #expect(!effects.events.contains("disconnect"))
    }
}
