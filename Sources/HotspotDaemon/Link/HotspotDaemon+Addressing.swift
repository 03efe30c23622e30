import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// The kernel's addresses changed: the link machine hears it first; then the uplink's lease is held against
/// the router's other networks (SubnetClash), and a replaced or removed default route of the uplink is a
/// hint to the internet check.
extension HotspotDaemon {
    func addressingChanged() {
        hear(.addressingChanged)
        checkSubnetClash()
        let gateway = route?.addressing.gateway
        // Not at the join (no route before): the machine checks a new uplink by itself.
        if uplinkGateway != nil && gateway != uplinkGateway { driver.submit(.hotspot(.internetHint(.routeChanged))) }
        uplinkGateway = gateway
    }

    /// Moves network.lan to `$2` when its address is `$1`, the one that clashes (a LAN set up some other way,
    /// or a clash with a VPN's address, is left alone).
    static let renumberScript = "a=$(uci -q get network.lan.ipaddr);case \"$a\" in \"$1\"|\"$1\"/*);;*)echo \"network.lan is ${a:-unset}, not $1\">&2;exit 3;;esac;uci set network.lan.ipaddr=$2&&uci set network.lan.netmask=255.255.255.0&&uci commit network&&/etc/init.d/network reload"

    /// At every change of the kernel's addresses and at a reload: a clash is said in the log and `status`;
    /// with `option lan_clash 'renumber'` network.lan is moved to a free /24 by a child process, so the loop
    /// never waits for uci or netifd.
    func checkSubnetClash() {
        guard let a = route?.addressing else { return }
        if clash.update(uplink: a.addresses, others: a.others), let u = clash.uplink, let r = clash.router {
            logger.log(.warning, "subnet clash: the uplink's " + u.description + " overlaps the router's " + r.description)
        }
        guard settings.renumberLAN, let old = clash.router?.address else { return }
        let said = clash.renumberNote
        guard let new = clash.renumber(avoiding: a.addresses, a.others, venue: driver.machine.link.block?.ssid ?? SSID(),
                                       now: loop.now)?.address else {
            // A storm's bound reached: said once in the log; status shows it meanwhile.
            if let n = clash.renumberNote, !ASCII.same(n, said) { logger.log(.warning, "lan_clash: " + n) }
            return
        }
        renumberLAN(old.description, new.description)
    }

    /// Runs the renumbering as root within `command_timeout`, as a helper's command: a uci or netifd that
    /// hangs is killed, and the clash is said as not moved instead of renumbering for good. `shell`: tests
    /// stand one in.
    func renumberLAN(_ old: String, _ new: String, shell: String = "/bin/sh") {
        let move = "the LAN from " + old + " to " + new
        logger.log(.notice, "lan_clash: moving " + move)
        var sandbox = HelperSandbox()
        sandbox.dropPrivileges = false
        sandbox.isolated = false  // it is the daemon's own root work (uci, the LAN's reload)
        var limits = HelperProcess.Limits()
        limits.timeLimitMs = driver.machine.hotspot.configuration.commandTimeoutMs
        HelperProcess.start(
            loop: loop, path: shell, arguments: ["-c", HotspotDaemon.renumberScript, "sh", old, new],
            environment: HelperProtocol.baseEnvironment, input: [], sandbox: sandbox, limits: limits
        ) { [self] outcome in
            var moved = false
            if case .exited(let status, _, let stderr) = outcome {
                moved = status == 0
                for line in HotspotDaemon.stderrLines(stderr, 2) { logger.log(.warning, line) }
            }
            let note = moved ? "moved " + move : "the LAN was not moved: " + outcome.description
            logger.log(.notice, note)
            clash.renumbered(note)
        }
    }
}
