import Foundation
import Testing
@testable import HotspotSystem

@Suite struct CurrentProcessTests {
    @Test func environmentIsTheVariablesValueOrNil() {
        setenv("HOTSPOTD_TEST_VARIABLE", "a b=c", 1)
        defer { unsetenv("HOTSPOTD_TEST_VARIABLE") }
        #expect(CurrentProcess.environment("HOTSPOTD_TEST_VARIABLE") == "a b=c")
        #expect(CurrentProcess.environment("HOTSPOTD_TEST_UNSET_VARIABLE") == nil)
    }

    @Test func executablePathIsThisBinary() {
        #expect(CurrentProcess.executablePath == (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")))
        #expect(CurrentProcess.executablePath.hasPrefix("/"))
    }

    @Test func effectiveUserIDIsTheKernels() {
        #expect(CurrentProcess.effectiveUserID == geteuid())
    }
}
