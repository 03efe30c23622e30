import Testing
@testable import HotspotCore

/// The station's two machines composed, driven as the daemon would drive them but with no I/O: the test plays
/// wpa_supplicant, the kernel and the helpers from the actions alone, and the clock comes with each input.
struct StationHarness {
    var m = StationMachine(hotspot: HotspotMachine(configuration: Fixture.config(), now: 1_000))
    var now: Int64 = 1_000
    /// The uplink interface's addressing, as the kernel has it.
    var route = RouteFacts()
    /// The timers a driver holds, from the actions alone.
    var armed: [TimerID: Int64] = [:]

    @discardableResult
    mutating func on(_ input: StationInput, after ms: Int64 = 0, _ context: String = "",
                     sourceLocation: SourceLocation = #_sourceLocation) -> [StationAction] {
        now += ms
        if case .timerFired(let id) = input { armed[id] = nil }
        let actions = m.handle(input, route: route, now: now)
        for action in actions {
            switch action {
            case .link(.armTimer(let t, let at), _):
                #expect(at > now, "\(context): a deadline in the past", sourceLocation: sourceLocation)
                armed[.link(t)] = at
            case .link(.cancelTimer(let t), _): armed[.link(t)] = nil
            case .armTimer(let id, let at):
                #expect(at > now, "\(context): a deadline in the past", sourceLocation: sourceLocation)
                armed[id] = at
            case .cancelTimer(let id): armed[id] = nil
            case .link(.submit, _), .join, .removeNetworks, .disconnect:
                Issue.record("\(context): a message between the machines left them: \(action)", sourceLocation: sourceLocation)
            default: break
            }
        }
        // The driver holds exactly what the machines wait for.
        #expect(Set(armed.keys) == Set(m.armedTimers), "\(context)", sourceLocation: sourceLocation)
        return actions
    }

    /// Fires a timer at its deadline.
    @discardableResult
    mutating func fire(_ id: TimerID) -> [StationAction] {
        let due = armed[id]!
        return on(.timerFired(id), after: max(0, due - now), "\(id) fired")
    }

    /// Answers a helper's request.
    @discardableResult
    mutating func respond(_ request: HelperRequest, _ result: HelperResult, confidence: Confidence? = nil) -> [StationAction] {
        on(.hotspot(.helperResponded(requestID: request.id, HelperResponse(result: result, confidence: confidence))),
           after: 50, "\(request.helper) answers \(request.command)")
    }
}

extension Array where Element == StationAction {
    var helperRuns: [HelperRequest] { compactMap { if case .runHelper(let r) = $0 { return r } else { return nil } } }
    func runs(_ command: HelperCommand) -> [HelperRequest] { helperRuns.filter { $0.command == command } }
    var joinPlans: [SSID] { compactMap { if case .link(.runJoinPlan(let t), _) = $0 { return t.ssid } else { return nil } } }
    var removedBlocks: [NetworkID] {
        compactMap { if case .link(.removeNetwork(let id, _), _) = $0 { return id } else { return nil } }
    }
    func has(_ action: LinkAction) -> Bool { contains { if case .link(let a, _) = $0 { return a == action } else { return false } } }
}

@Suite struct StationMachineTests {
    static let scan = [Fixture.entry(Fixture.hotel, 1, rssi: -50),
                       Fixture.entry(Fixture.cafe, 4, rssi: -60, security: .personal)]

    /// Scan → join → DHCP → evaluate → authenticate → online → the AP is lost → the next network, across both
    /// machines, each input answered as wpa_supplicant, the kernel and the helpers would.
    @Test func fromTheFirstScanThroughAnAPLossToTheNextNetwork() throws {
        var h = StationHarness()

        // wpa_supplicant attached, idle: the hotspot machine scans; the link machine asks for its STATUS.
        var a = h.on(.link(.supplicantUp), "attached")
        #expect(a.contains(.requestScan))
        #expect(a.has(.requestStatus(.attached)))
        h.on(.link(.status(.attached, LinkStatus(completed: false, ssid: nil)), radio: 0), after: 5, "STATUS: idle")

        // The scan: read from the kernel, taken in, offered to the helpers.
        a = h.on(.link(.scanResultsReady), after: 3_000, "scan results")
        #expect(a == [.link(.readScan(.kernel), radio: 0)])
        a = h.on(.link(.scanRead(.kernel, Self.scan), radio: 0), after: 2, "kernel scan read")
        #expect(a.last == .scanTaken)
        let filters = a.runs(.filterScanList)
        #expect(filters.count == 2)

        // Hotel (open, known, strongest) is joined on wpa_supplicant; what the helpers claim cannot outrank it.
        var joined = a.joinPlans
        for f in filters { joined += h.respond(f, .success).joinPlans }
        #expect(joined == [Fixture.hotel])
        #expect(h.armed[.association] != nil, "the association must finish in time")
        h.on(.link(.workFinished(.joined(netID(0), reused: false))), after: 20, "join plan done")
        #expect(h.m.link.joinSelected)

        // Associated: the hotspot machine hears it from the link machine, which starts polling the signal.
        a = h.on(.link(.connected(bssid: bssid(1), networkID: netID(0))), after: 400, "CONNECTED")
        #expect(a.has(.pollStation))
        #expect(h.m.hotspot.isAssociated && h.m.link.isAssociated)
        a = h.on(.link(.stationPolled(rssi: -50)), after: 1, "station read")
        #expect(h.armed[.link(.station)] == h.now + LinkMachine.stationPollMs)

        // DHCP: the address first, the default route 300 ms later; then the join is complete.
        h.route = RouteFacts(hasAddress: true)
        a = h.on(.link(.addressingChanged), after: 1_200, "address")
        #expect(a.has(.logAddress))
        #expect(h.armed[.link(.address)] == h.now + LinkMachine.gatewayWaitMs)
        #expect(a.runs(.evaluate).isEmpty, "helpers want the gateway too")
        h.route = RouteFacts(hasAddress: true, hasGateway: true)
        a = h.on(.link(.addressingChanged), after: 300, "default route")
        #expect(h.armed[.link(.address)] == nil)
        #expect(h.armed[.association] == nil, "associated with an address in time")
        let evaluate = try #require(a.runs(.evaluate).first { $0.helper == "alpha" })
        #expect(h.m.hotspot.state == .evaluating)

        // alpha is sure of Hotel, and logs in: online.
        a = h.respond(evaluate, .success, confidence: .high)
        let authenticate = try #require(a.runs(.authenticate).first)
        h.respond(authenticate, .success)
        #expect(h.m.hotspot.state == .authenticated)
        #expect(h.m.hotspot.snapshot().link?.stage == .online)

        // The poll goes on while online; its timer fires on the clock of its input.
        a = h.fire(.link(.station))
        #expect(a == [.link(.pollStation, radio: 0)])
        h.on(.link(.stationPolled(rssi: -52)), after: 1, "station read")

        // The AP goes silent: the next candidate is joined at once, not the BSS that went, and Hotel's block
        // on wpa_supplicant goes first.
        a = h.on(.link(.apLost), after: 60_000, "AP lost")
        #expect(!h.m.link.isAssociated && !h.m.hotspot.isAssociated)
        #expect(a.joinPlans == [Fixture.cafe])
        #expect(a.removedBlocks == [netID(0)])
        #expect(h.m.link.staleAddress, "the lease of Hotel is still on the interface")
        h.on(.link(.workFinished(.joined(netID(1), reused: false))), after: 20, "join plan done")

        // Cafe associates before the DHCP client dropped Hotel's lease: that address is not Cafe's.
        a = h.on(.link(.connected(bssid: bssid(4), networkID: netID(1))), after: 600, "CONNECTED to Cafe")
        #expect(a.runs(.evaluate).isEmpty, "Hotel's address would send the helpers to a network that is gone")
        #expect(h.armed[.link(.address)] == h.now + LinkMachine.freshAddressWaitMs)
        h.route = RouteFacts()
        h.on(.link(.addressingChanged), after: 100, "old lease dropped")
        h.route = RouteFacts(hasAddress: true, hasGateway: true)
        a = h.on(.link(.addressingChanged), after: 900, "Cafe's lease")
        let next = try #require(a.runs(.evaluate).first)
        #expect(next.network?.ssid == Fixture.cafe)
        #expect(h.m.hotspot.snapshot().link?.ssid == Fixture.cafe)
    }

    /// An owner's request goes in, its reply comes out with the actions it caused; a join the owner asks for
    /// reaches wpa_supplicant through the link machine's queue, behind the network change under way.
    @Test func theOwnersJoinWaitsBehindTheNetworkChangeUnderWay() {
        var h = StationHarness()
        h.on(.link(.supplicantUp))
        h.on(.link(.scanRead(.kernel, Self.scan)), after: 100, "kernel scan read")
        guard case .join(let first)? = h.m.link.work else { return #expect(Bool(false), "the scan's join runs") }
        #expect(first.ssid == Fixture.hotel)
        let a = h.on(.hotspot(.owner(.join(Fixture.cafe, passphrase: pass("cafe-secret"), once: false))), after: 10, "owner joins Cafe")
        #expect(a.contains { if case .reply(.accepted) = $0 { return true } else { return false } })
        #expect(a.joinPlans.isEmpty, "one network change on wpa_supplicant at a time")
        #expect(h.m.link.queue.count == 1)
        let done = h.on(.link(.workFinished(.joined(netID(0), reused: false))), after: 20, "Hotel's plan done")
        #expect(done.joinPlans == [Fixture.cafe])
    }

    /// A second radio's association is not the uplink's; a join moved to another radio makes the route
    /// monitor follow (`followUplink`), once, before the join's plan.
    @Test func aJoinOnAnotherRadioFollowsTheUplink() {
        var h = StationHarness()
        h.m = StationMachine(radios: 2, hotspot: HotspotMachine(configuration: Fixture.config([]), now: h.now))
        h.on(.link(.supplicantUp, radio: 0))
        h.on(.link(.supplicantUp, radio: 1))
        var five = Fixture.entry(Fixture.hotel, 7, rssi: -40)
        five.frequency = 5180
        let a = h.on(.link(.scanRead(.kernel, [five]), radio: 1), after: 100, "radio 1's scan")
        let follow = a.firstIndex(of: .link(.followUplink, radio: 0))
        let plan = a.firstIndex { if case .link(.runJoinPlan, _) = $0 { return true } else { return false } }
        #expect(follow != nil && plan != nil && follow! < plan!)
        #expect(h.m.link.radio == 1)
        #expect(a.filter { $0 == .link(.followUplink, radio: 0) }.count == 1)
    }
}
