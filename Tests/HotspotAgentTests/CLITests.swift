import Testing
@testable import HotspotAgent

@Suite struct CLITests {
    @Test func unknownSubcommandIsUsageError() {
        #expect(CLI.main(["hotspotd", "frobnicate"]) == 2)
        #expect(CLI.main(["hotspotd"]) == 2)
        #expect(CLI.main(["hotspotd", "version", "extra"]) == 2)
        #expect(CLI.main(["hotspotd", "radio", "probe", "--bogus"]) == 2)
    }

    @Test func helpListsEverySubcommand() {
        let text = CLI.usage()
        for name in ["run", "status", "scan", "helpers", "logoff", "ui", "enable", "join", "forget",
                     "networks", "reload", "config", "radio", "version"] {
            #expect(text.contains("  \(name)"), "help lacks \(name)")
        }
        #expect(CLI.main(["hotspotd", "--help"]) == 0)
    }

    @Test func radioProbeWithoutNl80211FailsCleanly() {
        // This host's kernel has no cfg80211: the probe must say so and exit 1, not crash.
        #expect(CLI.main(["hotspotd", "radio", "probe"]) == 1)
    }
}
