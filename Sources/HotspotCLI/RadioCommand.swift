import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

// Debugging verbs for the x86_64 build and the tests; the ARM router builds leave them out for
// flash (cross/sdk's toolsets define HOTSPOTD_NO_RADIO_VERBS), where iw and wpa_cli show the same.
#if !HOTSPOTD_NO_RADIO_VERBS
/// `hotspotd radio …`: what the radio sees, straight from nl80211 and wpa_supplicant, for people
/// debugging a router and for the radio tests. None of it needs the daemon.
enum RadioCommand {
    /// The radio verbs, in the order the help lists them.
    enum Verb: CaseIterable {
        case probe, scan, station, join, monitor

        var name: String {
            switch self {
            case .probe: return "probe"
            case .scan: return "scan"
            case .station: return "station"
            case .join: return "join"
            case .monitor: return "monitor"
            }
        }

        var options: [Option] {
            switch self {
            case .probe: return [.interface, .json]
            case .scan: return [.interface, .json, .trigger, .raw, .controlDirectory, .runDirectory]
            case .station: return [.interface, .json, .raw, .controlDirectory, .runDirectory]
            case .join: return [.ssidHex, .open, .passphraseFile, .interface, .timeout, .controlDirectory, .runDirectory]
            case .monitor: return [.interface, .seconds, .controlDirectory, .runDirectory]
            }
        }
    }

    enum Option: CaseIterable {
        case interface, json, controlDirectory, runDirectory, trigger, raw, ssidHex, open, passphraseFile, timeout, seconds

        var name: String {
            switch self {
            case .interface: return "--interface"
            case .json: return "--json"
            case .controlDirectory: return "--ctrl-dir"
            case .runDirectory: return "--run-dir"
            case .trigger: return "--trigger"
            case .raw: return "--raw"
            case .ssidHex: return "--ssid-hex"
            case .open: return "--open"
            case .passphraseFile: return "--passphrase-file"
            case .timeout: return "--timeout"
            case .seconds: return "--seconds"
            }
        }

        /// What the value is, for errors; nil for a flag.
        var value: String? {
            switch self {
            case .interface: return "an interface name"
            case .controlDirectory, .runDirectory: return "a directory"
            case .raw, .passphraseFile: return "a file"
            case .ssidHex: return "1–32 bytes as hex digits"
            case .timeout, .seconds: return "1–3600 seconds"
            case .json, .trigger, .open: return nil
            }
        }

        static func named(_ text: String) -> Option? {
            if text == "-i" { return .interface }
            for o in allCases where o.name == text { return o }
            return nil
        }
    }

    struct Options {
        var interface: String? = nil
        var json = false
        var controlDirectory = "/var/run/wpa_supplicant"
        var runDirectory = "/var/run/hotspotd"
        var ssid: SSID? = nil
        var passphraseFile: String? = nil
        var open = false
        var timeoutSeconds = 20
        var seconds = 10
        var trigger = false
        /// Save nl80211's raw reply messages here (hex, one per line): fixtures for the unit tests.
        var rawFile: String? = nil
    }

    /// What the command line asks for.
    enum Invocation {
        case help
        case run(Verb, Options)
        /// A usage error, without the `hotspotd: ` prefix.
        case usageError(String)
    }

    static func main(_ args: [String]) -> Int32 {
        switch parse(args) {
        case .help:
            Output.out(usage())
            return 0
        case .usageError(let message):
            return CLI.fail(message)
        case .run(let verb, let o):
            switch verb {
            case .probe: return probe(o)
            case .scan: return scan(o)
            case .station: return station(o)
            case .join: return join(o)
            case .monitor: return monitor(o)
            }
        }
    }

    static let verbList = "probe, scan, station, join, monitor"

    /// `hotspotd radio --help`.
    static func usage() -> String {
        "usage: hotspotd radio VERB [OPTIONS]\n\n"
            + "What the radio sees, straight from nl80211 and wpa_supplicant; none of it needs the daemon.\n\n"
            + verbUsage + """

            -i is short for --interface; without it, the first interface in station mode.
            --ctrl-dir: wpa_supplicant's control sockets (default /var/run/wpa_supplicant); --run-dir: our client sockets (default /var/run/hotspotd).
            An SSID that starts with - goes after --, or as --ssid-hex.
            Exit status: 0 success, 1 failure, 2 usage error.
            """
    }

    /// One line per verb with every option it accepts (a test holds them to `Verb.options`), its summary
    /// below; also part of `hotspotd --help`. One literal: the smallest code for fixed text.
    static let verbUsage = """
          radio probe   [--interface IF] [--json]
              wireless interfaces nl80211 sees
          radio scan    [--interface IF] [--json] [--trigger] [--raw FILE] [--ctrl-dir DIR] [--run-dir DIR]
              nl80211's scan dump merged with wpa_supplicant's BSS table (--trigger: scan first)
          radio station [--interface IF] [--json] [--raw FILE] [--ctrl-dir DIR] [--run-dir DIR]
              the associated AP: RSSI, signal, bitrate
          radio join    SSID|--ssid-hex HEX --open|--passphrase-file FILE [--interface IF] [--timeout S] [--ctrl-dir DIR] [--run-dir DIR]
              one wpa_supplicant network block for the SSID, selected; waits for the association
          radio monitor [--interface IF] [--seconds N] [--ctrl-dir DIR] [--run-dir DIR]
              wpa_supplicant's events, and the control link's ups and downs

        """

    /// argv after `radio` → what to do. Pure: no output, so tests read the errors.
    static func parse(_ args: [String]) -> Invocation {
        guard let first = args.first else { return .usageError("radio needs a verb: " + verbList + " (see hotspotd radio --help)") }
        if first == "-h" || first == "--help" || first == "help" { return .help }
        guard let verb = Verb.allCases.first(where: { $0.name == first }) else {
            return .usageError("radio: unknown verb '" + first + "' (" + verbList + ")")
        }
        let prefix = "radio " + verb.name + ": "
        var o = Options()
        var positional: [String] = []
        var optionsEnded = false
        var i = 1
        while i < args.count {
            let a = args[i]
            i += 1
            if optionsEnded || a.utf8.first != UInt8(ascii: "-") || a.utf8.count == 1 {
                positional.append(a)
                continue
            }
            if a == "--" {
                optionsEnded = true
                continue
            }
            if a == "-h" || a == "--help" { return .help }
            guard let option = Option.named(a), verb.options.contains(option) else {
                var message = prefix + "unknown option '" + a + "' (" + verb.name + " takes"
                for (n, accepted) in verb.options.enumerated() { message += (n == 0 ? " " : ", ") + accepted.name }
                if verb == .join { message += "; an SSID that starts with - goes after --" }
                return .usageError(message + ")")
            }
            var value = ""
            if let what = option.value {
                guard i < args.count else { return .usageError(prefix + option.name + " needs " + what) }
                value = args[i]
                i += 1
                // None of our values is a negative number: a leading dash is the next option, forgotten value.
                if value.utf8.first == UInt8(ascii: "-") {
                    return .usageError(prefix + option.name + " needs " + what + ", not the option " + value)
                }
                if value.isEmpty { return .usageError(prefix + option.name + " needs " + what + ", not an empty argument") }
            }
            switch option {
            case .interface:
                guard isInterfaceName(value) else {
                    return .usageError(prefix + "'" + value + "' is not an interface name (1–15 characters, no / : or spaces)")
                }
                o.interface = value
            case .json: o.json = true
            case .controlDirectory: o.controlDirectory = value
            case .runDirectory: o.runDirectory = value
            case .trigger: o.trigger = true
            case .raw: o.rawFile = value
            case .ssidHex:
                guard let bytes = Hex.decode(value), !bytes.isEmpty, let ssid = SSID(bytes: bytes) else {
                    return .usageError(prefix + "--ssid-hex needs 1–32 bytes as hex digits")
                }
                o.ssid = ssid
            case .open: o.open = true
            case .passphraseFile: o.passphraseFile = value
            case .timeout, .seconds:
                guard let n = Int(value), n > 0, n <= 3600 else { return .usageError(prefix + option.name + " needs 1–3600 seconds") }
                if option == .timeout { o.timeoutSeconds = n } else { o.seconds = n }
            }
        }
        switch verb {
        case .probe, .scan, .station, .monitor:
            guard positional.isEmpty else { return .usageError(prefix + "unexpected argument '" + positional[0] + "'") }
        case .join:
            if o.ssid == nil {
                guard positional.count == 1, !positional[0].isEmpty, let s = SSID(positional[0]) else {
                    return .usageError(prefix + "needs one SSID of 1–32 bytes (or --ssid-hex HEX)")
                }
                o.ssid = s
            } else if !positional.isEmpty {
                return .usageError(prefix + "give the SSID once")
            }
            guard o.open != (o.passphraseFile != nil) else {
                return .usageError(prefix + "needs exactly one of --open or --passphrase-file FILE")
            }
        }
        return .run(verb, o)
    }

    /// What the kernel accepts as an interface name (dev_valid_name), and safe to put in a socket path.
    static func isInterfaceName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 15, name != ".", name != ".." else { return false }
        for b in bytes where b <= 0x20 || b == 0x7f || b == UInt8(ascii: "/") || b == UInt8(ascii: ":") { return false }
        return true
    }

    /// What a verb prints and its exit status, made without I/O so tests can read it.
    struct Report: Equatable {
        var status: Int32 = 0
        var out: [String] = []
        var err: [String] = []

        func emit() -> Int32 {
            for line in out { Output.out(line) }
            for line in err { Output.err(line) }
            return status
        }
    }

    // MARK: - probe

    /// What nl80211 answered.
    enum ProbeFacts {
        case unavailable(NetlinkError)
        case listed(family: Int32, interfaces: [WirelessInterface])
    }

    static func probe(_ o: Options) -> Int32 {
        let facts: ProbeFacts
        do {
            let nl = try NL80211()
            facts = .listed(family: nl.family, interfaces: try nl.interfaces())
        } catch {
            facts = .unavailable(error)
        }
        return probeReport(o, facts).emit()
    }

    static func probeReport(_ o: Options, _ facts: ProbeFacts) -> Report {
        var report = Report()
        switch facts {
        case .unavailable(let error):
            report.status = 1
            report.err.append("hotspotd: radio probe: " + error.description)
        case .listed(let family, let all):
            let shown = o.interface.map { name in all.filter { $0.name == name } } ?? all
            if let name = o.interface, shown.isEmpty {
                report.status = 1
                report.err.append("hotspotd: radio probe: no wireless interface named '" + name + "'")
                return report
            }
            if o.json {
                var json = JSONWriter()
                json.beginObject()
                json.field("nl80211_family", int: Int(family))
                json.name("interfaces")
                json.beginArray()
                for w in shown {
                    json.beginObject()
                    json.field("name", w.name)
                    json.field("ifindex", int: Int(w.ifindex))
                    json.field("iftype", w.iftypeName)
                    json.field("phy", int: Int(w.phy))
                    json.field("mac", MACAddress.text(w.mac))
                    json.endObject()
                }
                json.endArray()
                json.endObject()
                report.out.append(json.text)
            } else {
                report.out.append("nl80211 family " + family.description + ", " + shown.count.description + " wireless interface(s)")
                for w in shown {
                    report.out.append(w.name + "\tifindex " + w.ifindex.description + "\t" + w.iftypeName + "\tphy" + w.phy.description
                                      + "\t" + MACAddress.text(w.mac))
                }
            }
            report.status = shown.isEmpty ? 1 : 0
        }
        return report
    }

    // MARK: - scan

    /// One row of the merged scan: nl80211's view when the kernel has the BSS, else wpa_supplicant's.
    struct Row {
        var bssid: BSSID
        var ssid: SSID?
        var frequency: Int
        var rssi: Int?
        var security: SecurityType
        var source: String
        var associated: Bool
    }

    static func scan(_ o: Options) -> Int32 {
        var notes: [String] = []
        var rows: [Row] = []
        var raw: [[UInt8]] = []
        let found = clientInterface(o.interface, verb: "scan", quiet: true, notes: &notes)
        let interfaceName = o.interface ?? found?.1.name
        var session: SupplicantSession? = nil
        if let name = interfaceName {
            do {
                session = try SupplicantSession(controlPath: o.controlDirectory + "/" + name,
                                                runDirectory: RunDirectory(o.runDirectory))
            } catch {
                notes.append(error.message)
            }
        }
        defer { session?.close() }
        // A fresh scan first, if asked: it refreshes the kernel's table and wpa_supplicant's alike.
        if o.trigger, let session {
            do {
                try session.callExpectingOK(.scan(ScanRequest()))
                if session.waitForEvent(timeout: Int64(o.timeoutSeconds) * 1000, { e in
                    if case .scanResults = e { return true }
                    return false
                }) == nil {
                    notes.append("no CTRL-EVENT-SCAN-RESULTS within " + o.timeoutSeconds.description + " s")
                }
            } catch {
                notes.append(error.message)
            }
        }
        // The kernel's dump: no size limit, exact SSID bytes and IEs.
        if let (nl, wif) = found {
            if o.rawFile != nil { nl.rawMessages = { raw.append($0) } }
            do {
                for b in try nl.scanDump(ifindex: wif.ifindex) {
                    rows.append(Row(bssid: b.bssid, ssid: b.ssid, frequency: b.frequency, rssi: b.signalDBm,
                                    security: b.security, source: "nl80211-scan", associated: b.associated))
                }
            } catch {
                notes.append("nl80211 scan dump: " + error.description)
            }
        }
        // wpa_supplicant's BSS table fills in what nl80211 could not give.
        if let session {
            var known: [BSSID: Int] = [:]
            for (n, r) in rows.enumerated() { known[r.bssid] = n }
            do {
                switch try session.run(BSSPagingPlan()) {
                case .success(let table):
                    for b in table where known[b.bssid] == nil {
                        rows.append(Row(bssid: b.bssid, ssid: b.ssid, frequency: b.frequency ?? 0, rssi: b.level,
                                        security: b.security, source: "wpa-scan", associated: false))
                    }
                case .failure(let error):
                    notes.append("wpa_supplicant's BSS table: " + error.description)
                }
            } catch {
                notes.append(error.message)
            }
        }
        if let file = o.rawFile, !saveRaw(raw, to: file) { return 1 }
        return scanReport(o, interface: interfaceName, rows: rows, notes: notes).emit()
    }

    static func scanReport(_ o: Options, interface: String?, rows: [Row], notes: [String]) -> Report {
        var report = Report()
        if rows.isEmpty && !notes.isEmpty {
            report.status = 1
            for n in notes { report.err.append("hotspotd: radio scan: " + n) }
            return report
        }
        // Strongest first, as a person reads a scan.
        let rows = rows.sorted { ($0.rssi ?? -200) > ($1.rssi ?? -200) }
        if o.json {
            var json = JSONWriter()
            json.beginObject()
            json.field("interface", interface)
            json.name("bss")
            json.beginArray()
            for r in rows {
                json.beginObject()
                json.ssidFields(r.ssid)
                json.field("bssid", r.bssid.description)
                json.field("freq", int: r.frequency)
                json.field("rssi", int: r.rssi)
                json.field("signal", number: r.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) })
                json.field("security", r.security.rawValue)
                json.field("associated", bool: r.associated)
                json.field("source", r.source)
                json.endObject()
            }
            json.endArray()
            json.field("notes", strings: notes)
            json.endObject()
            report.out.append(json.text)
        } else {
            report.out.append("ssid\tbssid\tfreq\trssi\tsignal\tsecurity\tsource")
            for r in rows {
                let rssi = r.rssi?.description ?? "-"
                let signal = r.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "-"
                let name = r.ssid.map { "\"" + $0.description + "\"" } ?? "(invalid)"
                report.out.append(name + "\t" + r.bssid.description + "\t" + r.frequency.description + "\t" + rssi + "\t" + signal + "\t"
                                  + r.security.rawValue + "\t" + r.source + (r.associated ? "\tassociated" : ""))
            }
            for n in notes { report.err.append("note: " + n) }
        }
        return report
    }

    // MARK: - station

    /// The associated AP as nl80211 or SIGNAL_POLL reported it.
    struct StationFacts {
        var interface: String
        var bssid: BSSID? = nil
        var rssi: Int? = nil
        var lastRSSI: Int? = nil
        var bitrateKbps: Int? = nil
        var connectedSeconds: Int? = nil
        var source = ""
        var notes: [String] = []
    }

    static func station(_ o: Options) -> Int32 {
        var notes: [String] = []
        var facts = StationFacts(interface: o.interface ?? "?")
        var name = o.interface
        var raw: [[UInt8]] = []
        if let (nl, wif) = clientInterface(o.interface, verb: "station", quiet: true, notes: &notes) {
            name = wif.name
            if o.rawFile != nil { nl.rawMessages = { raw.append($0) } }
            do {
                if let info = try nl.station(ifindex: wif.ifindex) {
                    facts.bssid = info.bssid
                    facts.rssi = info.bestSignalDBm
                    facts.lastRSSI = info.signalDBm
                    facts.bitrateKbps = info.txBitrate100kbps.map { $0 * 100 }
                    facts.connectedSeconds = info.connectedSeconds
                    facts.source = info.averageSignalDBm != nil ? "nl80211-station-average" : "nl80211-station"
                }
            } catch {
                notes.append("nl80211 station: " + error.description)
            }
        }
        // Without nl80211 (or a driver that reports no signal), ask wpa_supplicant's SIGNAL_POLL.
        if facts.rssi == nil, let name {
            do {
                let session = try SupplicantSession(controlPath: o.controlDirectory + "/" + name,
                                                    runDirectory: RunDirectory(o.runDirectory))
                defer { session.close() }
                let statusReply = try session.call(.status)
                if facts.bssid == nil { facts.bssid = (try? SupplicantStatus.parse(statusReply))?.bssid }
                let pollReply = facts.bssid == nil ? [] : try session.call(.signalPoll)
                if let poll = try? SignalPoll.parse(pollReply), let best = poll.bestRSSI {
                    facts.rssi = best
                    facts.lastRSSI = poll.rssi
                    facts.bitrateKbps = poll.linkSpeed.map { $0 * 1000 }
                    facts.source = poll.averageRSSI != nil ? "wpa-signal-poll-average" : "wpa-signal-poll"
                }
            } catch {
                notes.append(error.message)
            }
        }
        if let file = o.rawFile, !saveRaw(raw, to: file) { return 1 }
        facts.interface = name ?? "?"
        facts.notes = notes
        return stationReport(o, facts).emit()
    }

    static func stationReport(_ o: Options, _ facts: StationFacts) -> Report {
        var report = Report()
        let label = facts.interface
        guard let bssid = facts.bssid else {
            report.status = 1
            if o.json {
                var json = JSONWriter()
                json.beginObject()
                json.field("interface", label)
                json.field("associated", bool: false)
                json.field("notes", strings: facts.notes)
                json.endObject()
                report.out.append(json.text)
            } else {
                report.out.append(label + ": not associated")
                for n in facts.notes { report.err.append("note: " + n) }
            }
            return report
        }
        let signal = facts.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) }
        if o.json {
            var json = JSONWriter()
            json.beginObject()
            json.field("interface", label)
            json.field("associated", bool: true)
            json.field("bssid", bssid.description)
            json.field("rssi", int: facts.rssi)
            json.field("signal", number: signal)
            json.field("last_rssi", int: facts.lastRSSI)
            json.field("tx_bitrate_kbps", int: facts.bitrateKbps)
            json.field("connected_s", int: facts.connectedSeconds)
            json.field("source", facts.source)
            json.endObject()
            report.out.append(json.text)
        } else {
            report.out.append(label + ": associated with " + bssid.description)
            report.out.append("  rssi      " + (facts.rssi.map { $0.description + " dBm (" + facts.source + ")" } ?? "unknown"))
            report.out.append("  signal    " + (signal ?? "unknown"))
            if let r = facts.bitrateKbps {
                report.out.append("  tx rate   " + (r / 1000).description + "." + ((r % 1000) / 100).description + " Mbit/s")
            }
            if let c = facts.connectedSeconds { report.out.append("  connected " + c.description + " s") }
        }
        return report
    }

    // MARK: - join

    /// Configure one network block for the SSID (reused when wpa_supplicant has one: joining again adds
    /// nothing), select it, and wait for CTRL-EVENT-CONNECTED or a reason it failed.
    static func join(_ o: Options) -> Int32 {
        guard let ssid = o.ssid else { return CLI.fail("radio join needs an SSID") }
        var passphrase: Passphrase? = nil
        if let file = o.passphraseFile {
            switch CLI.readPassphrase(file) {
            case .success(let p): passphrase = p
            case .failure(let why):
                Output.err("hotspotd: radio join: " + why.message)
                return 1
            }
        }
        guard let name = interfaceName(o) else { return 1 }
        let session: SupplicantSession
        do {
            session = try SupplicantSession(controlPath: o.controlDirectory + "/" + name, runDirectory: RunDirectory(o.runDirectory))
        } catch {
            Output.err("hotspotd: radio join: " + error.message)
            return 1
        }
        defer { session.close() }
        do throws(SupplicantSession.Failure) {
            let plan = SupplicantJoinPlan(ssid: ssid, security: passphrase.isPresent ? .personal : .open, passphrase: passphrase)
            let joined: SupplicantJoinPlan.Joined
            switch try session.run(plan) {
            case .success(let result): joined = result
            case .failure(let error):
                Output.err("hotspotd: radio join: \"" + ssid.description + "\": " + error.description)
                return 1
            }
            let id = joined.networkID
            Output.out("joining \"" + ssid.description + "\" (network " + id.description + (joined.reused ? ", reused" : ", added")
                       + ", ssid hex " + ssid.hex + ")")
            // SELECT_NETWORK of the network wpa_supplicant is already on changes nothing and reports nothing.
            let statusReply = try session.call(.status)
            if let status = try? SupplicantStatus.parse(statusReply), status.state == .completed, status.networkID == id {
                Output.out("connected to \"" + ssid.description + "\" via " + (status.bssid.map { $0.description } ?? "?")
                           + " (already)")
                return 0
            }
            let outcome = session.waitForEvent(timeout: Int64(o.timeoutSeconds) * 1000) { e in
                switch e {
                case .connected(_, let nid, _): return nid == nil || nid == id
                case .temporarilyDisabled(let nid, _, _, _, _): return nid == id
                default: return false
                }
            }
            switch outcome {
            case .connected(let bssid, _, _)?:
                Output.out("connected to \"" + ssid.description + "\" via " + (bssid.map { $0.description } ?? "?"))
                return 0
            case .temporarilyDisabled(_, _, _, _, let reason)?:
                Output.err("hotspotd: radio join: \"" + ssid.description + "\" temporarily disabled ("
                           + (reason.map { $0.description } ?? "no reason given") + ")")
                return 1
            default:
                Output.err("hotspotd: radio join: not connected within " + o.timeoutSeconds.description + " s")
                return 1
            }
        } catch {
            Output.err("hotspotd: radio join: " + error.message)
            return 1
        }
    }

    // MARK: - monitor

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
        client.onLinkUp = {
            ups += 1
            Output.out(stamp() + (ups == 1 ? "link up: attached to " : "link up again: re-attached to ") + config.controlPath)
        }
        client.onLinkDown = { why in Output.out(stamp() + "link down: " + why) }
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
        case .unknown(let text): return "other " + text
        }
    }

    // MARK: - shared

    static func saveRaw(_ messages: [[UInt8]], to path: String) -> Bool {
        var text: [UInt8] = []
        for m in messages { text += Array(Hex.encode(m).utf8) + [0x0a] }
        do {
            let fd = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
            defer { fd.close() }
            try fd.writeAll(text)
            return true
        } catch {
            Output.err("hotspotd: radio: cannot write " + path + ": " + error.description)
            return false
        }
    }

    /// The client interface's name: `--interface`, else the first station-mode interface nl80211 knows.
    static func interfaceName(_ o: Options) -> String? {
        if let name = o.interface { return name }
        var notes: [String] = []
        if let (_, wif) = clientInterface(nil, verb: "", quiet: true, notes: &notes) { return wif.name }
        Output.err("hotspotd: radio: no --interface given and none found (" + (notes.first ?? "no station interface") + ")")
        return nil
    }

    /// Open nl80211 and find the client interface: the named one, or the first in station mode.
    static func clientInterface(_ name: String?, verb: String, quiet: Bool, notes: inout [String]) -> (NL80211, WirelessInterface)? {
        let nl: NL80211
        let all: [WirelessInterface]
        do {
            nl = try NL80211()
            all = try nl.interfaces()
        } catch {
            notes.append(error.description)
            return nil
        }
        let pick: WirelessInterface?
        if let name { pick = all.first { $0.name == name } } else { pick = all.first { $0.iftype == 2 } }
        guard let pick else {
            notes.append(name.map { "nl80211 knows no wireless interface named '" + $0 + "'" } ?? "no wireless interface in station mode")
            return nil
        }
        return (nl, pick)
    }
}

/// Two-decimal text for 0.0–1.0 values without Foundation's formatters.
enum Decimal2 {
    static func text(_ value: Double) -> String {
        // Integer rounding: no libm call (values are 0.0–1.0, never negative).
        let hundredths = Int(value * 100 + 0.5)
        let whole = hundredths / 100, frac = hundredths % 100
        return "\(whole)." + (frac < 10 ? "0" : "") + "\(frac)"
    }
}

enum MACAddress {
    /// `aa:bb:…` like a BSSID; an address of another length still prints, digit pairs joined by colons.
    static func text(_ bytes: [UInt8]) -> String {
        if let b = BSSID(bytes: bytes) { return b.description }
        var out: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ":")) }
            Hex.append(b, to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
#endif
