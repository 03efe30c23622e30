/// The station as one machine, without I/O: the link machine (wpa_supplicant, nl80211, addresses) and the
/// hotspot machine (networks, helpers, logins, the owner) composed. One input, one action type, one driver;
/// every timer a deadline on the monotonic clock that comes with each input.
///
/// The two machines talk only through here: what the link machine hears for the hotspot machine
/// (`LinkAction.submit`) is handed over at once, and the hotspot machine's network changes (`join`,
/// `removeNetworks`, `disconnect`) go to the link machine's queue. Only what the world must do leaves.
/// A network change the link machine is asked for never answers the hotspot machine at once (its answer is
/// the world's: `workFinished`, CONNECTED), so the hotspot machine is never handed an input in the middle
/// of its own batch (LinkInvariants checks this).
public struct StationMachine {
    public private(set) var link: LinkMachine
    public private(set) var hotspot: HotspotMachine

    var out: [StationAction] = []
    /// The kernel's addressing and the clock of the input being handled.
    var route = RouteFacts()
    var now: Int64 = 0

    /// `radios`: how many station interfaces there are (`list interface`).
    public init(radios: Int = 1, hotspot: consuming HotspotMachine) {
        link = LinkMachine()
        link.radios = radios
        self.hotspot = hotspot
    }

    /// The one entry point. `route`: the uplink interface's addressing as the kernel has it now; `now`: the
    /// monotonic clock (ms); `wallClock`: Unix seconds while the wall clock is synchronised, else nil (owner
    /// networks' lifetimes).
    public mutating func handle(_ input: StationInput, route: RouteFacts, now: Int64, wallClock: Int64? = nil)
        -> [StationAction] {
        self.route = route
        self.now = now
        hotspot.wallClock = wallClock
        switch input {
        case .link(let event, let radio): toLink(event, from: radio ?? link.radio)
        case .hotspot(let event): toHotspot(event)
        case .timerFired(.link(let t)): toLink(.timerFired(t), from: link.radio)
        case .timerFired(let id): toHotspot(.timerFired(id))
        }
        var actions: [StationAction] = []
        swap(&actions, &out)
        return actions
    }

    /// Every timer either machine has armed: what the driver should hold.
    public var armedTimers: [TimerID] {
        var ids = hotspot.armedTimers
        if link.awaitingGateway || link.awaitingFreshAddress { ids.append(.link(.address)) }
        if link.stationTimerArmed { ids.append(.link(.station)) }
        return ids
    }

    /// The hotspot machine's `snapshotInPlace` and `scanRowsInPlace`, for a driver that holds this in a class.
    public mutating func snapshotInPlace() -> StatusSnapshot { hotspot.snapshotInPlace() }
    public mutating func scanRowsInPlace() -> [StatusSnapshot.ScanRow] { hotspot.scanRowsInPlace() }

    /// `r`: the radio the input came from; the actions that answer go back to it.
    mutating func toLink(_ input: LinkInput, from r: Int) {
        for action in link.handle(input, route: route, now: now, from: r) {
            if case .submit(let event) = action { toHotspot(event) } else { out.append(.link(action, radio: r)) }
        }
    }

    mutating func toHotspot(_ input: HotspotInput) {
        for action in hotspot.handle(input, now: now) {
            switch action {
            case .join(let target): toLink(.request(.join(target)), from: link.radio)
            case .removeNetworks(let ssid): toLink(.request(.forget(ssid)), from: link.radio)
            case .disconnect: toLink(.request(.disconnect), from: link.radio)
            case .runHelper, .abandonHelper, .requestScan, .armTimer, .cancelTimer, .persist, .log, .notify, .reply,
                 .link, .scanTaken:
                out.append(action)
            }
        }
        if case .scanResults = input { out.append(.scanTaken) }
    }
}
