import HotspotDaemon
import HotspotSystem
/// `hotspotd run [--config FILE] [-v]`: the daemon in the foreground, as procd runs it.
enum RunCommand {
    static let usage = "run [--config FILE] [-v|--verbose]"

    static func main(_ args: [String]) -> Int32 {
        var options = HotspotDaemon.Options()
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--config", "-c":
                guard i + 1 < args.count, !args[i + 1].utf8.starts(with: "-".utf8) else {
                    return CLI.fail("run: --config needs a file")
                }
                i += 1
                options.configPath = args[i]
            case "-v", "--verbose":
                options.verbose = true
            case "-h", "--help":
                Output.out("usage: hotspotd " + usage + "\n\nRuns the daemon in the foreground; logs to syslog "
                           + "(and stderr with -v). TERM/INT stop it, HUP reloads the configuration.")
                return 0
            default:
                return CLI.fail("run: unknown argument '" + args[i] + "'")
            }
            i += 1
        }
        return HotspotDaemon.main(options)
    }
}
