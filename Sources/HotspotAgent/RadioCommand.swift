import CLinux
import HotspotCore
import HotspotProtocol

/// `hotspotd radio …`: what the radio sees, straight from nl80211 and wpa_supplicant, for people
/// debugging a router and for the radio tests. None of it needs the daemon.
enum RadioCommand {
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

    static let verbs = "probe, scan, station, join, monitor"

    static func main(_ args: [String]) -> Int32 {
        guard let verb = args.first else { return CLI.fail("radio needs a verb: \(verbs)") }
        var o = Options()
        var positional: [String] = []
        var i = 1
        func value() -> String? {
            guard i + 1 < args.count else { return nil }
            i += 1
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--interface", "-i":
                guard let v = value() else { return CLI.fail("--interface needs a name") }
                o.interface = v
            case "--json": o.json = true
            case "--ctrl-dir":
                guard let v = value() else { return CLI.fail("--ctrl-dir needs a directory") }
                o.controlDirectory = v
            case "--run-dir":
                guard let v = value() else { return CLI.fail("--run-dir needs a directory") }
                o.runDirectory = v
            case "--ssid-hex":
                guard let v = value(), let bytes = Hex.decode(v), let s = SSID(bytes: bytes), !bytes.isEmpty else {
                    return CLI.fail("--ssid-hex needs 1–32 bytes as hex digits")
                }
                o.ssid = s
            case "--passphrase-file":
                guard let v = value() else { return CLI.fail("--passphrase-file needs a path") }
                o.passphraseFile = v
            case "--raw":
                guard let v = value() else { return CLI.fail("--raw needs a file") }
                o.rawFile = v
            case "--open": o.open = true
            case "--trigger": o.trigger = true
            case "--timeout", "--seconds":
                guard let v = value(), let n = Int(v), n > 0, n <= 3600 else { return CLI.fail("\(a) needs 1–3600 seconds") }
                if a == "--timeout" { o.timeoutSeconds = n } else { o.seconds = n }
            default:
                if a.utf8.first == UInt8(ascii: "-") { return CLI.fail("radio \(verb): unknown option '\(a)'") }
                positional.append(a)
            }
            i += 1
        }
        switch verb {
        case "probe", "scan", "station", "monitor":
            guard positional.isEmpty else { return CLI.fail("radio \(verb): unexpected argument '\(positional[0])'") }
        case "join":
            if o.ssid == nil {
                guard positional.count == 1, let s = SSID(positional[0]), !positional[0].isEmpty else {
                    return CLI.fail("radio join needs one SSID of 1–32 bytes (or --ssid-hex HEX)")
                }
                o.ssid = s
            } else if !positional.isEmpty {
                return CLI.fail("radio join: give the SSID once")
            }
            guard o.open != (o.passphraseFile != nil) else {
                return CLI.fail("radio join needs exactly one of --open or --passphrase-file F")
            }
        default:
            return CLI.fail("radio: unknown verb '\(verb)' (\(verbs))")
        }
        switch verb {
        case "probe": return probe(o)
        case "scan": return scan(o)
        case "station": return station(o)
        case "join": return join(o)
        default: return monitor(o)
        }
    }

    // MARK: - probe

    static func probe(_ o: Options) -> Int32 {
        let nl: NL80211
        let all: [WirelessInterface]
        do {
            nl = try NL80211()
            all = try nl.interfaces()
        } catch {
            Output.err("hotspotd: radio probe: \(error.description)")
            return 1
        }
        let shown = o.interface.map { name in all.filter { $0.name == name } } ?? all
        if let name = o.interface, shown.isEmpty {
            Output.err("hotspotd: radio probe: no wireless interface named '\(name)'")
            return 1
        }
        if o.json {
            var text = "{\"nl80211_family\":\(nl.family),\"interfaces\":["
            for (n, w) in shown.enumerated() {
                if n > 0 { text += "," }
                text += "{\"name\":" + JSONText.string(w.name) + ",\"ifindex\":\(w.ifindex),\"iftype\":\""
                text += w.iftypeName + "\",\"phy\":\(w.phy),\"mac\":\"" + MACAddress.text(w.mac) + "\"}"
            }
            Output.out(text + "]}")
        } else {
            Output.out("nl80211 family \(nl.family), \(shown.count) wireless interface(s)")
            for w in shown {
                Output.out("\(w.name)\tifindex \(w.ifindex)\t\(w.iftypeName)\tphy\(w.phy)\t\(MACAddress.text(w.mac))")
            }
        }
        return shown.isEmpty ? 1 : 0
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
                    notes.append("no CTRL-EVENT-SCAN-RESULTS within \(o.timeoutSeconds) s")
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
                notes.append("nl80211 scan dump: \(error.description)")
            }
        }
        // wpa_supplicant's BSS table fills in what nl80211 could not give.
        if let session {
            var known: [BSSID: Int] = [:]
            for (n, r) in rows.enumerated() { known[r.bssid] = n }
            do {
                for b in try session.bssTable() where known[b.bssid] == nil {
                    rows.append(Row(bssid: b.bssid, ssid: b.ssid, frequency: b.frequency ?? 0, rssi: b.level,
                                    security: b.security, source: "wpa-scan", associated: false))
                }
            } catch {
                notes.append(error.message)
            }
        }
        if let file = o.rawFile, !saveRaw(raw, to: file) { return 1 }
        if rows.isEmpty && !notes.isEmpty {
            for n in notes { Output.err("hotspotd: radio scan: " + n) }
            return 1
        }
        // Strongest first, as a person reads a scan.
        rows.sort { ($0.rssi ?? -200) > ($1.rssi ?? -200) }
        if o.json {
            var text = "{\"interface\":" + (interfaceName.map { JSONText.string($0) } ?? "null") + ",\"bss\":["
            for (n, r) in rows.enumerated() {
                if n > 0 { text += "," }
                text += "{\"ssid\":" + (r.ssid.map { JSONText.string($0.description) } ?? "null")
                text += ",\"ssid_hex\":\"" + (r.ssid?.hex ?? "") + "\",\"bssid\":\"\(r.bssid)\",\"freq\":\(r.frequency)"
                text += ",\"rssi\":" + (r.rssi.map { "\($0)" } ?? "null")
                text += ",\"signal\":" + (r.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "null")
                text += ",\"security\":\"\(r.security.rawValue)\",\"associated\":\(r.associated),\"source\":\"\(r.source)\"}"
            }
            text += "],\"notes\":["
            for (n, note) in notes.enumerated() { text += (n > 0 ? "," : "") + JSONText.string(note) }
            Output.out(text + "]}")
        } else {
            Output.out("ssid\tbssid\tfreq\trssi\tsignal\tsecurity\tsource")
            for r in rows {
                let rssi = r.rssi.map { "\($0)" } ?? "-"
                let signal = r.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "-"
                let name = r.ssid.map { "\"" + $0.description + "\"" } ?? "(invalid)"
                Output.out("\(name)\t\(r.bssid)\t\(r.frequency)\t\(rssi)\t\(signal)\t\(r.security.rawValue)\t\(r.source)"
                           + (r.associated ? "\tassociated" : ""))
            }
            for n in notes { Output.err("note: " + n) }
        }
        return 0
    }

    // MARK: - station

    static func station(_ o: Options) -> Int32 {
        var notes: [String] = []
        var bssid: BSSID? = nil
        var rssi: Int? = nil
        var lastRSSI: Int? = nil
        var bitrate: Int? = nil
        var connected: Int? = nil
        var source = ""
        var name = o.interface
        var raw: [[UInt8]] = []
        if let (nl, wif) = clientInterface(o.interface, verb: "station", quiet: true, notes: &notes) {
            name = wif.name
            if o.rawFile != nil { nl.rawMessages = { raw.append($0) } }
            do {
                if let info = try nl.station(ifindex: wif.ifindex) {
                    bssid = info.bssid
                    rssi = info.bestSignalDBm
                    lastRSSI = info.signalDBm
                    bitrate = info.txBitrate100kbps.map { $0 * 100 }
                    connected = info.connectedSeconds
                    source = info.averageSignalDBm != nil ? "nl80211-station-average" : "nl80211-station"
                }
            } catch {
                notes.append("nl80211 station: \(error.description)")
            }
        }
        // Without nl80211 (or a driver that reports no signal), ask wpa_supplicant's SIGNAL_POLL.
        if rssi == nil, let name {
            do {
                let session = try SupplicantSession(controlPath: o.controlDirectory + "/" + name,
                                                    runDirectory: RunDirectory(o.runDirectory))
                defer { session.close() }
                let statusReply = try session.call(.status)
                if bssid == nil { bssid = (try? SupplicantStatus.parse(statusReply))?.bssid }
                let pollReply = bssid == nil ? [] : try session.call(.signalPoll)
                if let poll = try? SignalPoll.parse(pollReply), let best = poll.bestRSSI {
                    rssi = best
                    lastRSSI = poll.rssi
                    bitrate = poll.linkSpeed.map { $0 * 1000 }
                    source = poll.averageRSSI != nil ? "wpa-signal-poll-average" : "wpa-signal-poll"
                }
            } catch {
                notes.append(error.message)
            }
        }
        if let file = o.rawFile, !saveRaw(raw, to: file) { return 1 }
        let label = name ?? "?"
        guard let bssid else {
            if o.json {
                var text = "{\"interface\":" + JSONText.string(label) + ",\"associated\":false,\"notes\":["
                for (n, note) in notes.enumerated() { text += (n > 0 ? "," : "") + JSONText.string(note) }
                Output.out(text + "]}")
            } else {
                Output.out("\(label): not associated")
                for n in notes { Output.err("note: " + n) }
            }
            return 1
        }
        if o.json {
            var text = "{\"interface\":" + JSONText.string(label) + ",\"associated\":true,\"bssid\":\"\(bssid)\""
            text += ",\"rssi\":" + (rssi.map { "\($0)" } ?? "null")
            text += ",\"signal\":" + (rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "null")
            text += ",\"last_rssi\":" + (lastRSSI.map { "\($0)" } ?? "null")
            text += ",\"tx_bitrate_kbps\":" + (bitrate.map { "\($0)" } ?? "null")
            text += ",\"connected_s\":" + (connected.map { "\($0)" } ?? "null")
            text += ",\"source\":" + JSONText.string(source) + "}"
            Output.out(text)
        } else {
            Output.out("\(label): associated with \(bssid)")
            Output.out("  rssi      " + (rssi.map { "\($0) dBm (\(source))" } ?? "unknown"))
            Output.out("  signal    " + (rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "unknown"))
            if let r = bitrate { Output.out("  tx rate   \(r / 1000).\((r % 1000) / 100) Mbit/s") }
            if let c = connected { Output.out("  connected \(c) s") }
        }
        return 0
    }

    // MARK: - join

    /// Add a network to wpa_supplicant (SSID as hex, passphrase validated), select it, and wait for
    /// CTRL-EVENT-CONNECTED or a reason it failed.
    static func join(_ o: Options) -> Int32 {
        guard let ssid = o.ssid else { return CLI.fail("radio join needs an SSID") }
        var passphrase: Passphrase? = nil
        if let file = o.passphraseFile {
            let bytes: [UInt8]
            do {
                let fd = try FileDescriptor.open(file, O_RDONLY)
                defer { fd.close() }
                bytes = try fd.readAll(limit: 256)
            } catch {
                Output.err("hotspotd: radio join: cannot read \(file): \(error.description)")
                return 1
            }
            // One line; a trailing newline (echo > file) is not part of the passphrase.
            var line = bytes
            while let last = line.last, last == 0x0a || last == 0x0d { line.removeLast() }
            do { passphrase = try Passphrase(bytes: line) } catch {
                Output.err("hotspotd: radio join: unusable passphrase: \(error)")
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
            let added = try session.call(.addNetwork)
            guard let id = try? SupplicantReply.networkID(added) else {
                throw SupplicantSession.Failure.refused("ADD_NETWORK answered " + String(decoding: added.prefix(40), as: UTF8.self))
            }
            try session.callExpectingOK(.setNetwork(id, .ssid(ssid)))
            if let passphrase {
                try session.callExpectingOK(.setNetwork(id, .keyManagement([.wpaPSK, .sae])))
                try session.callExpectingOK(.setNetwork(id, .psk(passphrase)))
            } else {
                try session.callExpectingOK(.setNetwork(id, .keyManagement([.none])))
            }
            try session.callExpectingOK(.setNetwork(id, .scanSSID(true)))
            try session.callExpectingOK(.selectNetwork(id))
            Output.out("joining \"\(ssid)\" (network \(id), ssid hex \(ssid.hex))")
            let outcome = session.waitForEvent(timeout: Int64(o.timeoutSeconds) * 1000) { e in
                switch e {
                case .connected(_, let nid, _): return nid == nil || nid == id
                case .temporarilyDisabled(let nid, _, _, _, _): return nid == id
                default: return false
                }
            }
            switch outcome {
            case .connected(let bssid, _, _)?:
                Output.out("connected to \"\(ssid)\" via " + (bssid.map { "\($0)" } ?? "?"))
                return 0
            case .temporarilyDisabled(_, _, _, _, let reason)?:
                Output.err("hotspotd: radio join: \"\(ssid)\" temporarily disabled (" + (reason.map { $0.description } ?? "no reason given") + ")")
                return 1
            default:
                Output.err("hotspotd: radio join: not connected within \(o.timeoutSeconds) s")
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
            Output.err("hotspotd: radio: cannot write \(path): \(error.description)")
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
            notes.append(name.map { "nl80211 knows no wireless interface named '\($0)'" } ?? "no wireless interface in station mode")
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

enum JSONText {
    /// A JSON string literal; bytes that are not valid UTF-8 were already replaced by the decoder.
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    var hex: [UInt8] = []
                    Hex.append(UInt8(u.value), to: &hex)
                    out += "\\u00" + String(decoding: hex, as: UTF8.self)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
