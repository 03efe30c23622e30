import HotspotCore
import HotspotSystem

/// What the driver does to the world on the station's behalf (each `StationAction` but timers and
/// replies, which the driver keeps), and what it reads of the world at each input. The daemon implements
/// it with wpa_supplicant, nl80211, helper processes, the state file and syslog; tests implement it with a
/// recorder. The driver is generic over it: its calls are direct, to the one implementation each build has.
public protocol HotspotEffects: AnyObject {
    func runHelper(_ request: HelperRequest)
    func abandonHelper(requestID: UInt64, helper: String)
    func requestScan()
    func persist(_ state: PersistentState)
    func log(_ level: LogLevel, _ message: String)
    /// The status changed: record it for `hotspotd status` (its recent changes).
    func notify()
    /// The hotspot machine took a scan in (`scan --now`'s owners wait for it).
    func scanTaken()
    /// wpa_supplicant's and nl80211's work for this radio (the link machine's actions but its timers).
    func perform(_ action: LinkAction, radio: Int)
    /// The uplink interface's addressing as the kernel has it now.
    func routeFacts() -> RouteFacts
    /// Unix seconds while the wall clock is synchronised, else nil.
    func wallClock() -> Int64?
}

/// The one executor: the seam between the pure station (`StationMachine`) and the I/O around it. Inputs go
/// in one at a time, and every action of a batch is performed before the next input reaches the machine.
///
/// Completions that arrive while a batch is being performed (a helper that fails to start inside `runHelper`,
/// a reply already buffered) are queued, never fed to the core in the middle of the batch: the core's actions
/// are ordered (run the helper, *then* arm its timer), and an answer slipped in between would settle a
/// request whose timer is armed afterwards.
///
/// An action's answer that comes at once (a kernel read, a request to an unreachable wpa_supplicant) waits
/// in the same queue.
///
/// Timers belong to the machine: it arms and cancels them by `TimerID` with absolute deadlines on the
/// monotonic clock; the driver holds one loop timer per id and feeds `timerFired(id)` back. Nothing else
/// here times out.
public final class HotspotDriver<Effects: HotspotEffects> {
    public typealias ReplyHandler = (OwnerReply) -> Void

    /// A class: taken out of `inbox` by reference, never copied with its input and handler.
    final class Pending {
        let input: StationInput
        let onReply: ReplyHandler?

        init(input: StationInput, onReply: ReplyHandler?) {
            self.input = input
            self.onReply = onReply
        }
    }

    /// A class: its list shares much of its code with the other lists of class instances.
    final class ArmedTimer {
        let id: TimerID
        let deadline: Int64
        let loopTimer: Int

        init(id: TimerID, deadline: Int64, loopTimer: Int) {
            self.id = id
            self.deadline = deadline
            self.loopTimer = loopTimer
        }
    }

    public let loop: EventLoop
    public private(set) var machine: StationMachine
    /// The hotspot machine's status, taken in place (see `snapshotInPlace`).
    public func snapshot() -> StatusSnapshot { machine.snapshotInPlace() }
    public func scanRows() -> [StatusSnapshot.ScanRow] { machine.scanRowsInPlace() }
    /// Set once, right after `init(machine:loop:)` when the effects are the driver's owner.
    var effects: Effects!
    var inbox: [Pending] = []
    var performing = false
    var timers: [ArmedTimer] = []
    /// The reply handler of the input whose actions are being performed.
    var currentReply: ReplyHandler? = nil

    public convenience init(machine: StationMachine, loop: EventLoop, effects: Effects) {
        self.init(machine: machine, loop: loop)
        self.effects = effects
    }

    init(machine: StationMachine, loop: EventLoop) {
        self.machine = machine
        self.loop = loop
    }

    /// Feed one input to the machine. `onReply` receives the answer when the input is an owner's request.
    /// Safe to call from inside an action being performed: the input then waits for the batch to finish.
    public func submit(_ input: StationInput, onReply: ReplyHandler? = nil) {
        inbox.append(Pending(input: input, onReply: onReply))
        guard !performing else { return }
        performing = true
        while !inbox.isEmpty {
            let next = inbox.remove(at: 0)
            let actions = machine.handle(next.input, route: effects.routeFacts(), now: loop.now,
                                         wallClock: effects.wallClock())
            currentReply = next.onReply
            for action in actions { perform(action) }
            currentReply = nil
        }
        performing = false
    }

    /// The timers the driver holds for the core, with their deadlines (for `status` and tests).
    public var armedTimers: [(TimerID, Int64)] { timers.map { ($0.id, $0.deadline) } }

    func perform(_ action: StationAction) {
        switch action {
        case .runHelper(let request): effects.runHelper(request)
        case .abandonHelper(let id, let helper): effects.abandonHelper(requestID: id, helper: helper)
        case .requestScan: effects.requestScan()
        case .armTimer(let id, let deadline): arm(id, at: deadline)
        case .cancelTimer(let id): cancel(id)
        case .link(.armTimer(let timer, let deadline), _): arm(.link(timer), at: deadline)
        case .link(.cancelTimer(let timer), _): cancel(.link(timer))
        case .link(let work, let radio): effects.perform(work, radio: radio)
        case .persist(let state): effects.persist(state)
        case .log(let level, let message): effects.log(level, message)
        case .notify: effects.notify()
        case .scanTaken: effects.scanTaken()
        case .reply(let reply):
            if let r = currentReply { r(reply) }
        case .join, .removeNetworks, .disconnect:
            // The link machine's work: StationMachine hands it over, never to the driver.
            break
        }
    }

    func arm(_ id: TimerID, at deadline: Int64) {
        cancel(id)
        let loopTimer = loop.schedule(at: deadline) { [self] in
            // One entry per id: arming cancels the id's earlier timer first.
            if let i = timerIndex(id) { timers.remove(at: i) }
            submit(.timerFired(id))
        }
        timers.append(ArmedTimer(id: id, deadline: deadline, loopTimer: loopTimer))
    }

    func cancel(_ id: TimerID) {
        guard let i = timerIndex(id) else { return }
        loop.cancel(timers[i].loopTimer)
        timers.remove(at: i)
    }

    /// Where the timer of `id` is in `timers`: one loop for both callers instead of two specialised searches.
    @inline(never)
    func timerIndex(_ id: TimerID) -> Int? {
        var i = 0
        while i < timers.count && timers[i].id != id { i += 1 }
        return i < timers.count ? i : nil
    }

    /// Stop every timer (orderly exit).
    public func cancelAllTimers() {
        for t in timers { loop.cancel(t.loopTimer) }
        timers = []
    }
}
