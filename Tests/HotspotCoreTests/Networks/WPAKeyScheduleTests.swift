import Testing
@testable import HotspotCore

private let pass = try! Passphrase("12345678")
private func net(_ i: Int) -> SSID { SSID("net\(i)")! }
private func name(_ i: Int) -> [UInt8] { WPAKeySchedule.name(net(i), pass) }
extension WPAKeySchedule {
    /// Every key wanted, "derived" by a stand-in for PBKDF2 (the daemon's WPAKeys runs the real one): 32 bytes
    /// of the order derived in, from 0.
    mutating func deriveAll() {
        var n: UInt8 = 0
        while deriveNext({ _, _ in defer { n += 1 }; return Array(repeating: n, count: 32) }) {}
    }
}

/// Which keys the daemon derives ahead, in what order, and what a join sends (issue 20).
@Suite struct WPAKeyScheduleTests {
    /// Names wanted in turn (`net<i>`) → the names held, slot by slot: at most 16, a new one replacing the oldest.
    @Test(arguments: [
        ([0], [0]),
        ([0, 1, 0], [0, 1]),
        (Array(0..<16), Array(0..<16)),
        (Array(0..<17), [16] + Array(1..<16)),
        (Array(0..<18), [16, 17] + Array(2..<16)),
        // A name held is not wanted again: the oldest stays the next replaced.
        (Array(0..<17) + [5, 16], [16] + Array(1..<16)),
        (Array(0..<17) + [5, 16, 17], [16, 17] + Array(2..<16)),
        (Array(0..<33), Array(16..<32).map { $0 == 16 ? 32 : $0 }),
    ] as [([Int], [Int])])
    func atMostSixteenTheOldestReplaced(_ wanted: [Int], _ held: [Int]) {
        var keys = WPAKeySchedule()
        for i in wanted { keys.want(name(i)) }
        #expect(keys.names == held.map(name))
        #expect(keys.names.count == keys.psks.count)
    }

    @Test func aReplacedKeyIsDerivedAgain() {
        var keys = WPAKeySchedule()
        for i in 0..<16 { keys.want(name(i)) }
        keys.deriveAll()
        keys.want(name(16))
        #expect(keys.key(name(0)) == nil && keys.key(name(16)) == nil && keys.key(name(1)) != nil)
        #expect(keys.psks[0].isEmpty, "the oldest's slot, to derive")
        keys.deriveAll()
        #expect(keys.key(name(16)) != nil)
    }

    /// The owner's networks: only exact SSIDs with a passphrase (a prefix has no SSID to hash with, a raw PSK is a
    /// key already), the first 16 of them.
    @Test func theOwnersNetworksWithAPassphraseTheFirstSixteen() throws {
        var prefix = KnownNetwork(ssid: SSID("Hotel")!, passphrase: try Passphrase("hotel-guest"))
        prefix.isPrefix = true
        let raw = KnownNetwork(ssid: SSID("Raw")!, passphrase: try Passphrase(String(repeating: "ab", count: 32)))
        let open = KnownNetwork(ssid: SSID("Cafe")!)
        let many = (0..<20).map { KnownNetwork(ssid: net($0), passphrase: pass) }
        var keys = WPAKeySchedule()
        keys.want([prefix, raw, open] + many, start: true)
        #expect(keys.names == (0..<16).map(name))
    }

    /// Calls of `want(_:start:)` in turn (networks `net<i>`, whether it is a scan request) → the names held, and
    /// whether a derivation is due: nothing before the first scan request, and later scan requests add nothing.
    @Test(arguments: [
        ([([0], false)], [0], false),
        ([([0], false), ([], true)], [0], true),
        ([([0], true)], [0], true),
        ([([0], true), ([1], true)], [0], true),
        ([([0], true), ([1], false)], [0, 1], true),
        ([([0], false), ([1], false)], [0, 1], false),
        ([([], false)], [], false),
        ([([], true)], [], false),
    ] as [([([Int], Bool)], [Int], Bool)])
    func derivationStartsAtTheFirstScanRequest(_ calls: [([Int], Bool)], _ held: [Int], _ due: Bool) {
        var keys = WPAKeySchedule()
        for (networks, start) in calls { keys.want(networks.map { KnownNetwork(ssid: net($0), passphrase: pass) }, start: start) }
        #expect(keys.names == held.map(name))
        #expect(keys.isDerivationDue == due)
        keys.deriveAll()
        #expect(!keys.isDerivationDue, "all derived")
    }

    /// What a join sends, by its passphrase and whether the key is derived: the key once derived, else what it has.
    @Test(arguments: [
        (nil, false, nil),
        ("12345678", false, "12345678"),
        ("12345678", true, String(repeating: "00", count: 32)),
        (String(repeating: "ab", count: 32), false, String(repeating: "ab", count: 32)),
    ] as [(String?, Bool, String?)])
    func aJoinSendsTheKeyOnceDerivedElseThePassphrase(_ passphrase: String?, _ derived: Bool, _ sent: String?) throws {
        var keys = WPAKeySchedule()
        if derived {
            keys.want(name(1))
            keys.deriveAll()
        }
        let target = JoinTarget(ssid: net(1), security: passphrase == nil ? .open : .personal,
                                passphrase: try passphrase.map { try Passphrase($0) })
        let key = keys.joinKey(target)
        #expect(key.map { String(decoding: $0.bytes, as: UTF8.self) } == sent)
        #expect(key?.kind == (sent?.count == 64 ? .rawPSK : sent == nil ? nil : .passphrase))
    }

    /// CTRL-EVENT-CONNECTED: the latest join's passphrase is wanted; an open or raw-PSK join wants nothing.
    @Test(arguments: [
        (["12345678"], [1]),
        ([nil], []),
        ([String(repeating: "ab", count: 32)], []),
        (["12345678", nil], []),
        ([nil, "12345678"], [1]),
    ] as [([String?], [Int])])
    func aConnectedJoinWantsItsKey(_ joins: [String?], _ held: [Int]) throws {
        var keys = WPAKeySchedule()
        for p in joins {
            _ = keys.joinKey(JoinTarget(ssid: net(1), security: p == nil ? .open : .personal,
                                        passphrase: try p.map { try Passphrase($0) }))
        }
        keys.joined()
        #expect(keys.names == held.map(name))
        keys.joined()
        #expect(keys.names == held.map(name), "wanted once")
    }

    /// PBKDF2's inputs: the passphrase's bytes and the SSID's, whatever bytes the SSID has; the SSID's length
    /// keeps them apart ("IEEE" + "ppassword" is another key than "IEEEp" + "password").
    @Test(arguments: [
        ([0x49, 0x45, 0x45, 0x45], "password"),
        ([0x49, 0x45, 0x45, 0x45, 0x70], "password"),
        ([0x49, 0x45, 0x45, 0x45], "ppassword"),
        ([0x00, 0xff, 0x22, 0x3d, 0x5c, 0x0a, 0x41], "correct horse"),
        (Array(repeating: 0x5a, count: 32), String(repeating: "a", count: 63)),
    ] as [([UInt8], String)])
    func eachKeyIsDerivedFromItsPassphraseAndSSID(_ ssid: [UInt8], _ passphrase: String) throws {
        var keys = WPAKeySchedule()
        let key = WPAKeySchedule.name(SSID(bytes: ssid)!, try Passphrase(passphrase))
        keys.want(name(0))
        keys.deriveAll()
        keys.want(key)
        var inputs: [([UInt8], [UInt8])] = []
        let derived = keys.deriveNext { p, s in
            inputs.append((Array(p), Array(s)))
            return Array(repeating: 7, count: 32)
        }
        #expect(derived && inputs.count == 1)
        #expect(inputs.first?.0 == Array(passphrase.utf8) && inputs.first?.1 == ssid)
        let none = keys.deriveNext { _, _ in Issue.record("nothing left to derive"); return [] }
        #expect(!none)
        #expect(keys.key(key) == (try Passphrase(String(repeating: "07", count: 32))))
        #expect(keys.key(WPAKeySchedule.name(SSID(bytes: ssid.map { $0 ^ 1 })!, try Passphrase(passphrase))) == nil, "another SSID")
        #expect(keys.key(WPAKeySchedule.name(SSID(bytes: ssid)!, try Passphrase(passphrase + "2"))) == nil, "another passphrase")
    }
}
