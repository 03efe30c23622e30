import Testing
@testable import HotspotCore

@Suite struct ASCIITests {
    @Test func printableRange() {
        #expect(ASCII.isPrintable(0x20) && ASCII.isPrintable(0x7e))
        #expect(!ASCII.isPrintable(0x1f) && !ASCII.isPrintable(0x7f) && !ASCII.isPrintable(0xff))
    }
}
