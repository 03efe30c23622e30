import Testing
import HotspotCore
import HotspotProtocol
import HotspotSystem
@testable import HotspotDaemon

/// What the daemon starts for a helper command: the portal helper is this binary, with network for evaluate.
@Suite struct HelperLaunchTests {
    let network = HotspotNetwork(ssid: SSID("Hotel")!, bssid: nil, rssi: -60, frequency: 2412, securityType: .open)
    let uplink = UplinkAddressing(interface: "phy0-sta0", address: "10.9.0.7", gateway: "10.9.0.1", dnsServers: ["10.9.0.1"])

    func launch(_ helper: HelperDescriptor, _ command: HelperCommand, settings: DaemonSettings = DaemonSettings(),
                configuration: HotspotConfiguration = HotspotConfiguration()) -> HelperLaunch {
        HotspotDaemon.launch(helper, HelperRequest(id: 1, helper: helper.name, command: command, network: network),
                             uplink: uplink, configured: settings.helper(named: helper.name),
                             portalDomains: configuration.preferences.safariDomains,
                             commandTimeoutMs: configuration.commandTimeoutMs, portalHelperPath: "/proc/self/exe")
    }

    @Test func externalHelpersEvaluateWithoutNetwork() {
        let helper = HelperDescriptor(name: "ext", kind: .external, program: "/usr/libexec/ext")
        let evaluate = launch(helper, .evaluate)
        #expect(evaluate.path == "/usr/libexec/ext" && evaluate.arguments == ["evaluate"])
        #expect(evaluate.noNetwork && evaluate.stderrLines == 1)
        #expect(!launch(helper, .authenticate).noNetwork)
        #expect(!evaluate.environment.contains { $0.hasPrefix("HOTSPOT_PORTAL_") })
    }

    /// Scripts that talk to the portal get `hotspotd fetch` by this binary's path and the owner's portal
    /// domains, which fetch enforces; evaluation has no network, so nothing to fetch with.
    @Test func externalHelpersGetFetchWithThePortalDomains() {
        let helper = HelperDescriptor(name: "ext", kind: .external, program: "/usr/libexec/ext")
        var configuration = HotspotConfiguration()
        configuration.preferences.safariDomains = ["example.net"]
        for command in [HelperCommand.authenticate, .presentUI, .maintain, .logoff] {
            let l = launch(helper, command, configuration: configuration)
            #expect(l.environment.contains { $0.hasPrefix("HOTSPOT_FETCH=/") && $0.hasSuffix(" fetch") }, "\(command)")
            #expect(l.environment.contains { $0.hasPrefix("HOTSPOT_CONNECT=/") && $0.hasSuffix(" connect") }, "\(command)")
            #expect(l.environment.contains { $0.hasPrefix("HOTSPOT_UDP=/") && $0.hasSuffix(" udp") }, "\(command)")
            #expect(l.environment.contains("HOTSPOT_PORTAL_DOMAINS=example.net"))
        }
        #expect(!launch(helper, .evaluate, configuration: configuration).environment.contains {
            $0.hasPrefix("HOTSPOT_FETCH") || $0.hasPrefix("HOTSPOT_CONNECT") || $0.hasPrefix("HOTSPOT_UDP")
        })
        #expect(HotspotDaemon.hotspotdPath("/usr/sbin/hotspotd") == "/usr/sbin/hotspotd")
        // A path a shell would split or expand is not used unquoted: PATH's hotspotd instead.
        #expect(HotspotDaemon.hotspotdPath("/tmp/my dir/hotspotd") == "hotspotd")
        #expect(HotspotDaemon.hotspotdPath("/tmp/$(reboot)") == "hotspotd")
    }

    @Test func thePortalHelperIsThisBinaryWithItsOptions() {
        let helper = HelperDescriptor(name: "portal", kind: .builtin, program: "portal")
        var settings = DaemonSettings()
        var options = HelperSettings(name: "portal", displayName: "portal", user: .name("nobody"))
        options.probeURLs = ["http://a.example/204", "https://b.example/204"]
        options.caBundle = "/etc/ca.pem"
        options.wisprUser = "u"
        options.wisprPassword = "p w"
        settings.helpers = [options]
        var configuration = HotspotConfiguration()
        configuration.preferences.safariDomains = ["example.net", "portal.test"]
        configuration.commandTimeoutMs = 30_000
        let l = launch(helper, .evaluate, settings: settings, configuration: configuration)
        #expect(l.path == "/proc/self/exe" && l.arguments == ["portal-helper", "evaluate"])
        #expect(!l.noNetwork && l.stderrLines > 1)
        for variable in ["HOTSPOT_PORTAL_PROBE_URLS=http://a.example/204 https://b.example/204",
                         "HOTSPOT_PORTAL_DOMAINS=example.net portal.test", "HOTSPOT_CA_BUNDLE=/etc/ca.pem",
                         "HOTSPOT_WISPR_USER=u", "HOTSPOT_PORTAL_TIME_LIMIT=25",
                         "HOTSPOT_INTERFACE=phy0-sta0", "HOTSPOT_DNS=10.9.0.1", "HOTSPOT_COMMAND=evaluate"] {
            #expect(l.environment.contains(variable), "\(variable)")
        }
        // Issue 35: the password goes on stdin, never in the environment, and only to the commands that log in.
        #expect(!l.environment.contains { $0.contains("HOTSPOT_WISPR_PASSWORD") } && l.input.isEmpty)
        for command in [HelperCommand.authenticate, .presentUI] {
            let login = launch(helper, command, settings: settings, configuration: configuration)
            #expect(!login.environment.contains { $0.contains("HOTSPOT_WISPR_PASSWORD") || $0.contains("p w") }, "\(command)")
            #expect(login.environment.contains("HOTSPOT_WISPR_USER=u"), "\(command)")
            #expect(String(decoding: login.input, as: UTF8.self) == "HOTSPOT_WISPR_PASSWORD=p w\n", "\(command)")
        }
        // Without options, none of its variables but the time limit.
        let bare = launch(helper, .maintain)
        #expect(bare.environment.filter { $0.hasPrefix("HOTSPOT_PORTAL_") || $0.hasPrefix("HOTSPOT_WISPR") }
            == ["HOTSPOT_PORTAL_TIME_LIMIT=40"])
    }

    /// Issue 24: the core's internet check runs the built-in portal helper's maintain: the configured
    /// one (its probe URLs), else one with the defaults; no other helper name is taken for it.
    @Test func theInternetCheckIsThePortalHelpersMaintain() {
        let check = HelperRequest(id: 1, helper: HotspotMachine.netcheckHelper, command: .maintain, network: network)
        let bare = HotspotDaemon.netcheckHelper(check, [])
        #expect(bare?.kind == .builtin && bare?.program == "portal" && bare?.name == HotspotMachine.netcheckHelper)
        let l = launch(bare!, .maintain)
        #expect(l.path == "/proc/self/exe" && l.arguments == ["portal-helper", "maintain"] && !l.noNetwork)
        let configured = HelperDescriptor(name: "venue", kind: .builtin, program: "portal")
        let c = HotspotConfiguration(helpers: [HelperDescriptor(name: "ext", kind: .external, program: "/x"), configured])
        #expect(HotspotDaemon.netcheckHelper(check, c.helpers)?.name == "venue")
        let other = HelperRequest(id: 2, helper: "nobody-of-ours", command: .maintain, network: network)
        #expect(HotspotDaemon.netcheckHelper(other, c.helpers) == nil)
    }

    @Test func thePortalHelpersStderrReachesTheLogLineByLine() {
        var logged: [String] = []
        let request = HelperRequest(id: 1, helper: "portal", command: .evaluate, network: network)
        let stderr = Array("probe: 302\ncaptive portal at http://x/\n".utf8)
        _ = HotspotDaemon.input(for: request, .exited(status: 0, stdout: Array("result=success\n".utf8), stderr: stderr),
                                stderrLines: 12, log: { logged.append($0) })
        #expect(logged == ["stderr: probe: 302", "stderr: captive portal at http://x/"])
        logged = []
        _ = HotspotDaemon.input(for: request, .exited(status: 0, stdout: Array("result=success\n".utf8), stderr: stderr),
                                log: { logged.append($0) })
        #expect(logged == ["stderr: probe: 302"])
        // Empty lines are skipped and not counted; a line is cut at 200 bytes.
        let long = String(repeating: "x", count: 300)
        #expect(HotspotDaemon.stderrLines(Array(("\n\na\n\n" + long + "\nb").utf8), 2)
                == ["stderr: a", "stderr: " + String(repeating: "x", count: 200)])
        #expect(HotspotDaemon.stderrLines(Array("\nlast".utf8), 4) == ["stderr: last"])
        #expect(HotspotDaemon.stderrLines([], 4) == [])
    }

    /// Every way a helper process ends reaches the core one way: an answer, or the failure that says why.
    @Test func howAHelperEndedIsTheCoresInput() {
        let auth = HelperRequest(id: 7, helper: "ext", command: .authenticate, network: network)
        var logged: [String] = []
        func input(_ outcome: HelperProcess.Outcome) -> HotspotInput {
            HotspotDaemon.input(for: auth, outcome) { logged.append($0) }
        }
        #expect(input(.exited(status: 0, stdout: Array("result=success\n".utf8), stderr: []))
                == .helperResponded(requestID: 7, HelperResponse(result: .success)))
        #expect(input(.exited(status: 75, stdout: [], stderr: [])) == .helperResponded(requestID: 7, HelperResponse(result: .temporaryFailure)))
        #expect(input(.exited(status: 3, stdout: [], stderr: Array("curl: (7) refused\nmore\n".utf8)))
                == .helperFailed(requestID: 7, .exited(status: 3)))
        #expect(logged == ["stderr: curl: (7) refused"])
        #expect(input(.exited(status: 0, stdout: Array("confidence=high\n".utf8), stderr: []))
                == .helperFailed(requestID: 7, .invalidOutput(HelperOutputError.noResult.description)))
        #expect(input(.signaled(signal: 11, stderr: [])) == .helperFailed(requestID: 7, .crashed(signal: 11)))
        #expect(input(.killed(stderr: [])) == .helperFailed(requestID: 7, .timedOut))
        #expect(input(.flooded) == .helperFailed(requestID: 7, .invalidOutput("more output than hotspotd reads")))
        guard case .helperFailed(7, .couldNotStart) = input(.failedToStart(stage: 1, error: Errno(2))) else {
            Issue.record("a helper that did not start is not couldNotStart")
            return
        }
    }

}
