import Foundation
import Testing
import HotspotCore
@testable import HotspotWeb

@Suite struct JSONWriterTests {
    /// A member named by a portal (not ours) has its name escaped as any string is.
    @Test func aNameThatIsNotOursIsEscaped() {
        var json = JSONWriter()
        json.beginObject()
        json.field("authType", int: 3)
        json.field(named: Array("voucher\"Code\n".utf8), "12345")
        json.field(named: Array("x".utf8), "a\\b")
        json.endObject()
        #expect(json.text == #"{"authType":3,"voucher\"Code\n":"12345","x":"a\\b"}"#)
    }

    @Test func commasBetweenMembersAndElementsOnly() {
        var json = JSONWriter()
        json.beginObject()
        json.field("a", int: 1)
        json.name("list")
        json.beginArray()
        json.int(1)
        json.beginObject()
        json.endObject()
        json.beginArray()
        json.endArray()
        json.null()
        json.endArray()
        json.field("b", nil)
        json.field("c", bool: false)
        json.field("d", number: "0.50")
        json.endObject()
        #expect(json.text == "{\"a\":1,\"list\":[1,{},[],null],\"b\":null,\"c\":false,\"d\":0.50}")
    }

    @Test func everyByteOfAStringSurvivesARoundTrip() throws {
        var text = ""
        for v in 0..<0x80 { text.unicodeScalars.append(Unicode.Scalar(UInt8(v))) }
        text += "Zoë \u{2028} 中文 \u{1F600}"
        var json = JSONWriter()
        json.beginArray()
        json.string(text)
        json.endArray()
        let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
        #expect(decoded == [text])
        #expect(json.text.contains("\\u0000\\u0001"))
        #expect(json.text.contains("\\t\\n\\u000b\\u000c\\r"))
    }

    @Test func ssidFieldsGiveTextAndExactBytes() {
        var json = JSONWriter()
        json.beginObject()
        json.ssidFields(SSID(bytes: [0x43, 0x61, 0x66, 0xc3, 0xa9, 0xc3]))
        json.endObject()
        // A cut-off UTF-8 sequence at the end becomes U+FFFD; the bytes stay exact in ssid_hex.
        #expect(json.text == "{\"ssid\":\"Café\u{FFFD}\",\"ssid_hex\":\"436166c3a9c3\"}")
        var none = JSONWriter()
        none.beginObject()
        none.ssidFields(nil)
        none.endObject()
        #expect(none.text == "{\"ssid\":null,\"ssid_hex\":null}")
    }
}
