import Testing
@testable import HotspotCore

@Suite struct HexTests {
    @Test func roundTripsEveryByte() {
        let all = (0...255).map { UInt8($0) }
        #expect(Hex.decode(Hex.encode(all)) == all)
        #expect(Hex.encode([0x00, 0xff, 0x22]) == "00ff22")
    }

    @Test(arguments: ["0", "zz", "0g", "abc"])
    func rejectsMalformed(text: String) {
        #expect(Hex.decode(text) == nil)
    }
}
