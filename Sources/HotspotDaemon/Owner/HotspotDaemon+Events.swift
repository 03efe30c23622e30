import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem

/// The owner's notifications, hotplug style: at each change of state the daemon runs the executables in
/// `/etc/hotspot/events.d/`, in name order, through one `/bin/sh` per event, with the event in the
/// environment, as the helpers' user, within `timeLimitMs`. One event runs at a time; at most `queueLimit`
/// wait (the oldest is dropped), so a storm of changes cannot fill the router with processes. Without the
/// directory, or with nothing in it, nothing is started.
struct OwnerEvents {
    var directory = "/etc/hotspot/events.d"
    /// A login waited for answers at the last change: the next one asked (after a refusal) is told again.
    var waiting = false
    var queue: [[String]] = []
    var running: HelperProcess? = nil
    var timeLimitMs: Int64 = 30_000
    static let queueLimit = 8
    /// Each executable in turn, a failure said on stderr (the daemon logs it): `$0` is the directory.
    static let script = "for f in \"$0\"/*; do [ -f \"$f\" ] && [ -x \"$f\" ] || continue; \"$f\" || echo \"${f##*/} exited with status $?\" >&2; done"

    /// The event of a change (`before`: the state and link until now), or nil when it tells nothing new.
    /// The event is what the owner acts on: a network disabled (failure, auto-join off), a login waiting
    /// for answers, the uplink lost (or replaced); any other change of state, link or network is `state`.
    mutating func environment(_ s: StatusSnapshot, changed: Bool, before: ControlReport.Transition?) -> [String]? {
        // A case pattern, not `!= nil`: no copy of the request to compare.
        var asking = false
        if case .some = s.uiRequest { asking = !s.uiAnswersSent }
        let asked = asking && !waiting
        waiting = asking
        guard changed || asked else { return nil }
        var event = "state"
        var reason = ""
        var fields = ""
        var ssid = s.link?.ssid
        if s.state == .failure, let f = s.lastFailure, f.autoJoinDisabled {
            event = "network-disabled"
            reason = f.reason
            ssid = f.ssid
        } else if asking, let ui = s.uiRequest {
            event = "ui-required"
            reason = ui.message ?? ""
            // Field names are [A-Za-z0-9_] (the helper protocol's).
            for f in ui.fields { fields += (fields.isEmpty ? "" : " ") + f.name }
        } else if let b = before, ASCII.same(b.link, "online"), s.link?.stage != .online || ssid != b.ssid {
            event = "uplink-lost"
            ssid = b.ssid
        }
        var env = HelperProtocol.baseEnvironment
        env.append("HOTSPOT_EVENT=" + event)
        env.append("HOTSPOT_STATE=" + s.state.rawValue)
        // `if let`, not `Optional.map`: no specialisation for the closure.
        var printable = "", hex = ""
        if let ssid {
            printable = HelperProtocol.printable(ssid.bytes)
            hex = ssid.hex
        }
        env.append("HOTSPOT_SSID=" + printable)
        env.append("HOTSPOT_SSID_HEX=" + hex)
        env.append("HOTSPOT_REASON=" + HelperProtocol.printable(Array(reason.utf8)))
        env.append("HOTSPOT_FIELDS=" + fields)
        return env
    }
}

extension HotspotDaemon {
    func raiseEvent(_ s: StatusSnapshot, changed: Bool, before: ControlReport.Transition?) {
        guard let environment = events.environment(s, changed: changed, before: before),
              Directory.hasEntries(events.directory) else { return }
        if events.queue.count == OwnerEvents.queueLimit {
            events.queue.remove(at: 0)
            logger.log(.warning, "events.d: too many events waiting; the oldest dropped")
        }
        events.queue.append(environment)
        runNextEvent()
    }

    func runNextEvent() {
        guard events.running == nil, !events.queue.isEmpty,
              case .ids(let uid, let gid) = HotspotDaemon.sandboxIDs(settings.helperUser) else { return }
        let ids = (uid: uid, gid: gid)
        let environment = events.queue.remove(at: 0)
        // HOTSPOT_EVENT=NAME, after the base environment.
        let what = environment[HelperProtocol.baseEnvironment.count]
        logger.log(.info, "events.d: " + what)
        var sandbox = HelperSandbox()
        sandbox.uid = ids.uid
        sandbox.gid = ids.gid
        var limits = HelperProcess.Limits()
        limits.timeLimitMs = events.timeLimitMs
        events.running = HelperProcess.start(
            loop: loop, path: "/bin/sh", arguments: ["-c", OwnerEvents.script, events.directory], environment: environment,
            input: [], sandbox: sandbox, limits: limits
        ) { [self] outcome in
            events.running = nil
            if case .exited(_, _, let stderr) = outcome {
                for line in HotspotDaemon.stderrLines(stderr, 4) { logger.log(.warning, "events.d: " + line) }
            } else {
                // Stopped at the time limit, or /bin/sh did not start.
                logger.log(.warning, "events.d: " + what + " did not finish")
            }
            runNextEvent()
        }
    }
}
