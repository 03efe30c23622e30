import CLinux
import HotspotCore
import HotspotPortalHelper
import HotspotSystem
import HotspotProtocol


/// argv → subcommand. Daemon and client share one binary; this is its front door.
public enum CLI {
    public static func main(_ arguments: [String]) -> Int32 {
        // argv[0] (the program), then the subcommand; `rest` is the subcommand's arguments. (`remove(at: 0)`,
        // as elsewhere for an array of Strings: removeFirst and Array(dropFirst()) are code of their own.)
        var rest = arguments
        if !rest.isEmpty { rest.remove(at: 0) }
        guard !rest.isEmpty else {
            Output.err(usage())
            return 2
        }
        let first = rest.remove(at: 0)
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
        if ControlCommand.word(first, "connect") { return SocketCommand.main(rest, stream: true) }
        if ControlCommand.word(first, "udp") { return SocketCommand.main(rest, stream: false) }
        if ControlCommand.word(first, "rpcd") { return RpcdCommand.main(rest) }
        // The owner's requests, sent to the daemon (`version` above prints the client's own).
        if ControlCommand.isSubcommand(first) { return ControlCommand.main(first, rest) }
        return fail("unknown subcommand '" + first + "' (see hotspotd --help)")
    }

    public static func exit(_ status: Int32) -> Never { CurrentProcess.exit(status) }

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

    /// The help: the owner's requests from their declaration (`OwnerVerb`), then the other subcommands.
    static func usage() -> String {
        var text = "usage: hotspotd SUBCOMMAND [OPTIONS]\n\nhotspotd " + hotspotdVersion + """
            : a hotspot client for travel routers.

            Subcommands:
              run [--config FILE] [-v]                         run the daemon in the foreground (procd style)

            """
        for verb in OwnerVerb.allCases { text += usageLines(verb) }
        text += """
              radio VERB [OPTIONS]                             nl80211 and wpa_supplicant at first hand (verbs below)
              portal-helper COMMAND                            the built-in captive-portal helper (hotspotd runs it)
              fetch [--data B] [--cookies F] [--head] URL      HTTP(S) through the uplink, for helper scripts
              connect HOST PORT | udp HOST PORT                stdin to a TCP peer or one datagram, through the uplink
              rpcd list | rpcd call METHOD                     ubus's hotspot object (rpcd's plugin runs it)

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

    /// A request's lines in the help: its words and parameters, then its help at column 51; a parameter
    /// with a help of its own on a line of its own below.
    static func usageLines(_ verb: OwnerVerb) -> String {
        func line(_ left: String, _ help: StaticString) -> String {
            var l = left
            repeat { l += " " } while l.utf8.count < 51
            return l + help.description + "\n"
        }
        var head = "  " + verb.words.description
        var below = ""
        for p in verb.declaration.parameters {
            if let help = p.help {
                below += line("    " + p.usage.description, help)
            } else {
                head += " " + p.usage.description
            }
        }
        return line(head, verb.declaration.help) + below
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
