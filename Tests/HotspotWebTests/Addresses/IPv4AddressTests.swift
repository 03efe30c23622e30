import Testing
@testable import HotspotWeb

@Suite struct IPv4AddressTests {
    @Test func dottedQuads() {
        #expect(IPv4Address("192.168.1.1") == IPv4Address(192, 168, 1, 1))
        #expect(IPv4Address("0.0.0.0")?.value == 0)
        #expect(IPv4Address("255.255.255.255")?.value == 0xffff_ffff)
        #expect(IPv4Address(10, 0, 0, 1).value == 0x0a00_0001)
        #expect(IPv4Address(10, 20, 30, 40).bytes == [10, 20, 30, 40])
        #expect(IPv4Address(bytes: [10, 42, 1, 150]) == IPv4Address(10, 42, 1, 150))
        #expect(IPv4Address(bytes: [0, 0, 0, 0]).isZero && !IPv4Address(0, 0, 0, 1).isZero)
        #expect("\(IPv4Address(172, 16, 0, 254))" == "172.16.0.254")
    }

    /// Forms other parsers read as other addresses (`127.1`, octal `010`), and anything else, are refused.
    @Test func ambiguousOrInvalidTextIsRefused() {
        for text in ["", "1.2.3", "1.2.3.4.5", "127.1", "010.0.0.1", "00.1.2.3", "256.0.0.1", "1.2.3.-4", "1.2.3.4 ",
                     " 1.2.3.4", "1..2.3", "0x7f.0.0.1", "1.2.3.4.", "1234.1.1.1", "a.b.c.d", "+1.2.3.4"] {
            #expect(IPv4Address(text) == nil, "\(text)")
        }
    }
}
