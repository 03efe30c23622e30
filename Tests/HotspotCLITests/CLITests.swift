import Foundation
import Testing
import HotspotCore
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotCLI
@testable import SystemTestSupport

private func usageError(_ args: [String]) -> String? {
    if case .usageError(let message) = RadioCommand.parse(args) { return message }
    return nil
}

private func options(_ args: [String]) -> RadioCommand.Options? {
    if case .run(_, let o) = RadioCommand.parse(args) { return o }
    return nil
}

private func isHelp(_ args: [String]) -> Bool {
    if case .help = RadioCommand.parse(args) { return true }
    return false
}

/// A verb's line in the help: `  radio NAME  [options]`.
private func usageLine(_ verb: RadioCommand.Verb) -> String? {
    RadioCommand.verbUsage.split(separator: "\n").map(String.init).first { $0.hasPrefix("  radio " + verb.name + " ") }
}

private func json(_ text: String) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    return try #require(object as? [String: Any])
}

@Suite struct CLITests {
    @Test func unknownSubcommandIsUsageError() {
        #expect(CLI.main(["hotspotd", "frobnicate"]) == 2)
        #expect(CLI.main(["hotspotd"]) == 2)
        #expect(CLI.main(["hotspotd", "version", "extra"]) == 2)
        #expect(CLI.main(["hotspotd", "radio", "probe", "--bogus"]) == 2)
    }

    @Test func helpListsEverySubcommandAndEveryRadioVerbWithItsOptions() {
        let text = CLI.usage()
        for name in ["run", "status", "scan", "helpers", "logoff", "ui", "enable", "join", "forget",
                     "networks", "reload", "config", "radio", "version"] {
            #expect(text.contains("  \(name)"), "help lacks \(name)")
        }
        #expect(text.contains(RadioCommand.verbUsage))
        for verb in RadioCommand.Verb.allCases { #expect(usageLine(verb) != nil, "help lacks radio \(verb.name)") }
        for option in ["--trigger", "--raw FILE", "--passphrase-file FILE", "--open", "--ssid-hex HEX", "--timeout S",
                       "--seconds N", "--ctrl-dir DIR", "--run-dir DIR"] {
            #expect(text.contains(option), "help lacks \(option)")
        }
        #expect(CLI.main(["hotspotd", "--help"]) == 0)
    }

    @Test func radioHelpPrintsTheRadioUsageAndSucceeds() {
        for args in [["--help"], ["-h"], ["help"], ["join", "--help"], ["scan", "--json", "-h"]] {
            #expect(isHelp(args), "\(args)")
            #expect(CLI.main(["hotspotd", "radio"] + args) == 0)
        }
        let text = RadioCommand.usage()
        #expect(text.hasPrefix("usage: hotspotd radio VERB [OPTIONS]"))
        #expect(text.contains(RadioCommand.verbUsage))
        #expect(CLI.main(["hotspotd", "radio"]) == 2)
        #expect(usageError(["frob"]) == "radio: unknown verb 'frob' (probe, scan, station, join, monitor)")
    }

    /// The usage line of each verb names exactly the options the parser accepts for it.
    @Test func everyVerbsUsageNamesExactlyItsOptions() {
        for verb in RadioCommand.Verb.allCases {
            let named = Set((usageLine(verb) ?? "").split(whereSeparator: { " []|()".contains($0) })
                .filter { $0.hasPrefix("--") }.map(String.init))
            #expect(named == Set(verb.options.map { $0.name }), "\(verb.name)")
        }
    }

    @Test func eachVerbAcceptsOnlyItsOwnOptions() {
        #expect(usageError(["probe", "--trigger"]) == "radio probe: unknown option '--trigger' (probe takes --interface, --json)")
        #expect(usageError(["station", "--trigger"])?.hasPrefix("radio station: unknown option '--trigger'") == true)
        #expect(usageError(["scan", "--open"])?.hasPrefix("radio scan: unknown option '--open'") == true)
        #expect(usageError(["scan", "--timeout", "5"])?.hasPrefix("radio scan: unknown option '--timeout'") == true)
        #expect(usageError(["probe", "--seconds", "5"])?.hasPrefix("radio probe: unknown option '--seconds'") == true)
        #expect(usageError(["probe", "--ctrl-dir", "/tmp"])?.hasPrefix("radio probe: unknown option '--ctrl-dir'") == true)
        #expect(usageError(["monitor", "--raw", "f"])?.hasPrefix("radio monitor: unknown option '--raw'") == true)
        #expect(usageError(["join", "x", "--open", "--json"])?.hasPrefix("radio join: unknown option '--json'") == true)
        #expect(usageError(["join", "x", "--open", "--seconds", "3"])?.hasPrefix("radio join: unknown option '--seconds'") == true)
        #expect(CLI.main(["hotspotd", "radio", "probe", "--trigger"]) == 2)
        // What each verb does take.
        #expect(options(["scan", "--trigger", "--raw", "dump.hex", "--json", "-i", "wlan0"])?.trigger == true)
        #expect(options(["station", "--raw", "st.hex"])?.rawFile == "st.hex")
        #expect(options(["monitor", "--seconds", "3", "--ctrl-dir", "/run/wpa"])?.seconds == 3)
        #expect(options(["join", "Hotel", "--passphrase-file", "p.txt", "--timeout", "9"])?.timeoutSeconds == 9)
    }

    @Test func aValueIsNeverTheNextOption() {
        #expect(usageError(["probe", "--interface", "--json"]) == "radio probe: --interface needs an interface name, not the option --json")
        #expect(usageError(["join", "--passphrase-file", "--open", "Hotel"])
                == "radio join: --passphrase-file needs a file, not the option --open")
        #expect(usageError(["monitor", "--seconds", "-5"]) == "radio monitor: --seconds needs 1–3600 seconds, not the option -5")
        #expect(usageError(["scan", "--raw"]) == "radio scan: --raw needs a file")
        #expect(usageError(["scan", "--run-dir", ""]) == "radio scan: --run-dir needs a directory, not an empty argument")
        #expect(CLI.main(["hotspotd", "radio", "probe", "--interface", "--json"]) == 2)
    }

    @Test func interfaceNamesAreWhatTheKernelAccepts() {
        #expect(options(["probe", "--interface", "wlan0"])?.interface == "wlan0")
        #expect(options(["probe", "-i", "phy0-sta0"])?.interface == "phy0-sta0")
        for bad in ["../wpa", "a/b", "wlan0:1", "with space", String(repeating: "w", count: 16), "."] {
            #expect(usageError(["probe", "--interface", bad])?.hasPrefix("radio probe: '") == true, "\(bad)")
        }
    }

    @Test func joinTakesOneSSIDAndOneWayToAuthenticate() {
        #expect(options(["join", "Hotel", "--open"])?.ssid == SSID("Hotel"))
        #expect(options(["join", "--open", "--", "-dash-"])?.ssid == SSID("-dash-"))
        #expect(options(["join", "--ssid-hex", "ff00", "--open"])?.ssid == SSID(bytes: [0xff, 0x00]))
        #expect(usageError(["join", "-dash-", "--open"])?.hasPrefix("radio join: unknown option '-dash-'") == true)
        #expect(usageError(["join", "-dash-", "--open"])?.contains("an SSID that starts with - goes after --") == true)
        #expect(usageError(["join", "Hotel"]) == "radio join: needs exactly one of --open or --passphrase-file FILE")
        #expect(usageError(["join", "Hotel", "--open", "--passphrase-file", "p"])
                == "radio join: needs exactly one of --open or --passphrase-file FILE")
        #expect(usageError(["join", "--open"]) == "radio join: needs one SSID of 1–32 bytes (or --ssid-hex HEX)")
        #expect(usageError(["join", "a", "b", "--open"]) == "radio join: needs one SSID of 1–32 bytes (or --ssid-hex HEX)")
        #expect(usageError(["join", "--ssid-hex", "zz", "--open"]) == "radio join: --ssid-hex needs 1–32 bytes as hex digits")
        #expect(usageError(["join", "--ssid-hex", "aa", "b", "--open"]) == "radio join: give the SSID once")
        #expect(usageError(["probe", "extra"]) == "radio probe: unexpected argument 'extra'")
    }

    // MARK: probe's error paths, whatever this host's kernel has

    @Test func probeSaysWhyNl80211IsUnavailable() {
        let error = NetlinkError(source: .kernel, code: ENOENT, context: "nl80211 not in this kernel")
        let report = RadioCommand.probeReport(RadioCommand.Options(), .unavailable(error))
        #expect(report.status == 1)
        #expect(report.out.isEmpty)
        #expect(report.err == ["hotspotd: radio probe: nl80211 not in this kernel: No such file or directory"])
    }

    @Test func probeOfAnInterfaceNl80211DoesNotKnowFails() {
        var o = RadioCommand.Options()
        o.interface = "nosuch0"
        let wlan0 = WirelessInterface(name: "wlan0", ifindex: 3, iftype: 2, phy: 0, mac: [2, 0, 0, 0, 0, 0])
        let report = RadioCommand.probeReport(o, .listed(family: 28, interfaces: [wlan0]))
        #expect(report == RadioCommand.Report(status: 1, err: ["hotspotd: radio probe: no wireless interface named 'nosuch0'"]))
        // The same through the front door: 1 on a host with Wi-Fi and on one without.
        #expect(CLI.main(["hotspotd", "radio", "probe", "--interface", "nosuch0"]) == 1)
    }

    @Test func probeJSONEscapesOddInterfaceNames() throws {
        let odd = WirelessInterface(name: "we\"ird\\", ifindex: 7, iftype: 3, phy: 1, mac: [2, 0, 0, 0, 0, 1])
        var o = RadioCommand.Options()
        o.json = true
        let report = RadioCommand.probeReport(o, .listed(family: 28, interfaces: [odd]))
        #expect(report.status == 0)
        let object = try json(report.out[0])
        let interfaces = try #require(object["interfaces"] as? [[String: Any]])
        #expect(interfaces.first?["name"] as? String == "we\"ird\\")
        #expect(interfaces.first?["iftype"] as? String == "ap")
        #expect(report.out[0].contains("\"ifindex\":7,\"iftype\":\"ap\",\"phy\":1,\"mac\":\"02:00:00:00:00:01\""))
    }

    // MARK: JSON: SSIDs as text and as exact bytes

    @Test func scanJSONGivesSSIDTextAndExactBytes() throws {
        let bssids = (1...4).map { BSSID("02:00:00:00:0\($0):00")! }
        let rows = [
            RadioCommand.Row(bssid: bssids[0], ssid: SSID("Café"), frequency: 2412, rssi: -30, security: .personal,
                             source: "nl80211-scan", associated: true),
            RadioCommand.Row(bssid: bssids[1], ssid: SSID(bytes: [0xff, 0x41, 0x22, 0x5c, 0x0a, 0x00]), frequency: 2437,
                             rssi: -45, security: .open, source: "nl80211-scan", associated: false),
            RadioCommand.Row(bssid: bssids[2], ssid: SSID(bytes: []), frequency: 2462, rssi: nil, security: .unknown,
                             source: "wpa-scan", associated: false),
            RadioCommand.Row(bssid: bssids[3], ssid: nil, frequency: 5180, rssi: -80, security: .open,
                             source: "wpa-scan", associated: false),
        ]
        var o = RadioCommand.Options()
        o.json = true
        let report = RadioCommand.scanReport(o, interface: "wlan0", rows: rows, notes: ["a \"note\""])
        let text = report.out[0]
        let object = try json(text)
        let bss = try #require(object["bss"] as? [[String: Any]])
        #expect(bss.map { $0["bssid"] as? String } == ["02:00:00:00:01:00", "02:00:00:00:02:00", "02:00:00:00:04:00", "02:00:00:00:03:00"])
        #expect(bss[0]["ssid"] as? String == "Café")
        #expect(bss[0]["ssid_hex"] as? String == "436166c3a9")
        // Not UTF-8: U+FFFD for the bad byte, everything else as it is; the bytes exactly in ssid_hex.
        #expect(bss[1]["ssid"] as? String == "\u{FFFD}A\"\\\n\u{0}")
        #expect(bss[1]["ssid_hex"] as? String == "ff41225c0a00")
        #expect(bss[3]["ssid"] as? String == "")
        #expect(bss[3]["ssid_hex"] as? String == "")
        #expect(bss[2]["ssid"] is NSNull && bss[2]["ssid_hex"] is NSNull)
        #expect(bss[0]["associated"] as? Bool == true)
        #expect(bss[3]["rssi"] is NSNull && bss[3]["signal"] is NSNull)
        #expect(object["notes"] as? [String] == ["a \"note\""])
        // What the radio scenarios match on.
        #expect(text.contains("\"ssid_hex\":\"436166c3a9\",\"bssid\":\"02:00:00:00:01:00\""))
        #expect(text.contains("\"bssid\":\"02:00:00:00:02:00\",\"freq\":2437,\"rssi\":-45,\"signal\":0.92"))
        #expect(!text.contains("\\\\xc3"))
    }

    @Test func scanWithNothingButNotesFails() {
        let report = RadioCommand.scanReport(RadioCommand.Options(), interface: nil, rows: [], notes: ["no nl80211"])
        #expect(report == RadioCommand.Report(status: 1, err: ["hotspotd: radio scan: no nl80211"]))
    }

    @Test func stationJSONIsValid() throws {
        var o = RadioCommand.Options()
        o.json = true
        var facts = RadioCommand.StationFacts(interface: "wlan0")
        let lonely = RadioCommand.stationReport(o, facts)
        #expect(lonely.status == 1)
        #expect(try json(lonely.out[0])["associated"] as? Bool == false)
        facts.bssid = BSSID("02:00:00:00:01:00")
        facts.rssi = -70
        facts.source = "nl80211-station"
        let report = RadioCommand.stationReport(o, facts)
        let object = try json(report.out[0])
        #expect(report.status == 0)
        #expect(object["signal"] as? Double == 0.5)
        #expect(object["tx_bitrate_kbps"] is NSNull)
    }
}

// MARK: - radio join against a scripted wpa_supplicant

/// Runs a FakeSupplicant's loop on its own thread while the blocking CLI runs on the test's.
private final class FakeOnThread: @unchecked Sendable {
    let loop = EventLoop()
    let peer: FakeSupplicant
    private let lock = NSLock()
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    init(path: String, script: [String: String]) {
        peer = FakeSupplicant(path: path, loop: loop)
        for (command, reply) in script { peer.script[command] = reply }
        peer.start()
        Thread { [self] in
            while !lock.withLock({ stopping }) { loop.runOnce(maxWait: 20) }
            done.signal()
        }.start()
    }

    /// Stops the thread; afterwards `peer` is safe to read.
    func stop() -> [String] {
        lock.withLock { stopping = true }
        done.wait()
        return peer.received
    }
}

@Suite struct RadioJoinTests {
    /// wpa_supplicant already has a block for the SSID (from an earlier join): joining again configures that
    /// block and adds none. Before the join plan, each `radio join` sent ADD_NETWORK.
    @Test func joiningAgainReusesTheNetworkBlock() {
        let dir = temporaryDirectory()
        let set = ["ssid 486f74656c", "key_mgmt NONE", "bssid any", "scan_ssid 0", "id_str \"hotspotd\"", "scan_freq 0"]
        var script: [String: String] = [
            "LIST_NETWORKS": "network id / ssid / bssid / flags\n0\tOther\tany\t[DISABLED]\n1\tHotel\tany\t[CURRENT]\n",
            "SELECT_NETWORK 1": "OK\n",
            "STATUS": "wpa_state=COMPLETED\nid=1\nbssid=02:00:00:00:01:00\nssid=Hotel\n",
            "ADD_NETWORK": "2\n",
        ]
        for s in set { script["SET_NETWORK 1 " + s] = "OK\n" }
        let fake = FakeOnThread(path: dir + "/wlan0", script: script)
        let status = CLI.main(["hotspotd", "radio", "join", "--interface", "wlan0", "--ctrl-dir", dir, "--run-dir", dir,
                               "Hotel", "--open", "--timeout", "2"])
        let received = fake.stop()
        #expect(status == 0)
        #expect(!received.contains("ADD_NETWORK"))
        #expect(received.filter { $0.hasPrefix("SET_NETWORK") } == set.map { "SET_NETWORK 1 " + $0 })
        #expect(received.contains("SELECT_NETWORK 1"))
    }

    @Test func aRefusedJoinSaysSoAndFails() {
        let dir = temporaryDirectory()
        let fake = FakeOnThread(path: dir + "/wlan0", script: ["LIST_NETWORKS": "FAIL\n"])
        let status = CLI.main(["hotspotd", "radio", "join", "--interface", "wlan0", "--ctrl-dir", dir, "--run-dir", dir,
                               "Hotel", "--open", "--timeout", "1"])
        let received = fake.stop()
        #expect(status == 1)
        #expect(!received.contains("ADD_NETWORK"))
    }
}
