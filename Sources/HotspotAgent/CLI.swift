import CLinux
import HotspotCore

/// The version string `hotspotd version` prints.
public let hotspotdVersion = "0.1.0"

/// argv → subcommand. Daemon and client share one binary; this is its front door.
public enum CLI {
    /// Subcommands in the order `--help` lists them, with a one-line summary each.
    static let subcommands: [(name: String, usage: String, summary: String)] = [
        ("run", "run [--config FILE] [-v]", "run the daemon in the foreground (procd style)"),
        ("status", "status [--json]", "uplink state; exit 0 usable, 1 not, 2 daemon unreachable"),
        ("scan", "scan [--json]", "the last scan as helpers saw it"),
        ("helpers", "helpers", "helpers, their state and cached networks"),
        ("logoff", "logoff", "log off the current hotspot and stay off it"),
        ("ui", "ui [--json] | ui submit KEY=VALUE... | ui cancel", "answer a helper's presentUI request"),
        ("enable", "enable SSID", "allow auto-join of a disabled network again"),
        ("join", "join SSID [--passphrase-file F] [--once]", "add one of your own networks and join it"),
        ("forget", "forget SSID", "remove one of your own networks"),
        ("networks", "networks", "list your own networks"),
        ("reload", "reload", "re-read the configuration"),
        ("config", "config check|show|save|remove", "manager preferences (save options below)"),
        ("radio", "radio VERB [OPTIONS]", "nl80211 and wpa_supplicant at first hand (verbs below)"),
        ("portal-helper", "portal-helper COMMAND", "the built-in captive-portal helper (hotspotd runs it)"),
        ("version", "version", "print the version"),
    ]

    public static func main(_ arguments: [String]) -> Int32 {
        var args = arguments
        if !args.isEmpty { args.removeFirst() }
        guard let first = args.first else {
            Output.err(usage())
            return 2
        }
        let rest = Array(args.dropFirst())
        switch first {
        case "-h", "--help", "help":
            Output.out(usage())
            return 0
        case "version", "--version":
            guard rest.isEmpty else { return fail("version takes no arguments") }
            Output.out("hotspotd \(hotspotdVersion)")
            return 0
        case "radio":
            #if HOTSPOTD_NO_RADIO_VERBS
            return fail("this build has no radio verbs (they are in the x86_64 build); iw and wpa_cli show the same")
            #else
            return RadioCommand.main(rest)
            #endif
        case "run":
            return RunCommand.main(rest)
        case "portal-helper":
            return PortalHelper.main(rest)
        default:
            if subcommands.contains(where: { $0.name.utf8.elementsEqual(first.utf8) }) {
                return ControlCommand.main(first, rest)
            }
            return fail("unknown subcommand '\(first)' (see hotspotd --help)")
        }
    }

    public static func exit(_ status: Int32) -> Never { CLinux.exit(status) }

    /// argv from /proc/self/cmdline (NUL-terminated arguments); Embedded Swift has no `CommandLine`.
    public static func processArguments() -> [String] {
        guard let fd = try? FileDescriptor.open("/proc/self/cmdline", O_RDONLY) else { return [] }
        defer { fd.close() }
        // Linux caps argv and the environment together at ARG_MAX (2 MB by default).
        let bytes = (try? fd.readAll(limit: 2 << 20)) ?? []
        var args: [String] = []
        var start = 0
        for i in 0..<bytes.count where bytes[i] == 0 {
            args.append(String(decoding: bytes[start..<i], as: UTF8.self))
            start = i + 1
        }
        return args
    }

    static func usage() -> String {
        var text = "usage: hotspotd SUBCOMMAND [OPTIONS]\n\nhotspotd \(hotspotdVersion): a hotspot client for travel routers.\n\nSubcommands:\n"
        for s in subcommands {
            text += "  " + pad(s.usage, 48) + " " + s.summary + "\n"
        }
        #if !HOTSPOTD_NO_RADIO_VERBS
        text += "\nRadio verbs (hotspotd radio --help):\n" + RadioCommand.verbUsage
        #endif
        text += """

            config save sets preferences in the config file; the others keep their value:
              --enabled 0|1  --evaluation-provider NAME|--no-evaluation-provider
              --authentication-provider NAME|--no-authentication-provider
              --portal-domain D...|--no-portal-domains
              --evaluated-ssid S...|--evaluated-ssid-hex HEX...|--no-evaluated-ssids
            config remove deletes them, so the defaults apply: enabled, any helper evaluates,
            the claiming helper authenticates, no portal domains, no evaluated SSIDs.

            """
        text += "\nClient subcommands take --socket PATH (default /var/run/hotspotd/control) or --config FILE"
        text += " (its run_dir);\nSSIDs may be given as --ssid-hex HEX.\n"
        text += "\nStatus codes: 0 success, 1 failure or unusable uplink, 2 usage error or daemon unreachable."
        return text
    }

    static func pad(_ s: String, _ width: Int) -> String {
        let n = s.utf8.count
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    /// Why a passphrase file is unusable, as one line for the user.
    struct Problem: Error { var message: String }

    /// One line; a trailing newline (echo > file) is not part of the passphrase.
    static func readPassphrase(_ file: String) -> Result<Passphrase, Problem> {
        var bytes: [UInt8]
        do {
            let fd = try FileDescriptor.open(file, O_RDONLY)
            defer { fd.close() }
            bytes = try fd.readAll(limit: 256)
        } catch {
            return .failure(Problem(message: "cannot read " + file + ": " + error.description))
        }
        while let last = bytes.last, last == 0x0a || last == 0x0d { bytes.removeLast() }
        do throws(PassphraseError) {
            return .success(try Passphrase(bytes: bytes))
        } catch {
            return .failure(Problem(message: "unusable passphrase: " + error.description))
        }
    }

    /// One-line error, exit status 2 (usage).
    static func fail(_ message: String) -> Int32 {
        Output.err("hotspotd: " + message)
        return 2
    }
}
