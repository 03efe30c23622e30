/// The station's link, without I/O: what to ask wpa_supplicant, nl80211 and the clock for, and which of
/// their answers become the hotspot machine's inputs. `StationMachine` composes it with the hotspot machine:
/// supplicant events, replies, address changes and timer fires come in as `LinkInput`s, the `LinkAction`s go
/// out in order (`submit` to the hotspot machine, the rest to the world); an action's answer (a plan that
/// finished, a scan read) comes back as another input.
///
/// Policy that lives here: network changes run one at a time in order; a scan fetch from wpa_supplicant's
/// BSS table runs once with any number of SCAN-RESULTS meanwhile; only the second NETWORK-NOT-FOUND after a
/// join's selection counts (the first, for a join on known channels); IPv4 is complete with the default
/// route, or 2 s after the address without it; an address the interface kept from the association before
/// counts only once the DHCP client had 8 s to drop it; the station's signal is polled every 10 s while
/// it is associated.
///
/// Radios (`list interface`, each with its own wpa_supplicant): every radio's scan goes into one table,
/// its entries marked with the radio; a join runs on its target's radio and removes the earlier block on
/// the radio it leaves, so one station is associated at a time. The other radios' association events
/// are dropped: their networks are not the uplink. With one radio this is the single-radio path.
public struct LinkMachine {
    /// A change of wpa_supplicant's networks, queued while another one runs. Boxed: the queue's array
    /// code then is that of any array of references (flash is scarce).
    public indirect enum Work: Hashable, Sendable {
        case join(JoinTarget)
        case forget(SSID)
        case disconnect
    }

    /// A read of the scan table from wpa_supplicant's BSS pages, for when nl80211 cannot give it.
    enum Paging: Hashable {
        case idle
        case reading
        /// SCAN-RESULTS came while reading: read once more after this read.
        case readingThenAgain
    }

    /// The wpa_supplicant network block of the latest join (CTRL-EVENT-CONNECTED names only an id). One at
    /// a time: a join removes the blocks of earlier choices first. A restarted wpa_supplicant's ids mean
    /// other networks.
    public private(set) var block: (id: NetworkID, ssid: SSID)? = nil
    /// The network change under way, and those waiting behind it.
    public private(set) var work: Work? = nil
    public private(set) var queue: [Work] = []
    var paging = Paging.idle
    /// The latest join's SELECT_NETWORK went out; NETWORK-NOT-FOUND events since then.
    public private(set) var joinSelected = false
    public private(set) var notFoundSinceJoin = 0
    /// The interface had an address at the latest address change.
    public private(set) var hadAddress = false
    /// The interface's address is the one it had when its association ended: the DHCP client (netifd,
    /// a wpa_cli action) drops it a moment later, and a helper given it would probe a network that is gone.
    public private(set) var staleAddress = false
    /// Associated with only a stale address: waiting for it to go, or for the address timer.
    public private(set) var awaitingFreshAddress = false
    public private(set) var awaitingGateway = false
    public private(set) var stationTimerArmed = false
    /// The uplink's station is associated: from its CONNECTED (or a STATUS that found it) to its disconnect.
    /// Its signal is polled meanwhile.
    public private(set) var isAssociated = false
    /// How many radios there are, and the one of the latest join (the uplink's; network changes go to it).
    public var radios = 1
    public private(set) var radio = 0
    /// Every radio's latest scan, when there are several.
    var radioScan: [ScanEntry] = []

    public static let gatewayWaitMs: Int64 = 2_000
    /// How long an association waits for a stale address to go before it takes it after all (a static
    /// address stays).
    public static let freshAddressWaitMs: Int64 = 8_000
    public static let stationPollMs: Int64 = 10_000

    var out: [LinkAction] = []
    /// The monotonic time of the input being handled: timers are armed at deadlines from it.
    var now: Int64 = 0

    public init() {}

    public var isPagingScan: Bool { paging != .idle }

    /// The one entry point. `route`: the uplink interface's addressing as the kernel has it now; `now`: the
    /// monotonic clock (ms); `from`: the radio whose wpa_supplicant or kernel said it (its actions that
    /// answer go there too).
    public mutating func handle(_ input: LinkInput, route: RouteFacts, now: Int64, from r: Int = 0) -> [LinkAction] {
        self.now = now
        if r != radio && !fromOtherRadio(input, r) { return flush() }
        switch input {
        case .routeOpened:
            hadAddress = route.hasAddress
        case .supplicantUp:
            emit(.log(.notice, "attached to wpa_supplicant"))
            // Its networks may be gone (restarted with a fresh configuration); the core re-applies its choice.
            block = nil
            queue = []
            emit(.submit(.supplicantReconnected))
            // Already associated (we were restarted, it was not): pick the association up as it is.
            emit(.requestStatus(.attached))
        case .scanResultsReady:
            emit(.readScan(.kernel))
        case .scanRead(.kernel, let entries?):
            emit(.submit(.scanResults(merged(entries, r))))
        case .scanRead(.kernel, nil):
            switch paging {
            case .idle:
                paging = .reading
                emit(.readScan(.supplicant))
            case .reading, .readingThenAgain:
                paging = .readingThenAgain
            }
        case .scanRead(.supplicant, let entries):
            finishPaging(entries.map { merged($0, r) })
        case .connected(let bssid, let id):
            if let id, let ssid = ssid(of: id) {
                associated(ssid, bssid, id, nil, nil, route)
            } else {
                // Not a network we configured in this run: ask wpa_supplicant what it joined.
                emit(.requestStatus(.connected(bssid: bssid, networkID: id)))
            }
        case .status(.attached, let s?) where s.completed:
            if let ssid = s.ssid {
                // An association we pick up as it is keeps its address.
                staleAddress = false
                associated(ssid, s.bssid, s.networkID, s.security, s.frequency, route)
            }
        case .status(.attached, _):
            break
        case .status(.connected(let bssid, let id), let s):
            if let s, let ssid = s.ssid {
                associated(ssid, bssid ?? s.bssid, id ?? s.networkID, s.security, s.frequency, route)
            } else {
                emit(.log(.warning, "connected, but wpa_supplicant's STATUS names no SSID"))
            }
        case .disconnected:
            linkDown(route)
            emit(.submit(.disconnected))
        case .apLost:
            linkDown(route)
            emit(.submit(.apLost))
        case .tempDisabled(let id, let ssid, let reason, let seconds):
            var name = ssid
            if case .none = name, let i = id { name = self.ssid(of: i) }
            guard let name else { break }
            emit(.submit(.supplicant(.tempDisabled(ssid: name, reason: reason ?? .other("unknown"), seconds: seconds ?? 0))))
        case .networkNotFound:
            // wpa_supplicant says so after any scan without an enabled network in it, including the scan
            // that was under way while we selected ours: only a second one after the selection counts.
            guard joinSelected else { break }
            notFoundSinceJoin += 1
            if notFoundSinceJoin == 2 { emit(.submit(.supplicant(.networkNotFound(ssid: nil)))) }
        case .addressingChanged:
            defer { hadAddress = route.hasAddress }
            if !route.hasAddress {
                // The stale address went: the next one is this association's, however long DHCP takes.
                staleAddress = false
                endFreshAddressWait()
            }
            if route.hasAddress && !hadAddress {
                emit(.logAddress)
                endFreshAddressWait()
                addressReady(route)
            } else if awaitingGateway, route.hasGateway {
                joinComplete()
            }
        case .timerFired(.address):
            // A fire the daemon could not cancel in time is stale.
            if awaitingFreshAddress {
                awaitingFreshAddress = false
                staleAddress = false
                emit(.log(.notice, "the address from the association before stayed: taken as this one's"))
                if route.hasAddress { addressReady(route) }
                break
            }
            guard awaitingGateway else { break }
            awaitingGateway = false
            emit(.submit(.ipv4Acquired))
        case .timerFired(.station):
            guard stationTimerArmed else { break }
            stationTimerArmed = false
            emit(.pollStation)
        case .stationPolled(let rssi):
            if let rssi { emit(.submit(.linkSignal(rssi: rssi))) }
            // A failed read (the kernel busy, a roam under way) must not end the polling while the station is
            // associated, or the signal stays stale for the whole association; once it is not, it ends.
            if isAssociated {
                stationTimerArmed = true
                emit(.armTimer(.station, at: now + Self.stationPollMs))
            }
        case .request(let w):
            switch w {
            case .join(let t):
                joinSelected = false
                // A scan of the known channels that misses the network is final: the first
                // NETWORK-NOT-FOUND counts, so the core falls back at once rather than after wpa_supplicant's
                // next scan of the same channels.
                notFoundSinceJoin = t.frequencies.isEmpty ? 0 : 1
            case .disconnect:
                // A DISCONNECT must not be undone by a later SELECT_NETWORK.
                joinSelected = false
            case .forget:
                break
            }
            queue.append(w)
            if case .none = work { nextWork() }
        case .workFinished(let outcome):
            finishWork(outcome)
        }
        return flush()
    }

    mutating func flush() -> [LinkAction] {
        var actions: [LinkAction] = []
        swap(&actions, &out)
        return actions
    }

    mutating func emit(_ action: LinkAction) { out.append(action) }

    /// Whether an input of a radio that is not the uplink's is handled: not its association events; its
    /// attach asks its STATUS, and an association found there is picked up when this run joined nothing.
    mutating func fromOtherRadio(_ input: LinkInput, _ r: Int) -> Bool {
        switch input {
        case .supplicantUp:
            emit(.log(.notice, "attached to wpa_supplicant"))
            emit(.requestStatus(.attached))
            return false
        case .status(.attached, let s?) where s.completed && block == nil && work == nil:
            radio = r
            hadAddress = false
            emit(.followUplink)
            return true
        case .status, .connected, .disconnected, .apLost, .tempDisabled, .networkNotFound:
            return false
        default:
            return true
        }
    }

    /// One table across the radios: each radio's latest scan, its entries marked with the radio.
    mutating func merged(_ entries: [ScanEntry], _ r: Int) -> [ScanEntry] {
        guard radios > 1 else { return entries }
        let radio = UInt8(truncatingIfNeeded: r)
        var all: [ScanEntry] = []
        for i in radioScan.indices where radioScan[i].radio != radio { all.append(radioScan[i]) }
        for i in entries.indices {
            all.append(entries[i])
            all[all.count - 1].radio = radio
        }
        radioScan = all
        return all
    }

    func ssid(of id: NetworkID) -> SSID? {
        guard let block, block.id == id else { return nil }
        return block.ssid
    }

    mutating func finishPaging(_ entries: [ScanEntry]?) {
        let again = paging == .readingThenAgain
        paging = .idle
        if let entries { emit(.submit(.scanResults(entries))) }
        if again { emit(.readScan(.kernel)) }
    }

    /// `security` and `frequency`: wpa_supplicant's STATUS when we asked for it.
    mutating func associated(_ ssid: SSID, _ bssid: BSSID?, _ id: NetworkID?, _ security: SecurityType?,
                             _ frequency: Int?, _ route: RouteFacts) {
        isAssociated = true
        emit(.submit(.associated(ssid: ssid, bssid: bssid, networkID: id, security: security, frequency: frequency)))
        // An address already there belongs to this association (a roam, or DHCP faster than this event),
        // unless it is the one the interface had when the association before ended.
        if route.hasAddress {
            if !staleAddress {
                endFreshAddressWait()
                addressReady(route)
            } else if !awaitingFreshAddress {
                awaitingFreshAddress = true
                emit(.armTimer(.address, at: now + Self.freshAddressWaitMs))
            }
        }
        if stationTimerArmed {
            stationTimerArmed = false
            emit(.cancelTimer(.station))
        }
        emit(.pollStation)
    }

    /// A DHCP client sets the address first and the default route a moment later; helpers want both
    /// (HOTSPOT_GATEWAY is often the portal). Wait up to 2 s for the route, then go on without it.
    mutating func addressReady(_ route: RouteFacts) {
        if route.hasGateway { return joinComplete() }
        awaitingGateway = true
        emit(.armTimer(.address, at: now + Self.gatewayWaitMs))
    }

    mutating func joinComplete() {
        if awaitingGateway {
            awaitingGateway = false
            emit(.cancelTimer(.address))
        }
        emit(.submit(.ipv4Acquired))
    }

    mutating func endFreshAddressWait() {
        guard awaitingFreshAddress else { return }
        awaitingFreshAddress = false
        emit(.cancelTimer(.address))
    }

    /// The uplink's association ended: its address is stale until the DHCP client drops it, and no wait
    /// for the address is left running.
    mutating func linkDown(_ route: RouteFacts) {
        isAssociated = false
        staleAddress = route.hasAddress
        if awaitingGateway || awaitingFreshAddress {
            awaitingGateway = false
            awaitingFreshAddress = false
            emit(.cancelTimer(.address))
        }
    }

    /// Network changes (join, forget) in order, one at a time: two interleaved LIST/ADD sequences would
    /// each add a block.
    mutating func nextWork() {
        guard !queue.isEmpty else {
            work = nil
            return
        }
        let next = queue.remove(at: 0)
        work = next
        switch next {
        case .join(let target):
            // One network block at a time, on one radio: the one of an earlier choice goes first.
            let to = Int(target.radio) < radios ? Int(target.radio) : radio
            if let b = block, b.ssid != target.ssid || to != radio {
                block = nil
                emit(.removeNetwork(b.id, radio: radio))
            }
            if to != radio {
                radio = to
                // The association of the radio it leaves ends unheard: that radio's events are dropped.
                isAssociated = false
                emit(.followUplink)
                // The new interface's address is yet to come.
                hadAddress = false
                staleAddress = false
            }
            emit(.runJoinPlan(target))
        case .forget(let ssid):
            // Every block of the SSID goes, those of an earlier run of the daemon too (the plan lists them).
            if let b = block, b.ssid == ssid { block = nil }
            emit(.runForgetPlan(ssid))
        case .disconnect:
            emit(.sendDisconnect)
        }
    }

    mutating func finishWork(_ outcome: WorkOutcome) {
        // Only the change under way is answered; nothing else is waited for.
        guard let current = work else { return }
        switch current {
        case .join(let t):
            if case .joined(let id, let reused) = outcome {
                joinSelected = true
                block = (id: id, ssid: t.ssid)
                emit(.log(.info, t.ssid.description + ": wpa_supplicant network " + id.description
                          + (reused ? " (reused)" : " (added)")))
            } else if case .failed(let why) = outcome {
                // The core's association timer notices and backs the network off.
                emit(.log(.warning, t.ssid.description + ": join not configured: " + why))
            }
        case .forget(let ssid):
            if case .removed(let count) = outcome, count > 0 {
                emit(.log(.info, ssid.description + ": removed from wpa_supplicant (" + String(count) + " network block(s))"))
            } else if case .failed(let why) = outcome {
                emit(.log(.warning, ssid.description + ": not removed from wpa_supplicant: " + why))
            }
        case .disconnect:
            if case .failed = outcome { emit(.log(.warning, "DISCONNECT refused")) }
        }
        nextWork()
    }
}

/// What the daemon tells the link machine.
public indirect enum LinkInput: Hashable, Sendable {
    /// The route monitor is open: whether the interface has an address already.
    case routeOpened
    /// The control connection to wpa_supplicant is (re-)established.
    case supplicantUp
    /// CTRL-EVENT-SCAN-RESULTS.
    case scanResultsReady
    /// A `readScan` finished: the table, or nil when that source could not give it (the reason is logged).
    case scanRead(ScanSource, [ScanEntry]?)
    /// CTRL-EVENT-CONNECTED.
    case connected(bssid: BSSID?, networkID: NetworkID?)
    /// wpa_supplicant's STATUS for a `requestStatus`; nil when it did not answer or the reply did not parse.
    case status(StatusQuery, LinkStatus?)
    case disconnected
    /// CTRL-EVENT-DISCONNECTED with reason 4 (inactivity), locally generated: how mac80211 reports an AP it
    /// no longer hears (beacon loss, probes unanswered).
    case apLost
    /// CTRL-EVENT-SSID-TEMP-DISABLED.
    case tempDisabled(networkID: NetworkID?, ssid: SSID?, reason: TempDisableReason?, seconds: Int?)
    case networkNotFound
    /// The kernel's addresses or routes of the interface changed (`route` has them).
    case addressingChanged
    case timerFired(LinkTimer)
    /// A `pollStation` read the station: its signal (nil when the read failed).
    case stationPolled(rssi: Int?)
    /// The core's join, removeNetworks and disconnect actions.
    case request(LinkMachine.Work)
    /// The network change under way finished.
    case workFinished(WorkOutcome)
}

/// The interface's addressing, as the daemon reads it at each input.
public struct RouteFacts: Hashable, Sendable {
    /// An IPv4 address.
    public var hasAddress: Bool
    /// A default route.
    public var hasGateway: Bool

    public init(hasAddress: Bool = false, hasGateway: Bool = false) {
        self.hasAddress = hasAddress
        self.hasGateway = hasGateway
    }
}

/// Where the scan table is read from: the kernel's (exact SSID bytes and IEs), or wpa_supplicant's BSS table.
public enum ScanSource: Hashable, Sendable {
    case kernel
    case supplicant
}

/// Why STATUS was asked, carried to its answer.
public enum StatusQuery: Hashable, Sendable {
    /// Just attached: an association already there is picked up.
    case attached
    /// CTRL-EVENT-CONNECTED of a network not configured in this run.
    case connected(bssid: BSSID?, networkID: NetworkID?)
}

/// What the link machine reads from wpa_supplicant's STATUS.
public struct LinkStatus: Hashable, Sendable {
    /// `wpa_state=COMPLETED`.
    public var completed: Bool
    public var ssid: SSID?
    public var bssid: BSSID?
    public var networkID: NetworkID?
    public var security: SecurityType?
    public var frequency: Int?

    public init(completed: Bool, ssid: SSID?, bssid: BSSID? = nil, networkID: NetworkID? = nil,
                security: SecurityType? = nil, frequency: Int? = nil) {
        self.completed = completed
        self.ssid = ssid
        self.bssid = bssid
        self.networkID = networkID
        self.security = security
        self.frequency = frequency
    }
}

/// How a network change ended.
public indirect enum WorkOutcome: Hashable, Sendable {
    /// The join plan configured and selected this block (`reused`: no ADD_NETWORK was needed).
    case joined(NetworkID, reused: Bool)
    /// The forget plan removed this many blocks.
    case removed(Int)
    /// Nothing to report (DISCONNECT answered OK, or not at all).
    case done
    case failed(String)
}

public enum LinkTimer: Hashable, Sendable {
    /// The wait for the address to settle: for the default route after it, or for a stale one to go.
    case address
    /// The next read of the associated station's signal.
    case station
}

/// What the daemon does for the link machine, in order.
public indirect enum LinkAction: Hashable, Sendable {
    /// Feed the core.
    case submit(HotspotInput)
    /// Read the scan table; answer with `scanRead`.
    case readScan(ScanSource)
    /// Ask wpa_supplicant's STATUS; answer with `status`.
    case requestStatus(StatusQuery)
    /// REMOVE_NETWORK on a radio, nobody waits for its answer.
    case removeNetwork(NetworkID, radio: Int = 0)
    /// Configure and select the network; answer with `workFinished`.
    case runJoinPlan(JoinTarget)
    /// Remove every block of the SSID; answer with `workFinished`.
    case runForgetPlan(SSID)
    /// DISCONNECT; answer with `workFinished`.
    case sendDisconnect
    /// Read the associated station's signal from nl80211 and answer with `stationPolled` (no answer
    /// without nl80211).
    case pollStation
    /// Fire `timerFired` at this monotonic time (ms); replaces an earlier deadline of the same timer.
    case armTimer(LinkTimer, at: Int64)
    case cancelTimer(LinkTimer)
    case log(LogLevel, String)
    /// Log the interface's new address (the daemon has its text).
    case logAddress
    /// The uplink moved to another radio (`radio`): the route monitor follows its interface.
    case followUplink
}
