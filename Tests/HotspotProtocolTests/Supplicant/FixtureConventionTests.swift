import Testing
import HotspotCore
@testable import HotspotProtocol

/// Runs every fixture by its name prefix (see Fixtures/wpa_supplicant/README.md). Real captures dropped into
/// the folder are picked up without touching this file; each must parse with no skipped lines.
@Suite struct FixtureConventionTests {
    @Test(arguments: Fixture.names(prefix: "scan_results"))
    func scanResults(name: String) throws {
        let table = try ScanResultsTable.parse(try Fixture.load(name))
        #expect(table.sawHeader, "\(name): no header")
        #expect(table.skipped.isEmpty, "\(name): \(table.skipped)")
    }

    @Test(arguments: Fixture.names(prefix: "bss_single"))
    func bssSingle(name: String) throws {
        let info = try BSSInfo.parse(try Fixture.load(name))
        #expect(info.block.skipped.isEmpty, "\(name): \(info.block.skipped)")
    }

    @Test(arguments: Fixture.names(prefix: "bss_range"))
    func bssRange(name: String) throws {
        let range = try BSSRange.parse(try Fixture.load(name))
        #expect(range.skipped.isEmpty, "\(name): \(range.skipped)")
        #expect(range.isComplete || range.nextID != nil, "\(name): cannot continue paging")
    }

    @Test(arguments: Fixture.names(prefix: "status"))
    func status(name: String) throws {
        let status = try SupplicantStatus.parse(try Fixture.load(name))
        #expect(status.state != nil, "\(name): no wpa_state")
        #expect(status.block.skipped.isEmpty, "\(name): \(status.block.skipped)")
    }

    @Test(arguments: Fixture.names(prefix: "signal_poll"))
    func signalPoll(name: String) throws {
        let poll = try SignalPoll.parse(try Fixture.load(name))
        #expect(poll.rssi != nil, "\(name): no RSSI")
        #expect(poll.block.skipped.isEmpty, "\(name): \(poll.block.skipped)")
    }

    @Test(arguments: Fixture.names(prefix: "list_networks"))
    func listNetworks(name: String) throws {
        let list = try NetworkList.parse(try Fixture.load(name))
        #expect(list.sawHeader, "\(name): no header")
        #expect(list.skipped.isEmpty, "\(name): \(list.skipped)")
    }

    @Test(arguments: Fixture.names(prefix: "events"))
    func events(name: String) throws {
        for (i, line) in try Fixture.eventLines(name).enumerated() {
            guard case .event = SupplicantDatagram.classify(line) else {
                Issue.record("\(name) line \(i + 1) is not an event: \(String(decoding: line, as: UTF8.self))")
                continue
            }
        }
    }

    @Test func everyFixtureHasAKnownPrefix() {
        let prefixes = ["scan_results", "bss_single", "bss_range", "status", "signal_poll", "list_networks", "events"]
        for name in Fixture.names(prefix: "") where name != "README.md" {
            #expect(prefixes.contains { name.hasPrefix($0) }, "\(name) would not be tested")
        }
    }
}
