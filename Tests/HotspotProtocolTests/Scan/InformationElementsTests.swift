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
    static func rsnElement(akms: [UInt32]) -> [UInt8] {
        var body: [UInt8] = [1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 4, UInt8(akms.count), 0]
        for a in akms { body += [UInt8(a >> 24), UInt8(a >> 16 & 0xff), UInt8(a >> 8 & 0xff), UInt8(a & 0xff)] }
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
        (rsn([5, 2]), true, SecurityType.personal),   // EAP and PSK: a passphrase joins it
        (rsn([18]), true, SecurityType.open),
        (rsn([99]), true, SecurityType.unknown),
        (wpa1PSK, true, SecurityType.personal),
    ])
    func classifiesSecurity(extra: [UInt8], privacy: Bool, expected: SecurityType) {
        let ies = InformationElements(InformationElementsTests.ssidElement + extra)
        #expect(ies.securityType(privacy: privacy) == expected)
    }

    static let oweTransition: [UInt8] = [221, 12, 0x50, 0x6f, 0x9a, 0x1c, 2, 0, 0, 0, 7, 1, 1, 0x41]
    static let osen: [UInt8] = [221, 20, 0x50, 0x6f, 0x9a, 0x12, 0x00, 0x0f, 0xac, 7, 1, 0, 0x00, 0x0f, 0xac, 4,
                                1, 0, 0x50, 0x6f, 0x9a, 1]
    static let unreadableRSN: [UInt8] = [48, 10, 1, 0, 0x00, 0x0f, 0xac, 4, 0xff, 0xff, 0, 0]

    /// One BSS, two sources: wpa_supplicant's flags for it (as `wpa_supplicant_ie_txt` prints them from
    /// these elements) and the elements themselves as nl80211 hands them over. Whichever source feeds the
    /// core, the BSS must get the same security type, or whether it is joined depends on the source.
    @Test(arguments: [
        ("[WPA2-EAP+PSK-CCMP][ESS]", rsn([1, 2]), true, SecurityType.personal),   // a passphrase joins it
        ("[WPA2-PSK+SAE-CCMP][ESS]", rsn([2, 8]), true, .personal),
        ("[WPA2-SAE-CCMP][SAE-H2E][ESS]", rsn([8]), true, .personal),             // SAE only
        ("[WPA2-FT/SAE-CCMP][ESS]", rsn([9]), true, .personal),
        ("[WPA-PSK-TKIP][WPA2-EAP-CCMP][ESS]", wpa1PSK + rsn([1]), true, .personal),
        ("[WPA-PSK-TKIP][WPA2-?][ESS]", wpa1PSK + unreadableRSN, true, .personal),
        ("[WPA2-EAP-CCMP][ESS]", rsn([1]), true, .enterprise),
        ("[WPA2-EAP-SHA256-CCMP][ESS]", rsn([5]), true, .enterprise),
        ("[WPA2-EAP-SUITE-B-192-CCMP][ESS]", rsn([12]), true, .enterprise),
        ("[WPA2-FILS-SHA256-CCMP][ESS]", rsn([14]), true, .enterprise),
        ("[WPA2-FT-FILS-SHA384-CCMP][ESS]", rsn([17]), true, .enterprise),
        ("[OSEN-OSEN-CCMP][ESS]", osen, true, .enterprise),
        ("[WPA2-OWE-CCMP][OWE-TRANS][ESS]", rsn([18]) + oweTransition, true, .open),
        ("[OWE-TRANS-OPEN][ESS]", oweTransition, false, .open),
        ("[WPA2-?][ESS]", unreadableRSN, true, .unknown),
        ("[WPA2--CCMP][ESS]", rsn([99]), true, .unknown),                        // only an unknown AKM
        ("[WPA2-DPP-CCMP][ESS]", rsnElement(akms: [0x506f_9a02]), true, .unknown),
        ("[WEP][ESS]", [], true, .wep),
        ("[ESS]", [], false, .open),
        ("", [], false, .open),
    ])
    func sameBSSFromFlagsAndElements(flags: String, elements: [UInt8], privacy: Bool, expected: SecurityType) throws {
        let fromSupplicant = try #require(ScanFlags(flags)).security
        let fromKernel = InformationElements(Self.ssidElement + elements).securityType(privacy: privacy)
        #expect(fromSupplicant == expected)
        #expect(fromKernel == expected)
    }

    @Test func shortRSNMeansDefault8021X() {
        // An RSN element that stops after the group cipher: the standard's default AKM is 802.1X.
        let ies = InformationElements([48, 6, 1, 0, 0x00, 0x0f, 0xac, 4])
        #expect(ies.rsnAKMs == [0x000f_ac01])
        #expect(ies.securityType(privacy: true) == .enterprise)
        #expect(InformationElements([48, 2, 1, 0]).rsnAKMs == [0x000f_ac01])
    }

    /// wpa_supplicant prints `[WPA2-?]` for an RSN element `wpa_parse_wpa_ie_rsn` rejects; the same element
    /// read from nl80211 must be just as unreadable, not a guess.
    @Test(arguments: [
        [48, 1, 1] as [UInt8],                                                 // no whole version
        [48, 2, 2, 0],                                                         // version 2
        [48, 4, 1, 0, 0x00, 0x0f],                                             // half a group cipher
        [48, 6, 1, 0, 0x00, 0x0f, 0xac, 1],                                    // WEP-40 as group cipher
        [48, 7, 1, 0, 0x00, 0x0f, 0xac, 4, 1],                                 // one byte of pairwise count
        [48, 8, 1, 0, 0x00, 0x0f, 0xac, 4, 0, 0],                              // no pairwise cipher
        [48, 10, 1, 0, 0x00, 0x0f, 0xac, 4, 0xff, 0xff, 0, 0],                 // pairwise count overruns
        [48, 12, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 6],       // BIP as pairwise cipher
        [48, 13, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 4, 1],    // one byte of AKM count
        [48, 14, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 4, 0, 0], // no AKM
        [48, 14, 1, 0, 0x00, 0x0f, 0xac, 4, 0, 0, 0xff, 0xff, 0x00, 0x0f, 0xac, 2],
        [48, 24, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 2,
         0, 0, 1, 0, 0xaa, 0xbb],                                               // PMKID count overruns
        [48, 26, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 2,
         0, 0, 0, 0, 0x00, 0x0f, 0xac, 4],                                      // CCMP as management cipher
    ])
    func malformedRSNIsUnreadable(element: [UInt8]) {
        let ies = InformationElements(element)
        #expect(ies.rsnAKMs == [])
        #expect(ies.suites(privacy: true) == .unreadable)
        #expect(ies.securityType(privacy: true) == .unknown)
    }

    @Test func truncatedBufferKeepsWholeElements() {
        let raw = InformationElementsTests.ssidElement + [48, 20, 1, 0]
        let ies = InformationElements(raw)
        #expect(ies.truncated)
        #expect(ies.elements.count == 1)
        #expect(ies.securityType(privacy: false) == .open)
    }

    @Test func readsAKMSelectors() {
        #expect(InformationElements(Self.rsn([2, 8])).rsnAKMs == [0x000f_ac02, 0x000f_ac08])
        #expect(InformationElements(Self.rsnElement(akms: [0x506f_9a02])).rsnAKMs == [0x506f_9a02])
        #expect(InformationElements(Self.wpa1PSK).wpaAKMs == [0x0050_f202])
        let withManagementCipher: [UInt8] = [48, 26, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0, 0x00, 0x0f, 0xac, 4, 1, 0,
                                             0x00, 0x0f, 0xac, 2, 0x80, 0, 0, 0, 0x00, 0x0f, 0xac, 6]
        #expect(InformationElements(withManagementCipher).rsnAKMs == [0x000f_ac02])
        #expect(InformationElements(Self.rsn([2]) + [221, 3, 0x00, 0x50, 0xf2]).wpaAKMs == nil)  // too short to be WPA
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
