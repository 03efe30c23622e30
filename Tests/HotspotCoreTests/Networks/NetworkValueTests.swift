import Testing
@testable import HotspotCore

@Suite struct NetworkValueTests {
    @Test func ssidKeepsItsBytesInline() {
        let all = (0...32).map { n in SSID(bytes: (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) })! }
        for (n, s) in all.enumerated() {
            #expect(s.count == n && s.bytes.count == n)
            #expect(SSID(bytes: s.bytes) == s)
            #expect(Hex.decode(s.hex) == s.bytes)
        }
        #expect(Set(all).count == 33)
        #expect(SSID(bytes: Array(repeating: 0, count: 33)) == nil)
        #expect(SSID(bytes: [0]) != SSID(bytes: []), "length counts, not only bytes")
        #expect(SSID(bytes: [0, 0]) != SSID(bytes: [0]))
        #expect(ssid("Café").bytes == Array("Café".utf8))
        #expect(ssid("Café").utf8Text == "Café")
        #expect(SSID(bytes: [0xff])!.utf8Text == nil)
        #expect(SSID(bytes: [0x41, 0x22, 0x5c, 0x0a, 0xff])!.description == "A\\\"\\\\\\x0a\\xff")
    }

    /// SSIDIndex (the router's only map) against the stdlib's Dictionary: growth from empty and from a
    /// capacity, overwrites, SSIDs that differ only in length or in one late byte.
    @Test func ssidIndexAgreesWithADictionary() {
        var names: [SSID] = [SSID(bytes: [])!]
        for n in 1...32 { names.append(SSID(bytes: Array(repeating: 0, count: n))!) }
        for i in 0..<600 { names.append(SSID(bytes: Array(repeating: 0x41, count: 30) + [UInt8(i % 251)] + (i < 251 ? [] : [UInt8(i / 251)]))!) }
        for capacity in [0, 3, 700] {
            var index = SSIDIndex(minimumCapacity: capacity)
            var model: [SSID: Int] = [:]
            var seed: UInt64 = 7
            for step in 0..<2000 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let s = names[Int(seed >> 33) % names.count]
                index.set(s, step)
                model[s] = step
                #expect(index.count == model.count)
            }
            for s in names { #expect(index[s] == model[s]) }
            #expect(index[SSID("never set")!] == nil)
        }
        #expect(SSIDIndex()[SSID("x")!] == nil)
    }

    @Test func ssidPrefixIsBytewise() {
        #expect(ssid("Hotel 2").hasPrefix(ssid("Hotel")))
        #expect(ssid("Hotel").hasPrefix(ssid("Hotel")))
        #expect(ssid("Hotel").hasPrefix(ssid("")))
        #expect(!ssid("Hotel").hasPrefix(ssid("Hotel 2")))
        #expect(!ssid("Hotel").hasPrefix(ssid("hotel")))
        #expect(SSID(bytes: Array(repeating: 1, count: 32) )!.hasPrefix(SSID(bytes: Array(repeating: 1, count: 20))!))
        #expect(!SSID(bytes: Array(repeating: 1, count: 31) + [2])!.hasPrefix(SSID(bytes: Array(repeating: 1, count: 32))!))
    }

    @Test func ssidOrderIsBytewise() {
        let names = ["", "a", "ab", "b", "B", "\u{0}", "zzz", "Hotel", "Hotel 2"]
        let sorted = names.map { ssid($0) }.sorted()
        let expected = names.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(sorted.map { $0.bytes } == expected)
    }

    @Test func bssidText() {
        let b = BSSID("AA:bb:0c:dd:ee:0F")!
        #expect(b.description == "aa:bb:0c:dd:ee:0f")
        #expect(b.bytes == [0xaa, 0xbb, 0x0c, 0xdd, 0xee, 0x0f])
        #expect(BSSID(bytes: b.bytes) == b)
        for bad in ["", "aa:bb:cc:dd:ee", "aa:bb:cc:dd:ee:ff:00", "aa:bb:cc:dd:ee:f", "aa-bb-cc-dd-ee-ff", "gg:bb:cc:dd:ee:ff",
                    "aa:bb:cc:dd:ee:ff:", ":aa:bb:cc:dd:ee:ff", "aab:b:cc:dd:ee:ff", "aa:bb:cc:dd:ee::f", "aa:bb:cc:dd:eeeff"] {
            #expect(BSSID(bad) == nil, "\(bad)")
        }
    }

    @Test(arguments: [("12345678", true), ("1234567", false), (String(repeating: "a", count: 63), true),
                      (String(repeating: "a", count: 64), true), (String(repeating: "g", count: 64), false),
                      (String(repeating: "a", count: 65), false), ("with space ok", true), ("tab\tno", false),
                      ("naïve-passphrase", false), ("", false)])
    func passphrases(_ text: String, _ valid: Bool) {
        #expect(((try? Passphrase(text)) != nil) == valid)
    }

    @Test func passphrasesCompareByKindAndSecret() throws {
        let hex = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
        let psk = try Passphrase(hex)
        #expect(psk.kind == .rawPSK && psk.secret.count == 32)
        #expect(try Passphrase(hex.uppercased()) == psk, "the same key in either case")
        #expect(Set([psk, try Passphrase(hex.uppercased()), try Passphrase("12345678")]).count == 2)
        #expect(try Passphrase("12345678") != Passphrase("12345679"))
        // The text form gives the same passphrase back, raw PSKs in lowercase.
        #expect(String(decoding: psk.bytes, as: UTF8.self) == hex)
        #expect(try Passphrase(bytes: psk.bytes) == psk)
        #expect(try Passphrase("pass word").bytes == Array("pass word".utf8))
        // Never printed.
        #expect(psk.description == "psk(redacted)" && "\(pass("hunter22"))" == "passphrase(redacted)")
    }

    @Test(arguments: [
        ("short", "the passphrase is 5 characters; it needs 8–63 printable ASCII characters or 64 hex digits"),
        (String(repeating: "x", count: 65),
         "the passphrase is 65 characters; it needs 8–63 printable ASCII characters or 64 hex digits"),
        (String(repeating: "x", count: 64),
         "the passphrase is 64 characters but not all hex digits; it needs 8–63 printable ASCII characters or 64 hex digits"),
        ("tab\there-is-bad",
         "the passphrase has a character outside printable ASCII at byte 4; it needs 8–63 printable ASCII characters or 64 hex digits"),
    ])
    func passphraseErrorsSayWhatIsWrong(_ text: String, _ message: String) {
        do {
            _ = try Passphrase(text)
            Issue.record("accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    static func distinct(_ n: Int) -> [ScanEntry] {
        var out: [ScanEntry] = []
        for i in 0..<n {
            let lo = UInt8(i % 256), hi = UInt8(i / 256)
            let b = BSSID(bytes: [0, 0, 0, 0, hi, lo])!
            out.append(ScanEntry(ssid: SSID(bytes: [lo, hi])!, bssid: b, rssi: -60, frequency: 5180, security: .open))
        }
        return out
    }

    @Test func scanListKeepsTheStrongestAndIsBounded() {
        let entries = [Fixture.entry(Fixture.hotel, 1, rssi: -70), Fixture.entry(Fixture.hotel, 2, rssi: -50),
                       Fixture.entry(Fixture.hotel, 3, rssi: -60)]
        let s = ScanList(entries)
        #expect(s.strongest(Fixture.hotel)?.bssid == bssid(2))
        #expect(s.networkCount == 1 && s.entry(bssid: bssid(3))?.rssi == -60)
        let big = ScanList(Self.distinct(600))
        #expect(big.entries.count == ScanList.maxEntries && big.dropped == 88)
    }

    @Test func aScanOfThousandsStaysCheap() {
        // Linear in the BSSes: a hostile scan of 10 000 entries with as many claims is handled at once.
        var h = Harness()
        h.on(.supplicantReconnected)
        let many = Self.distinct(10_000)
        let start = ContinuousClock.now
        let a = h.on(.scanResults(many))
        let claims = many.prefix(512).map { HelperClaim(ssid: $0.ssid, confidence: .low) }
        _ = h.respond(a.requests(.filterScanList)[0].id, .success, claims: claims)
        #expect(h.last.joins.count == 1)
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}
