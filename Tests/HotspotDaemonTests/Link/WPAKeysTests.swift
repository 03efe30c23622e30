import CTLS
import Foundation
import Testing
@testable import HotspotCore
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import SystemTestSupport
@testable import DaemonTestSupport

/// ctls_wpa_psk against IEEE 802.11's vectors (Annex J.4), each checked with wpa_passphrase 2.10, and bytes
/// wpa_passphrase cannot take (checked with Python's hashlib.pbkdf2_hmac).
@Suite struct WPAPSKTests {
    static func psk(_ passphrase: String, _ ssid: [UInt8]) -> String {
        var out = [UInt8](repeating: 0, count: 32)
        let p = Array(passphrase.utf8)
        ctls_wpa_psk(p, p.count, ssid, ssid.count, &out)
        return Hex.encode(out)
    }

    @Test func ieeeVectors() {
        #expect(Self.psk("password", Array("IEEE".utf8)) == "f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e")
        #expect(Self.psk("ThisIsAPassword", Array("ThisIsASSID".utf8))
                == "0dc0d6eb90555ed6419756b9a15ec3e3209b63df707dd508d14581f8982721af")
        #expect(Self.psk(String(repeating: "a", count: 32), Array(repeating: UInt8(ascii: "Z"), count: 32))
                == "becb93866bb8c3832cb777c2f559807c8c59afcb6eae734885001300a981cc62")
    }

    @Test func anySSIDBytesAndTheLongestPassphrase() {
        #expect(Self.psk("correct horse", [0x00, 0xff, 0x22, 0x27, 0x5c, 0x0a, 0x41])
                == "cc1f6e9a1b4bb37f9fe41f1d16211f0da8b0a5a8095ff7c37f7219881a55c4dc")
        let longest = #"~!@#$%^&*()_+`-={}|[]\:";<>?,./ 0123456789ABCDEFGHIJKLMNOPQRSTU"#
        #expect(longest.utf8.count == 63)
        #expect(Self.psk(longest, Array(#"Caf"e\"#.utf8)) == "b8f2bcaf6f4301ca6d529ef395a737b8750404ba5f2307a940bb0b4360d628bb")
    }
}

extension WPAKeySchedule {
    var derived: Int { psks.filter { !$0.isEmpty }.count }
}

/// The daemon's PBKDF2 of what the schedule wants (WPAKeyScheduleTests has the choice of keys).
@Suite struct WPAKeysDerivationTests {
    @Test func eachKeyWantedIsDerivedFromItsSSIDAndPassphrase() throws {
        var keys = WPAKeys()
        let ieee = WPAKeySchedule.name(SSID("IEEE")!, try Passphrase("password"))
        // "IEEEp" + "password" and "IEEE" + "ppassword": the SSID's length keeps the two apart.
        let longer = WPAKeySchedule.name(SSID("IEEEp")!, try Passphrase("password"))
        let shorter = WPAKeySchedule.name(SSID("IEEE")!, try Passphrase("ppassword"))
        let none = keys.deriveNext()
        #expect(!none, "nothing wanted")
        for name in [ieee, longer, shorter] { keys.schedule.want(name) }
        #expect(keys.deriveNext() && keys.deriveNext() && keys.deriveNext() && !keys.deriveNext())
        let key = try #require(keys.schedule.key(ieee))
        #expect(key.kind == .rawPSK)
        #expect(String(decoding: key.bytes, as: UTF8.self) == "f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e")
        #expect(keys.schedule.key(longer).map { String(decoding: $0.bytes, as: UTF8.self) }
                == WPAPSKTests.psk("password", Array("IEEEp".utf8)))
        #expect(keys.schedule.key(shorter).map { String(decoding: $0.bytes, as: UTF8.self) }
                == WPAPSKTests.psk("ppassword", Array("IEEE".utf8)))
    }
}

/// Keys derived ahead (issue 20): the owner's network joins with `psk <64 hex>` (wpa_supplicant skips its
/// PBKDF2), a passphrase not derived yet goes quoted, and once its join connects it is derived too.
@Suite(.serialized) struct WPAKeysDaemonTests {
    static let home = SSID("Home")!
    static let lounge = SSID("Venue Lounge")!
    // PBKDF2-HMAC-SHA1 by Python's hashlib, checked against wpa_passphrase.
    static let homeKey = "de443b92491739a98bf1b606463fb70af597738156efed414e693d37bb0f1ff6"
    static let loungeKey = "6c309b9d591c9f067f43d7053f56bf7055145700438788f4cef86ec3ed0548e4"

    /// The commands of a join into a new block 0 of `ssid`, each answered OK; `psks`: the psk values expected.
    static func script(_ fake: FakeSupplicant, _ ssid: SSID, psks: [String], frequency: String? = nil) {
        fake.script["LIST_NETWORKS"] = "network id / ssid / bssid / flags\n"
        fake.script["ADD_NETWORK"] = "0\n"
        var set: [String] = ["ssid " + ssid.hex, "key_mgmt WPA-PSK", "bssid any", "scan_ssid 0", "id_str \"hotspotd\""]
        if let frequency { set.append("scan_freq " + frequency) }
        for s in set + psks.map({ "psk " + $0 }) { fake.script["SET_NETWORK 0 " + s] = "OK\n" }
        fake.script["SELECT_NETWORK 0"] = "OK\n"
    }

    static func psks(_ fake: FakeSupplicant) -> [String] {
        fake.received.filter { $0.hasPrefix("SET_NETWORK 0 psk") }.map { String($0.dropFirst(18)) }
    }

    @Test func theOwnersNetworkJoinsWithItsDerivedKeyAndAHelpersPassphraseAfterItsFirstJoin() throws {
        let loop = EventLoop()
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/wpa", withIntermediateDirectories: true)
        let fake = FakeSupplicant(path: dir + "/wpa/wlan0", loop: loop)
        fake.script["STATUS"] = "wpa_state=SCANNING\n"
        fake.script["SCAN"] = "OK\n"
        fake.start()
        let daemon = try TestDaemon.make(dir, interface: "wlan0", extra: """
            config network
            \toption ssid 'Home'
            \toption key 'correct horse battery'

            """, loop: loop)
        try RunDirectory(dir + "/run").prepare()
        daemon.startSupplicant()
        // The first scan request starts the derivation; it runs while the radio scans.
        #expect(spin(loop) { fake.received.contains("SCAN") })
        #expect(spin(loop) { daemon.keys.schedule.derived == 1 })
        Self.script(fake, Self.home, psks: [Self.homeKey], frequency: "2412")
        daemon.driver.submit(.scanResults([
            ScanEntry(ssid: Self.home, bssid: BSSID("02:00:00:00:01:00")!, rssi: -50, frequency: 2412, security: .personal),
        ]))
        #expect(spin(loop) { fake.received.contains("SELECT_NETWORK 0") })
        #expect(Self.psks(fake) == [Self.homeKey], "the owner's network: the key derived ahead")

        // A helper's passphrase, not derived yet: sent quoted, for wpa_supplicant to hash...
        fake.received = []
        Self.script(fake, Self.lounge, psks: ["\"lounge-pass-2024\"", Self.loungeKey])
        let claim = JoinTarget(ssid: Self.lounge, security: .personal, passphrase: try Passphrase("lounge-pass-2024"))
        daemon.perform(.runJoinPlan(claim), radio: 0)
        #expect(spin(loop) { fake.received.contains("SELECT_NETWORK 0") })
        #expect(Self.psks(fake) == ["\"lounge-pass-2024\""])
        // ...and derived once that join connected: a re-join (reconnect, failover back) sends the key.
        fake.sendEvent("<3>CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:02:00 completed [id=0 id_str=hotspotd]")
        #expect(spin(loop) { daemon.keys.schedule.derived == 2 })
        fake.received = []
        daemon.perform(.runJoinPlan(claim), radio: 0)
        #expect(spin(loop) { fake.received.contains("SELECT_NETWORK 0") })
        #expect(Self.psks(fake) == [Self.loungeKey], "the helper's network again: its key derived after the join")
        for r in daemon.radios { r.client.stop() }
        loop.runPosted()
    }

    /// Not before the first scan request; then the configured ones, and the new ones after an owner's save or
    /// a reload. A prefix has no SSID to hash with; a raw PSK is already a key.
    @Test func savedAndReloadedNetworksAreDerivedButNotPrefixesOrRawKeys() throws {
        let loop = EventLoop()
        let dir = temporaryDirectory()
        let network = """
            config network
            \toption ssid 'Home'
            \toption key 'correct horse battery'
            config network
            \toption ssid_prefix 'Hotel'
            \toption key 'hotel-guest'
            config network
            \toption ssid 'Raw'
            \toption key '\(String(repeating: "ab", count: 32))'

            """
        let daemon = try TestDaemon.make(dir, extra: network, loop: loop)
        daemon.persist(daemon.driver.machine.hotspot.persistentState)
        _ = spin(loop, timeout: 100) { false }
        #expect(daemon.keys.schedule.derived == 0, "nothing before the first scan request")
        daemon.requestScan()
        #expect(spin(loop) { daemon.keys.schedule.derived == 1 })
        #expect(daemon.keys.schedule.key(WPAKeySchedule.name(Self.home, try Passphrase("correct horse battery")))?.bytes == Array(Self.homeKey.utf8))
        _ = spin(loop, timeout: 100) { false }
        #expect(daemon.keys.schedule.names.count == 1 && !daemon.keys.scheduled, "all derived: the prefix and the raw key need none")

        daemon.driver.submit(.owner(.join(Self.lounge, passphrase: try Passphrase("lounge-pass-2024"), once: false)))
        #expect(spin(loop) { daemon.keys.schedule.derived == 2 })
        #expect(daemon.keys.schedule.key(WPAKeySchedule.name(Self.lounge, try Passphrase("lounge-pass-2024")))?.bytes == Array(Self.loungeKey.utf8))
        // The join it asked for settles (no wpa_supplicant here): the reload below is what derives next.
        _ = spin(loop, timeout: 500) { false }
        #expect(daemon.keys.schedule.derived == 2 && !daemon.keys.scheduled)

        try (String(contentsOfFile: dir + "/hotspot", encoding: .utf8) + """
            config network
            \toption ssid 'IEEE'
            \toption key 'password'

            """).write(toFile: dir + "/hotspot", atomically: true, encoding: .utf8)
        daemon.reload()
        #expect(spin(loop) { daemon.keys.schedule.derived == 3 })
        #expect(daemon.keys.schedule.key(WPAKeySchedule.name(SSID("IEEE")!, try Passphrase("password")))?.bytes
                == Array("f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e".utf8))
        _ = spin(loop, timeout: 100) { false }
        #expect(daemon.keys.schedule.names.map { String(decoding: $0.dropFirst().prefix(4), as: UTF8.self) } == ["Home", "Venu", "IEEE"])
    }
}
