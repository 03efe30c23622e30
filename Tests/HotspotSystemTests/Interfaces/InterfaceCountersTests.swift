import Foundation
import Testing
@testable import HotspotSystem

/// The uplink's packet counters from sysfs (issue 39's stall watch).
struct InterfaceCountersTests {
    @Test func loopbackHasCountersAndAMissingInterfaceHasNone() {
        let lo = InterfaceCounters.packets("lo")
        #expect(lo != nil)
        #expect(InterfaceCounters.packets("nosuchif0") == nil)
    }

    @Test func aFileOfOneNumber() throws {
        let dir = NSTemporaryDirectory() + "counters-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (text, expected) in [("123\n", UInt64(123)), ("18446744073709551615\n", UInt64.max), ("", nil), ("x1\n", nil),
                                 ("123456789012345678901\n", nil)] as [(String, UInt64?)] {
            let path = dir + "/n"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(InterfaceCounters.number(path) == expected, "\(text)")
        }
    }
}
