import Testing
import TestSupport
@testable import TestSupport
@testable import HotspotWeb
@testable import HotspotPortal

/// Portal answers come from anywhere: huge, cut, binary, crafted. Nothing may trap, and the caps hold.
@Suite struct HostileInputTests {
    /// Feeds one input to every parser of the target.
    static func feedAll(_ input: [UInt8]) {
        // The venue's words stay one bounded line of no control characters, whatever the page.
        let message = HTMLPage(parsing: b("<p role=alert>") + input).message ?? []
        #expect(message.count <= HTMLPage.messageLimit && !message.contains { $0 < 0x20 || $0 == 0x7f })
        _ = try? WISPrMessage.find(in: input)
        _ = try? JSONValue(parsing: input)
        _ = try? CaptivePortalAPIState(parsing: input)
        _ = ProbeClassifier(expectedBody: b("success\n")).classify(status: 200, location: input, body: input)
        _ = ProbeClassifier().classify(status: 302, location: input, body: input)
        _ = ScriptRedirect.url(in: input[...])
        _ = HTMLPage.refreshURL(content: input[...])
        _ = ClickThroughPlan(forms: HTMLPage(parsing: input).forms, answers: [field("a", "b")])
        _ = ClickThroughPlan(page: HTMLPage(parsing: input), answers: [field("a", "b")])
        let url = try! HTTPURL("http://10.0.0.1/login?res=notyet")
        if let product = PortalProduct(entry: url, url: url, body: input) {
            #expect(product.chapID.count <= 16 && product.challenge.count <= 64)
        }
    }

    static let alphabet: [UInt8] = Array("<>/=\"' !-?[]&#;xX0123456789abc\n\tformiputnamevlcheckdsubt.()".utf8) + [0x00, 0x80, 0xC3, 0xFF]

    @Test func oneMegabytePages() throws {
        let filler = b(PortalPages.hotelTerms)
        var page: [UInt8] = []
        while page.count < 1 << 20 { page += filler }
        let parsed = HTMLPage(parsing: page)
        #expect(parsed.isTruncated)
        #expect(parsed.forms.count == HTMLPage.formLimit)
        // One open quote, comment or script at the start swallows the whole rest, without a trap.
        let forms = [UInt8](String(repeating: "<form><input name=a></form>", count: 40_000).utf8)
        #expect(HTMLPage(parsing: forms).forms.count == HTMLPage.formLimit)
        #expect(HTMLPage(parsing: b("<p class=\"") + forms).forms.count == 0)
        #expect(HTMLPage(parsing: b("<!--") + forms).forms.count == 0)
        #expect(HTMLPage(parsing: b("<script>") + forms).forms.count == 0)
        #expect(HTMLPage(parsing: [UInt8](repeating: UInt8(ascii: "<"), count: 1 << 20)).forms.isEmpty)
        #expect(try WISPrMessage.find(in: [UInt8](repeating: UInt8(ascii: "&"), count: 1 << 20)) == nil)
        let location = [UInt8](repeating: UInt8(ascii: "l"), count: 1 << 20)
        #expect(ScriptRedirect.url(in: (b("location.href='") + location)[...]) == nil)
        #expect(ScriptRedirect.url(in: [UInt8](String(repeating: "location=", count: 100_000).utf8)[...]) == nil)
    }

    @Test func nulsAndInvalidUTF8PassThroughAsBytes() throws {
        let page: [UInt8] = b("<form action=\"/a\u{0}b\"><input name=\"n\"") + [0xFF, 0xFE] + b(" value=") + [0x80, 0x00] + b("></form>")
        let form = try #require(HTMLPage(parsing: page).forms.first)
        #expect(form.action == [0x2F, 0x61, 0x00, 0x62])
        #expect(form.controls.first?.name == [0x6E])  // `"n"` then `\xff\xfe` starts the next attribute's name
        #expect(form.controls.first?.value == [0x80, 0x00])
        #expect(try WISPrMessage.find(in: [0, 0, 0xFF] + b("<WISPAccessGatewayParam><Redirect><LoginURL>") + [0xC3, 0x00] +
                                      b("</LoginURL></Redirect></WISPAccessGatewayParam>"))?.loginURL == [0xC3, 0x00])
    }

    @Test func randomBytes() {
        SeededInputs.random(seed: 0x9047_0001, count: 3000, maxLength: 400, Self.feedAll)
    }

    @Test func randomGrammarBytes() {
        SeededInputs.random(seed: 0x9047_0002, count: 3000, maxLength: 400, alphabet: Self.alphabet, Self.feedAll)
    }

    /// Real pages with bytes flipped, inserted, deleted, duplicated or cut.
    @Test func mutatedPages() {
        let seeds = [PortalPages.hotelTerms, PortalPages.openNDS, PortalPages.noDogSplash, PortalPages.telekomWISPr,
                     PortalPages.wisprLoginReply, PortalPages.mikrotik, PortalPages.searchAndLogin, PortalPages.metaRefresh,
                     #"{"captive": false, "user-portal-url": "https:\/\/x\u00e9\ud83d\ude00", "seconds-remaining": 1.5e3}"#].map(b)
        SeededInputs.mutated(seed: 0x9047_0003, count: 1500, seeds: seeds, alphabet: Self.alphabet, duplicate: 40, Self.feedAll)
    }
}
