import HotspotCore
import HotspotProtocol
import Testing

private func hex(_ text: String) -> [UInt8] { Array((Hex.encode(Array(text.utf8)) + "\n").utf8) }

@Suite struct CaptivePortalAPIOptionTests {
    @Test func anHTTPSURIPassesAsWritten() {
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("https://api.radio.test/capport")) == .success("https://api.radio.test/capport"))
        // Upper-case digits and a missing newline (a hand-written file) are fine too.
        let upper = Array(Hex.encode(Array("https://a.example/x".utf8)).uppercased().utf8)
        #expect(CaptivePortalAPIOption.uri(fromHexFile: upper) == .success("https://a.example/x"))
    }

    @Test func whatTheVenueMustNotSmuggleIn() {
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("http://api.example/capport")) == .failure(.notHTTPS))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("https://a.example/x\nHOTSPOT_X=1")) == .failure(.notPrintable))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("https://a.example/ x")) == .failure(.notPrintable))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("not a url at all")) == .failure(.notPrintable))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("javascript:alert(1)")) == .failure(.notAURL))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("https://" + String(repeating: "a", count: 250))) == .failure(.length))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: []) == .failure(.length))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: Array("68747g".utf8)) == .failure(.notHex))
        #expect(CaptivePortalAPIOption.uri(fromHexFile: Array("687".utf8)) == .failure(.notHex))
    }

    @Test func theUnrestrictedURNMeansNoPortal() {
        #expect(CaptivePortalAPIOption.uri(fromHexFile: hex("urn:ietf:params:capport:unrestricted")) == .failure(.unrestricted))
    }
}
