import Testing
import TestSupport
import HotspotCore
@testable import TestSupport
@testable import HotspotProtocol

private let header = "bssid / frequency / signal level / flags / ssid\n"

@Suite struct ScanResultsTests {
    @Test func handmadeFixture() throws {
        let table = try ScanResultsTable.parse(try Fixture.load("scan_results-handmade-2.10.txt"))
        #expect(table.sawHeader && table.skipped.isEmpty && !table.mayBeTruncated)
        #expect(table.entries.count == 12)
        let r = table.entries
        #expect(r[0] == ScanEntry(ssid: SSID("hotel-guest")!, bssid: BSSID("02:00:00:00:01:00")!, rssi: -30,
                                  frequency: 2412, security: .personal))
        #expect(r[0].signalStrength == SignalStrength.fromDBm(-30))
        #expect(r[1].ssid == SSID("Cafe Free WiFi") && r[1].security == .open)
        #expect(r[2].security == .enterprise)
        #expect(r[3].security == .wep)
        #expect(r[4].ssid.bytes == [0xe4, 0xb8, 0xad, 0xe6, 0x96, 0x87] && r[4].ssid.utf8Text == "中文")
        #expect(r[4].security == .personal)
        #expect(r[5].security == .personal)  // SAE only
        #expect(r[6].ssid.bytes == [0x00, 0x01] + Array("owe-hidden".utf8) && r[6].security == .open)
        #expect(r[7].security == .open)      // OWE transition, open side
        #expect(r[8].ssid.bytes.isEmpty)     // hidden network: trailing tab
        #expect(r[9].ssid == SSID("Say \"hi\" \\ tab\there") && r[9].security == .personal)
        #expect(r[10].security == .enterprise && r[10].frequency == 5500 && r[10].rssi == -71)
        #expect(r[11].ssid.bytes == [0x1b] + Array("[31mred".utf8) + [0x1b] + Array("[0m\n\r".utf8))
    }

    @Test func flagTokens() throws {
        let psk = try #require(ScanFlags("[WPA2-PSK-CCMP][ESS]"))
        #expect(psk.tokens == ["WPA2-PSK-CCMP", "ESS"] && psk.isESS && !psk.hasWPS)
        #expect(psk.suites == .psk)
        #expect(try #require(ScanFlags("[WPA-PSK-CCMP+TKIP][WPA2-PSK-CCMP+TKIP][WPS][ESS]")).hasWPS)
        #expect(try #require(ScanFlags("[WPA2-EAP-SUITE-B-192-GCMP-256][ESS][HS20]")).isHotspot20)
        #expect(try #require(ScanFlags("[ESS][P2P]")).isP2P)
        #expect(try #require(ScanFlags("[IBSS]")).isIBSS && ScanFlags("[RSN-SAE-CCMP][MESH]")?.isMesh == true)
        #expect(ScanFlags("[WPA2-EAP+PSK-CCMP][OWE-TRANS][WEP]")?.suites == [.eap, .psk, .owe, .wep])
        #expect(ScanFlags("[WPA2-?][OSEN-?]")?.suites == [.unreadable, .osen])
    }

    @Test(arguments: [
        ("[WPA2-PSK-CCMP][ESS]", SecurityType.personal),
        ("[WPA-PSK-TKIP][ESS]", .personal),
        ("[WPA-PSK-CCMP+TKIP][WPA2-PSK-CCMP+TKIP][WPS][ESS]", .personal),
        ("[WPA2-PSK+FT/PSK-CCMP][ESS]", .personal),
        ("[WPA2-PSK-SHA256-CCMP][ESS]", .personal),
        ("[WPA2-SAE-CCMP][SAE-H2E][ESS]", .personal),
        ("[WPA2-FT/SAE-CCMP][ESS]", .personal),
        ("[WPA2-SAE-EXT-KEY-GCMP-256][ESS]", .personal),
        ("[RSN-SAE-CCMP][MESH]", .personal),
        ("[WPA2-EAP+PSK-CCMP][ESS]", .personal),            // both: a passphrase joins it
        ("[WPA2-EAP-CCMP][ESS]", .enterprise),
        ("[WPA-EAP-TKIP][WPA2-EAP-CCMP][ESS]", .enterprise),
        ("[WPA2-EAP-SHA256-CCMP][ESS]", .enterprise),
        ("[WPA2-FT/EAP-CCMP][ESS]", .enterprise),
        ("[WPA2-EAP-SUITE-B-192-GCMP-256][ESS]", .enterprise),
        ("[WPA2-FILS-SHA256-CCMP][ESS][FILS]", .enterprise),
        ("[OSEN-OSEN-CCMP][ESS]", .enterprise),
        ("[WPA2-OWE-CCMP][ESS]", .open),
        ("[WPA2-OWE-CCMP][OWE-TRANS][ESS]", .open),
        ("[OWE-TRANS-OPEN][ESS]", .open),
        ("[WEP][ESS]", .wep),
        ("[WEP]", .wep),
        ("[ESS]", .open),
        ("", .open),
        ("[IBSS]", .open),
        ("[WPA2-?][ESS]", .unknown),
        ("[WPA2-DPP-CCMP][ESS]", .unknown),
        ("[WPA2-FOO-CCMP][ESS]", .unknown),
        ("[WPA3-SAE-CCMP][ESS]", .personal),                 // not printed by 2.10; read sensibly if it appears
        ("[SAE-H2E]", .open),                                // only a capability token, no RSN token
    ])
    func flagsToSecurity(flags: String, security: SecurityType) throws {
        let parsed = try #require(ScanFlags(flags))
        #expect(parsed.security == security)
    }

    @Test(arguments: ["[", "]", "[ESS", "ESS", "[ESS]x", "[[ESS]]", "[ES\tS]", "[ESS] [WPS]", "[\u{1}]"])
    func malformedFlags(flags: String) {
        #expect(ScanFlags(flags) == nil)
    }

    @Test func hostileRowsAreDroppedAndCounted() throws {
        let rows = [
            "02:00:00:00:01:00\t2412\t-30\t[ESS]\tgood",                          // 2 ok
            "02:00:00:00:01:00\t2412\t-30\t[ESS]",                                 // 3 four fields (truncated)
            "02:00:00:00:01:00\t2412\t-30\t[ESS]\tname\textra",                    // 4 extra tab
            "02:00:00:00:01:0\t2412\t-30\t[ESS]\tname",                             // 5 short bssid
            "02:00:00:00:01:00:00\t2412\t-30\t[ESS]\tname",                         // 6 long bssid
            "zz:00:00:00:01:00\t2412\t-30\t[ESS]\tname",                            // 7
            "02:00:00:00:01:00\t\t-30\t[ESS]\tname",                                // 8 empty freq
            "02:00:00:00:01:00\t-2412\t-30\t[ESS]\tname",                           // 9 negative freq
            "02:00:00:00:01:00\t99999999999999999999999\t-30\t[ESS]\tname",         // 10 overlong freq
            "02:00:00:00:01:00\t2412\t-30dBm\t[ESS]\tname",                         // 11
            "02:00:00:00:01:00\t2412\t\t[ESS]\tname",                               // 12
            "02:00:00:00:01:00\t2412\t-30\t[ESS\tname",                             // 13 bad flags
            "02:00:00:00:01:00\t2412\t-30\t[ESS]\t" + String(repeating: "x", count: 33), // 14 ssid too long
            "02:00:00:00:01:00\t2412\t-30\t[ESS]\t" + String(repeating: "\\x00", count: 33), // 15
            "",                                                                     // 16 blank
            "garbage",                                                              // 17
            "02:00:00:00:01:00\t2412\t-30\t[ESS]\t" + String(repeating: "A", count: 100_000), // 18 overlong
            "02:00:00:00:02:00\t5180\t-1000\t[WPA2-PSK-CCMP][ESS]\tgood too\r",     // 19 ok (CRLF)
            "02:00:00:00:01:00\t2412\t-1001\t[ESS]\tname",                          // 20 signal out of range
        ]
        let table = try ScanResultsTable.parse(bytes(header + rows.joined(separator: "\n") + "\n"))
        #expect(table.entries.map(\.ssid) == [SSID("good")!, SSID("good too")!])
        #expect(table.entries[1].rssi == -1000)
        #expect(table.skipped.map(\.line) == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20])
        #expect(table.skipped.map(\.problem) == [
            .fieldCount(4), .fieldCount(6), .badBSSID, .badBSSID, .badBSSID, .badFrequency, .badFrequency,
            .badFrequency, .badSignal, .badSignal, .badFlags, .badSSID, .badSSID, .blankLine, .fieldCount(1),
            .badSSID, .badSignal,
        ])
        #expect(table.skipped.allSatisfy { $0.excerpt.utf8.count <= 64 * 4 + 3 })  // bounded, whatever the row
        #expect(table.mayBeTruncated)  // far beyond 4096 bytes: cannot be a whole wpa_supplicant reply
    }

    @Test func headerOnlyAndMissingHeader() throws {
        let empty = try ScanResultsTable.parse(bytes(header))
        #expect(empty.entries.isEmpty && empty.skipped.isEmpty && empty.sawHeader)
        let noHeader = try ScanResultsTable.parse(bytes("02:00:00:00:01:00\t2412\t-30\t[ESS]\tx\n"))
        #expect(!noHeader.sawHeader && noHeader.entries.count == 1)
        let crlf = try ScanResultsTable.parse(bytes(header.replacingOccurrences(of: "\n", with: "\r\n")
            + "02:00:00:00:01:00\t2412\t-30\t[ESS]\t\r\n"))
        #expect(crlf.sawHeader && crlf.entries.count == 1 && crlf.entries[0].ssid.bytes.isEmpty)
        // wpa_supplicant ends every row with a newline: a last row without one was cut, whatever it looks like.
        let noFinalNewline = try ScanResultsTable.parse(bytes(header + "02:00:00:00:01:00\t2412\t-30\t[ESS]\tlast"))
        #expect(noFinalNewline.entries.isEmpty && noFinalNewline.sawHeader)
        #expect(noFinalNewline.skipped.map(\.problem) == [.truncated] && noFinalNewline.skipped[0].line == 2)
        let cutHeader = try ScanResultsTable.parse(bytes("bssid / frequency / signal level / flags / ssid"))
        #expect(!cutHeader.sawHeader && cutHeader.skipped.map(\.problem) == [.truncated])
    }

    @Test func failuresAreErrors() {
        #expect(throws: SupplicantReplyError.failed(reason: nil)) { try ScanResultsTable.parse(bytes("FAIL\n")) }
        #expect(throws: SupplicantReplyError.empty) { try ScanResultsTable.parse([]) }
        #expect(throws: SupplicantReplyError.unknownCommand) { try ScanResultsTable.parse(bytes("UNKNOWN COMMAND\n")) }
    }

    @Test func tenThousandRows() throws {
        var text = header
        for i in 0..<10_000 {
            let b = String(format: "02:00:00:%02x:%02x:%02x", (i >> 16) & 0xff, (i >> 8) & 0xff, i & 0xff)
            let ssid = PrintfEscaping.encodeToString([UInt8(i & 0xff), UInt8((i >> 8) & 0xff)] + Array("net\(i)".utf8))
            text += "\(b)\t\(2412 + (i % 13) * 5)\t\(-30 - i % 60)\t[WPA2-PSK-CCMP][ESS]\t\(ssid)\n"
            if i % 1000 == 999 { text += "broken row \(i)\n" }
        }
        let table = try ScanResultsTable.parse(bytes(text))
        #expect(table.entries.count == 10_000)
        #expect(table.skipped.count == 10)
        #expect(table.entries[9_999].ssid.bytes == [0x0f, 0x27] + Array("net9999".utf8))
    }

    /// Every prefix of a reply (a datagram cut anywhere) parses without trapping, and every row it yields is
    /// the full reply's row for that BSSID: a row cut inside its SSID (`\xff` cut to `\xf`) is dropped as
    /// truncated, never read as another SSID.
    @Test(arguments: Fixture.names(prefix: "scan_results"))
    func everyTruncationPoint(name: String) throws {
        let full = try Fixture.load(name)
        let complete = try ScanResultsTable.parse(full).entries
        for cut in 1..<full.count {
            let table = try ScanResultsTable.parse(Array(full[0..<cut]))
            for row in table.entries {
                #expect(complete.first { $0.bssid == row.bssid } == row, "\(name) cut at \(cut)")
            }
            let atLineEnd = full[cut - 1] == UInt8(ascii: "\n")
            #expect(table.skipped.map(\.problem) == (atLineEnd ? [] : [.truncated]), "\(name) cut at \(cut)")
            let wholeRows = max(0, full[0..<cut].filter { $0 == UInt8(ascii: "\n") }.count - 1)  // less the header
            #expect(table.entries.count == wholeRows, "\(name) cut at \(cut)")
        }
    }
}
