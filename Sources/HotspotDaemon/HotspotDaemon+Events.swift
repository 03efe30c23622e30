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
    /// What an event says, to tell each change once.
    struct Told: Equatable {
        var state: HotspotState
        var link: StatusSnapshot.LinkStage?
        var ssid: SSID?
        /// A login waiting for answers: the portal's refusals so far; -1 none.
        var refusals: Int
    }
    var directory = "/etc/hotspot/events.d"
    var told: Told? = nil
    var queue: [[String]] = []
    var running: HelperProcess? = nil
    var timeLimitMs: Int64 = 30_000
    static let queueLimit = 8
    /// The environment's variables, in the order `event` gives their values.
    static let variables: [StaticString] = [
        "HOTSPOT_EVENT=", "HOTSPOT_STATE=", "HOTSPOT_SSID=", "HOTSPOT_SSID_HEX=", "HOTSPOT_REASON=", "HOTSPOT_FIELDS=",
        "HOTSPOT_PROMPTS=",
    ]
    /// Each executable in turn, a failure said on stderr (the daemon logs it): `$0` is the directory.
    static let script = "for f in \"$0\"/*; do [ -f \"$f\" ] && [ -x \"$f\" ] || continue; \"$f\" || echo \"${f##*/} exited with status $?\" >&2; done"

    /// The environment of the event this snapshot makes, or nil when it tells nothing new. The event is
    /// the change the owner acts on: a network disabled (failure, auto-join off), a login waiting for
    /// answers, the uplink lost; any other change of state or link is `state`.
    mutating func event(_ s: StatusSnapshot) -> [String]? {
        let ui = s.uiAnswersSent ? nil : s.uiRequest
        let now = Told(state: s.state, link: s.link?.stage, ssid: s.link?.ssid, refusals: ui?.refusals ?? -1)
        let before = told
        if now == before { return nil }
        told = now
        var values = ["state", s.state.rawValue, "", "", "", "", ""]
        var ssid = now.ssid
        if s.state == .failure, let f = s.lastFailure, f.autoJoinDisabled {
            values[0] = "network-disabled"
            values[4] = f.reason
            ssid = f.ssid
        } else if let ui {
            values[0] = "ui-required"
            values[4] = ui.message ?? ""
            for f in ui.fields {
                values[5] += (values[5].isEmpty ? "" : " ") + f.name
                values[6] += (values[6].isEmpty ? "" : ", ") + (f.prompt.isEmpty ? f.name : f.prompt)
            }
        } else if let b = before, b.link == .online, now.link != .online || now.ssid != b.ssid {
            values[0] = "uplink-lost"
            ssid = b.ssid
        }
        values[2] = ssid.map { HelperProtocol.printable($0.bytes) } ?? ""
        values[3] = ssid?.hex ?? ""
        var env = HelperProtocol.baseEnvironment
        for i in 0..<values.count {
            env.append(String(decoding: ASCII.bytes(OwnerEvents.variables[i]), as: UTF8.self) + HelperProtocol.printable(Array(values[i].utf8)))
        }
        return env
    }
}

extension HotspotDaemon {
    func raiseEvent(_ s: StatusSnapshot) {
        guard let environment = events.event(s), cl_directory_has_entries(events.directory) == 1 else { return }
        if events.queue.count == OwnerEvents.queueLimit {
            events.queue.removeFirst()
            logger.log(.warning, "events.d: too many events waiting; the oldest dropped")
        }
        events.queue.append(environment)
        runNextEvent()
    }

    func runNextEvent() {
        guard events.running == nil, !events.queue.isEmpty, let ids = HotspotDaemon.resolve(settings.helperUser) else { return }
        let environment = events.queue.removeFirst()
        // HOTSPOT_EVENT=NAME, after the base environment.
        let what = environment[HelperProtocol.baseEnvironment.count]
        logger.log(.info, "events.d: " + what)
        var sandbox = HelperSandbox()
        sandbox.uid = ids.uid
        sandbox.gid = ids.gid
        var timer = 0
        events.running = HelperProcess.start(
            loop: loop, path: "/bin/sh", arguments: ["-c", OwnerEvents.script, events.directory], environment: environment,
            input: [], sandbox: sandbox
        ) { [self] outcome in
            loop.cancel(timer)
            events.running = nil
            switch outcome {
            case .exited(_, _, let stderr), .signaled(_, let stderr):
                HotspotDaemon.logStderr(stderr, lines: 4) { logger.log(.warning, "events.d: " + $0) }
            case .killed:
                logger.log(.warning, "events.d: " + what + " stopped at the time limit")
            default:
                logger.log(.warning, "events.d: " + what + " did not run")
            }
            runNextEvent()
        }
        timer = loop.schedule(after: events.timeLimitMs) { [self] in events.running?.kill() }
    }
}
