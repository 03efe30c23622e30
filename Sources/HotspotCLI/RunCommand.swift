import HotspotDaemon
import HotspotCore
import HotspotSystem
/// `hotspotd run [--config FILE] [-v]`: the daemon in the foreground, as procd runs it.
enum RunCommand {
    static let usage = "run [--config FILE] [-v|--verbose]"

    static func main(_ args: [String]) -> Int32 {
        var options = HotspotDaemon.Options()
        var i = 0
        while i < args.count {
            // Words compared as bytes, not by a `switch` over String literals: smaller on the router.
            let a = args[i]
            if ControlCommand.word(a, "--config") || ControlCommand.word(a, "-c") {
                guard i + 1 < args.count, !ASCII.hasPrefix(args[i + 1], "-") else {
                    return CLI.fail("run: --config needs a file")
                }
                i += 1
                options.configPath = args[i]
            } else if ControlCommand.word(a, "-v") || ControlCommand.word(a, "--verbose") {
                options.verbose = true
            } else if ControlCommand.word(a, "-h") || ControlCommand.word(a, "--help") {
                Output.out("usage: hotspotd " + usage + "\n\nRuns the daemon in the foreground; logs to syslog "
                           + "(and stderr with -v). TERM/INT stop it, HUP reloads the configuration.")
                return 0
            } else {
                return CLI.fail("run: unknown argument '" + a + "'")
            }
            i += 1
        }
        return HotspotDaemon.main(options)
    }
}
