import Testing
import HotspotCore
@testable import HotspotProtocol

private func id(_ n: Int) -> NetworkID { NetworkID(n)! }
private func target(_ name: String, _ security: SecurityType = .open) -> JoinTarget {
    JoinTarget(ssid: SSID(name)!, security: security, passphrase: security == .personal ? "password1" : nil)
}

@Suite struct SupplicantNetworkMapTests {
    @Test func connectedEventBecomesTheCoresAssociatedInput() {
        var map = SupplicantNetworkMap()
        let odd = JoinTarget(ssid: SSID(bytes: [0xff, 0x22, 0x5c, 0x00])!, security: .open)
        map.record(id(4), odd)
        let bssid = BSSID("02:00:00:00:01:00")!
        #expect(map.associated(networkID: id(4), bssid: bssid) == .associated(ssid: odd.ssid, bssid: bssid, networkID: id(4)))
        #expect(map.target(for: id(4)) == odd)
        // Not ours, or no id at all: the caller asks STATUS instead.
        #expect(map.associated(networkID: id(5), bssid: bssid) == nil)
        #expect(map.associated(networkID: nil, bssid: bssid) == nil)
    }

    @Test func recordingReplacesTheIDsAndTheSSIDsEarlierEntry() {
        var map = SupplicantNetworkMap()
        map.record(id(0), target("Hotel"))
        map.record(id(1), target("Cafe"))
        // The same id now stands for another network (wpa_supplicant reuses ids after REMOVE_NETWORK).
        map.record(id(0), target("Lobby"))
        #expect(map.target(for: id(0)) == target("Lobby"))
        // The same SSID joined again with another block: one entry, the newer id.
        map.record(id(7), target("Cafe", .personal))
        #expect(map.target(for: id(1)) == nil)
        #expect(map.id(for: SSID("Cafe")!) == id(7))
        #expect(map.target(for: id(7))?.security == .personal)
        #expect(map.entries.map { $0.id } == [id(0), id(7)])
    }

    @Test func removeForgetAndReconnect() {
        var map = SupplicantNetworkMap()
        map.record(id(0), target("Hotel"))
        map.record(id(1), target("Cafe"))
        map.remove(id(0))
        #expect(map.target(for: id(0)) == nil)
        #expect(map.forget(SSID("Cafe")!) == [id(1)])
        #expect(map.forget(SSID("Cafe")!) == [])
        #expect(map.isEmpty)
        map.record(id(2), target("Lobby"))
        // wpa_supplicant came back: its ids mean nothing we recorded.
        map.removeAll()
        #expect(map.target(for: id(2)) == nil)
        #expect(map.isEmpty)
    }
}
