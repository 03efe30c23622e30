import Testing
@testable import HotspotCLI

/// `CLI.processArguments()` reads /proc/self/cmdline, the only argv Embedded Swift has.
@Suite struct CLIProcessArgumentsTests {
    @Test func matchesTheRuntimesArguments() {
        #expect(CLI.processArguments() == CommandLine.arguments)
    }
}
