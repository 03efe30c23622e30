import HotspotProtocol
import HotspotSystem

#if !HOTSPOTD_NO_RADIO_VERBS
/// `hotspotd radio monitor`.
extension RadioCommand {
    /// Print wpa_supplicant's events and the control link's ups and downs for `--seconds`: shows the
    /// client riding out a wpa_supplicant restart.
    static func monitor(_ o: Options) -> Int32 {
        guard let name = interfaceName(o) else { return 1 }
        let loop = EventLoop()
        let runDirectory = RunDirectory(o.runDirectory)
        do { try runDirectory.prepare() } catch {
            Output.err("hotspotd: radio monitor: cannot prepare \(o.runDirectory): \(error.description)")
            return 1
        }
        var config = SupplicantClient.Configuration(controlPath: o.controlDirectory + "/" + name, clientDirectory: o.runDirectory)
        config.pingInterval = 2_000
        config.requestTimeout = 2_000
        config.reconnectMaximum = 2_000
        let client = SupplicantClient(config, loop: loop)
        let start = loop.now
        func stamp() -> String {
            let ms = loop.now - start
            return "[\(ms / 1000).\((ms % 1000) / 100)] "
        }
        var ups = 0
        client.onAttached = {
            ups += 1
            Output.out(stamp() + (ups == 1 ? "attached to " : "attached again to ") + config.controlPath)
        }
        client.onDetached = { why in Output.out(stamp() + "detached: " + why) }
        client.onEvent = { message in Output.out(stamp() + "event " + describe(message.event)) }
        client.start()
        loop.schedule(after: Int64(o.seconds) * 1000) { loop.stop() }
        loop.run()
        client.stop()
        Output.out(stamp() + "done: \(ups) attach(es), \(client.reconnects) reconnect attempt(s)")
        return ups > 0 ? 0 : 1
    }

    static func describe(_ e: SupplicantEvent) -> String {
        switch e {
        case .scanStarted: return "scan-started"
        case .scanResults: return "scan-results"
        case .scanFailed(let code): return "scan-failed \(code.map { "\($0)" } ?? "")"
        case .connected(let bssid, let id, _): return "connected bssid=" + (bssid.map { "\($0)" } ?? "?") + " id=" + (id.map { "\($0)" } ?? "?")
        case .disconnected(let bssid, let reason, let local):
            return "disconnected bssid=" + (bssid.map { "\($0)" } ?? "?") + " reason=" + (reason.map { "\($0)" } ?? "?") + (local ? " local" : "")
        case .temporarilyDisabled(let id, let ssid, _, let duration, let reason):
            return "temp-disabled id=" + (id.map { "\($0)" } ?? "?") + " ssid=\"" + (ssid.map { $0.description } ?? "?") + "\" reason=" + (reason.map { $0.description } ?? "?") + " duration=" + (duration.map { "\($0)" } ?? "?")
        case .reenabled(let id, _): return "reenabled id=" + (id.map { "\($0)" } ?? "?")
        case .networkNotFound: return "network-not-found"
        case .terminating: return "terminating"
        case .associationRejected: return "assoc-reject"
        case .authenticationRejected: return "auth-reject"
        case .handshakeFailed: return "handshake-failed"
        case .certificateRefused(let why): return "certificate-refused " + why
        case .unknown(let text): return "other " + text
        }
    }
}
#endif
