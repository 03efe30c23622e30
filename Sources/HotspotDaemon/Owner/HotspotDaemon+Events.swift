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
    var classifier = OwnerEventClassifier()
    var queue: [[String]] = []
    var running: HelperProcess? = nil
    var timeLimitMs: Int64 = 30_000
    static let queueLimit = 8
    /// Each executable in turn, a failure said on stderr (the daemon logs it): `$0` is the directory.
    static let script = "for f in \"$0\"/*; do [ -f \"$f\" ] && [ -x \"$f\" ] || continue; \"$f\" || echo \"${f##*/} exited with status $?\" >&2; done"
}

extension HotspotDaemon {
    /// Queues the event of a change (`before`: the state and link until now), if it is one (OwnerEventClassifier).
    func raiseEvent(_ s: StatusSnapshot, changed: Bool, before: ControlReport.Transition?) {
        var onlineBefore: SSID? = nil
        if let before, ASCII.same(before.link, "online") { onlineBefore = before.ssid }
        guard let environment = events.classifier.environment(s, changed: changed, onlineBefore: onlineBefore),
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
