import Testing
@testable import HotspotWeb

@Suite struct ResolvConfTests {
    @Test func readsNameserversAndSkipsTheRest() {
        let text = "# Interface wwan\nsearch lan\nnameserver 10.42.1.1\nnameserver\tfe80::1%wlan0\nnameserver 10.42.1.1\nnameserver $(reboot)\noptions ndots:1\n nameserver 9.9.9.9"
        #expect(ResolvConf.nameservers(Array(text.utf8)) == ["10.42.1.1", "fe80::1%wlan0", "9.9.9.9"])
        #expect(ResolvConf.nameservers([0xff, 0x00, 0x0a]) == [])
    }
}
