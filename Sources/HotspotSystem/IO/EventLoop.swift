import CLinux

/// The daemon's one poll(2) loop: file-descriptor watches and one-shot timers on the monotonic clock.
/// Handlers run on the loop; they must not block. No threads anywhere.
public final class EventLoop {
    public typealias ReadyHandler = (_ revents: Int16) -> Void

    struct Watch {
        let id: Int
        let fd: Int32
        var events: Int16
        let handler: ReadyHandler
    }

    struct Timer {
        let id: Int
        let deadline: Int64
        let handler: () -> Void
    }

    var watches: [Watch] = []
    var timers: [Timer] = []
    /// Work posted by handlers: runs after the current handler returns, in order, before the next poll.
    var posted: [() -> Void] = []
    var nextID = 1
    var stopped = false

    public init() {}

    /// Monotonic milliseconds.
    public var now: Int64 { cl_monotonic_ms() }
    /// The longest time one turn of the loop spent on what poll(2) woke it for (handlers, due timers,
    /// posted work), in µs: how long a client, a helper or wpa_supplicant may have waited on the daemon.
    public private(set) var longestBusyMicroseconds: Int64 = 0
    /// Counts the loop's turns: a handler that rations its work per turn (the control server) compares it.
    public private(set) var turn: UInt64 = 0

    /// Call `handler` whenever `fd` is ready for `events` (or has an error/hang-up).
    @discardableResult
    public func watch(_ fd: FileDescriptor, events: Int16 = Int16(POLLIN), _ handler: @escaping ReadyHandler) -> Int {
        let id = nextID
        nextID += 1
        watches.append(Watch(id: id, fd: fd.rawValue, events: events, handler: handler))
        return id
    }

    public func setEvents(_ id: Int, _ events: Int16) {
        for i in watches.indices where watches[i].id == id { watches[i].events = events }
    }

    /// Loops over indices here, not removeAll/map/first(where:): no specialisation per closure on the router.
    /// Ids are unique: the first match is the only one.
    public func unwatch(_ id: Int) {
        for i in watches.indices where watches[i].id == id {
            watches.remove(at: i)
            return
        }
    }

    /// Run `handler` once, `milliseconds` from now.
    @discardableResult
    public func schedule(after milliseconds: Int64, _ handler: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        timers.append(Timer(id: id, deadline: now + max(0, milliseconds), handler: handler))
        return id
    }

    /// Run `handler` once at the monotonic time `deadline` (ms), or at once if it has passed.
    @discardableResult
    public func schedule(at deadline: Int64, _ handler: @escaping () -> Void) -> Int {
        let id = nextID
        nextID += 1
        timers.append(Timer(id: id, deadline: deadline, handler: handler))
        return id
    }

    public func cancel(_ id: Int) {
        for i in timers.indices where timers[i].id == id {
            timers.remove(at: i)
            return
        }
    }

    /// Run `work` after the current handler (and everything posted before it) has finished, before the
    /// loop waits again. Completions go through here so they never run inside the caller's own call.
    public func post(_ work: @escaping () -> Void) { posted.append(work) }

    /// True while posted work waits to run.
    public var hasPostedWork: Bool { !posted.isEmpty }

    public func stop() { stopped = true }

    /// Run until `stop()` or until `condition` becomes true.
    public func run(until condition: () -> Bool = { false }) {
        stopped = false
        while !stopped && !condition() {
            runOnce(maxWait: 60_000)
        }
    }

    /// One iteration: wait for the earliest of ready descriptors, the next timer, or `maxWait` ms.
    public func runOnce(maxWait: Int64) {
        runPosted()
        var wait = maxWait
        let start = now
        for t in timers { wait = min(wait, max(0, t.deadline - start)) }
        if !posted.isEmpty { wait = 0 }
        var fds: [pollfd] = []
        var ids: [Int] = []
        for w in watches {
            fds.append(pollfd(fd: w.fd, events: w.events, revents: 0))
            ids.append(w.id)
        }
        let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), Int32(wait)) }
        let woke = cl_monotonic_us()
        turn &+= 1
        defer { longestBusyMicroseconds = max(longestBusyMicroseconds, cl_monotonic_us() - woke) }
        if n > 0 {
            for i in fds.indices where fds[i].revents != 0 {
                // A handler may have removed this watch (or another) meanwhile.
                var k = 0
                while k < watches.count && watches[k].id != ids[i] { k += 1 }
                if k == watches.count { continue }
                let handler = watches[k].handler
                handler(fds[i].revents)
            }
        }
        fireDueTimers()
        runPosted()
    }

    /// Drains posted work, including work posted while draining.
    public func runPosted() {
        while !posted.isEmpty {
            let work = posted.remove(at: 0)
            work()
        }
    }

    func fireDueTimers() {
        let t = now
        // From the start after each: a handler may add or cancel timers.
        var i = 0
        while i < timers.count {
            if timers[i].deadline > t {
                i += 1
                continue
            }
            let timer = timers.remove(at: i)
            timer.handler()
            i = 0
        }
    }
}
