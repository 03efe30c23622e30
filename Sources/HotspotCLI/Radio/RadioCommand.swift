import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem

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
            if ASCII.same(text, "-i") { return .interface }
            for o in allCases where ASCII.same(o.name, text) { return o }
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
        if ASCII.same(first, "-h") || ASCII.same(first, "--help") || ASCII.same(first, "help") { return .help }
        guard let verb = Verb.allCases.first(where: { ASCII.same($0.name, first) }) else {
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
            if ASCII.same(a, "--") {
                optionsEnded = true
                continue
            }
            if ASCII.same(a, "-h") || ASCII.same(a, "--help") { return .help }
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
        guard !bytes.isEmpty, bytes.count <= 15, !ASCII.same(name, "."), !ASCII.same(name, "..") else { return false }
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
        if let name { pick = all.first { ASCII.same($0.name, name) } } else { pick = all.first { $0.iftype == 2 } }
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
