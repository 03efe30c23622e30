import Foundation
import Testing
@testable import HotspotCore

@Suite struct ManagerPreferencesTests {
    let helpers = [Fixture.alpha, Fixture.beta]

    @Test func defaultsAreValid() throws {
        try ManagerPreferences().validate(helpers: [])
        try Fixture.config().validate()
    }

    @Test func applesLimits() {
        var p = ManagerPreferences(safariDomains: (0..<11).map { "portal\($0).example" })
        #expect(throws: ManagerPreferencesError.self) { try p.validate(helpers: helpers) }
        p.safariDomains.removeLast()
        #expect(throws: Never.self) { try p.validate(helpers: helpers) }
        p.evaluatedSSIDs = [ssid("a"), ssid("b"), ssid("c")]
        p.authenticationProvider = "alpha"
        #expect(throws: ManagerPreferencesError.self) { try p.validate(helpers: helpers) }
        p.evaluatedSSIDs.removeLast()
        #expect(throws: Never.self) { try p.validate(helpers: helpers) }
    }

    @Test(arguments: [
        ManagerPreferences(evaluationProvider: "nobody"),
        ManagerPreferences(authenticationProvider: "nobody"),
        ManagerPreferences(evaluatedSSIDs: [ssid("Hotel")]),                           // needs a provider
        ManagerPreferences(authenticationProvider: "beta", evaluatedSSIDs: [ssid("x"), ssid("x")]),
        ManagerPreferences(safariDomains: ["not a domain"]),
        ManagerPreferences(safariDomains: ["-bad.example"]),
        ManagerPreferences(safariDomains: [""]),
        ManagerPreferences(safariDomains: ["a..b"]),
    ])
    func invalidPreferences(_ p: ManagerPreferences) {
        #expect {
            try p.validate(helpers: helpers)
        } throws: { error in
            if case .configurationInvalid = error as? ManagerPreferencesError { return true }
            return false
        }
    }

    @Test func authenticationProviderMustAuthenticate() {
        let filterOnly = HelperDescriptor(name: "f", kind: .builtin, commands: HelperCommandSet([.filterScanList]))
        #expect(throws: ManagerPreferencesError.self) {
            try ManagerPreferences(authenticationProvider: "f").validate(helpers: [filterOnly])
        }
        #expect(throws: Never.self) {
            try ManagerPreferences(evaluationProvider: "f").validate(helpers: [filterOnly])
        }
    }

    @Test func domains() {
        #expect(ManagerPreferences.isValidDomain("captive.apple.com"))
        #expect(ManagerPreferences.isValidDomain("portal.example."))
        #expect(ManagerPreferences.isValidDomain("xn--bcher-kva.example"))
        #expect(!ManagerPreferences.isValidDomain(String(repeating: "a", count: 64) + ".example"))
        #expect(!ManagerPreferences.isValidDomain("under_score.example"))
    }

    @Test func storeLifeCycle() throws {
        var store = ManagerPreferencesStore()
        #expect(throws: ManagerPreferencesError.configurationNotLoaded) { try store.current() }
        #expect(throws: ManagerPreferencesError.configurationNotLoaded) {
            try store.save(ManagerPreferences(), helpers: helpers)
        }
        #expect(throws: ManagerPreferencesError.configurationNotLoaded) { try store.remove() }
        store.load(nil)
        #expect(try store.current() == ManagerPreferences())
        let p = ManagerPreferences(isEnabled: false, safariDomains: ["hotel.example"])
        try store.save(p, helpers: helpers)
        #expect(try store.current() == p)
        #expect(throws: ManagerPreferencesError.self) {
            try store.save(ManagerPreferences(evaluationProvider: "ghost"), helpers: helpers)
        }
        #expect(store.stored == p, "nothing invalid is ever saved")
        try store.remove()
        #expect(store.stored == nil)
        #expect(ManagerPreferencesError.internalError("disk full").description == "internal error: disk full")
    }

    @Test func configurationValidation() {
        func invalid(_ change: (inout HotspotConfiguration) -> Void) -> Bool {
            var c = Fixture.config()
            change(&c)
            do { try c.validate(); return false } catch { return true }
        }
        #expect(invalid { $0.helpers.append(Fixture.alpha) })
        #expect(invalid { $0.helpers.append(HelperDescriptor(name: "bad name", kind: .external)) })
        #expect(invalid { $0.helpers.append(HelperDescriptor(name: "", kind: .external)) })
        #expect(invalid { $0.knownNetworks.append(KnownNetwork(ssid: ssid("x"), passphrase: "short")) })
        #expect(invalid { $0.knownNetworks.append(KnownNetwork(ssid: Fixture.hotel)) })
        #expect(invalid { $0.commandTimeoutMs = 0 })
        #expect(invalid { $0.backoffCapMs = 1 })
        #expect(invalid { $0.minSignal = 1.5 })
        #expect(invalid { $0.minSignal = .nan })
        #expect(invalid { $0.switchScans = 0 })
        #expect(invalid { $0.disableExpiryMs = -1 })
        #expect(invalid { $0.preferences.evaluationProvider = "ghost" })
        #expect(!invalid { $0.disableExpiryMs = 86_400_000 })
    }
}

@Suite struct PersistentStateTests {
    static let sample = PersistentState(
        helperCache: [PersistentState.CachedHelper(ssid: ssid("Hotel"), helper: "alpha")],
        disabled: [PersistentState.DisabledNetwork(ssid: SSID(bytes: [0, 0xff, 0x20])!, reason: .helperTimedOut),
                   PersistentState.DisabledNetwork(ssid: ssid("Cafe"), reason: .ownerCancelledUI, remainingMs: 12_345)],
        loggedOff: [SSID(bytes: [])!],
        ownerNetworks: [KnownNetwork(ssid: ssid("Home"), passphrase: "pass word with spaces", priority: -3),
                        KnownNetwork(ssid: ssid("Open"))])

    @Test func roundTrip() throws {
        let text = Self.sample.encoded()
        #expect(text.hasPrefix("hotspotd-state 1\ncache 486f74656c alpha\ndisabled 00ff20 helperTimedOut forever\n"))
        #expect(text.contains("\nloggedoff -\n") && text.hasSuffix("\nnetwork 4f70656e 0 -\n"))
        #expect(try PersistentState.parse(text) == Self.sample)
        #expect(try PersistentState.parse(PersistentState().encoded()).isEmpty)
        // Comments, blank lines and CRLF are fine.
        #expect(try PersistentState.parse("# saved by hotspotd\r\n\r\n" + text.replacingOccurrences(of: "\n", with: "\r\n"))
                == Self.sample)
    }

    @Test func theTextIsExact() {
        let s = PersistentState(helperCache: [PersistentState.CachedHelper(ssid: ssid("Hotel"), helper: "alpha")],
                                disabled: [PersistentState.DisabledNetwork(ssid: ssid("Cafe"), reason: .helperFailed, remainingMs: 5)],
                                loggedOff: [SSID(bytes: [])!],
                                ownerNetworks: [KnownNetwork(ssid: ssid("Home"), passphrase: "12345678", priority: 2)])
        #expect(s.encoded() == "hotspotd-state 1\ncache 486f74656c alpha\ndisabled 43616665 helperFailed 5\nloggedoff -\n"
                + "network 486f6d65 2 3132333435363738\n")
    }

    @Test(arguments: [
        "", "\n\n", "hotspotd-state 2\n", "cache 41 alpha\n", "hotspotd-state 1\ncache 41\n",
        "hotspotd-state 1\ncache 4 alpha\n", "hotspotd-state 1\ncache zz alpha\n", "hotspotd-state 1\ncache 41 al pha\n",
        "hotspotd-state 1\ncache 41 bad/name\n", "hotspotd-state 1\ncache \(String(repeating: "41", count: 33)) a\n",
        "hotspotd-state 1\ndisabled 41 sleepy forever\n", "hotspotd-state 1\ndisabled 41 helperFailed -5\n",
        "hotspotd-state 1\ndisabled 41 helperFailed 99999999999999999999\n", "hotspotd-state 1\nloggedoff\n",
        "hotspotd-state 1\nnetwork 41 x -\n", "hotspotd-state 1\nnetwork 41 1 6162\n", "hotspotd-state 1\nnetwork 41 1\n",
        "hotspotd-state 1\nnetwork 41 9999999999 -\n", "hotspotd-state 1\nwhatever\n", "hotspotd-state 1\n cache 41 a\n",
        "hotspotd-state 1\ncache  41 a\n",
    ])
    func garbageIsRefused(_ text: String) {
        #expect(throws: PersistentStateError.self) { try PersistentState.parse(text) }
    }

    @Test func errorsNameTheLine() {
        do {
            _ = try PersistentState.parse("hotspotd-state 1\n# ok\nloggedoff 41\nbogus\n")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 4)
            #expect(error.description.hasPrefix("line 4: "))
        }
        #expect(throws: PersistentStateError.self) {
            try PersistentState.parse("hotspotd-state 1\n" + String(repeating: "loggedoff 41\n", count: 6_000))
        }
    }

    @Test func randomBytesNeverCrashTheParser() throws {
        var rng = SeededRandom(seed: 42)
        let valid = Array(Self.sample.encoded().utf8)
        for i in 0..<5_000 {
            var bytes = valid
            // Mutate a valid file: flips, insertions, deletions, truncation.
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let at = Int.random(in: 0..<max(bytes.count, 1), using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: min(at, bytes.count))
                case 2 where !bytes.isEmpty: bytes.remove(at: at)
                default: bytes = Array(bytes.prefix(at))
                }
            }
            if i % 2 == 0 { bytes = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) } }
            let text = String(decoding: bytes, as: UTF8.self)
            if let s = try? PersistentState.parse(text) {
                // Whatever parses, re-encodes to something that parses to the same.
                let again = try PersistentState.parse(s.encoded())
                #expect(again == s)
            }
        }
    }

    @Test func machineRestoresWhatItSaved() {
        var h = Harness.failure()  // Hotel disabled, alpha not cached (it failed)
        h.on(.owner(.join(Fixture.train, passphrase: "a-perfectly-fine-passphrase", once: false)))
        let saved = h.m.persistentState
        #expect(saved.disabled.map { $0.ssid } == [Fixture.hotel])
        #expect(saved.ownerNetworks.map { $0.ssid } == [Fixture.train])
        let m = HotspotMachine(configuration: Fixture.config(), restoring: try! PersistentState.parse(saved.encoded()), now: 5)
        #expect(m.persistentState == saved)
        #expect(m.isDisabled(Fixture.hotel))
    }

    @Test func cacheEntriesOfUnknownHelpersAreDropped() {
        let saved = PersistentState(helperCache: [PersistentState.CachedHelper(ssid: Fixture.hotel, helper: "retired")])
        let m = HotspotMachine(configuration: Fixture.config(), restoring: saved, now: 0)
        #expect(m.persistentState.helperCache.isEmpty)
    }
}

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
        for bad in ["", "aa:bb:cc:dd:ee", "aa:bb:cc:dd:ee:ff:00", "aa:bb:cc:dd:ee:f", "aa-bb-cc-dd-ee-ff", "gg:bb:cc:dd:ee:ff"] {
            #expect(BSSID(bad) == nil, "\(bad)")
        }
    }

    @Test(arguments: [("12345678", true), ("1234567", false), (String(repeating: "a", count: 63), true),
                      (String(repeating: "a", count: 64), true), (String(repeating: "g", count: 64), false),
                      (String(repeating: "a", count: 65), false), ("with space ok", true), ("tab\tno", false),
                      ("naïve-passphrase", false), ("", false)])
    func passphrases(_ text: String, _ valid: Bool) {
        #expect(Passphrase.isValid(text) == valid)
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

@Suite struct SnapshotTests {
    @Test func statusShowsWhatTheCLINeeds() {
        var h = Harness.authenticated()
        let s = h.m.snapshot()
        #expect(s.state == .authenticated && s.isUsable)
        #expect(s.link?.ssid == Fixture.hotel && s.link?.stage == .online && s.link?.bssid == bssid(1))
        #expect(s.link?.didAutoJoin == true && s.link?.isOwnerChoice == false)
        #expect(s.chosenHelper == "alpha")
        #expect(s.nextMaintainAt == h.now + 300_000)
        #expect(s.helpers.map { $0.name } == ["alpha", "beta"])
        #expect(s.helpers[0].cachedFor == [Fixture.hotel])
        #expect(s.helpers[0].lastCommand == .authenticate && s.helpers[0].lastOutcome == "success")
        #expect(s.helpers[1].lastCommand == .filterScanList, "beta's evaluate was abandoned, not answered")
        #expect(s.visibleNetworks == 2 && s.lastScanAt != nil)
        #expect(s.preferences == ManagerPreferences())
        // A helper at work shows its request.
        h.fire(.maintain)
        let busy = h.m.snapshot().helpers[0]
        #expect(busy.command == .maintain && busy.requestID != nil && busy.runningSince == h.now)
        #expect(h.m.snapshot().state == .maintaining && h.m.snapshot().isUsable)
    }

    @Test func statusAfterAFailure() {
        let h = Harness.failure()
        let s = h.m.snapshot()
        #expect(!s.isUsable && s.link == nil)
        #expect(s.lastFailure?.ssid == Fixture.hotel && s.lastFailure?.helper == "alpha")
        #expect(s.disabled.map { $0.ssid } == [Fixture.hotel] && s.disabled[0].until == nil)
    }

    @Test func scanRows() {
        var h = Harness.inactive()
        h.on(.scanResults(Fixture.scan + [Fixture.entry(Fixture.office, 4, security: .enterprise)]))
        let rows = h.m.scanRows()
        #expect(rows.map { $0.entry.ssid } == [Fixture.hotel, Fixture.airport, Fixture.office])
        #expect(rows[0].isKnown && rows[0].isCurrent && rows[0].confidence == .high && rows[0].claimedBy == nil)
        #expect(!rows[1].isKnown && rows[1].confidence == nil)
    }

    @Test func notifyWhenTheStatusChanges() {
        var h = Harness.evaluating()
        #expect(h.last.contains(.notify))
        #expect(!h.on(.linkSignal(rssi: -50)).contains(.notify))
    }

    @Test func theClockNeverGoesBack() {
        var h = Harness.authenticated()
        let due = h.m.deadline(of: .maintain)!
        _ = h.m.handle(.linkSignal(rssi: -50), now: 0)
        #expect(h.m.clock == h.now)
        #expect(h.m.deadline(of: .maintain) == due)
    }
}
