import Testing
@testable import TestSupport
@testable import HotspotPortal

@Suite struct HTMLScannerTests {
    static func tokens(_ html: String) -> [HTMLToken] {
        var scanner = HTMLScanner(b(html))
        var out: [HTMLToken] = []
        while let t = scanner.next() { out.append(t) }
        return out
    }

    static func tag(_ name: String, _ attributes: [(String, String)] = [], selfClosing: Bool = false) -> HTMLToken {
        .startTag(HTMLTag(name: b(name), attributes: attributes.map { HTMLAttribute(name: b($0.0), value: b($0.1)) },
                          isSelfClosing: selfClosing))
    }

    @Test func attributesQuotedUnquotedValuelessAnyCase() {
        let t = Self.tokens(#"<INPUT Type=CheckBox NAME="a b" value='x"y' checked data-x = 1 /><p>"#)
        #expect(t == [Self.tag("input", [("type", "CheckBox"), ("name", "a b"), ("value", "x\"y"), ("checked", ""), ("data-x", "1")],
                               selfClosing: true), Self.tag("p")])
    }

    @Test func firstOfDuplicateAttributesWins() {
        #expect(Self.tokens(#"<a href="1" HREF="2">"#) == [Self.tag("a", [("href", "1")])])
    }

    @Test func textEndTagsAndCharacterReferences() {
        let t = Self.tokens("<b>a &amp; b &lt;&gt; &quot;&#39;&#x27;&apos;&nbsp;&#8364;&#x1F600;</B >")
        #expect(t == [Self.tag("b"), .text(b("a & b <> \"'''\u{A0}€😀")), .endTag(b("b"))])
    }

    @Test func badReferencesStayOrBecomeReplacement() {
        // Unknown names and a name without `;` stay as written; zero, surrogates and out-of-range numbers are U+FFFD.
        #expect(Self.tokens("&copy; &amp x &#0; &#xD800; &#99999999999; &#; &") ==
                [.text(b("&copy; &amp x \u{FFFD} \u{FFFD} \u{FFFD} &#; &"))])
        // A numeric reference needs no `;`.
        #expect(HTMLScanner.decode(b("&#65B")[...]) == b("AB"))
    }

    @Test func attributeValuesAreDecoded() {
        #expect(Self.tokens(#"<form action="/a?x=1&amp;y=2&#x2F;">"#) == [Self.tag("form", [("action", "/a?x=1&y=2/")])])
    }

    @Test func commentsKeepTheirText() {
        #expect(Self.tokens("a<!-- <b>x</b> -->c<!---->d<!-->e") ==
                [.text(b("a")), .comment(b(" <b>x</b> ")), .text(b("c")), .comment([]), .text(b("d")), .comment([]), .text(b("e"))])
    }

    @Test func scriptAndStyleAreRawText() {
        let t = Self.tokens("<script>if (a<b) x = '</b>'; location.href='/x'</script ><style>p>a{}</style><p>")
        #expect(t == [Self.tag("script"), .rawText(b("if (a<b) x = '</b>'; location.href='/x'")), .endTag(b("script")),
                      Self.tag("style"), .rawText(b("p>a{}")), .endTag(b("style")), Self.tag("p")])
    }

    @Test func scriptEndTagNeedsItsWholeName() {
        #expect(Self.tokens("<script>a</scripts>b</SCRIPT>") ==
                [Self.tag("script"), .rawText(b("a</scripts>b")), .endTag(b("script"))])
    }

    @Test func titleAndTextareaAreDecodedTextNeverTags() {
        #expect(Self.tokens("<title>A <b>&amp;</b></title><textarea>x<input></textarea>") ==
                [Self.tag("title"), .text(b("A <b>&</b>")), .endTag(b("title")),
                 Self.tag("textarea"), .text(b("x<input>")), .endTag(b("textarea"))])
    }

    @Test func doctypeProcessingInstructionsAndCDATA() {
        #expect(Self.tokens("<!DOCTYPE html><?xml version=\"1.0\"?><x><![CDATA[a<b>&amp;]]></x>") ==
                [Self.tag("x"), .text(b("a<b>&amp;")), .endTag(b("x"))])
    }

    @Test func strayLessThanIsText() {
        #expect(Self.tokens("1 < 2 <3 </ 4> <") == [.text(b("1 ")), .text(b("< 2 ")), .text(b("<3 ")), .text(b(" ")), .text(b("<"))])
    }

    @Test func unterminatedConstructsEndTheInputQuietly() {
        #expect(Self.tokens("a<p class=\"x>never closed") == [.text(b("a"))])
        #expect(Self.tokens("a<p class=x") == [.text(b("a"))])
        #expect(Self.tokens("a<!-- open") == [.text(b("a")), .comment(b(" open"))])
        #expect(Self.tokens("a</p") == [.text(b("a"))])
        #expect(Self.tokens("<script>x = 1") == [Self.tag("script"), .rawText(b("x = 1"))])
        #expect(Self.tokens("<![CDATA[x") == [.text(b("x"))])
    }

    @Test func attributeCapsDropExtrasAndOverlongValues() {
        let many = (0..<40).map { "a\($0)=\($0)" }.joined(separator: " ")
        guard case .startTag(let tag)? = Self.tokens("<x \(many)>").first else { Issue.record("no tag"); return }
        #expect(tag.attributes.count == HTMLScanner.attributeLimit)
        let long = String(repeating: "v", count: HTMLScanner.attributeValueLimit + 1)
        #expect(Self.tokens("<x a=\"\(long)\" b=1>") == [Self.tag("x", [("b", "1")])])
    }

    @Test func onlyTheFirst256KiBAreRead() {
        let page = b("<p>") + [UInt8](repeating: UInt8(ascii: "x"), count: HTMLScanner.inputLimit) + b("<form>")
        var scanner = HTMLScanner(page)
        var sawForm = false
        var textBytes = 0
        while let t = scanner.next() {
            if case .startTag(let tag) = t, tag.is("form") { sawForm = true }
            if case .text(let text) = t { textBytes += text.count }
        }
        #expect(scanner.isTruncated && !sawForm && textBytes == HTMLScanner.inputLimit - 3)
    }
}
