import CLinux
import HotspotCore
import HotspotPortalHelper
import HotspotSystem
import HotspotProtocol


/// argv → subcommand. Daemon and client share one binary; this is its front door.
public enum CLI {
    /// The subcommands `ControlCommand` sends to the daemon (`--help` lists every subcommand).
    static var clientSubcommands: StaticString { "status scan helpers logoff ui enable join forget networks reload config" }

    public static func main(_ arguments: [String]) -> Int32 {
        var args = arguments
        if !args.isEmpty { args.removeFirst() }
        guard let first = args.first else {
            Output.err(usage())
            return 2
        }
        let rest = Array(args.dropFirst())
        // Words compared as bytes, not by a `switch` over String literals: smaller on the router.
        if ControlCommand.word(first, "-h") || ControlCommand.word(first, "--help") || ControlCommand.word(first, "help") {
            Output.out(usage())
            return 0
        }
        if ControlCommand.word(first, "version") || ControlCommand.word(first, "--version") {
            guard rest.isEmpty else { return fail("version takes no arguments") }
            Output.out("hotspotd " + hotspotdVersion)
            return 0
        }
        if ControlCommand.word(first, "radio") {
            #if HOTSPOTD_NO_RADIO_VERBS
            return fail("this build has no radio verbs (they are in the x86_64 build); iw and wpa_cli show the same")
            #else
            return RadioCommand.main(rest)
            #endif
        }
        if ControlCommand.word(first, "run") { return RunCommand.main(rest) }
        if ControlCommand.word(first, "portal-helper") { return PortalHelper.main(rest) }
        if ControlCommand.word(first, "fetch") { return FetchCommand.main(rest) }
        if ControlCommand.word(first, "rpcd") { return RpcdCommand.main(rest) }
        if ControlCommand.index(first, inWords: clientSubcommands) >= 0 { return ControlCommand.main(first, rest) }
        return fail("unknown subcommand '" + first + "' (see hotspotd --help)")
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

    /// One literal per part, padded by hand (48 columns): smaller on the router than a table and a loop.
    static func usage() -> String {
        var text = "usage: hotspotd SUBCOMMAND [OPTIONS]\n\nhotspotd " + hotspotdVersion + """
            : a hotspot client for travel routers.

            Subcommands:
              run [--config FILE] [-v]                         run the daemon in the foreground (procd style)
              status [--json]                                  uplink state; exit 0 usable, 1 not, 2 daemon unreachable
              scan [--json]                                    the last scan as helpers saw it
              helpers                                          helpers, their state and cached networks
              logoff                                           log off the current hotspot and stay off it
              ui [--json] | ui submit KEY=VALUE... | ui cancel answer a helper's presentUI request
              enable SSID                                      allow auto-join of a disabled network again
              join SSID [--passphrase-file F] [--once]         add one of your own networks and join it
                [--mac hardware|per-network|per-join|ADDR]     the address the radio shows it (mac_policy)
                [--prefix] [--hidden] [--days N]               SSID is a prefix; hidden; forgotten after N days
                [--eap peap|ttls|tls --identity ID ...]        an enterprise network (README: join --eap)
              forget SSID                                      remove one of your own networks
              networks                                         list your own networks
              reload                                           re-read the configuration
              config check|show|save|remove                    manager preferences (save options below)
              radio VERB [OPTIONS]                             nl80211 and wpa_supplicant at first hand (verbs below)
              portal-helper COMMAND                            the built-in captive-portal helper (hotspotd runs it)
              fetch [--data B] [--cookies F] [--head] URL      HTTP(S) through the uplink, for helper scripts
              rpcd call METHOD                                 ubus's hotspot object (rpcd's plugin runs it)
              version                                          print the version

            """
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

            Client subcommands take --socket PATH (default /var/run/hotspotd/control) or --config FILE (its run_dir);
            SSIDs may be given as --ssid-hex HEX.

            Status codes: 0 success, 1 failure or unusable uplink, 2 usage error or daemon unreachable.
            """
        return text
    }

    /// Why a passphrase file is unusable, as one line for the user.
    struct Problem: Error { var message: String }

    /// One line; a trailing newline (echo > file) is not part of the passphrase.
    static func readPassphrase(_ file: String) -> Result<Passphrase, Problem> {
        let bytes: [UInt8]
        switch readSecret(file) {
        case .success(let b): bytes = b
        case .failure(let why): return .failure(why)
        }
        do throws(PassphraseError) {
            return .success(try Passphrase(bytes: bytes))
        } catch {
            return .failure(Problem(message: "unusable passphrase: " + error.description))
        }
    }

    /// A passphrase's or password's file: at most 256 bytes, its trailing newline dropped. Secrets come from
    /// files because a command line shows in `ps`.
    static func readSecret(_ file: String) -> Result<[UInt8], Problem> {
        var bytes: [UInt8]
        do {
            let fd = try FileDescriptor.open(file, O_RDONLY)
            defer { fd.close() }
            bytes = try fd.readAll(limit: 256)
        } catch {
            return .failure(Problem(message: "cannot read " + file + ": " + error.description))
        }
        while let last = bytes.last, last == 0x0a || last == 0x0d { bytes.removeLast() }
        return .success(bytes)
    }

    /// One-line error, exit status 2 (usage).
    static func fail(_ message: String) -> Int32 {
        Output.err("hotspotd: " + message)
        return 2
    }
}
