import Testing
import TestSupport
import HotspotCore
@testable import TestSupport
@testable import HotspotProtocol

@Suite struct SupplicantReplyTests {
    @Test func statusWords() {
        #expect(SupplicantReply(bytes("OK\n")) == .ok)
        #expect(SupplicantReply(bytes("OK")) == .ok)
        #expect(SupplicantReply(bytes("OK\r\n")) == .ok)
        #expect(SupplicantReply(bytes("PONG\n")) == .pong)
        #expect(SupplicantReply(bytes("FAIL\n")) == .fail(reason: nil))
        #expect(SupplicantReply(bytes("FAIL-BUSY\n")) == .fail(reason: "BUSY"))
        #expect(SupplicantReply(bytes("FAIL-Invalid range\n")) == .fail(reason: "Invalid range"))
        #expect(SupplicantReply(bytes("UNKNOWN COMMAND\n")) == .unknownCommand)
        #expect(SupplicantReply([]) == .empty)
        #expect(SupplicantReply(bytes("\n")) == .data(bytes("\n")))
        #expect(SupplicantReply(bytes("OK\nmore")) == .data(bytes("OK\nmore")))
        #expect(SupplicantReply(bytes("ok\n")) == .data(bytes("ok\n")))
        #expect(SupplicantReply(bytes("FAILED\n")) == .data(bytes("FAILED\n")))
        #expect(SupplicantReply(bytes("FAIL-\u{1b}[31m\n")) == .fail(reason: #"\e[31m"#))  // escaped for logs
    }

    @Test func expectations() throws {
        #expect(SupplicantReply(bytes("OK\n")).isOK && !SupplicantReply(bytes("FAIL\n")).isOK && !SupplicantReply(bytes("PONG\n")).isOK)
        #expect(SupplicantReply(bytes("PONG\n")).isPong && !SupplicantReply(bytes("OK\n")).isPong)
        try SupplicantReply.expectOK(bytes("OK\n"))
        try SupplicantReply.expectPong(bytes("PONG\n"))
        #expect(throws: SupplicantReplyError.failed(reason: "BUSY")) { try SupplicantReply.expectOK(bytes("FAIL-BUSY\n")) }
        #expect(throws: SupplicantReplyError.unknownCommand) { try SupplicantReply.expectOK(bytes("UNKNOWN COMMAND\n")) }
        #expect(throws: SupplicantReplyError.empty) { try SupplicantReply.expectPong([]) }
        #expect(throws: SupplicantReplyError.unexpected("OK")) { try SupplicantReply.expectPong(bytes("OK\n")) }
    }

    @Test func addNetworkID() throws {
        #expect(try SupplicantReply.networkID(bytes("0\n")) == NetworkID(0))
        #expect(try SupplicantReply.networkID(bytes("17\n")) == NetworkID(17))
        #expect(try SupplicantReply.networkID(bytes("3")) == NetworkID(3))
        #expect(try SupplicantReply.networkID(bytes("3\r\n")) == NetworkID(3))
        #expect(throws: SupplicantReplyError.failed(reason: nil)) { try SupplicantReply.networkID(bytes("FAIL\n")) }
        for bad in ["-1\n", "x\n", "1 2\n", "99999999999999999999\n", "\n", " 1\n", "4294967296\n"] {
            #expect(throws: SupplicantReplyError.self) { try SupplicantReply.networkID(bytes(bad)) }
        }
    }

    @Test func keyValueBlock() {
        let block = KeyValueBlock(parsing: bytes("a=1\nb=x=y\n\nno equals\n=novalue\nempty=\nkey with space=v\r\nbinary=\u{1}\n"))
        #expect(block.text("a") == "1")
        #expect(block.text("b") == "x=y")  // split at the first '='
        #expect(block.text("empty") == "")
        #expect(block["key with space"] == bytes("v"))  // CR of CRLF dropped
        #expect(block.value("binary") == [0x01])
        #expect(block.value("missing") == nil)
        #expect(block.skipped.map(\.line) == [3, 4, 5])
        #expect(block.skipped.map(\.problem) == [.blankLine, .notKeyValue, .notKeyValue])
        let cut = KeyValueBlock(parsing: bytes("a=1\nssid=\\xff\\xf"))  // the reply ends inside the last line
        #expect(cut.text("a") == "1" && cut.value("ssid") == nil)
        #expect(cut.skipped.map(\.problem) == [.truncated] && cut.skipped.map(\.line) == [2])
        let dup = KeyValueBlock(parsing: bytes("k=first\nk=second\n"))
        #expect(dup.text("k") == "first" && dup.entries.count == 2)
        #expect(KeyValueBlock(parsing: []).entries.isEmpty)
    }

    @Test func statusCompleted() throws {
        let s = try SupplicantStatus.parse(try Fixture.load("status-handmade-completed.txt"))
        #expect(s.state == .completed && s.state?.isConnected == true)
        #expect(s.bssid == BSSID("02:00:00:00:01:00"))
        #expect(s.frequency == 2412)
        #expect(s.ssid == SSID("hotel \"guest\""))
        #expect(s.networkID == NetworkID(0))
        #expect(s.idString == "hotspotd")
        #expect(s.mode == "station")
        #expect(s.keyManagement == "WPA2-PSK")
        #expect(s.pairwiseCipher == "CCMP" && s.groupCipher == "CCMP")
        #expect(s.ipAddress == "192.168.4.23")
        #expect(s.address == BSSID("02:00:00:00:00:00"))
        #expect(s.block.skipped.isEmpty)
    }

    @Test func statusDisconnectedAndEAP() throws {
        let d = try SupplicantStatus.parse(try Fixture.load("status-handmade-disconnected.txt"))
        #expect(d.state == .disconnected && d.bssid == nil && d.ssid == nil && d.networkID == nil)
        let e = try SupplicantStatus.parse(try Fixture.load("status-handmade-eap.txt"))
        #expect(e.keyManagement == "WPA2/IEEE 802.1X/EAP")
        #expect(e.block.text("Supplicant PAE state") == "AUTHENTICATED")
        #expect(e.block.text("selectedMethod") == "25 (EAP-PEAP)")
        #expect(e.block.skipped.isEmpty)
    }

    /// The association's security from key_mgmt (wpa_key_mgmt_txt's names) for a daemon that finds a link
    /// at start, before any scan.
    @Test func statusSecurity() throws {
        #expect(try SupplicantStatus.parse(try Fixture.load("status-handmade-completed.txt")).security == .personal)
        #expect(try SupplicantStatus.parse(try Fixture.load("status-handmade-eap.txt")).security == .enterprise)
        #expect(try SupplicantStatus.parse(try Fixture.load("status-handmade-disconnected.txt")).security == nil)
        func security(_ lines: String) -> SecurityType? {
            SupplicantStatus(KeyValueBlock(parsing: Array(("wpa_state=COMPLETED\n" + lines).utf8))).security
        }
        #expect(security("key_mgmt=NONE\npairwise_cipher=NONE\n") == .open)
        #expect(security("key_mgmt=NONE\npairwise_cipher=WEP-104\n") == .wep)
        #expect(security("key_mgmt=OWE\n") == .open)
        for name in ["WPA-PSK", "WPA2-PSK", "FT-PSK", "WPA2-PSK-SHA256", "SAE", "FT-SAE", "SAE-EXT-KEY"] {
            #expect(security("key_mgmt=" + name + "\n") == .personal, "\(name)")
        }
        for name in ["WPA/IEEE 802.1X/EAP", "IEEE 802.1X (no WPA)", "FT-EAP", "WPA2-EAP-SUITE-B-192", "FILS-SHA256"] {
            #expect(security("key_mgmt=" + name + "\n") == .enterprise, "\(name)")
        }
        #expect(security("key_mgmt=WPS\n") == nil && security("") == nil)
    }

    /// Every prefix of a STATUS reply: each value is the full reply's or absent, never cut short.
    @Test(arguments: Fixture.names(prefix: "status"))
    func everyTruncationPointOfStatus(name: String) throws {
        let full = try Fixture.load(name)
        let complete = try SupplicantStatus.parse(full)
        for cut in 1..<full.count {
            guard let status = try? SupplicantStatus.parse(Array(full[0..<cut])) else { continue }
            #expect(status.ssid == nil || status.ssid == complete.ssid, "\(name) cut at \(cut)")
            #expect(status.bssid == nil || status.bssid == complete.bssid, "\(name) cut at \(cut)")
            #expect(status.state == nil || status.state == complete.state, "\(name) cut at \(cut)")
            #expect(status.block.entries == Array(complete.block.entries.prefix(status.block.entries.count)))
        }
    }

    @Test func statusStates() {
        let states: [(String, SupplicantState)] = [
            ("DISCONNECTED", .disconnected), ("INTERFACE_DISABLED", .interfaceDisabled), ("INACTIVE", .inactive),
            ("SCANNING", .scanning), ("AUTHENTICATING", .authenticating), ("ASSOCIATING", .associating),
            ("ASSOCIATED", .associated), ("4WAY_HANDSHAKE", .fourWayHandshake), ("GROUP_HANDSHAKE", .groupHandshake),
            ("COMPLETED", .completed), ("UNKNOWN", .other("UNKNOWN")), ("", .other("")),
        ]
        for (text, state) in states {
            #expect(SupplicantStatus(KeyValueBlock(parsing: bytes("wpa_state=\(text)\n"))).state == state)
        }
        let hostile = SupplicantStatus(KeyValueBlock(parsing: bytes("wpa_state=COMPLETED\nssid=\\x41\\x42\nid=-3\nbssid=zz\nfreq=abc\n")))
        #expect(hostile.ssid == SSID("AB") && hostile.networkID == nil && hostile.bssid == nil && hostile.frequency == nil)
        #expect(throws: SupplicantReplyError.failed(reason: nil)) { try SupplicantStatus.parse(bytes("FAIL\n")) }
    }

    @Test func signalPoll() throws {
        let p = try SignalPoll.parse(try Fixture.load("signal_poll-handmade.txt"))
        #expect(p.rssi == -42 && p.linkSpeed == 54 && p.noise == nil && p.frequency == 2412)
        #expect(p.width == "20 MHz (no HT)" && p.centerFrequency1 == 2412 && p.centerFrequency2 == nil)
        #expect(p.averageRSSI == -43 && p.bestRSSI == -43)
        let noAvg = SignalPoll(KeyValueBlock(parsing: bytes("RSSI=-60\nNOISE=-95\n")))
        #expect(noAvg.bestRSSI == -60 && noAvg.noise == -95)
        #expect(SignalPoll(KeyValueBlock(parsing: bytes("RSSI=0\n"))).bestRSSI == nil)
        #expect(throws: SupplicantReplyError.failed(reason: nil)) { try SignalPoll.parse(bytes("FAIL\n")) }
    }

    @Test func networkList() throws {
        let list = try NetworkList.parse(try Fixture.load("list_networks-handmade.txt"))
        #expect(list.sawHeader && list.skipped.isEmpty)
        #expect(list.networks.count == 4)
        #expect(list.networks[0].id == NetworkID(0) && list.networks[0].ssid == SSID("hotel-guest"))
        #expect(list.networks[0].bssid == nil && list.networks[0].isCurrent)
        #expect(list.networks[1].isDisabled && !list.networks[1].isCurrent)
        #expect(list.networks[2].ssid.bytes == [0xe4, 0xb8, 0xad, 0xe6, 0x96, 0x87])
        #expect(list.networks[2].bssid == BSSID("02:00:00:00:05:00") && list.networks[2].isTemporarilyDisabled)
        #expect(list.networks[3].ssid == SSID("Say \"hi\"") && list.networks[3].flags.tokens.isEmpty)
    }

    /// Every prefix of a LIST_NETWORKS reply: each row is the full reply's row with that id; a row cut short
    /// (`\xe4\xb8\xad…` cut inside an escape) is dropped as truncated.
    @Test(arguments: Fixture.names(prefix: "list_networks"))
    func everyTruncationPointOfNetworkList(name: String) throws {
        let full = try Fixture.load(name)
        let complete = try NetworkList.parse(full).networks
        for cut in 1..<full.count {
            let list = try NetworkList.parse(Array(full[0..<cut]))
            for n in list.networks { #expect(complete.first { $0.id == n.id } == n, "\(name) cut at \(cut)") }
            let atLineEnd = full[cut - 1] == UInt8(ascii: "\n")
            #expect(list.skipped.map(\.problem) == (atLineEnd ? [] : [.truncated]), "\(name) cut at \(cut)")
            #expect(list.networks.count == max(0, full[0..<cut].filter { $0 == UInt8(ascii: "\n") }.count - 1))
        }
    }

    @Test func hostileNetworkListRows() throws {
        let reply = bytes("network id / ssid / bssid / flags\n"
            + "x\tname\tany\t\n"                // bad id
            + "-1\tname\tany\t\n"               // negative id
            + "1\tname\tnot-a-mac\t\n"          // bad bssid
            + "2\tname\tany\n"                  // 3 fields
            + "3\tname\tany\t[CURRENT\n"        // bad flags
            + "4\t" + String(repeating: "\\x41", count: 33) + "\tany\t\n"  // 33 bytes
            + "5\tok\tany\t[CURRENT]\n"
            + "\n")
        let list = try NetworkList.parse(reply)
        #expect(list.networks.map(\.id.rawValue) == [5])
        #expect(list.skipped.map(\.problem) == [.badNetworkID, .badNetworkID, .badBSSID, .fieldCount(3), .badFlags, .badSSID, .blankLine])
        #expect(throws: SupplicantReplyError.unknownCommand) { try NetworkList.parse(bytes("UNKNOWN COMMAND\n")) }
    }
}
