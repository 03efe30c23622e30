import Testing
import TestSupport
import HotspotCore
@testable import TestSupport
@testable import HotspotProtocol

@Suite struct BSSTests {
    @Test func singleEntry() throws {
        let info = try BSSInfo.parse(try Fixture.load("bss_single-handmade.txt"))
        #expect(info.id == 3 && info.bssid == BSSID("02:00:00:00:01:00") && info.frequency == 2412)
        #expect(info.beaconInterval == 100 && info.capabilities == 0x0411 && info.quality == 0)
        #expect(info.noise == -92 && info.level == -30 && info.age == 4 && info.snr == 62)
        #expect(info.estimatedThroughput == 65000)
        #expect(info.flags?.tokens == ["WPA2-PSK-CCMP", "ESS"] && info.security == .personal)
        #expect(info.ssid == SSID("hotel-guest"))
        #expect(info.informationElements.map { Array($0.prefix(13)) } == [0x00, 0x0b] + Array("hotel-guest".utf8))
        #expect(info.block.text("update_idx") == "7")
        #expect(info.block.skipped.isEmpty)
        #expect(info.entry == ScanEntry(ssid: SSID("hotel-guest")!, bssid: info.bssid, rssi: -30, frequency: 2412,
                                        security: .personal))
    }

    /// A real capture carries both sources for one BSS: the flags wpa_supplicant printed and the elements it
    /// printed them from (what nl80211 hands hotspotd). They must give the same security type.
    @Test(arguments: Fixture.names(prefix: "bss_single-hwsim"))
    func flagsAndElementsAgree(name: String) throws {
        let info = try BSSInfo.parse(try Fixture.load(name))
        let flags = try #require(info.flags), ies = try #require(info.informationElements)
        let capabilities = try #require(info.capabilities)
        #expect(flags.security == InformationElements(ies).securityType(privacy: capabilities & 0x0010 != 0))
    }

    /// Without `flags=` (a MASK that leaves it out), the elements and the privacy bit decide, by the same policy.
    @Test func securityFromElementsWithoutFlags() throws {
        let text = String(decoding: try Fixture.load("bss_single-hwsim-home-2.10.txt"), as: UTF8.self)
        let noFlags = text.split(separator: "\n").filter { !$0.hasPrefix("flags=") }.joined(separator: "\n") + "\n"
        let info = try BSSInfo.parse(bytes(noFlags))
        #expect(info.flags == nil && info.security == .personal)
        #expect(info.entry?.security == .personal && info.entry?.ssid == SSID("Radio Home WPA2"))
        let bare = try BSSInfo.parse(bytes("bssid=02:00:00:00:01:00\nfreq=2412\nlevel=-30\nssid=x\n"))
        #expect(bare.security == .unknown && bare.entry?.security == .unknown)
        #expect(try BSSInfo.parse(bytes("bssid=02:00:00:00:01:00\nfreq=2412\nssid=x\n")).entry == nil)  // no level
        #expect(try BSSInfo.parse(bytes("bssid=02:00:00:00:01:00\nlevel=-30\nssid=x\n")).entry == nil)  // no freq
    }

    /// Every entry of a real BSS RANGE capture is the same ScanEntry as its SCAN_RESULTS row.
    @Test func rangeEntriesMatchScanResults() throws {
        let range = try BSSRange.parse(try Fixture.load("bss_range-hwsim-all-2.10.txt"))
        let table = try ScanResultsTable.parse(try Fixture.load("scan_results-hwsim-4bss-2.10.txt"))
        #expect(range.entries.compactMap(\.entry).sorted { $0.bssid.value < $1.bssid.value }
                == table.entries.sorted { $0.bssid.value < $1.bssid.value })
        #expect(range.entries.count == 4)
    }

    @Test func singleEntryProblems() {
        #expect(throws: SupplicantReplyError.empty) { try BSSInfo.parse([]) }  // no such BSS
        #expect(throws: SupplicantReplyError.failed(reason: nil)) { try BSSInfo.parse(bytes("FAIL\n")) }
        #expect(throws: SupplicantReplyError.self) { try BSSInfo.parse(bytes("id=1\nfreq=2412\n")) }  // no bssid
        #expect(throws: SupplicantReplyError.self) { try BSSInfo.parse(bytes("bssid=02:00:00:00:01\n")) }
        let odd = try? BSSInfo.parse(bytes("bssid=02:00:00:00:01:00\nie=abc\nssid=\(String(repeating: "x", count: 40))\nflags=[ESS\nlevel=high\n"))
        #expect(odd?.informationElements == nil && odd?.ssid == nil && odd?.flags == nil && odd?.level == nil)
        #expect(odd?.security == .unknown && odd?.entry == nil)
    }

    @Test func pagingThroughRanges() throws {
        let page1 = try BSSRange.parse(try Fixture.load("bss_range-handmade-page1.txt"))
        #expect(page1.entries.map(\.id) == [0, 1, 4])
        #expect(!page1.isComplete && page1.nextID == 5 && page1.skipped.isEmpty)
        #expect(page1.entries[2].ssid?.utf8Text == "中文")
        let page2 = try BSSRange.parse(try Fixture.load("bss_range-handmade-page2.txt"))
        #expect(page2.entries.map(\.id) == [5, 9])
        #expect(page2.isComplete && page2.nextID == nil && page2.skipped.isEmpty)
        #expect(page2.entries[1].ssid == SSID("Say \"hi\" \\ tab\there"))
        let none = try BSSRange.parse([])  // nothing left in the range
        #expect(none.entries.isEmpty && none.isComplete && none.nextID == nil)
        #expect(throws: SupplicantReplyError.failed(reason: "Invalid range")) { try BSSRange.parse(bytes("FAIL-Invalid range\n")) }
    }

    @Test func rangeOddities() throws {
        // A broken entry between good ones; lines after the end marker; no delimiter at all.
        let text = "id=0\nbssid=02:00:00:00:01:00\n====\nid=1\nbssid=nonsense\n====\nid=2\nbssid=02:00:00:00:03:00\njunk\n####\nid=3\n"
        let r = try BSSRange.parse(bytes(text))
        #expect(r.entries.map(\.id) == [0, 2])
        #expect(r.isComplete)
        #expect(r.skipped.map(\.problem) == [.missingBSSID, .notKeyValue, .afterEndOfList])
        #expect(r.skipped.map(\.line) == [4, 9, 11])
        // The delimiter mask closes every entry: one without `====` / `####` was cut inside, so it is dropped.
        let unclosed = try BSSRange.parse(bytes("id=6\nbssid=02:00:00:00:01:00\n====\nid=7\nbssid=02:00:00:00:02:00\n"))
        #expect(unclosed.entries.map(\.id) == [6] && !unclosed.isComplete && unclosed.nextID == 7)
        #expect(unclosed.skipped.map(\.problem) == [.truncated] && unclosed.skipped.map(\.line) == [4])
        let cutDelimiter = try BSSRange.parse(bytes("id=6\nbssid=02:00:00:00:01:00\n===="))
        #expect(cutDelimiter.entries.isEmpty && cutDelimiter.nextID == nil)
        #expect(cutDelimiter.skipped.map(\.problem) == [.truncated] && cutDelimiter.skipped.map(\.line) == [1])
        let cutAfterEnd = try BSSRange.parse(bytes("id=6\nbssid=02:00:00:00:01:00\n####\nid="))
        #expect(cutAfterEnd.entries.count == 1 && cutAfterEnd.isComplete)
        #expect(cutAfterEnd.skipped.map(\.problem) == [.afterEndOfList])
        let empties = try BSSRange.parse(bytes("====\n====\n####\n"))
        #expect(empties.entries.isEmpty && empties.isComplete && empties.skipped.isEmpty)
        let noIDs = try BSSRange.parse(bytes("bssid=02:00:00:00:01:00\n====\n"))
        #expect(noIDs.entries.count == 1 && !noIDs.isComplete && noIDs.nextID == nil)
    }

    /// Every prefix of a BSS RANGE reply: each entry it yields is the full reply's entry, whole; paging goes
    /// on from the last whole entry, so the cut one is asked for again.
    @Test(arguments: ["bss_range-hwsim-all-2.10.txt", "bss_range-handmade-page1.txt", "bss_range-handmade-page2.txt"])
    func everyTruncationPointOfARange(name: String) throws {
        let full = try Fixture.load(name)
        let complete = try BSSRange.parse(full).entries
        for cut in 1..<full.count {
            let range = try BSSRange.parse(Array(full[0..<cut]))
            #expect(range.entries == Array(complete.prefix(range.entries.count)), "\(name) cut at \(cut)")
            let closed = String(decoding: full[0..<cut], as: UTF8.self).components(separatedBy: "====\n").count - 1
            #expect(range.entries.count == closed, "\(name) cut at \(cut)")
            #expect(!range.isComplete && range.nextID == range.entries.last.map { $0.id! + 1 }, "\(name) cut at \(cut)")
            #expect(range.skipped.allSatisfy { $0.problem == .truncated }, "\(name) cut at \(cut)")
        }
    }

    /// Every prefix of a single BSS reply: what it yields is the full reply's, or absent; never a field cut short.
    @Test(arguments: Fixture.names(prefix: "bss_single"))
    func everyTruncationPointOfAnEntry(name: String) throws {
        let full = try Fixture.load(name)
        let complete = try BSSInfo.parse(full)
        for cut in 1..<full.count {
            guard let info = try? BSSInfo.parse(Array(full[0..<cut])) else { continue }  // before bssid= is whole
            #expect(info.bssid == complete.bssid)
            #expect(info.ssid == nil || info.ssid == complete.ssid, "\(name) cut at \(cut)")
            #expect(info.informationElements == nil || info.informationElements == complete.informationElements)
            #expect(info.flags == nil || info.flags == complete.flags, "\(name) cut at \(cut)")
            #expect(info.level == nil || info.level == complete.level, "\(name) cut at \(cut)")
            #expect(info.frequency == nil || info.frequency == complete.frequency, "\(name) cut at \(cut)")
            #expect(info.entry == nil || info.entry == complete.entry, "\(name) cut at \(cut)")
            #expect(info.block.entries == Array(complete.block.entries.prefix(info.block.entries.count)))
        }
    }

    @Test func hostileCutsNeverTrap() throws {
        let full = bytes("id=3\nbssid=02:00:00:00:01:00\nssid=\\xff\\xfe\n====\nid=4\nbssid=02:00:00:00:02:00\n####\nx\n")
        for cut in 0...full.count {
            _ = try? BSSRange.parse(Array(full[0..<cut]))
            _ = try? BSSInfo.parse(Array(full[0..<cut]))
        }
        #expect(try BSSInfo.parse(Array(full[0..<41])).ssid == nil)  // `ssid=\xff\xf`: cut, not `\xff\x0f`
    }
}
