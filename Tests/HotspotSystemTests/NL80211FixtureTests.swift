import CNetlink
import Foundation
import Testing
import HotspotCore
@testable import HotspotSystem

/// nl80211 replies captured raw from the real kernel in the radio VM (scenario nl80211-capture), parsed by
/// the same code as live dumps, checked against what iw read from the same kernel at the same moment.
@Suite struct NL80211FixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/nl80211")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    static func messages(_ name: String) throws -> [[UInt8]] {
        try text(name).split(separator: "\n").map { Hex.decode(String($0))! }
    }

    /// iw's scan dump: BSSID → (freq, whole dBm, SSID as iw escapes it, associated).
    static func iwScan() throws -> [String: (freq: Int, signal: Int, ssid: String, associated: Bool)] {
        var out: [String: (freq: Int, signal: Int, ssid: String, associated: Bool)] = [:]
        var current: String? = nil
        for line in try text("iw_scan_dump.txt").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("BSS ") {
                let id = String(line.dropFirst(4).prefix(17))
                current = id
                out[id] = (0, 0, "", line.contains("associated"))
            } else if let id = current {
                let t = line.trimmingCharacters(in: .whitespaces)
                if t.hasPrefix("freq: ") { out[id]!.freq = Int(Double(t.dropFirst(6))!) }
                if t.hasPrefix("signal: ") { out[id]!.signal = Int(Double(t.dropFirst(8).split(separator: " ")[0])!) }
                if t.hasPrefix("SSID: ") { out[id]!.ssid = String(t.dropFirst(6)) }
            }
        }
        return out
    }

    @Test func scanDumpMatchesIw() throws {
        let parsed = NL80211.parseCaptured(try Self.messages("scan_dump.hex")).bss
        let iw = try Self.iwScan()
        #expect(parsed.count == iw.count)
        #expect(parsed.count == 2)
        for bss in parsed {
            let theirs = try #require(iw[bss.bssid.description])
            #expect(bss.frequency == theirs.freq)
            #expect(bss.signalDBm == theirs.signal)
            #expect(bss.associated == theirs.associated)
            // iw prints non-printable bytes as \xNN, as SSID.description does.
            #expect(bss.ssid?.description == theirs.ssid)
        }
    }

    @Test func scanDumpKeepsExactSSIDBytesAndSecurity() throws {
        let parsed = NL80211.parseCaptured(try Self.messages("scan_dump.hex")).bss
        // aps.txt: name, BSSID, SSID as hex (written by the scenario from hostapd's configuration).
        for line in try Self.text("aps.txt").split(separator: "\n") where !line.hasPrefix("kernel") {
            let f = line.split(separator: " ").map(String.init)
            let bss = try #require(parsed.first { $0.bssid.description == f[1] })
            #expect(bss.ssid?.hex == f[2])
            #expect(bss.security == (f[0] == "home" ? .personal : .open))
            let entry = try #require(bss.entry)
            #expect(entry == ScanEntry(ssid: try #require(bss.ssid), bssid: bss.bssid, rssi: try #require(bss.signalDBm),
                                       frequency: bss.frequency, security: bss.security))
        }
    }

    @Test func entryNeedsSSIDFrequencyAndSignal() {
        let b = BSSID("02:00:00:00:01:00")!
        let full = ScannedBSS(bssid: b, ssid: SSID("x"), frequency: 2412, signalDBm: -40, ageMilliseconds: 0,
                              security: .open, associated: false)
        #expect(full.entry == ScanEntry(ssid: SSID("x")!, bssid: b, rssi: -40, frequency: 2412, security: .open))
        var noSSID = full; noSSID.ssid = nil
        var noSignal = full; noSignal.signalDBm = nil
        var noFrequency = full; noFrequency.frequency = 0
        #expect(noSSID.entry == nil && noSignal.entry == nil && noFrequency.entry == nil)
    }

    /// NetlinkError reads as a sentence with what was being done (on the router anything without a
    /// hand-written description prints "(cannot print value in embedded Swift)").
    @Test func netlinkErrorsReadAsSentences() {
        let kernel = NetlinkError(source: .kernel, code: ENODEV, context: "nl80211 request refused")
        #expect("\(kernel)" == "nl80211 request refused: " + Errno(ENODEV).description)
        let libnl = NetlinkError(source: .libnl, code: -NLE_OBJ_NOTFOUND, context: "nl80211 not in this kernel")
        #expect("\(libnl)".hasPrefix("nl80211 not in this kernel: ") && "\(libnl)".hasSuffix(" (libnl -12)"))
        #expect(libnl.isFamilyMissing && !kernel.isFamilyMissing)
    }

    @Test func stationMatchesIw() throws {
        let stations = NL80211.parseCaptured(try Self.messages("station.hex")).stations
        let s = try #require(stations.first)
        let iw = try Self.text("iw_station_dump.txt")
        #expect(iw.contains("Station \(s.bssid)"))
        // "\tsignal:  \t-30 dBm", "\ttx bitrate:\t6.0 MBit/s"
        func value(_ key: String) throws -> Double {
            let line = try #require(iw.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(key) })
            let words = line.dropFirst(line.distance(from: line.startIndex, to: line.range(of: key)!.upperBound))
                .split(whereSeparator: { $0 == " " || $0 == "\t" })
            return try #require(Double(words[0]))
        }
        let signal = try value("signal:"), average = try value("signal avg:"), rate = try value("tx bitrate:")
        #expect(Double(s.signalDBm!) == signal)
        #expect(Double(s.averageSignalDBm!) == average)
        #expect(Double(s.txBitrate100kbps!) == rate * 10)
    }

    @Test func truncatedAndDamagedMessagesAreSkipped() throws {
        let all = try Self.messages("scan_dump.hex") + Self.messages("station.hex")
        for m in all {
            for cut in 0..<m.count {
                // A message cut short: its header's length no longer fits, so it is skipped whole.
                let r = NL80211.parseCaptured([Array(m.prefix(cut))])
                #expect(r.bss.isEmpty && r.stations.isEmpty)
            }
            // Every attribute byte flipped in turn: never a crash, at most one result.
            for i in 20..<m.count {
                var bad = m
                bad[i] ^= 0xff
                let r = NL80211.parseCaptured([bad])
                #expect(r.bss.count + r.stations.count <= 1)
            }
        }
    }
}
