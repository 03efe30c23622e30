import HotspotCore

/// Compact JSON text, written front to back: objects, arrays and values, with the commas kept for the
/// caller. Member names are `StaticString`s (ours, never escaped); string values are escaped.
///
///     var json = JSONWriter()
///     json.beginObject()
///     json.field("interface", "wlan0")
///     json.ssidFields(ssid)          // "ssid":"Café","ssid_hex":"436166c3a9"
///     json.endObject()
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// How many objects and arrays are open.
    private var depth = 0
    /// One bit per open object or array, the innermost in bit 0: whether its next member needs a comma first.
    /// Bits, not an array of Bool: the router build has no other `[Bool]`. Our reports nest a few levels.
    private var commas: UInt64 = 0
    /// A member name was just written: its value follows without a comma.
    private var afterName = false

    public init() {}

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func beginObject() {
        beginValue()
        bytes.append(UInt8(ascii: "{"))
        open()
    }

    public mutating func endObject() {
        close()
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func beginArray() {
        beginValue()
        bytes.append(UInt8(ascii: "["))
        open()
    }

    public mutating func endArray() {
        close()
        bytes.append(UInt8(ascii: "]"))
    }

    /// `"name":`; the next value written is this member's.
    public mutating func name(_ name: StaticString) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: ASCII.bytes(name))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterName = true
    }

    // MARK: Values

    public mutating func string(_ s: String) {
        beginValue()
        Self.appendQuoted(s, to: &bytes)
    }

    public mutating func int(_ n: Int) {
        beginValue()
        bytes.append(contentsOf: n.description.utf8)
    }

    public mutating func bool(_ b: Bool) {
        beginValue()
        bytes.append(contentsOf: (b ? "true" : "false").utf8)
    }

    public mutating func null() {
        beginValue()
        bytes.append(contentsOf: "null".utf8)
    }

    /// A number already formatted (`0.57`); the caller guarantees it is a JSON number.
    public mutating func number(_ text: String) {
        beginValue()
        bytes.append(contentsOf: text.utf8)
    }

    // MARK: Members

    public mutating func field(_ key: StaticString, _ value: String?) {
        name(key)
        if let value { string(value) } else { null() }
    }

    /// A member whose name is not ours (a portal's field name): the name escaped as a string value is.
    public mutating func field(named key: [UInt8], _ value: String) {
        string(String(decoding: key, as: UTF8.self))
        bytes.append(UInt8(ascii: ":"))
        afterName = true
        string(value)
    }

    public mutating func field(_ key: StaticString, int value: Int?) {
        name(key)
        if let value { int(value) } else { null() }
    }

    public mutating func field(_ key: StaticString, bool value: Bool) {
        name(key)
        bool(value)
    }

    public mutating func field(_ key: StaticString, number value: String?) {
        name(key)
        if let value { number(value) } else { null() }
    }

    public mutating func field(_ key: StaticString, strings values: [String]) {
        name(key)
        beginArray()
        for v in values { string(v) }
        endArray()
    }

    /// `"ssid"`: the bytes as text, each invalid UTF-8 sequence replaced by U+FFFD (for people and tools
    /// that want text); `"ssid_hex"`: the exact bytes (for anything that must match the network). Both
    /// null when the SSID is unknown.
    public mutating func ssidFields(_ ssid: SSID?) {
        guard let ssid else {
            field("ssid", nil)
            field("ssid_hex", nil)
            return
        }
        field("ssid", String(decoding: ssid.bytes, as: UTF8.self))
        field("ssid_hex", ssid.hex)
    }

    // MARK: -

    private mutating func beginValue() {
        if afterName {
            afterName = false
            return
        }
        guard depth > 0 else { return }
        if commas & 1 != 0 { bytes.append(UInt8(ascii: ",")) }
        commas |= 1
    }

    private mutating func open() {
        depth += 1
        commas <<= 1
    }

    private mutating func close() {
        depth -= 1
        commas >>= 1
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`, … or `\u00XX`.
    /// Everything else passes as UTF-8 (a Swift String is always valid UTF-8).
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { text in
            for b in text {
                let escaped: UInt8
                switch b {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): escaped = b
                case 0x0a: escaped = UInt8(ascii: "n")
                case 0x0d: escaped = UInt8(ascii: "r")
                case 0x09: escaped = UInt8(ascii: "t")
                case 0x00..<0x20:
                    out.append(contentsOf: "\\u00".utf8)
                    Hex.append(b, to: &out)
                    continue
                default:
                    out.append(b)
                    continue
                }
                out.append(UInt8(ascii: "\\"))
                out.append(escaped)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
