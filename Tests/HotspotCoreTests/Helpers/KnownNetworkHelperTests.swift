import Testing
@testable import HotspotCore

@Suite struct KnownNetworkHelperTests {
    let home = SSID("Home")!, cafe = SSID("Cafe")!, other = SSID("Other")!
    var networks: [KnownNetwork] {
        [KnownNetwork(ssid: home), KnownNetwork(ssid: cafe, passphrase: pass("cafe-secret"))]
    }
    func net(_ s: SSID, security: SecurityType = .open) -> HotspotNetwork {
        HotspotNetwork(ssid: s, bssid: nil, rssi: -50, frequency: 2412, securityType: security)
    }

    @Test func claimsVisibleKnownNetworksWithTheirPassphrase() {
        let r = KnownNetworkHelper.respond(
            to: HelperRequest(id: 1, helper: "known", command: .filterScanList,
                              scanList: [net(other), net(cafe, security: .personal), net(cafe, security: .personal), net(home)]),
            networks: networks)
        #expect(r.result == .success)
        #expect(r.claims.map { $0.ssid } == [cafe, home])
        #expect(r.claims.allSatisfy { $0.confidence == .high })
        #expect(r.claims.first?.password != nil)
    }

    @Test func evaluatesHighOnlyForItsOwnNetworks() {
        let mine = KnownNetworkHelper.respond(to: HelperRequest(id: 2, helper: "known", command: .evaluate, network: net(home)), networks: networks)
        let theirs = KnownNetworkHelper.respond(to: HelperRequest(id: 3, helper: "known", command: .evaluate, network: net(other)), networks: networks)
        #expect(mine.confidence == .high)
        #expect(theirs.confidence == Confidence.none)
    }

    @Test func authenticatesAtOnceAndRefusesUI() {
        for c in [HelperCommand.authenticate, .maintain, .logoff] {
            #expect(KnownNetworkHelper.respond(to: HelperRequest(id: 4, helper: "known", command: c, network: net(home)), networks: networks).result == .success)
        }
        #expect(KnownNetworkHelper.respond(to: HelperRequest(id: 5, helper: "known", command: .presentUI, network: net(home)), networks: networks).result == .failure)
    }
}
