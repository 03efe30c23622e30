import Testing
import HotspotCore
@testable import HotspotProtocol

@Suite struct InformationElementsTests {
    static let ssidElement: [UInt8] = [0, 4] + Array("Café".utf8).prefix(4)
    // RSN: version 1, group CCMP, 1 pairwise CCMP, 1 AKM (00-0F-AC:akm), capabilities.
    static func rsn(_ akms: [UInt8]) -> [UInt8] {
        var body: [UInt8] = [1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 4, UInt8(akms.count), 0]
        for a in akms { body += [0x00, 0x0f, 0xac, a] }
        body += [0, 0]
        return [48, UInt8(body.count)] + body
    }
    static let wpa1PSK: [UInt8] = {
        let body: [UInt8] = [0x00, 0x50, 0xf2, 1, 1, 0, 0x00, 0x50, 0xf2, 2, 1, 0, 0x00, 0x50, 0xf2, 2, 1, 0, 0x00, 0x50, 0xf2, 2]
        return [221, UInt8(body.count)] + body
    }()

    @Test func readsSSIDBytesExactly() {
        let raw: [UInt8] = [0, 6, 0x00, 0x22, 0x5c, 0xff, 0x20, 0x41, 1, 1, 0x82]
        let ies = InformationElements(raw)
        #expect(ies.ssid?.bytes == [0x00, 0x22, 0x5c, 0xff, 0x20, 0x41])
        #expect(!ies.truncated)
    }

    @Test func rejectsOverlongSSIDElement() {
        let raw: [UInt8] = [0, 33] + [UInt8](repeating: 0x41, count: 33)
        #expect(InformationElements(raw).ssid == nil)
    }

    @Test(arguments: [
        ([UInt8](), false, SecurityType.open),
        ([UInt8](), true, SecurityType.wep),
        (rsn([2]), true, SecurityType.personal),
        (rsn([8]), true, SecurityType.personal),
        (rsn([2, 8]), true, SecurityType.personal),
        (rsn([1]), true, SecurityType.enterprise),
        (rsn([5, 2]), true, SecurityType.enterprise),
        (rsn([18]), true, SecurityType.open),
        (rsn([99]), true, SecurityType.unknown),
        (wpa1PSK, true, SecurityType.personal),
    ])
    func classifiesSecurity(extra: [UInt8], privacy: Bool, expected: SecurityType) {
        let ies = InformationElements(InformationElementsTests.ssidElement + extra)
        #expect(ies.securityType(privacy: privacy) == expected)
    }

    @Test func shortRSNMeansDefault8021X() {
        // An RSN element that stops after the group cipher: the standard's default AKM is 802.1X.
        let ies = InformationElements([48, 6, 1, 0, 0x00, 0x0f, 0xac, 4])
        #expect(ies.securityType(privacy: true) == .enterprise)
    }

    @Test func truncatedBufferKeepsWholeElements() {
        let raw = InformationElementsTests.ssidElement + [48, 20, 1, 0]
        let ies = InformationElements(raw)
        #expect(ies.truncated)
        #expect(ies.elements.count == 1)
        #expect(ies.securityType(privacy: false) == .open)
    }

    @Test func hostileAKMCountsDoNotOverrun() {
        let ies = InformationElements([48, 10, 1, 0, 0x00, 0x0f, 0xac, 4, 0xff, 0xff, 0, 0])
        #expect(ies.rsnAKMs == [1])
        let ies2 = InformationElements([48, 14, 1, 0, 0x00, 0x0f, 0xac, 4, 0, 0, 0xff, 0xff, 0x00, 0x0f, 0xac, 2])
        #expect(ies2.rsnAKMs == [2])
    }

    @Test func randomBytesNeverCrash() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let n = Int.random(in: 0..<80, using: &rng)
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let ies = InformationElements(bytes)
            _ = ies.ssid
            _ = ies.securityType(privacy: Bool.random(using: &rng))
        }
    }
}
