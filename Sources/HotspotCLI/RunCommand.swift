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
            // Words looked up as bytes in one literal, not by a `switch` over String literals: smaller on the router.
            let a = args[i]
            let k = ControlCommand.index(a, inWords: "--config -c -v --verbose -h --help")
            if k == 0 || k == 1 {
                guard i + 1 < args.count, !ASCII.hasPrefix(args[i + 1], "-") else {
                    return CLI.fail("run: --config needs a file")
                }
                i += 1
                options.configPath = args[i]
            } else if k == 2 || k == 3 {
                options.verbose = true
            } else if k >= 0 {
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
