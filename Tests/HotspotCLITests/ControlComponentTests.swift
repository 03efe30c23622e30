import Foundation
import Glibc
import Testing
import HotspotCore
import HotspotProtocol
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import SystemTestSupport
@testable import DaemonTestSupport

/// The client subcommands of the built `hotspotd` binary against a real daemon on the host: the daemon
/// (HotspotDaemon without nl80211 and route netlink, which the host lacks) runs in this process with a
/// scripted wpa_supplicant; each subcommand is a child process while the test turns the daemon's loop.
final class ControlHarness {
    let loop = EventLoop()
    let dir = temporaryDirectory()
    let daemon: HotspotDaemon
    let supplicant: FakeSupplicant
    var socket: String { dir + "/run/control" }
    static let binary = hotspotdBinary

    var config: String { dir + "/hotspot" }

    /// `extra`: more of the UCI file, after the main section; `state`: the state file the daemon finds.
    init(extra: String = "", state: String? = nil) throws {
        try FileManager.default.createDirectory(atPath: dir + "/wpa", withIntermediateDirectories: true)
        try state?.write(toFile: dir + "/state", atomically: false, encoding: .utf8)
        supplicant = FakeSupplicant(path: dir + "/wpa/wlan0", loop: loop)
        supplicant.start()
        daemon = try TestDaemon.make(dir, interface: "wlan0", extra: "\tlist portal_domain 'portal.example'\n\n" + extra, loop: loop)
        try RunDirectory(dir + "/run").prepare()
        if let failure = daemon.startControl() { Issue.record(Comment(rawValue: failure)) }
        daemon.startSupplicant()
    }

    deinit { daemon.control?.close() }

    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    /// `hotspotd ARGS --socket …` as a child process (as `user` via setpriv when given).
    func run(_ args: [String], socket: String? = nil, asNobody: Bool = false) throws -> Run {
        let p = Process()
        // `version` answers without the daemon and takes no options.
        let full = [ControlHarness.binary] + args + (args == ["version"] ? [] : ["--socket", socket ?? self.socket])
        if asNobody {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + full
        } else {
            p.executableURL = URL(fileURLWithPath: full[0])
            p.arguments = Array(full.dropFirst())
        }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        while p.isRunning { loop.runOnce(maxWait: 5) }
        return Run(status: p.terminationStatus,
                   out: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                   err: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func json(_ args: [String]) throws -> (Int32, Any) {
        let r = try run(args)
        return (r.status, try JSONSerialization.jsonObject(with: Data(r.out.utf8), options: [.fragmentsAllowed]))
    }
}

@Suite(.serialized) struct ControlComponentTests {
    static let hostile = SSID(bytes: [0x22, 0x0a, 0xff, 0x00, 0x5c, 0x41])!
    static let hotel = SSID("Hotel")!
    static let scan = [
        ScanEntry(ssid: hotel, bssid: BSSID("02:00:00:00:01:00")!, rssi: -50, frequency: 2412, security: .open),
        ScanEntry(ssid: hostile, bssid: BSSID("02:00:00:00:02:00")!, rssi: -95, frequency: 5180, security: .personal),
    ]

    func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func statusScanHelpersAndVersionWithTheirExitCodes() throws {
        let h = try ControlHarness()
        #expect(FileManager.default.fileExists(atPath: ControlHarness.binary), "build hotspotd first")
        let v = try h.run(["version"])
        #expect(v.status == 0 && v.out == "hotspotd \(hotspotdVersion)\n")

        var r = try h.run(["status"])
        #expect(r.status == 1)
        #expect(r.out.hasPrefix("state        no uplink (inactive for"))
        var (code, object) = try h.json(["status", "--json"])
        var status = try #require(object as? [String: Any])
        #expect(code == 1 && status["state"] as? String == "inactive" && status["usable"] as? Bool == false)
        #expect(status["uplink"] is NSNull)
        // The daemon has run turns of its loop by now (the request itself is one): a figure, not zero.
        #expect((status["loop_longest_busy_us"] as? Int ?? 0) > 0)

        h.daemon.driver.submit(.scanResults(Self.scan))
        h.daemon.driver.submit(.associated(ssid: Self.hotel, bssid: Self.scan[0].bssid, networkID: nil))
        h.daemon.driver.submit(.ipv4Acquired)
        r = try h.run(["status"])
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.hasPrefix("state        online through Hotel (authenticated for"))
        #expect(r.out.contains("uplink       Hotel connected, open"))
        #expect(r.out.contains("2412 MHz, -50 dBm"))
        #expect(lines(r.out).allSatisfy { $0.count <= 80 })
        (code, object) = try h.json(["status", "--json"])
        status = try #require(object as? [String: Any])
        let uplink = try #require(status["uplink"] as? [String: Any])
        #expect(code == 0 && status["usable"] as? Bool == true)
        #expect(uplink["ssid_hex"] as? String == "486f74656c" && uplink["rssi"] as? Int == -50)
        #expect(uplink["frequency"] as? Int == 2412 && uplink["signal"] as? Double == 0.83)
        let transitions = try #require(status["transitions"] as? [[String: Any]])
        #expect(transitions.last?["link"] as? String == "online")

        r = try h.run(["scan"])
        #expect(r.status == 0)
        #expect(r.out.contains("\\\"\\x0a\\xff\\x00\\\\A"))
        #expect(r.out.contains("below minimum signal"))
        #expect(lines(r.out).allSatisfy { $0.count <= 80 })
        (code, object) = try h.json(["scan", "--json"])
        let rows = try #require(object as? [[String: Any]])
        #expect(rows.count == 2 && rows[0]["current"] as? Bool == true)
        #expect(rows[1]["ssid_hex"] as? String == "220aff005c41")
        #expect(rows[1]["not_candidate"] as? String == "below minimum signal")

        r = try h.run(["helpers"])
        #expect(r.status == 0 && r.out == "no helpers configured\n")
        (code, object) = try h.json(["helpers", "--json"])
        #expect((object as? [String: Any])?["helpers"] as? [Any] != nil)
    }

    @Test func ownerRequestsGoThroughTheCore() throws {
        let h = try ControlHarness()
        h.daemon.driver.submit(.scanResults(Self.scan))
        var r = try h.run(["ui"])
        #expect(r.status == 1 && r.out == "no login is waiting\n")
        let (code, object) = try h.json(["ui", "--json"])
        #expect(code == 1 && object is NSNull)
        r = try h.run(["ui", "submit", "room=12"])
        #expect(r.status == 1 && r.err == "no login is waiting for answers\n")
        r = try h.run(["ui", "cancel"])
        #expect(r.status == 1 && r.err == "no login is waiting\n")
        // ui forget: with or without an SSID, by any bytes; nothing remembered here.
        r = try h.run(["ui", "forget", "Hotel"])
        #expect(r.status == 1 && r.err == "no answers are remembered for it\n", "\(r.err)")
        r = try h.run(["ui", "forget", "--ssid-hex", Self.hostile.hex])
        #expect(r.status == 1 && r.err == "no answers are remembered for it\n", "\(r.err)")
        r = try h.run(["ui", "forget"])
        #expect(r.status == 1 && r.err == "not on a network: name the network whose answers to forget\n", "\(r.err)")
        r = try h.run(["logoff"])
        #expect(r.status == 1 && r.err.hasPrefix("logoff needs an authenticated network"))
        r = try h.run(["enable", "Hotel"])
        #expect(r.status == 0 && r.out == "it was not disabled\n")

        // The owner's own networks, by any bytes.
        let pass = h.dir + "/pass"
        try "correct horse\n".write(toFile: pass, atomically: true, encoding: .utf8)
        r = try h.run(["join", "--ssid-hex", Self.hostile.hex, "--passphrase-file", pass])
        #expect(r.status == 0 && r.out == "joining\n", "\(r.err)")
        var networks = try h.json(["networks", "--json"])
        #expect((networks.1 as? [[String: Any]])?.map { $0["ssid_hex"] as? String } == [Self.hostile.hex])
        r = try h.run(["forget", "--ssid-hex", Self.hostile.hex])
        #expect(r.status == 0 && r.out == "forgotten\n")
        r = try h.run(["forget", "--ssid-hex", Self.hostile.hex])
        #expect(r.status == 1 && r.err == "this is not one of your networks\n")
        networks = try h.json(["networks", "--json"])
        #expect((networks.1 as? [Any])?.isEmpty == true)

        h.daemon.driver.submit(.associated(ssid: Self.hotel, bssid: Self.scan[0].bssid, networkID: nil))
        h.daemon.driver.submit(.ipv4Acquired)
        r = try h.run(["join", "Hotel", "--once"])
        #expect(r.status == 0 && r.out == "already associated\n")
        r = try h.run(["logoff"])
        #expect(r.status == 0 && r.out == "logging off\n")

        r = try h.run(["reload"])
        #expect(r.status == 0 && r.out == "configuration reloaded\n")
        r = try h.run(["config", "check"])
        #expect(r.status == 0 && r.out.hasSuffix(": valid\n"))
        let shown = try h.json(["config", "show", "--json"])
        #expect((shown.1 as? [String: Any])?["portal_domains"] as? [String] == ["portal.example"])
    }

    /// What the daemon opened at start (sockets, files, the interface) waits for a restart: `reload` says
    /// which options those are instead of pretending they took effect.
    @Test func reloadNamesTheOptionsThatWaitForARestart() throws {
        let h = try ControlHarness()
        var file = try String(contentsOfFile: h.config, encoding: .utf8)
        file = file.replacingOccurrences(of: "option state_file '\(h.dir)/state'", with: "option state_file '\(h.dir)/elsewhere'")
            .replacingOccurrences(of: "option interface 'wlan0'", with: "option interface 'wlan1'\n\toption log_level 'debug'")
        try file.write(toFile: h.config, atomically: true, encoding: .utf8)
        let r = try h.run(["reload"])
        #expect(r.status == 0 && r.out == "configuration reloaded; at restart: interface, state_file\n", "\(r.out)\(r.err)")
        #expect(h.daemon.settings.stateFile == h.dir + "/state" && h.daemon.settings.interface == "wlan0")
        #expect(h.daemon.settings.logLevel == .debug)
    }

    /// config save / config remove: NEHotspotManager's saveToPreferences / removeFromPreferences over the
    /// UCI file, through the real CLI and control socket.
    @Test func configSaveAndRemoveRewriteOnlyThePreferences() throws {
        let helper = "\n# a helper of our own\nconfig helper 'venue'\n\toption builtin 'known'\n\toption enabled '1'\n"
        let h = try ControlHarness(extra: helper)
        let original = try String(contentsOfFile: h.config, encoding: .utf8)
        func file() throws -> String { try String(contentsOfFile: h.config, encoding: .utf8) }
        func mode() throws -> Int? { try FileManager.default.attributesOfItem(atPath: h.config)[.posixPermissions] as? Int }
        chmod(h.config, 0o640)

        var r = try h.run(["config", "save", "--enabled", "0", "--authentication-provider", "venue",
                           "--portal-domain", "a.example", "--portal-domain", "b.example",
                           "--evaluated-ssid-hex", Self.hostile.hex])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == """
            saved \(h.config), configuration reloaded; changed: enabled, authentication_provider, portal_domain, evaluated_ssid
            enabled      no
            evaluation   any helper
            authentic.   venue
            portal       a.example
            portal       b.example
            evaluated    \\"\\x0a\\xff\\x00\\\\A

            """)
        #expect(try file() == original.replacingOccurrences(of: "\tlist portal_domain 'portal.example'\n", with: """
            \tlist portal_domain 'a.example'
            \tlist portal_domain 'b.example'
            \toption enabled '0'
            \toption authentication_provider 'venue'
            \tlist evaluated_ssid_hex '220aff005c41'

            """))
        #expect(!FileManager.default.fileExists(atPath: h.config + ".tmp"))
        #expect(try mode() == 0o600)                                   // as installed: it can hold passphrases
        let shown = try #require(try h.json(["config", "show", "--json"]).1 as? [String: Any])
        #expect(shown["enabled"] as? Bool == false && shown["authentication_provider"] as? String == "venue")
        #expect(shown["evaluation_provider"] is NSNull)
        #expect(shown["portal_domains"] as? [String] == ["a.example", "b.example"])
        #expect((shown["evaluated_ssids"] as? [[String: Any]])?.map { $0["ssid_hex"] as? String } == [Self.hostile.hex])
        #expect(h.daemon.driver.machine.hotspot.configuration.preferences.isEnabled == false)

        // Options not given keep their value; the same value again changes nothing, not even the file's time.
        let saved = try file()
        r = try h.run(["config", "save", "--enabled", "0", "--no-evaluated-ssids", "--evaluated-ssid", "It's"])
        #expect(r.status == 0 && r.out.hasPrefix("saved \(h.config), configuration reloaded; changed: evaluated_ssid\n"))
        #expect(r.out.hasSuffix("evaluated    It's\n"))
        #expect(try file() == saved.replacingOccurrences(of: "evaluated_ssid_hex '220aff005c41'", with: "evaluated_ssid 'It'\\''s'"))
        r = try h.run(["config", "save", "--enabled", "0"])
        #expect(r.status == 0 && r.out == "nothing to change in \(h.config)\n")

        // Refused preferences: configurationInvalid, exit 1, the file untouched.
        let before = try file()
        r = try h.run(["config", "save", "--evaluation-provider", "nobody"])
        #expect(r.status == 1 && r.out.isEmpty)
        #expect(r.err == "configuration invalid: evaluation provider \"nobody\" is not a configured helper\n")
        r = try h.run(["config", "save", "--no-authentication-provider"])
        #expect(r.status == 1 && r.err == "configuration invalid: evaluated SSIDs need an authentication provider\n")
        #expect(try file() == before)
        #expect(h.daemon.driver.machine.hotspot.configuration.preferences.authenticationProvider == "venue")

        // Usage errors never reach the daemon.
        for args in [["config", "save", "--enabled", "2"], ["config", "save", "--evaluated-ssid-hex", "4"],
                     ["config", "save", "--json"], ["config", "remove", "--json"], ["status", "--portal-domain", "a.b"],
                     ["config", "show", "--enabled", "1"], ["config", "save", "--portal-domain"]] {
            #expect(try h.run(args).status == 2, "\(args)")
        }

        // remove: every preference option goes, the defaults apply, every other byte stays.
        r = try h.run(["config", "remove"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix("removed the preferences from \(h.config), configuration reloaded; changed: enabled, "
                                + "authentication_provider, portal_domain, evaluated_ssid\n"))
        #expect(try file() == original.replacingOccurrences(of: "\tlist portal_domain 'portal.example'\n", with: ""))
        let defaults = try #require(try h.json(["config", "show", "--json"]).1 as? [String: Any])
        #expect(defaults["enabled"] as? Bool == true && defaults["authentication_provider"] is NSNull)
        #expect(defaults["portal_domains"] as? [String] == [] && (defaults["evaluated_ssids"] as? [Any])?.isEmpty == true)
        r = try h.run(["config", "remove"])
        #expect(r.status == 0 && r.out == "nothing to change in \(h.config)\n")
    }

    /// Makes `dir` read-only in place (a read-only bind mount of itself) while `body` runs; where mounts are
    /// not allowed (not root), the temporary names `paths` + `.tmp` are taken by directories instead. Either
    /// way writes fail; `body` gets the error text they fail with.
    static func readOnly(_ dir: String, _ paths: [String], _ body: (String) throws -> Void) throws {
        func mount(_ args: [String], _ tool: String = "/bin/mount") -> Bool {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: tool)
            p.arguments = args
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return false }
            p.waitUntilExit()
            return p.terminationStatus == 0
        }
        if mount(["--bind", dir, dir]) {
            defer { #expect(mount([dir], "/bin/umount"), "unmounted") }
            #expect(mount(["-o", "remount,ro,bind", dir, dir]), "remount read-only")
            return try body("Read-only file system")
        }
        for path in paths { try FileManager.default.createDirectory(atPath: path + ".tmp", withIntermediateDirectories: false) }
        defer { for path in paths { try? FileManager.default.removeItem(atPath: path + ".tmp") } }
        try body("Is a directory")
    }

    /// A write that fails (a read-only file system) is internalError with the errno's text, and the old
    /// file stays as it was.
    @Test func aFailedWriteLeavesTheFile() throws {
        let h = try ControlHarness()
        let before = try Data(contentsOf: URL(fileURLWithPath: h.config))
        try Self.readOnly(h.dir, [h.config]) { why in
            let r = try h.run(["config", "save", "--no-portal-domains"])
            #expect(r.status == 1)
            #expect(r.err == "internal error: cannot write \(h.config): \(why)\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: h.config)) == before)
        #expect(h.daemon.driver.machine.hotspot.configuration.preferences.safariDomains == ["portal.example"])
        #expect(!FileManager.default.fileExists(atPath: h.config + ".tmp"))
    }

    /// A state file that did not load is moved aside, and saves that fail keep the daemon going: `status`
    /// says both (text and JSON), the second until a save succeeds.
    @Test func statusTellsOfStateFileTrouble() throws {
        let h = try ControlHarness(state: "hotspotd-state 1\nbogus\n")
        let state = h.dir + "/state"
        let moved = "\(state) did not load (line 2: unknown entry); moved to \(state).bad"
        var r = try h.run(["status"])
        #expect(r.out.contains("\nstate file   \(moved)\n"), "\(r.out)")
        var status = try #require(try h.json(["status", "--json"]).1 as? [String: Any])
        #expect(status["state_load_error"] as? String == moved && status["state_save_error"] is NSNull)
        #expect(try String(contentsOfFile: state + ".bad", encoding: .utf8) == "hotspotd-state 1\nbogus\n")

        try Self.readOnly(h.dir, [state]) { why in
            r = try h.run(["join", "Hotel"])
            #expect(r.status == 0, "the join goes on: \(r.err)")
            r = try h.run(["status"])
            #expect(r.out.contains("\nstate file   cannot save \(state): \(why)\n"), "\(r.out)")
            status = try #require(try h.json(["status", "--json"]).1 as? [String: Any])
            #expect(status["state_save_error"] as? String == "cannot save \(state): \(why)")
            #expect(try h.run(["networks"]).out == "Hotel\n", "kept in memory")
        }
        // The next change saves everything, what the failed saves had too.
        #expect(try h.run(["join", "Lobby"]).status == 0)
        status = try #require(try h.json(["status", "--json"]).1 as? [String: Any])
        #expect(status["state_save_error"] is NSNull)
        guard case .loaded(let saved) = StateFile(path: state).load() else { Issue.record("not saved"); return }
        #expect(saved.ownerNetworks.map { $0.ssid } == [SSID("Hotel")!, SSID("Lobby")!])
    }

    @Test func unreachableDaemonUsageErrorsAndStrangers() throws {
        let h = try ControlHarness()
        var r = try h.run(["status"], socket: h.dir + "/nothing")
        #expect(r.status == 2 && r.out.isEmpty)
        #expect(r.err == "hotspotd: cannot reach hotspotd at \(h.dir)/nothing: daemon not running\n")
        r = try h.run(["status", "extra"])
        #expect(r.status == 2)
        r = try h.run(["join"])
        #expect(r.status == 2)
        r = try h.run(["logoff", "--json"])
        #expect(r.status == 2)

        // Even with the socket opened to everyone, a user who is neither root nor in the control group is
        // refused by its credentials (the test runs as root: setpriv makes the client uid 65534).
        if geteuid() == 0 {
            chmod(h.dir, 0o755)
            chmod(h.dir + "/run", 0o755)
            chmod(h.socket, 0o666)
            r = try h.run(["status"], asNobody: true)
            #expect(r.status == 2)
            #expect(r.err.contains("permission denied"), "\(r.err)")
        }
    }

    /// Each option that takes a value says what it needs, with its subcommand, before anything is sent (the
    /// harness appends `--socket PATH`, which is never taken as a value).
    @Test func optionRefusalsSayWhatTheOptionNeeds() throws {
        let h = try ControlHarness()
        let refusals: [([String], String)] = [
            (["status", "--config"], "status: --config needs a file"),
            (["status", "-c"], "status: --config needs a file"),
            (["forget", "--ssid-hex"], "forget: --ssid-hex needs hex digits"),
            (["join", "x", "--passphrase-file"], "join: --passphrase-file needs a file"),
            (["join", "x", "--mac", "02:00:00:00:00"], "join: --mac needs hardware, per-network, per-join or a unicast aa:bb:cc:dd:ee:ff"),
            (["join", "x", "--days", "0"], "join: --days needs a whole number of days from 1 to 99999"),
            (["join", "x", "--days", "100000"], "join: --days needs a whole number of days from 1 to 99999"),
            (["config", "save", "--portal-domain"], "config save: --portal-domain needs a value (see hotspotd --help)"),
            (["scan", "--bogus"], "scan: unknown option '--bogus'"),
            (["status", "--once"], "status: an option it does not take (see hotspotd --help)"),
            (["join", "x", "--json"], "join: an option it does not take (see hotspotd --help)"),
        ]
        for (args, message) in refusals {
            let r = try h.run(args)
            #expect(r.status == 2 && r.out.isEmpty, "\(args)")
            #expect(r.err == "hotspotd: " + message + "\n", "\(args)")
        }
        // The socket option itself: without a path, the refusal names it.
        let r = try h.run(["status", "--socket"], socket: "--json")
        #expect(r.err == "hotspotd: status: --socket needs a path\n")
    }

    @Test func hostileClientsDoNotHarmOthers() throws {
        let h = try ControlHarness()
        let silent = RawControlClient(h.socket)
        silent.send("stat")
        let huge = RawControlClient(h.socket)
        huge.send([UInt8](repeating: 0x41, count: 10_000))
        let bad = RawControlClient(h.socket)
        bad.send([0xff, 0x00, 0x0a])
        let r = try h.run(["status", "--json"])
        #expect(r.status == 1 && r.out.hasPrefix("{\"state\":\"inactive\""))
        spin(h.loop) { huge.poll() && bad.poll() }
        #expect(huge.reply?.body == Array("refused: message longer than 4096 bytes\n".utf8))
        #expect(bad.reply?.body == Array("refused: malformed message: unknown request\n".utf8))
        #expect(!silent.poll())
        #expect(spin(h.loop, timeout: 8_000) { silent.poll() })
        #expect(silent.received.isEmpty)
    }
}
