import Testing
import HotspotCore
@testable import HotspotProtocol

@Suite struct ASCIITests {
    @Test func printableRange() {
        #expect(ASCII.isPrintable(0x20) && ASCII.isPrintable(0x7e))
        #expect(!ASCII.isPrintable(0x1f) && !ASCII.isPrintable(0x7f) && !ASCII.isPrintable(0xff))
    }
}
