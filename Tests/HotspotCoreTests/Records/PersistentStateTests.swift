import Foundation
import Testing
import TestSupport
@testable import HotspotCore

@Suite struct PersistentStateTests {
    static let sample = PersistentState(
        helperCache: [PersistentState.CachedHelper(ssid: ssid("Hotel"), helper: "alpha")],
        disabled: [PersistentState.DisabledNetwork(ssid: SSID(bytes: [0, 0xff, 0x20])!, reason: .helperTimedOut),
                   PersistentState.DisabledNetwork(ssid: ssid("Cafe"), reason: .ownerCancelledUI, remainingMs: 12_345)],
        loggedOff: [SSID(bytes: [])!],
        ownerNetworks: [KnownNetwork(ssid: ssid("Home"), passphrase: pass("pass word with spaces"), priority: -3),
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
                                ownerNetworks: [KnownNetwork(ssid: ssid("Home"), passphrase: pass("12345678"), priority: 2)])
        #expect(s.encoded() == "hotspotd-state 1\ncache 486f74656c alpha\ndisabled 43616665 helperFailed 5\nloggedoff -\n"
                + "network 486f6d65 2 3132333435363738\n")
    }

    @Test func passphrasesAreReadAsPassphrases() throws {
        // A raw PSK written in capitals by hand: the same key, written back in lowercase.
        let hex = String(repeating: "AB", count: 32)
        let s = try PersistentState.parse("hotspotd-state 1\nnetwork 41 0 " + Hex.encode(Array(hex.utf8)) + "\n")
        #expect(s.ownerNetworks.first?.passphrase == pass(hex))
        #expect(s.ownerNetworks.first?.passphrase?.kind == .rawPSK)
        #expect(s.encoded().hasSuffix(" " + Hex.encode(Array(hex.lowercased().utf8)) + "\n"))
        #expect(try PersistentState.parse(s.encoded()) == s)
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
        var rng = SplitMix64(seed: 42)
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
        h.on(.owner(.join(Fixture.train, passphrase: pass("a-perfectly-fine-passphrase"), once: false)))
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

    // MARK: Every table bounded

    /// Full tables with the longest SSIDs, helper names, reasons, times and passphrases: what save writes,
    /// load reads.
    @Test func fullTablesStayWithinTheOneLimit() throws {
        let n = PersistentState.maxEntries
        func longest(_ i: Int) -> SSID { SSID(bytes: [UInt8(i >> 8), UInt8(i & 0xff)] + [UInt8](repeating: 0xff, count: 30))! }
        let helper = String(repeating: "h", count: 32)
        let reason = DisableReason.allCases.max { $0.rawValue.count < $1.rawValue.count }!
        let s = PersistentState(
            helperCache: (0..<n).map { .init(ssid: longest($0), helper: helper) },
            disabled: (0..<n).map { .init(ssid: longest($0), reason: reason, remainingMs: 999_999_999_999_999_999) },
            loggedOff: (0..<n).map(longest),
            ownerNetworks: (0..<n).map { KnownNetwork(ssid: longest($0), passphrase: pass(String(repeating: "ab", count: 32)),
                                                      priority: -999_999_999) },
            remembered: (0..<RememberedAnswers.maxEntries).map { i in
                RememberedAnswers(ssid: longest(i), helper: helper,
                                  origin: "https://" + String(repeating: "p", count: RememberedAnswers.maxOriginBytes - 8),
                                  gateway: "02:00:00:aa:bb:01",
                                  answers: (0..<RememberedAnswers.maxFields).map {
                                      UIAnswer(key: String(repeating: "f", count: 31) + String($0),
                                               value: String(repeating: "ü", count: RememberedAnswers.maxValueBytes / 2 / RememberedAnswers.maxFields))
                                  },
                                  givenAt: 999_999_999_999_999_999)
            },
            sessions: (0..<n).map { .init(ssid: longest($0), ms: 999_999_999_999_999_999) })
        // The two tables of issue 37 yield, oldest first, so that the whole still fits the one limit.
        let fitted = s.fitted()
        let text = fitted.encoded()
        #expect(text.utf8.count <= PersistentState.maxBytes)
        #expect(try PersistentState.parse(text) == fitted)
        // (With every older table full to its longest there is no room left at all: the newest yield last.)
        #expect(fitted.sessions.isEmpty && fitted.remembered.count < RememberedAnswers.maxEntries)
        #expect(fitted.remembered == Array(s.remembered.suffix(fitted.remembered.count)))
        // The older tables are whole; what they leave is the two new ones' room.
        #expect(fitted.helperCache == s.helperCache && fitted.ownerNetworks == s.ownerNetworks && fitted.disabled == s.disabled)
        // A file without the others full keeps every remembered answer and session.
        let ordinary = PersistentState(remembered: s.remembered, sessions: s.sessions)
        #expect(ordinary.fitted() == ordinary)
    }

    /// wpa_supplicant joined `venue` by itself; alpha claims it, logs in (or fails: `result`) and, for a
    /// network it has cached, maintains it; then the link goes.
    static func visit(_ h: inout Harness, _ venue: SSID, result: HelperResult = .success, logoff: Bool = false) {
        h.on(.associated(ssid: venue, bssid: bssid(9), networkID: netID(0)), after: 1_000)
        h.on(.ipv4Acquired)
        if let e = h.request("alpha", .evaluate) { _ = h.respond(e, .success, confidence: .high) }
        if let a = h.request("alpha", .authenticate) { _ = h.respond(a, result) }
        if let m = h.request("alpha", .maintain) { _ = h.respond(m, .success) }
        if logoff {
            h.on(.owner(.logoff))
            if let l = h.request("alpha", .logoff) { _ = h.respond(l, .success) }
        }
        h.on(.disconnected)
    }

    @Test func theHelperCacheKeepsTheMostRecentlyUsedNetworks() throws {
        let n = PersistentState.maxEntries
        var h = Harness()
        h.on(.supplicantReconnected)
        let venues = (0...n).map { ssid("Venue \($0)") }
        for v in venues.prefix(n) { Self.visit(&h, v) }
        #expect(h.m.persistentState.helperCache.count == n)
        // Venue 0 is used again (maintain on re-join), so Venue 1 is the least recently used: it goes.
        Self.visit(&h, venues[0])
        Self.visit(&h, venues[n])
        let cached = h.m.persistentState.helperCache.map { $0.ssid }
        #expect(cached.count == n)
        #expect(cached.contains(venues[0]) && cached.contains(venues[n]) && !cached.contains(venues[1]))
        // The order of use survives a restart: one more new venue takes Venue 2's place, not Venue 0's.
        var again = Harness(saved: try PersistentState.parse(h.m.persistentState.encoded()))
        again.on(.supplicantReconnected)
        Self.visit(&again, ssid("Venue new"))
        let kept = again.m.persistentState.helperCache.map { $0.ssid }
        #expect(kept.count == n && kept.contains(venues[0]) && !kept.contains(venues[2]))
    }

    @Test func disabledAndLoggedOffNetworksAreBounded() {
        let n = PersistentState.maxEntries
        var h = Harness()
        h.on(.supplicantReconnected)
        for i in 0...n { Self.visit(&h, ssid("Bad \(i)"), result: .failure) }
        for i in 0...n { Self.visit(&h, ssid("Left \(i)"), logoff: true) }
        let s = h.m.persistentState
        #expect(s.disabled.count == n && s.loggedOff.count == n)
        // The oldest went: the router may join them by itself again.
        #expect(s.disabled.first?.ssid == ssid("Bad 1") && s.disabled.last?.ssid == ssid("Bad \(n)"))
        #expect(s.loggedOff.first == ssid("Left 1") && s.loggedOff.last == ssid("Left \(n)"))
        #expect(!h.m.isDisabled(ssid("Bad 0")) && !h.m.isLoggedOff(ssid("Left 0")))
    }

    @Test func joinRefusesANetworkBeyondTheLimit() {
        let n = PersistentState.maxEntries
        let mine = (0..<n).map { KnownNetwork(ssid: ssid("Mine \($0)"), passphrase: pass("password-\($0)")) }
        var h = Harness(Fixture.config([]), saved: PersistentState(ownerNetworks: mine))
        h.on(.supplicantReconnected)
        let train = pass("a-perfectly-fine-passphrase")
        let refused = h.on(.owner(.join(Fixture.train, passphrase: train, once: false)))
        #expect(refused.compactMap { $0.refusal } == ["too many networks: forget one first (limit \(n)), or join it with --once"])
        #expect(refused.joins.isEmpty && refused.persisted == nil)
        // One of them joined again, or a stranger with --once: fine.
        #expect(h.on(.owner(.join(ssid("Mine 7"), passphrase: nil, once: false))).accepted)
        #expect(h.on(.owner(.join(Fixture.train, passphrase: train, once: true))).accepted)
        #expect(h.on(.owner(.forget(ssid("Mine 0")))).accepted)
        let a = h.on(.owner(.join(Fixture.train, passphrase: train, once: false)))
        #expect(a.accepted && a.persisted?.ownerNetworks.count == n)
    }

    /// A file from before the limit, with more of the owner's networks than it: none of them is dropped.
    @Test func moreOwnerNetworksThanTheLimitAreAllKept() {
        let mine = (0..<(PersistentState.maxEntries + 10)).map { KnownNetwork(ssid: ssid("Mine \($0)")) }
        var h = Harness(saved: PersistentState(ownerNetworks: mine))
        h.on(.supplicantReconnected)
        Self.visit(&h, ssid("Venue"))
        #expect(h.m.persistentState.ownerNetworks == mine)
    }

    // MARK: A forget cut short

    /// Killed after saving a forget but before wpa_supplicant dropped the network's block: the block (and
    /// its passphrase) stays, and the network is no longer the owner's. Asked again, forget removes it, as
    /// long as the router is not on that network.
    @Test func forgettingAStrangerAgainRemovesItsBlocks() {
        var h = Harness(Fixture.config([]))
        h.on(.supplicantReconnected)
        let a = h.on(.owner(.forget(Fixture.train)))
        #expect(a.compactMap { $0.refusal } == ["this is not one of your networks"])
        #expect(a.removedNetworks == [Fixture.train] && a.persisted == nil)
        h.on(.associated(ssid: Fixture.airport, bssid: bssid(2), networkID: netID(0)))
        let b = h.on(.owner(.forget(Fixture.airport)))
        #expect(b.refused && b.removedNetworks.isEmpty && b.disconnects == 0)
        #expect(h.on(.owner(.forget(Fixture.hotel))).removedNetworks.isEmpty, "the configuration's")
    }

    // MARK: Remembered answers and learned sessions (issue 37)

    @Test func rememberedAnswersRoundTripAsHex() throws {
        let r = RememberedAnswers(ssid: ssid("Hotel Ø"), helper: "portal", origin: "http://portal.example:8080",
                                  gateway: "02:00:00:aa:bb:01",
                                  answers: [UIAnswer(key: "room", value: "412"), UIAnswer(key: "name", value: "Müller = 1 & 2")],
                                  givenAt: 1_795_867_200)
        let s = PersistentState(remembered: [r], sessions: [.init(ssid: ssid("Hotel Ø"), ms: 3_600_000)])
        let text = s.encoded()
        #expect(text.contains("\nanswers " + ssid("Hotel Ø").hex + " portal http://portal.example:8080 02:00:00:aa:bb:01 1795867200 room=343132 name="))
        #expect(!text.contains("Müller") && !text.contains("412 "))
        #expect(try PersistentState.parse(text) == s)
        // No gateway (verified https) and no time yet (the clock was not set).
        var bare = r
        bare.gateway = nil
        bare.givenAt = nil
        bare.origin = "https://portal.example"
        #expect(try PersistentState.parse(PersistentState(remembered: [bare]).encoded()).remembered == [bare])
    }

    /// Whoever edited the file: every line a save would not write is refused, with its line.
    @Test func brokenAnswerLinesAreRefused() {
        let h = ssid("Hotel").hex
        for line in ["answers \(h) portal http://p 02:00:00:aa:bb:01 1",                      // no answer
                     "answers \(h) portal ftp://p - - room=31",                               // not an origin
                     "answers \(h) portal http://p/path - - room=31",                         // a path
                     "answers \(h) portal http://p 02:00:00:AA:BB:01 - room=31",              // not lowercase
                     "answers \(h) portal http://p - x room=31",                              // not a time
                     "answers \(h) portal http://p - - room=3",                               // odd hex
                     "answers \(h) portal http://p - - ro-om=31",                             // a field name
                     "answers \(h) portal http://p - - room=0a",                              // a control byte
                     "answers \(h) bad/name http://p - - room=31",
                     "session \(h) 0", "session \(h) -5", "session \(h)"] {
            #expect(throws: PersistentStateError.self, "\(line)") {
                try PersistentState.parse(PersistentState.header + "\n" + line + "\n")
            }
        }
        let nine = (0...RememberedAnswers.maxEntries).map { "answers \(ssid("H\($0)").hex) portal http://p - - room=31" }
        #expect(throws: PersistentStateError.self) { try PersistentState.parse(PersistentState.header + "\n" + nine.joined(separator: "\n")) }
    }
}
