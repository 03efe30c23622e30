import Testing
import HotspotCore
@testable import HotspotProtocol

private func text(_ c: SupplicantCommand) throws -> String {
    String(decoding: try c.encoded(), as: UTF8.self)
}

private func id(_ n: Int) -> NetworkID { NetworkID(n)! }

@Suite struct SupplicantCommandTests {
    @Test func simpleCommands() throws {
        #expect(try text(.ping) == "PING")
        #expect(try text(.attach) == "ATTACH")
        #expect(try text(.detach) == "DETACH")
        #expect(try text(.level(3)) == "LEVEL 3")
        #expect(try text(.scan(ScanRequest())) == "SCAN")
        #expect(try text(.scanResults) == "SCAN_RESULTS")
        #expect(try text(.status) == "STATUS")
        #expect(try text(.signalPoll) == "SIGNAL_POLL")
        #expect(try text(.listNetworks(after: nil)) == "LIST_NETWORKS")
        #expect(try text(.listNetworks(after: id(7))) == "LIST_NETWORKS LAST_ID=7")
        #expect(try text(.addNetwork) == "ADD_NETWORK")
        #expect(try text(.selectNetwork(id(2))) == "SELECT_NETWORK 2")
        #expect(try text(.selectNetwork(nil)) == "SELECT_NETWORK any")
        #expect(try text(.enableNetwork(.id(id(0)))) == "ENABLE_NETWORK 0")
        #expect(try text(.enableNetwork(.all)) == "ENABLE_NETWORK all")
        #expect(try text(.disableNetwork(.id(id(12)))) == "DISABLE_NETWORK 12")
        #expect(try text(.removeNetwork(.id(id(1)))) == "REMOVE_NETWORK 1")
        #expect(try text(.removeNetwork(.all)) == "REMOVE_NETWORK all")
        #expect(try text(.disconnect) == "DISCONNECT")
        #expect(try text(.reconnect) == "RECONNECT")
        #expect(try text(.reassociate) == "REASSOCIATE")
    }

    @Test func scanWithFrequenciesAndSSIDs() throws {
        #expect(try text(.scan(ScanRequest(frequencies: [2412, 2437, 5180]))) == "SCAN freq=2412,2437,5180")
        let hidden = SSID(bytes: [0x68, 0x69, 0x00, 0xff])!
        #expect(try text(.scan(ScanRequest(frequencies: [2412], ssids: [hidden]))) == "SCAN freq=2412 ssid 686900ff")
        #expect(throws: SupplicantCommandError.invalidFrequency(0)) { try text(.scan(ScanRequest(frequencies: [0]))) }
        #expect(throws: SupplicantCommandError.emptySSID) { try text(.scan(ScanRequest(ssids: [SSID(bytes: [])!]))) }
    }

    @Test func bssCommands() throws {
        let b = BSSID("02:00:00:00:01:00")!
        #expect(try text(.bss(.index(0), mask: [])) == "BSS 0")
        #expect(try text(.bss(.id(5), mask: [])) == "BSS ID-5")
        #expect(try text(.bss(.bssid(b), mask: [])) == "BSS 02:00:00:00:01:00")
        #expect(try text(.bss(.first, mask: [])) == "BSS FIRST")
        #expect(try text(.bss(.last, mask: [])) == "BSS LAST")
        #expect(try text(.bss(.next(afterID: 4), mask: [])) == "BSS NEXT-4")
        #expect(try text(.bss(.range(from: 10, to: nil), mask: .scanListing)) == "BSS RANGE=10- MASK=0x21a87")
        #expect(try text(.bss(.range(from: 0, to: 5), mask: [.bssid, .ssid])) == "BSS RANGE=0-5 MASK=0x1002")
        #expect(try text(.bss(.all, mask: .scanListing)) == "BSS RANGE=ALL MASK=0x21a87")
        #expect(throws: SupplicantCommandError.invalidBSSSelector) { try text(.bss(.range(from: 5, to: 1), mask: [])) }
        #expect(throws: SupplicantCommandError.invalidBSSSelector) { try text(.bss(.index(-1), mask: [])) }
    }

    @Test func ssidIsAlwaysUnquotedHex() throws {
        #expect(try text(.setNetwork(id(0), .ssid(SSID("hi")!))) == "SET_NETWORK 0 ssid 6869")
        let hostile = SSID(bytes: Array("a\"b\\c\n d".utf8) + [0x00, 0xff])!
        let cmd = try text(.setNetwork(id(3), .ssid(hostile)))
        #expect(cmd == "SET_NETWORK 3 ssid 6122625c630a206400ff")
        #expect(!cmd.contains("\""))
        let max = SSID(bytes: [UInt8](repeating: 0xab, count: 32))!
        #expect(try text(.setNetwork(id(1), .ssid(max))) == "SET_NETWORK 1 ssid " + String(repeating: "ab", count: 32))
        #expect(throws: SupplicantCommandError.emptySSID) { try text(.setNetwork(id(0), .ssid(SSID(bytes: [])!))) }
    }

    @Test func passphrases() throws {
        #expect(try text(.setNetwork(id(0), .psk(Passphrase("password")))) == #"SET_NETWORK 0 psk "password""#)
        // quotes and backslashes need no escaping: wpa_supplicant takes the text up to the last quote
        #expect(try text(.setNetwork(id(0), .psk(Passphrase(#"pa"ss\wo rd"#)))) == #"SET_NETWORK 0 psk "pa"ss\wo rd""#)
        let hex = String(repeating: "0123456789ABCDEF", count: 4)
        let raw = try Passphrase(hex)
        #expect(raw.kind == .rawPSK && raw.secret.count == 32)
        #expect(try text(.setNetwork(id(0), .psk(raw))) == "SET_NETWORK 0 psk " + hex.lowercased())
        #expect(try Passphrase(String(repeating: "x", count: 63)).kind == .passphrase)
        #expect(try Passphrase(String(repeating: "x", count: 8)).kind == .passphrase)
    }

    @Test(arguments: [
        ("", PassphraseError.tooShort(length: 0)),
        ("1234567", .tooShort(length: 7)),
        (String(repeating: "g", count: 64), .sixtyFourCharactersNotHex),
        (String(repeating: "a", count: 63) + "z", .sixtyFourCharactersNotHex),
        (String(repeating: "a", count: 65), .tooLong(length: 65)),
        (String(repeating: "a", count: 66), .tooLong(length: 66)),
        ("password\n", .notPrintableASCII(offset: 8)),
        ("pass\u{0}word", .notPrintableASCII(offset: 4)),
        ("pass\tword", .notPrintableASCII(offset: 4)),
        ("pass\rword1", .notPrintableASCII(offset: 4)),
        ("pässword", .notPrintableASCII(offset: 1)),
        ("password\u{7f}", .notPrintableASCII(offset: 8)),
    ])
    func rejectedPassphrases(candidate: String, error: PassphraseError) {
        #expect(throws: error) { try Passphrase(candidate) }
    }

    @Test func passphraseIsNeverLogged() throws {
        let p = try Passphrase("supersecret")
        #expect(!p.description.contains("supersecret"))
        let cmd = SupplicantCommand.setNetwork(id(4), .psk(p))
        #expect(cmd.logDescription == "SET_NETWORK 4 psk [redacted]")
        #expect(SupplicantCommand.status.logDescription == "STATUS")
        #expect(SupplicantCommand.level(9).logDescription == nil)
    }

    @Test func otherNetworkFields() throws {
        #expect(try text(.setNetwork(id(0), .keyManagement([.none]))) == "SET_NETWORK 0 key_mgmt NONE")
        #expect(try text(.setNetwork(id(0), .keyManagement([.wpaPSK, .sae]))) == "SET_NETWORK 0 key_mgmt WPA-PSK SAE")
        #expect(try text(.setNetwork(id(0), .keyManagement(.all)))
                == "SET_NETWORK 0 key_mgmt NONE WPA-PSK WPA-PSK-SHA256 SAE FT-PSK FT-SAE WPA-EAP OWE")
        #expect(try text(.setNetwork(id(0), .bssid(BSSID("02:00:00:00:01:0A")!))) == "SET_NETWORK 0 bssid 02:00:00:00:01:0a")
        #expect(try text(.setNetwork(id(0), .bssid(nil))) == "SET_NETWORK 0 bssid any")
        #expect(try text(.setNetwork(id(0), .scanSSID(true))) == "SET_NETWORK 0 scan_ssid 1")
        #expect(try text(.setNetwork(id(0), .scanSSID(false))) == "SET_NETWORK 0 scan_ssid 0")
        #expect(try text(.setNetwork(id(0), .priority(5))) == "SET_NETWORK 0 priority 5")
        #expect(try text(.setNetwork(id(0), .priority(-1))) == "SET_NETWORK 0 priority -1")
        #expect(try text(.setNetwork(id(0), .managementFrameProtection(.required))) == "SET_NETWORK 0 ieee80211w 2")
        #expect(try text(.setNetwork(id(0), .idString("hotspotd"))) == #"SET_NETWORK 0 id_str "hotspotd""#)
        #expect(try text(.setNetwork(id(0), .other(name: "bgscan", value: "\"simple:30:-70:3600\"")))
                == #"SET_NETWORK 0 bgscan "simple:30:-70:3600""#)
        #expect(throws: SupplicantCommandError.emptyKeyManagement) { try text(.setNetwork(id(0), .keyManagement([]))) }
        #expect(throws: SupplicantCommandError.invalidPriority(Int(Int32.max) + 1)) {
            try text(.setNetwork(id(0), .priority(Int(Int32.max) + 1)))
        }
    }

    @Test(arguments: ["a\nb", "a\rb", "a\u{0}b", "a\tb", "a\u{7f}b", "a\u{1b}b"])
    func controlBytesInValuesAreRefused(value: String) {
        #expect(throws: SupplicantCommandError.self) { try text(.setNetwork(id(0), .other(name: "bgscan", value: value))) }
        #expect(throws: SupplicantCommandError.self) { try text(.setNetwork(id(0), .idString(value))) }
    }

    @Test func fieldNamesAreChecked() {
        #expect(throws: SupplicantCommandError.reservedField("ssid")) {
            try text(.setNetwork(id(0), .other(name: "ssid", value: "\"quoted\"")))
        }
        #expect(throws: SupplicantCommandError.reservedField("psk")) { try text(.setNetwork(id(0), .other(name: "psk", value: "x"))) }
        #expect(throws: SupplicantCommandError.reservedField("wep_key0")) {
            try text(.setNetwork(id(0), .other(name: "wep_key0", value: "x")))
        }
        for bad in ["", "Key", "key mgmt", "a\nb", "x=y", String(repeating: "a", count: 33)] {
            #expect(throws: SupplicantCommandError.invalidFieldName(bad)) {
                try text(.setNetwork(id(0), .other(name: bad, value: "1")))
            }
        }
        #expect(throws: SupplicantCommandError.invalidValue(field: "bgscan", problem: .empty)) {
            try text(.setNetwork(id(0), .other(name: "bgscan", value: "")))
        }
        #expect(throws: SupplicantCommandError.invalidValue(field: "id_str", problem: .forbiddenByte(0x22, offset: 1))) {
            try text(.setNetwork(id(0), .idString("a\"b")))
        }
    }

    @Test func levelsAndIDs() {
        #expect(throws: SupplicantCommandError.invalidLevel(6)) { try text(.level(6)) }
        #expect(throws: SupplicantCommandError.invalidLevel(-1)) { try text(.level(-1)) }
        #expect(NetworkID(-1) == nil)
        #expect(NetworkID(Int(Int32.max) + 1) == nil)
        #expect(NetworkID(0)!.description == "0")
    }
}
