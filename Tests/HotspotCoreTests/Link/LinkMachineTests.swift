import Testing
import TestSupport
@testable import HotspotCore

/// The link machine, input by input: what the daemon asks wpa_supplicant, nl80211 and the loop for, and
/// what the core hears. Every (state, input) pair, invariants after every input, seeded random sequences.
struct LinkHarness {
    var m = LinkMachine()
    /// The interface's addressing, as the daemon reads it at each input.
    var route = RouteFacts()
    /// The monotonic clock at each input: timers are deadlines from it.
    static let start: Int64 = 1_000_000
    var now = start
    /// What a driver knows from the actions alone.
    var armed: Set<LinkTimer> = []
    var workAnswersOwed = 0
    var pagingAnswersOwed = 0
    var notFoundSubmitsSinceJoin = 0

    static let noAddress = RouteFacts()
    static let addressOnly = RouteFacts(hasAddress: true)
    static let online = RouteFacts(hasAddress: true, hasGateway: true)

    mutating func on(_ input: LinkInput, _ context: @autoclosure () -> String = "", from radio: Int = 0) -> [LinkAction] {
        switch input {
        case .timerFired(let t): armed.remove(t)
        case .workFinished: if workAnswersOwed > 0 { workAnswersOwed -= 1 }
        case .scanRead(.supplicant, _): if pagingAnswersOwed > 0 { pagingAnswersOwed -= 1 }
        case .request(.join): notFoundSubmitsSinceJoin = 0
        default: break
        }
        let actions = m.handle(input, route: route, now: now, from: radio)
        if case .request = input {
            // StationMachine relies on it: the hotspot machine asked for this in the middle of its own batch.
            #expect(!actions.contains { if case .submit = $0 { return true } else { return false } },
                    "\(context()): a network change answered the core at once")
        }
        for (i, a) in actions.enumerated() {
            switch a {
            case .armTimer(let t, _): armed.insert(t)
            case .cancelTimer(let t): armed.remove(t)
            case .runJoinPlan, .runForgetPlan, .sendDisconnect: workAnswersOwed += 1
            case .readScan(.supplicant): pagingAnswersOwed += 1
            case .submit(.supplicant(.networkNotFound)): notFoundSubmitsSinceJoin += 1
            case .submit(.associated):
                // Every association starts the station poll, after what the address means for it.
                #expect(actions[(i + 1)...].contains(.pollStation), "\(context()): association without a poll")
            default: break
            }
        }
        LinkInvariants.check(self, context())
        return actions
    }

    /// The machine in one of the table's states, reached the way the daemon gets there.
    static func at(_ state: LinkTableTests.State) -> LinkHarness {
        var h = LinkHarness()
        _ = h.on(.supplicantUp)
        switch state {
        case .attached: break
        case .joining:
            _ = h.on(.request(.join(hotel)))
        case .selected:
            _ = h.on(.request(.join(hotel)))
            _ = h.on(.workFinished(.joined(NetworkID(0)!, reused: false)))
            _ = h.on(.networkNotFound)
        case .queued:
            _ = h.on(.request(.join(hotel)))
            _ = h.on(.request(.forget(cafe.ssid)))
            _ = h.on(.request(.disconnect))
        case .disconnecting:
            _ = h.on(.request(.disconnect))
        case .paging:
            _ = h.on(.scanResultsReady)
            _ = h.on(.scanRead(.kernel, nil))
        case .pagingAgain:
            _ = h.on(.scanResultsReady)
            _ = h.on(.scanRead(.kernel, nil))
            _ = h.on(.scanResultsReady)
            _ = h.on(.scanRead(.kernel, nil))
        case .awaitingGateway:
            _ = h.on(.request(.join(hotel)))
            _ = h.on(.workFinished(.joined(NetworkID(0)!, reused: false)))
            _ = h.on(.connected(bssid: nil, networkID: NetworkID(0)!))
            h.route = addressOnly
            _ = h.on(.addressingChanged)
        case .online:
            _ = h.on(.request(.join(hotel)))
            _ = h.on(.workFinished(.joined(NetworkID(0)!, reused: false)))
            _ = h.on(.connected(bssid: nil, networkID: NetworkID(0)!))
            _ = h.on(.stationPolled(rssi: -50))
            h.route = online
            _ = h.on(.addressingChanged)
        case .stale:
            // Online, then the AP went: the DHCP client has not dropped the address yet.
            h = at(.online)
            _ = h.on(.disconnected)
            _ = h.on(.request(.join(cafe)))
            _ = h.on(.workFinished(.joined(NetworkID(1)!, reused: false)))
        case .awaitingFreshAddress:
            h = at(.stale)
            _ = h.on(.connected(bssid: nil, networkID: NetworkID(1)!))
        }
        return h
    }

    static let hotel = JoinTarget(ssid: SSID("Hotel")!, security: .open)
    static let cafe = JoinTarget(ssid: SSID("Cafe")!, security: .personal, passphrase: try! Passphrase("cafe-secret"))
}

/// What must hold after every input.
enum LinkInvariants {
    static func check(_ h: LinkHarness, _ context: @autoclosure () -> String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
            if !ok { Issue.record("\(context()): \(what())", sourceLocation: sourceLocation) }
        }
        let m = h.m
        // One network change on wpa_supplicant at a time; nothing waits while none runs.
        expect(h.workAnswersOwed == (m.work == nil ? 0 : 1), "\(h.workAnswersOwed) network changes under way")
        expect(m.work != nil || m.queue.isEmpty, "work queued while none runs")
        // One read of wpa_supplicant's BSS table at a time.
        expect(h.pagingAnswersOwed == (m.isPagingScan ? 1 : 0), "\(h.pagingAnswersOwed) BSS table reads")
        // The loop holds exactly the timers the machine waits for.
        var want: Set<LinkTimer> = []
        if m.awaitingGateway || m.awaitingFreshAddress { want.insert(.address) }
        // One wait for the address at a time; a fresh one is awaited only instead of a stale one.
        expect(!(m.awaitingGateway && m.awaitingFreshAddress), "waits for a gateway and a fresh address")
        expect(!m.awaitingFreshAddress || m.staleAddress, "waits for a fresh address without a stale one")
        if m.stationTimerArmed { want.insert(.station) }
        expect(h.armed == want, "timers armed \(h.armed), machine waits for \(want)")
        // The core hears of a missing network once per selection, and only once selected.
        expect(h.notFoundSubmitsSinceJoin <= 1, "NETWORK-NOT-FOUND submitted \(h.notFoundSubmitsSinceJoin) times")
    }
}

@Suite struct LinkTableTests {
    enum State: String, CaseIterable {
        case attached, joining, selected, queued, disconnecting, paging, pagingAgain, awaitingGateway, online
        case stale, awaitingFreshAddress
    }

    enum Kind: String, CaseIterable {
        case routeOpened, supplicantUp, scanResultsReady, kernelScan, kernelScanFailed, pagedScan, pagingFailed
        case connectedOurs, connectedOther, statusAttached, statusAttachedIdle, statusConnected, statusConnectedNoSSID
        case disconnected, tempDisabledByID, tempDisabledUnknownID, networkNotFound
        case addressAppeared, gatewayAppeared, addressGone
        case addressTimer, stationTimer, stationPolled, stationReadFailed
        case requestJoin, requestForget, requestDisconnect
        case workJoined, workRemoved, workDone, workFailed
    }

    /// "what the machine waits for: actions" after each input (see `describe` and `summary`). The fixtures:
    /// Hotel is joined as block 0 (selected after one NETWORK-NOT-FOUND), Cafe is the next join, Lobby is
    /// what wpa_supplicant's STATUS names, block 7 is none of ours.
    static let table: [State: [Kind: String]] = [
        .attached: [
            .routeOpened: "idle",
            .supplicantUp: "idle: log notice, core reconnected, status",
            .scanResultsReady: "idle: read kernel",
            .kernelScan: "idle: core scan(1)",
            .kernelScanFailed: "paging: read supplicant",
            .pagedScan: "idle: core scan(1)",
            .pagingFailed: "idle",
            .connectedOurs: "idle: status for connected",
            .connectedOther: "idle: status for connected",
            .statusAttached: "associated: core associated Lobby #4 personal 5180, poll",
            .statusAttachedIdle: "idle",
            .statusConnected: "associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "idle: log warning",
            .disconnected: "idle: core disconnected",
            .tempDisabledByID: "idle",
            .tempDisabledUnknownID: "idle",
            .networkNotFound: "idle",
            .addressAppeared: "address gateway?: log address, arm address 2000",
            .gatewayAppeared: "address: log address, core ipv4",
            .addressGone: "idle",
            .addressTimer: "idle",
            .stationTimer: "idle",
            .stationPolled: "idle: core signal -61",
            .stationReadFailed: "idle",
            .requestJoin: "work join Cafe: join Cafe",
            .requestForget: "work forget Hotel: forget Hotel",
            .requestDisconnect: "work disconnect: disconnect",
            .workJoined: "idle",
            .workRemoved: "idle",
            .workDone: "idle",
            .workFailed: "idle",
        ],
        .joining: [
            .routeOpened: "work join Hotel",
            .supplicantUp: "work join Hotel: log notice, core reconnected, status",
            .scanResultsReady: "work join Hotel: read kernel",
            .kernelScan: "work join Hotel: core scan(1)",
            .kernelScanFailed: "work join Hotel paging: read supplicant",
            .pagedScan: "work join Hotel: core scan(1)",
            .pagingFailed: "work join Hotel",
            .connectedOurs: "work join Hotel: status for connected",
            .connectedOther: "work join Hotel: status for connected",
            .statusAttached: "work join Hotel associated: core associated Lobby #4 personal 5180, poll",
            .statusAttachedIdle: "work join Hotel",
            .statusConnected: "work join Hotel associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "work join Hotel: log warning",
            .disconnected: "work join Hotel: core disconnected",
            .tempDisabledByID: "work join Hotel",
            .tempDisabledUnknownID: "work join Hotel",
            .networkNotFound: "work join Hotel",
            .addressAppeared: "work join Hotel address gateway?: log address, arm address 2000",
            .gatewayAppeared: "work join Hotel address: log address, core ipv4",
            .addressGone: "work join Hotel",
            .addressTimer: "work join Hotel",
            .stationTimer: "work join Hotel",
            .stationPolled: "work join Hotel: core signal -61",
            .stationReadFailed: "work join Hotel",
            .requestJoin: "work join Hotel+join Cafe",
            .requestForget: "work join Hotel+forget Hotel",
            .requestDisconnect: "work join Hotel+disconnect",
            .workJoined: "selected(0) block 3=Hotel: log info",
            .workRemoved: "idle",
            .workDone: "idle",
            .workFailed: "idle: log warning",
        ],
        .selected: [
            .routeOpened: "selected(1) block 0=Hotel",
            .supplicantUp: "selected(1): log notice, core reconnected, status",
            .scanResultsReady: "selected(1) block 0=Hotel: read kernel",
            .kernelScan: "selected(1) block 0=Hotel: core scan(1)",
            .kernelScanFailed: "paging selected(1) block 0=Hotel: read supplicant",
            .pagedScan: "selected(1) block 0=Hotel: core scan(1)",
            .pagingFailed: "selected(1) block 0=Hotel",
            .connectedOurs: "selected(1) block 0=Hotel associated: core associated Hotel #0, poll",
            .connectedOther: "selected(1) block 0=Hotel: status for connected",
            .statusAttached: "selected(1) block 0=Hotel associated: core associated Lobby #4 personal 5180, poll",
            .statusAttachedIdle: "selected(1) block 0=Hotel",
            .statusConnected: "selected(1) block 0=Hotel associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "selected(1) block 0=Hotel: log warning",
            .disconnected: "selected(1) block 0=Hotel: core disconnected",
            .tempDisabledByID: "selected(1) block 0=Hotel: core tempDisabled Hotel WRONG_KEY 10s",
            .tempDisabledUnknownID: "selected(1) block 0=Hotel",
            .networkNotFound: "selected(2) block 0=Hotel: core notFound",
            .addressAppeared: "selected(1) block 0=Hotel address gateway?: log address, arm address 2000",
            .gatewayAppeared: "selected(1) block 0=Hotel address: log address, core ipv4",
            .addressGone: "selected(1) block 0=Hotel",
            .addressTimer: "selected(1) block 0=Hotel",
            .stationTimer: "selected(1) block 0=Hotel",
            .stationPolled: "selected(1) block 0=Hotel: core signal -61",
            .stationReadFailed: "selected(1) block 0=Hotel",
            .requestJoin: "work join Cafe: remove #0, join Cafe",
            .requestForget: "work forget Hotel selected(1): forget Hotel",
            .requestDisconnect: "work disconnect block 0=Hotel: disconnect",
            .workJoined: "selected(1) block 0=Hotel",
            .workRemoved: "selected(1) block 0=Hotel",
            .workDone: "selected(1) block 0=Hotel",
            .workFailed: "selected(1) block 0=Hotel",
        ],
        .queued: [
            .routeOpened: "work join Hotel+forget Cafe+disconnect",
            .supplicantUp: "work join Hotel: log notice, core reconnected, status",
            .scanResultsReady: "work join Hotel+forget Cafe+disconnect: read kernel",
            .kernelScan: "work join Hotel+forget Cafe+disconnect: core scan(1)",
            .kernelScanFailed: "work join Hotel+forget Cafe+disconnect paging: read supplicant",
            .pagedScan: "work join Hotel+forget Cafe+disconnect: core scan(1)",
            .pagingFailed: "work join Hotel+forget Cafe+disconnect",
            .connectedOurs: "work join Hotel+forget Cafe+disconnect: status for connected",
            .connectedOther: "work join Hotel+forget Cafe+disconnect: status for connected",
            .statusAttached: "work join Hotel+forget Cafe+disconnect associated: core associated Lobby #4 personal 5180, poll",
            .statusAttachedIdle: "work join Hotel+forget Cafe+disconnect",
            .statusConnected: "work join Hotel+forget Cafe+disconnect associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "work join Hotel+forget Cafe+disconnect: log warning",
            .disconnected: "work join Hotel+forget Cafe+disconnect: core disconnected",
            .tempDisabledByID: "work join Hotel+forget Cafe+disconnect",
            .tempDisabledUnknownID: "work join Hotel+forget Cafe+disconnect",
            .networkNotFound: "work join Hotel+forget Cafe+disconnect",
            .addressAppeared: "work join Hotel+forget Cafe+disconnect address gateway?: log address, arm address 2000",
            .gatewayAppeared: "work join Hotel+forget Cafe+disconnect address: log address, core ipv4",
            .addressGone: "work join Hotel+forget Cafe+disconnect",
            .addressTimer: "work join Hotel+forget Cafe+disconnect",
            .stationTimer: "work join Hotel+forget Cafe+disconnect",
            .stationPolled: "work join Hotel+forget Cafe+disconnect: core signal -61",
            .stationReadFailed: "work join Hotel+forget Cafe+disconnect",
            .requestJoin: "work join Hotel+forget Cafe+disconnect+join Cafe",
            .requestForget: "work join Hotel+forget Cafe+disconnect+forget Hotel",
            .requestDisconnect: "work join Hotel+forget Cafe+disconnect+disconnect",
            .workJoined: "work forget Cafe+disconnect selected(0) block 3=Hotel: log info, forget Cafe",
            .workRemoved: "work forget Cafe+disconnect: forget Cafe",
            .workDone: "work forget Cafe+disconnect: forget Cafe",
            .workFailed: "work forget Cafe+disconnect: log warning, forget Cafe",
        ],
        .disconnecting: [
            .routeOpened: "work disconnect",
            .supplicantUp: "work disconnect: log notice, core reconnected, status",
            .scanResultsReady: "work disconnect: read kernel",
            .kernelScan: "work disconnect: core scan(1)",
            .kernelScanFailed: "work disconnect paging: read supplicant",
            .pagedScan: "work disconnect: core scan(1)",
            .pagingFailed: "work disconnect",
            .connectedOurs: "work disconnect: status for connected",
            .connectedOther: "work disconnect: status for connected",
            .statusAttached: "work disconnect associated: core associated Lobby #4 personal 5180, poll",
            .statusAttachedIdle: "work disconnect",
            .statusConnected: "work disconnect associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "work disconnect: log warning",
            .disconnected: "work disconnect: core disconnected",
            .tempDisabledByID: "work disconnect",
            .tempDisabledUnknownID: "work disconnect",
            .networkNotFound: "work disconnect",
            .addressAppeared: "work disconnect address gateway?: log address, arm address 2000",
            .gatewayAppeared: "work disconnect address: log address, core ipv4",
            .addressGone: "work disconnect",
            .addressTimer: "work disconnect",
            .stationTimer: "work disconnect",
            .stationPolled: "work disconnect: core signal -61",
            .stationReadFailed: "work disconnect",
            .requestJoin: "work disconnect+join Cafe",
            .requestForget: "work disconnect+forget Hotel",
            .requestDisconnect: "work disconnect+disconnect",
            .workJoined: "idle",
            .workRemoved: "idle",
            .workDone: "idle",
            .workFailed: "idle: log warning",
        ],
        .paging: [
            .routeOpened: "paging",
            .supplicantUp: "paging: log notice, core reconnected, status",
            .scanResultsReady: "paging: read kernel",
            .kernelScan: "paging: core scan(1)",
            .kernelScanFailed: "paging+again",
            .pagedScan: "idle: core scan(1)",
            .pagingFailed: "idle",
            .connectedOurs: "paging: status for connected",
            .connectedOther: "paging: status for connected",
            .statusAttached: "paging associated: core associated Lobby #4 personal 5180, poll",
            .statusAttachedIdle: "paging",
            .statusConnected: "paging associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "paging: log warning",
            .disconnected: "paging: core disconnected",
            .tempDisabledByID: "paging",
            .tempDisabledUnknownID: "paging",
            .networkNotFound: "paging",
            .addressAppeared: "paging address gateway?: log address, arm address 2000",
            .gatewayAppeared: "paging address: log address, core ipv4",
            .addressGone: "paging",
            .addressTimer: "paging",
            .stationTimer: "paging",
            .stationPolled: "paging: core signal -61",
            .stationReadFailed: "paging",
            .requestJoin: "work join Cafe paging: join Cafe",
            .requestForget: "work forget Hotel paging: forget Hotel",
            .requestDisconnect: "work disconnect paging: disconnect",
            .workJoined: "paging",
            .workRemoved: "paging",
            .workDone: "paging",
            .workFailed: "paging",
        ],
        .pagingAgain: [
            .routeOpened: "paging+again",
            .supplicantUp: "paging+again: log notice, core reconnected, status",
            .scanResultsReady: "paging+again: read kernel",
            .kernelScan: "paging+again: core scan(1)",
            .kernelScanFailed: "paging+again",
            .pagedScan: "idle: core scan(1), read kernel",
            .pagingFailed: "idle: read kernel",
            .connectedOurs: "paging+again: status for connected",
            .connectedOther: "paging+again: status for connected",
            .statusAttached: "paging+again associated: core associated Lobby #4 personal 5180, poll",
            .statusAttachedIdle: "paging+again",
            .statusConnected: "paging+again associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "paging+again: log warning",
            .disconnected: "paging+again: core disconnected",
            .tempDisabledByID: "paging+again",
            .tempDisabledUnknownID: "paging+again",
            .networkNotFound: "paging+again",
            .addressAppeared: "paging+again address gateway?: log address, arm address 2000",
            .gatewayAppeared: "paging+again address: log address, core ipv4",
            .addressGone: "paging+again",
            .addressTimer: "paging+again",
            .stationTimer: "paging+again",
            .stationPolled: "paging+again: core signal -61",
            .stationReadFailed: "paging+again",
            .requestJoin: "work join Cafe paging+again: join Cafe",
            .requestForget: "work forget Hotel paging+again: forget Hotel",
            .requestDisconnect: "work disconnect paging+again: disconnect",
            .workJoined: "paging+again",
            .workRemoved: "paging+again",
            .workDone: "paging+again",
            .workFailed: "paging+again",
        ],
        .awaitingGateway: [
            .routeOpened: "selected(0) block 0=Hotel address gateway? associated",
            .supplicantUp: "selected(0) address gateway? associated: log notice, core reconnected, status",
            .scanResultsReady: "selected(0) block 0=Hotel address gateway? associated: read kernel",
            .kernelScan: "selected(0) block 0=Hotel address gateway? associated: core scan(1)",
            .kernelScanFailed: "paging selected(0) block 0=Hotel address gateway? associated: read supplicant",
            .pagedScan: "selected(0) block 0=Hotel address gateway? associated: core scan(1)",
            .pagingFailed: "selected(0) block 0=Hotel address gateway? associated",
            .connectedOurs: "selected(0) block 0=Hotel address gateway? associated: core associated Hotel #0, arm address 2000, poll",
            .connectedOther: "selected(0) block 0=Hotel address gateway? associated: status for connected",
            .statusAttached: "selected(0) block 0=Hotel address gateway? associated: core associated Lobby #4 personal 5180, arm address 2000, poll",
            .statusAttachedIdle: "selected(0) block 0=Hotel address gateway? associated",
            .statusConnected: "selected(0) block 0=Hotel address gateway? associated: core associated Lobby #7 open 2437, arm address 2000, poll",
            .statusConnectedNoSSID: "selected(0) block 0=Hotel address gateway? associated: log warning",
            .disconnected: "selected(0) block 0=Hotel address stale: cancel address, core disconnected",
            .tempDisabledByID: "selected(0) block 0=Hotel address gateway? associated: core tempDisabled Hotel WRONG_KEY 10s",
            .tempDisabledUnknownID: "selected(0) block 0=Hotel address gateway? associated",
            .networkNotFound: "selected(1) block 0=Hotel address gateway? associated",
            .addressAppeared: "selected(0) block 0=Hotel address gateway? associated",
            .gatewayAppeared: "selected(0) block 0=Hotel address associated: cancel address, core ipv4",
            .addressGone: "selected(0) block 0=Hotel gateway? associated",
            .addressTimer: "selected(0) block 0=Hotel address associated: core ipv4",
            .stationTimer: "selected(0) block 0=Hotel address gateway? associated",
            .stationPolled: "selected(0) block 0=Hotel address gateway? associated polling: core signal -61, arm station 10000",
            .stationReadFailed: "selected(0) block 0=Hotel address gateway? associated polling: arm station 10000",
            .requestJoin: "work join Cafe address gateway? associated: remove #0, join Cafe",
            .requestForget: "work forget Hotel selected(0) address gateway? associated: forget Hotel",
            .requestDisconnect: "work disconnect block 0=Hotel address gateway? associated: disconnect",
            .workJoined: "selected(0) block 0=Hotel address gateway? associated",
            .workRemoved: "selected(0) block 0=Hotel address gateway? associated",
            .workDone: "selected(0) block 0=Hotel address gateway? associated",
            .workFailed: "selected(0) block 0=Hotel address gateway? associated",
        ],
        .online: [
            .routeOpened: "selected(0) block 0=Hotel address associated polling",
            .supplicantUp: "selected(0) address associated polling: log notice, core reconnected, status",
            .scanResultsReady: "selected(0) block 0=Hotel address associated polling: read kernel",
            .kernelScan: "selected(0) block 0=Hotel address associated polling: core scan(1)",
            .kernelScanFailed: "paging selected(0) block 0=Hotel address associated polling: read supplicant",
            .pagedScan: "selected(0) block 0=Hotel address associated polling: core scan(1)",
            .pagingFailed: "selected(0) block 0=Hotel address associated polling",
            .connectedOurs: "selected(0) block 0=Hotel address associated: core associated Hotel #0, core ipv4, cancel station, poll",
            .connectedOther: "selected(0) block 0=Hotel address associated polling: status for connected",
            .statusAttached: "selected(0) block 0=Hotel address associated: core associated Lobby #4 personal 5180, core ipv4, cancel station, poll",
            .statusAttachedIdle: "selected(0) block 0=Hotel address associated polling",
            .statusConnected: "selected(0) block 0=Hotel address associated: core associated Lobby #7 open 2437, core ipv4, cancel station, poll",
            .statusConnectedNoSSID: "selected(0) block 0=Hotel address associated polling: log warning",
            .disconnected: "selected(0) block 0=Hotel address stale polling: core disconnected",
            .tempDisabledByID: "selected(0) block 0=Hotel address associated polling: core tempDisabled Hotel WRONG_KEY 10s",
            .tempDisabledUnknownID: "selected(0) block 0=Hotel address associated polling",
            .networkNotFound: "selected(1) block 0=Hotel address associated polling",
            .addressAppeared: "selected(0) block 0=Hotel address associated polling",
            .gatewayAppeared: "selected(0) block 0=Hotel address associated polling",
            .addressGone: "selected(0) block 0=Hotel associated polling",
            .addressTimer: "selected(0) block 0=Hotel address associated polling",
            .stationTimer: "selected(0) block 0=Hotel address associated: poll",
            .stationPolled: "selected(0) block 0=Hotel address associated polling: core signal -61, arm station 10000",
            .stationReadFailed: "selected(0) block 0=Hotel address associated polling: arm station 10000",
            .requestJoin: "work join Cafe address associated polling: remove #0, join Cafe",
            .requestForget: "work forget Hotel selected(0) address associated polling: forget Hotel",
            .requestDisconnect: "work disconnect block 0=Hotel address associated polling: disconnect",
            .workJoined: "selected(0) block 0=Hotel address associated polling",
            .workRemoved: "selected(0) block 0=Hotel address associated polling",
            .workDone: "selected(0) block 0=Hotel address associated polling",
            .workFailed: "selected(0) block 0=Hotel address associated polling",
        ],
        .stale: [
            .routeOpened: "selected(0) block 1=Cafe address stale polling",
            .supplicantUp: "selected(0) address stale polling: log notice, core reconnected, status",
            .scanResultsReady: "selected(0) block 1=Cafe address stale polling: read kernel",
            .kernelScan: "selected(0) block 1=Cafe address stale polling: core scan(1)",
            .kernelScanFailed: "paging selected(0) block 1=Cafe address stale polling: read supplicant",
            .pagedScan: "selected(0) block 1=Cafe address stale polling: core scan(1)",
            .pagingFailed: "selected(0) block 1=Cafe address stale polling",
            .connectedOurs: "selected(0) block 1=Cafe address stale polling: status for connected",
            .connectedOther: "selected(0) block 1=Cafe address stale polling: status for connected",
            .statusAttached: "selected(0) block 1=Cafe address associated: core associated Lobby #4 personal 5180, core ipv4, cancel station, poll",
            .statusAttachedIdle: "selected(0) block 1=Cafe address stale polling",
            .statusConnected: "selected(0) block 1=Cafe address stale fresh? associated: core associated Lobby #7 open 2437, arm address 8000, cancel station, poll",
            .statusConnectedNoSSID: "selected(0) block 1=Cafe address stale polling: log warning",
            .disconnected: "selected(0) block 1=Cafe address stale polling: core disconnected",
            .tempDisabledByID: "selected(0) block 1=Cafe address stale polling",
            .tempDisabledUnknownID: "selected(0) block 1=Cafe address stale polling",
            .networkNotFound: "selected(1) block 1=Cafe address stale polling",
            .addressAppeared: "selected(0) block 1=Cafe address stale polling",
            .gatewayAppeared: "selected(0) block 1=Cafe address stale polling",
            .addressGone: "selected(0) block 1=Cafe polling",
            .addressTimer: "selected(0) block 1=Cafe address stale polling",
            .stationTimer: "selected(0) block 1=Cafe address stale: poll",
            .stationPolled: "selected(0) block 1=Cafe address stale polling: core signal -61",
            .stationReadFailed: "selected(0) block 1=Cafe address stale polling",
            .requestJoin: "work join Cafe block 1=Cafe address stale polling: join Cafe",
            .requestForget: "work forget Hotel selected(0) block 1=Cafe address stale polling: forget Hotel",
            .requestDisconnect: "work disconnect block 1=Cafe address stale polling: disconnect",
            .workJoined: "selected(0) block 1=Cafe address stale polling",
            .workRemoved: "selected(0) block 1=Cafe address stale polling",
            .workDone: "selected(0) block 1=Cafe address stale polling",
            .workFailed: "selected(0) block 1=Cafe address stale polling",
        ],
        .awaitingFreshAddress: [
            .routeOpened: "selected(0) block 1=Cafe address stale fresh? associated",
            .supplicantUp: "selected(0) address stale fresh? associated: log notice, core reconnected, status",
            .scanResultsReady: "selected(0) block 1=Cafe address stale fresh? associated: read kernel",
            .kernelScan: "selected(0) block 1=Cafe address stale fresh? associated: core scan(1)",
            .kernelScanFailed: "paging selected(0) block 1=Cafe address stale fresh? associated: read supplicant",
            .pagedScan: "selected(0) block 1=Cafe address stale fresh? associated: core scan(1)",
            .pagingFailed: "selected(0) block 1=Cafe address stale fresh? associated",
            .connectedOurs: "selected(0) block 1=Cafe address stale fresh? associated: status for connected",
            .connectedOther: "selected(0) block 1=Cafe address stale fresh? associated: status for connected",
            .statusAttached: "selected(0) block 1=Cafe address associated: core associated Lobby #4 personal 5180, cancel address, core ipv4, poll",
            .statusAttachedIdle: "selected(0) block 1=Cafe address stale fresh? associated",
            .statusConnected: "selected(0) block 1=Cafe address stale fresh? associated: core associated Lobby #7 open 2437, poll",
            .statusConnectedNoSSID: "selected(0) block 1=Cafe address stale fresh? associated: log warning",
            .disconnected: "selected(0) block 1=Cafe address stale: cancel address, core disconnected",
            .tempDisabledByID: "selected(0) block 1=Cafe address stale fresh? associated",
            .tempDisabledUnknownID: "selected(0) block 1=Cafe address stale fresh? associated",
            .networkNotFound: "selected(1) block 1=Cafe address stale fresh? associated",
            .addressAppeared: "selected(0) block 1=Cafe address stale fresh? associated",
            .gatewayAppeared: "selected(0) block 1=Cafe address stale fresh? associated",
            .addressGone: "selected(0) block 1=Cafe associated: cancel address",
            .addressTimer: "selected(0) block 1=Cafe address associated: log notice, core ipv4",
            .stationTimer: "selected(0) block 1=Cafe address stale fresh? associated",
            .stationPolled: "selected(0) block 1=Cafe address stale fresh? associated polling: core signal -61, arm station 10000",
            .stationReadFailed: "selected(0) block 1=Cafe address stale fresh? associated polling: arm station 10000",
            .requestJoin: "work join Cafe block 1=Cafe address stale fresh? associated: join Cafe",
            .requestForget: "work forget Hotel selected(0) block 1=Cafe address stale fresh? associated: forget Hotel",
            .requestDisconnect: "work disconnect block 1=Cafe address stale fresh? associated: disconnect",
            .workJoined: "selected(0) block 1=Cafe address stale fresh? associated",
            .workRemoved: "selected(0) block 1=Cafe address stale fresh? associated",
            .workDone: "selected(0) block 1=Cafe address stale fresh? associated",
            .workFailed: "selected(0) block 1=Cafe address stale fresh? associated",
        ],
    ]

    static let entries = [ScanEntry(ssid: SSID("Hotel")!, bssid: BSSID(bytes: [2, 0, 0, 0, 0, 1])!, rssi: -50,
                                    frequency: 2412, security: .open)]
    static let bssid = BSSID(bytes: [2, 0, 0, 0, 0, 9])!

    static func input(_ kind: Kind, _ h: inout LinkHarness) -> LinkInput {
        switch kind {
        case .routeOpened: return .routeOpened
        case .supplicantUp: return .supplicantUp
        case .scanResultsReady: return .scanResultsReady
        case .kernelScan: return .scanRead(.kernel, entries)
        case .kernelScanFailed: return .scanRead(.kernel, nil)
        case .pagedScan: return .scanRead(.supplicant, entries)
        case .pagingFailed: return .scanRead(.supplicant, nil)
        case .connectedOurs: return .connected(bssid: bssid, networkID: NetworkID(0)!)
        case .connectedOther: return .connected(bssid: bssid, networkID: NetworkID(7)!)
        case .statusAttached:
            return .status(.attached, LinkStatus(completed: true, ssid: SSID("Lobby")!, bssid: bssid,
                                                 networkID: NetworkID(4)!, security: .personal, frequency: 5180))
        case .statusAttachedIdle: return .status(.attached, LinkStatus(completed: false, ssid: nil))
        case .statusConnected:
            return .status(.connected(bssid: bssid, networkID: NetworkID(7)!),
                           LinkStatus(completed: true, ssid: SSID("Lobby")!, security: .open, frequency: 2437))
        case .statusConnectedNoSSID: return .status(.connected(bssid: bssid, networkID: NetworkID(7)!), nil)
        case .disconnected: return .disconnected
        case .tempDisabledByID: return .tempDisabled(networkID: NetworkID(0)!, ssid: nil, reason: .wrongKey, seconds: 10)
        case .tempDisabledUnknownID: return .tempDisabled(networkID: NetworkID(9)!, ssid: nil, reason: nil, seconds: nil)
        case .networkNotFound: return .networkNotFound
        case .addressAppeared:
            h.route = LinkHarness.addressOnly
            return .addressingChanged
        case .gatewayAppeared:
            h.route = LinkHarness.online
            return .addressingChanged
        case .addressGone:
            h.route = LinkHarness.noAddress
            return .addressingChanged
        case .addressTimer: return .timerFired(.address)
        case .stationTimer: return .timerFired(.station)
        case .stationPolled: return .stationPolled(rssi: -61)
        case .stationReadFailed: return .stationPolled(rssi: nil)
        case .requestJoin: return .request(.join(LinkHarness.cafe))
        case .requestForget: return .request(.forget(SSID("Hotel")!))
        case .requestDisconnect: return .request(.disconnect)
        case .workJoined: return .workFinished(.joined(NetworkID(3)!, reused: true))
        case .workRemoved: return .workFinished(.removed(2))
        case .workDone: return .workFinished(.done)
        case .workFailed: return .workFinished(.failed("wpa_supplicant did not answer"))
        }
    }

    /// The actions of one input as a line, logs by level only.
    static func summary(_ actions: [LinkAction]) -> String {
        actions.map { a -> String in
            switch a {
            case .submit(let i):
                switch i {
                case .scanResults(let e): return "core scan(\(e.count))"
                case .associated(let s, _, let id, let sec, let f):
                    return "core associated \(s)" + (id.map { " #\($0)" } ?? "") + (sec.map { " \($0)" } ?? "")
                        + (f.map { " \($0)" } ?? "")
                case .ipv4Acquired: return "core ipv4"
                case .disconnected: return "core disconnected"
                case .linkSignal(let r): return "core signal \(r)"
                case .supplicant(.tempDisabled(let s, let r, let sec)): return "core tempDisabled \(s) \(r) \(sec)s"
                case .supplicant(.networkNotFound): return "core notFound"
                case .supplicantReconnected: return "core reconnected"
                default: return "core \(i)"
                }
            case .readScan(let s): return "read \(s)"
            case .requestStatus(.attached): return "status"
            case .requestStatus(.connected): return "status for connected"
            case .removeNetwork(let id, let r): return "remove #\(id)" + (r == 0 ? "" : " on radio \(r)")
            case .runJoinPlan(let t): return "join \(t.ssid)"
            case .runForgetPlan(let s): return "forget \(s)"
            case .sendDisconnect: return "disconnect"
            case .pollStation: return "poll"
            case .armTimer(let t, let at): return "arm \(t) \(at - LinkHarness.start)"
            case .cancelTimer(let t): return "cancel \(t)"
            case .log(let level, _): return "log \(level)"
            case .logAddress: return "log address"
            case .followUplink: return "follow uplink"
            }
        }.joined(separator: ", ")
    }

    /// What the machine waits for, compactly.
    static func describe(_ m: LinkMachine) -> String {
        var words: [String] = []
        if let w = m.work { words.append("work \(name(w))" + m.queue.map { "+" + name($0) }.joined()) }
        if m.isPagingScan { words.append(m.paging == .readingThenAgain ? "paging+again" : "paging") }
        if m.joinSelected { words.append("selected(\(m.notFoundSinceJoin))") }
        if let b = m.block { words.append("block \(b.id)=\(b.ssid)") }
        if m.hadAddress { words.append("address") }
        if m.staleAddress { words.append("stale") }
        if m.awaitingFreshAddress { words.append("fresh?") }
        if m.awaitingGateway { words.append("gateway?") }
        if m.isAssociated { words.append("associated") }
        if m.stationTimerArmed { words.append("polling") }
        return words.isEmpty ? "idle" : words.joined(separator: " ")
    }

    static func name(_ w: LinkMachine.Work) -> String {
        switch w {
        case .join(let t): return "join " + t.ssid.description
        case .forget(let s): return "forget " + s.description
        case .disconnect: return "disconnect"
        }
    }

    struct Case: CustomStringConvertible {
        var state: State
        var kind: Kind
        var description: String { "\(state) × \(kind)" }
    }

    static let cases: [Case] = State.allCases.flatMap { s in Kind.allCases.map { Case(state: s, kind: $0) } }

    @Test func tableCoversEveryPair() {
        #expect(Self.table.count == State.allCases.count)
        for (state, row) in Self.table { #expect(row.count == Kind.allCases.count, "\(state)") }
    }

    @Test(arguments: cases)
    func pair(_ c: Case) {
        var h = LinkHarness.at(c.state)
        let input = Self.input(c.kind, &h)
        let actions = h.on(input, "\(c)")
        let summary = Self.summary(actions)
        let got = Self.describe(h.m) + (summary.isEmpty ? "" : ": " + summary)
        #expect(got == Self.table[c.state]?[c.kind], "\(c)")
    }
}

/// The link machine's policies, one story each.
@Suite struct LinkMachineTests {
    static let hotel = LinkHarness.hotel
    static let cafe = LinkHarness.cafe
    static func id(_ n: Int) -> NetworkID { NetworkID(n)! }

    func attached() -> LinkHarness {
        var h = LinkHarness()
        _ = h.on(.supplicantUp)
        return h
    }

    @Test func connectedToOurBlockIsTheCoresAssociationOtherwiseStatusIsAsked() {
        var h = attached()
        let odd = JoinTarget(ssid: SSID(bytes: [0xff, 0x22, 0x5c, 0x00])!, security: .open)
        _ = h.on(.request(.join(odd)))
        _ = h.on(.workFinished(.joined(Self.id(4), reused: false)))
        let b = BSSID(bytes: [2, 0, 0, 0, 1, 0])!
        var actions = h.on(.connected(bssid: b, networkID: Self.id(4)))
        #expect(actions.first == .submit(.associated(ssid: odd.ssid, bssid: b, networkID: Self.id(4))))
        // Not ours, or no id at all: wpa_supplicant's STATUS says what it joined, with security and frequency.
        actions = h.on(.connected(bssid: b, networkID: Self.id(5)))
        #expect(actions == [.requestStatus(.connected(bssid: b, networkID: Self.id(5)))])
        actions = h.on(.connected(bssid: nil, networkID: nil))
        #expect(actions == [.requestStatus(.connected(bssid: nil, networkID: nil))])
        actions = h.on(.status(.connected(bssid: nil, networkID: nil),
                               LinkStatus(completed: true, ssid: SSID("Lobby")!, bssid: b, networkID: Self.id(5),
                                          security: .personal, frequency: 5180)))
        #expect(actions.first == .submit(.associated(ssid: SSID("Lobby")!, bssid: b, networkID: Self.id(5),
                                                    security: .personal, frequency: 5180)))
        actions = h.on(.status(.connected(bssid: b, networkID: nil), nil))
        #expect(actions == [.log(.warning, "connected, but wpa_supplicant's STATUS names no SSID")])
    }

    @Test func oneBlockAtATimeAndNoneTrustedAfterWpaSupplicantComesBack() {
        var h = attached()
        _ = h.on(.request(.join(Self.hotel)))
        var actions = h.on(.workFinished(.joined(Self.id(0), reused: false)))
        #expect(actions == [.log(.info, "Hotel: wpa_supplicant network 0 (added)")])
        // Another network: the earlier choice's block goes first; the plan may reuse its id.
        actions = h.on(.request(.join(Self.cafe)))
        #expect(actions == [.removeNetwork(Self.id(0)), .runJoinPlan(Self.cafe)])
        #expect(h.m.block == nil)
        _ = h.on(.workFinished(.joined(Self.id(0), reused: true)))
        #expect(h.m.ssid(of: Self.id(0)) == Self.cafe.ssid)
        // The same network again keeps its block.
        actions = h.on(.request(.join(Self.cafe)))
        #expect(actions == [.runJoinPlan(Self.cafe)])
        _ = h.on(.workFinished(.joined(Self.id(7), reused: false)))
        #expect(h.m.ssid(of: Self.id(0)) == nil && h.m.ssid(of: Self.id(7)) == Self.cafe.ssid)
        // Forgetting another SSID keeps it; forgetting this one drops it before the plan runs.
        _ = h.on(.request(.forget(Self.hotel.ssid)))
        #expect(h.m.block?.id == Self.id(7))
        _ = h.on(.workFinished(.removed(0)))
        actions = h.on(.request(.forget(Self.cafe.ssid)))
        #expect(actions == [.runForgetPlan(Self.cafe.ssid)] && h.m.block == nil)
        actions = h.on(.workFinished(.removed(2)))
        #expect(actions == [.log(.info, "Cafe: removed from wpa_supplicant (2 network block(s))")])
        _ = h.on(.request(.join(Self.hotel)))
        _ = h.on(.workFinished(.joined(Self.id(2), reused: false)))
        // wpa_supplicant came back: its ids mean nothing we recorded, and the core re-applies its choice.
        actions = h.on(.supplicantUp)
        #expect(actions == [.log(.notice, "attached to wpa_supplicant"), .submit(.supplicantReconnected),
                            .requestStatus(.attached)])
        #expect(h.m.block == nil)
        #expect(h.on(.tempDisabled(networkID: Self.id(2), ssid: nil, reason: nil, seconds: nil)).isEmpty)
    }

    @Test func networkChangesRunOneAtATimeInOrder() {
        var h = attached()
        #expect(h.on(.request(.join(Self.hotel))) == [.runJoinPlan(Self.hotel)])
        #expect(h.on(.request(.forget(Self.cafe.ssid))).isEmpty)
        #expect(h.on(.request(.disconnect)).isEmpty)
        #expect(h.on(.workFinished(.failed("wpa_supplicant did not answer")))
                == [.log(.warning, "Hotel: join not configured: wpa_supplicant did not answer"),
                    .runForgetPlan(Self.cafe.ssid)])
        #expect(h.on(.workFinished(.failed("FAIL"))) == [.log(.warning, "Cafe: not removed from wpa_supplicant: FAIL"),
                                                          .sendDisconnect])
        #expect(h.on(.workFinished(.failed("refused"))) == [.log(.warning, "DISCONNECT refused")])
        #expect(h.m.work == nil)
        // An answer nobody waits for changes nothing.
        #expect(h.on(.workFinished(.done)).isEmpty)
    }

    @Test func onlyTheSecondNetworkNotFoundAfterTheSelectionCounts() {
        var h = attached()
        _ = h.on(.request(.join(Self.hotel)))
        // The scan under way while the network is configured says so too: not counted.
        #expect(h.on(.networkNotFound).isEmpty)
        _ = h.on(.workFinished(.joined(Self.id(0), reused: false)))
        #expect(h.on(.networkNotFound).isEmpty)
        #expect(h.on(.networkNotFound) == [.submit(.supplicant(.networkNotFound(ssid: nil)))])
        #expect(h.on(.networkNotFound).isEmpty)
        // A new join starts the count again; a disconnect stops it.
        _ = h.on(.request(.join(Self.cafe)))
        _ = h.on(.workFinished(.joined(Self.id(1), reused: false)))
        _ = h.on(.networkNotFound)
        _ = h.on(.request(.disconnect))
        #expect(h.on(.networkNotFound).isEmpty)
    }

    @Test func theFirstNetworkNotFoundCountsForAJoinOnKnownChannels() {
        var h = attached()
        var onChannel6 = Self.hotel
        onChannel6.frequencies = [2437]
        _ = h.on(.request(.join(onChannel6)))
        #expect(h.on(.networkNotFound).isEmpty, "not selected yet")
        _ = h.on(.workFinished(.joined(Self.id(0), reused: false)))
        // wpa_supplicant scanned channel 6 only and did not hear it: the core falls back now, not after
        // another scan of the same channel.
        #expect(h.on(.networkNotFound) == [.submit(.supplicant(.networkNotFound(ssid: nil)))])
        #expect(h.on(.networkNotFound).isEmpty)
    }

    @Test func wpaSupplicantsBSSTableIsReadOnceForAnyNumberOfScanResults() {
        var h = attached()
        let entries = LinkTableTests.entries
        #expect(h.on(.scanResultsReady) == [.readScan(.kernel)])
        #expect(h.on(.scanRead(.kernel, entries)) == [.submit(.scanResults(entries))])
        _ = h.on(.scanResultsReady)
        #expect(h.on(.scanRead(.kernel, nil)) == [.readScan(.supplicant)])
        for _ in 0..<3 {
            _ = h.on(.scanResultsReady)
            #expect(h.on(.scanRead(.kernel, nil)).isEmpty)
        }
        // One more read for all of them, the kernel's first.
        #expect(h.on(.scanRead(.supplicant, entries)) == [.submit(.scanResults(entries)), .readScan(.kernel)])
        #expect(h.on(.scanRead(.kernel, nil)) == [.readScan(.supplicant)])
        #expect(h.on(.scanRead(.supplicant, nil)).isEmpty)
        #expect(!h.m.isPagingScan)
    }

    @Test func ipv4IsCompleteWithTheDefaultRouteOrTwoSecondsAfterTheAddress() {
        var h = attached()
        _ = h.on(.status(.attached, LinkStatus(completed: true, ssid: Self.hotel.ssid)))
        h.route = LinkHarness.addressOnly
        #expect(h.on(.addressingChanged) == [.logAddress, .armTimer(.address, at: h.now + 2_000)])
        h.route = LinkHarness.online
        #expect(h.on(.addressingChanged) == [.cancelTimer(.address), .submit(.ipv4Acquired)])
        // Only a new address counts; a route change alone does not.
        #expect(h.on(.addressingChanged).isEmpty)
        h.route = LinkHarness.noAddress
        _ = h.on(.addressingChanged)
        h.route = LinkHarness.addressOnly
        _ = h.on(.addressingChanged)
        #expect(h.on(.timerFired(.address)) == [.submit(.ipv4Acquired)])
        // An address already there at association belongs to it (a roam, or DHCP faster than the event).
        h.route = LinkHarness.online
        let actions = h.on(.status(.attached, LinkStatus(completed: true, ssid: Self.hotel.ssid)))
        #expect(actions.dropFirst().first == .submit(.ipv4Acquired))
        // Not associated (wpa_supplicant idle at start): nothing.
        #expect(h.on(.status(.attached, LinkStatus(completed: false, ssid: Self.hotel.ssid))).isEmpty)
    }

    /// The AP went while online, and the next network's association came before the DHCP client (netifd, a
    /// wpa_cli action) dropped the old lease: a helper given that address would probe a network that is gone.
    @Test func anAddressKeptFromTheAssociationBeforeWaitsForTheDHCPClient() {
        var h = attached()
        _ = h.on(.request(.join(Self.hotel)))
        _ = h.on(.workFinished(.joined(Self.id(0), reused: false)))
        _ = h.on(.connected(bssid: nil, networkID: Self.id(0)))
        h.route = LinkHarness.online
        #expect(h.on(.addressingChanged) == [.logAddress, .submit(.ipv4Acquired)])
        #expect(h.on(.apLost) == [.submit(.apLost)])
        #expect(h.m.staleAddress)
        _ = h.on(.request(.join(Self.cafe)))
        _ = h.on(.workFinished(.joined(Self.id(1), reused: false)))
        var actions = h.on(.connected(bssid: nil, networkID: Self.id(1)))
        #expect(!actions.contains(.submit(.ipv4Acquired)))
        #expect(actions.contains(.armTimer(.address, at: h.now + 8_000)))
        // The client drops the old address, then leases the new one: that one completes the join.
        h.route = LinkHarness.noAddress
        #expect(h.on(.addressingChanged) == [.cancelTimer(.address)])
        h.route = LinkHarness.online
        #expect(h.on(.addressingChanged) == [.logAddress, .submit(.ipv4Acquired)])

        // A static address (nothing drops it): taken after the wait, and said so.
        _ = h.on(.disconnected)
        actions = h.on(.connected(bssid: nil, networkID: Self.id(1)))
        #expect(!actions.contains(.submit(.ipv4Acquired)))
        #expect(h.on(.addressingChanged).isEmpty, "a route change is no fresh address")
        #expect(h.on(.timerFired(.address)) == [.log(.notice, "the address from the association before stayed: taken as this one's"),
                                                .submit(.ipv4Acquired)])
        #expect(!h.m.staleAddress)

        // Disconnected while waiting: the wait ends with it. An association wpa_supplicant had before we
        // attached keeps its address.
        _ = h.on(.disconnected)
        _ = h.on(.connected(bssid: nil, networkID: Self.id(1)))
        #expect(h.m.awaitingFreshAddress)
        #expect(h.on(.disconnected) == [.cancelTimer(.address), .submit(.disconnected)])
        actions = h.on(.status(.attached, LinkStatus(completed: true, ssid: Self.cafe.ssid)))
        #expect(actions.contains(.submit(.ipv4Acquired)))
    }

    @Test func theStationIsPolledEveryTenSecondsWhileItIsAssociated() {
        var h = attached()
        #expect(h.on(.connected(bssid: nil, networkID: nil)) == [.requestStatus(.connected(bssid: nil, networkID: nil))])
        var actions = h.on(.status(.connected(bssid: nil, networkID: nil), LinkStatus(completed: true, ssid: Self.hotel.ssid)))
        #expect(actions.last == .pollStation)
        // A failed read keeps the polling while associated.
        #expect(h.on(.stationPolled(rssi: nil)) == [.armTimer(.station, at: h.now + 10_000)])
        #expect(h.on(.timerFired(.station)) == [.pollStation])
        h.now += 10_000
        #expect(h.on(.stationPolled(rssi: -70))
                == [.submit(.linkSignal(rssi: -70)), .armTimer(.station, at: h.now + 10_000)])
        // A roam polls at once, in place of the timer.
        actions = h.on(.status(.connected(bssid: nil, networkID: nil), LinkStatus(completed: true, ssid: Self.hotel.ssid)))
        #expect(Array(actions.suffix(2)) == [.cancelTimer(.station), .pollStation])
        // Once the station is not associated, it ends.
        _ = h.on(.disconnected)
        #expect(h.on(.stationPolled(rssi: -70)) == [.submit(.linkSignal(rssi: -70))])
        #expect(!h.m.stationTimerArmed)
    }

    @Test func temporarilyDisabledNamesTheSSIDOrOurBlock() {
        var h = attached()
        #expect(h.on(.tempDisabled(networkID: nil, ssid: Self.cafe.ssid, reason: .wrongKey, seconds: 20))
                == [.submit(.supplicant(.tempDisabled(ssid: Self.cafe.ssid, reason: .wrongKey, seconds: 20)))])
        _ = h.on(.request(.join(Self.hotel)))
        _ = h.on(.workFinished(.joined(Self.id(3), reused: false)))
        #expect(h.on(.tempDisabled(networkID: Self.id(3), ssid: nil, reason: nil, seconds: nil))
                == [.submit(.supplicant(.tempDisabled(ssid: Self.hotel.ssid, reason: .other("unknown"), seconds: 0)))])
    }
}

/// Random inputs, each sequence reproducible by its seed, with the invariants after every input.
@Suite struct LinkRandomSequenceTests {
    static func randomInput(_ rng: inout SplitMix64, _ h: inout LinkHarness) -> LinkInput {
        func pick<T>(_ xs: [T]) -> T { xs[Int.random(in: 0..<xs.count, using: &rng)] }
        let ids: [NetworkID?] = [nil, NetworkID(0)!, NetworkID(1)!, NetworkID(7)!]
        let ssids = [LinkHarness.hotel.ssid, LinkHarness.cafe.ssid, SSID(bytes: [])!]
        let status = LinkStatus(completed: Bool.random(using: &rng), ssid: Bool.random(using: &rng) ? pick(ssids) : nil,
                                networkID: pick(ids))
        switch Int.random(in: 0..<19, using: &rng) {
        case 0: return .supplicantUp
        case 1: return .scanResultsReady
        case 2: return .scanRead(pick([.kernel, .supplicant]), Bool.random(using: &rng) ? LinkTableTests.entries : nil)
        case 3: return .connected(bssid: nil, networkID: pick(ids))
        case 4: return .status(pick([.attached, .connected(bssid: nil, networkID: pick(ids))]), Bool.random(using: &rng) ? status : nil)
        case 5: return .disconnected
        case 6: return .tempDisabled(networkID: pick(ids), ssid: Bool.random(using: &rng) ? pick(ssids) : nil,
                                     reason: nil, seconds: nil)
        case 7, 8: return .networkNotFound
        case 9:
            h.route = pick([LinkHarness.noAddress, LinkHarness.addressOnly, LinkHarness.online])
            return .addressingChanged
        case 10: return .timerFired(pick([.address, .station]))
        case 11: return .stationPolled(rssi: Bool.random(using: &rng) ? -60 : nil)
        case 12: return .request(.join(pick([LinkHarness.hotel, LinkHarness.cafe])))
        case 13: return .request(.forget(pick(ssids)))
        case 14: return .request(.disconnect)
        case 15, 16: return .workFinished(pick([.joined(pick(ids) ?? NetworkID(0)!, reused: false), .removed(1), .done, .failed("x")]))
        case 17: return .routeOpened
        default: return .scanRead(.kernel, nil)
        }
    }

    @Test(arguments: 0..<200)
    func sequence(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var h = LinkHarness()
        for step in 0..<300 {
            let input = Self.randomInput(&rng, &h)
            _ = h.on(input, "seed \(seed) step \(step) \(input)")
        }
    }
}
