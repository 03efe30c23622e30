import HotspotCore
import HotspotWeb
/// A tolerant HTML tokenizer over bytes, after the HTML standard's tokenizer in a small form: start and end
/// tags with quoted, unquoted and valueless attributes, comments, CDATA, raw text (`script`, `style`) and
/// escapable raw text (`title`, `textarea`), the common character references and numeric ones. Names are
/// lowercased. Portal pages come from anywhere, so the work is linear and bounded: only the first
/// `inputLimit` bytes are read, a tag keeps at most `attributeLimit` attributes, and an attribute whose value is
/// longer than `attributeValueLimit` is dropped (a cut URL or token would be wrong, not shorter). As in
/// browsers, a tag or quote left open at the end of the input swallows the rest; it never traps.
public struct HTMLScanner: Sendable {
    public static let inputLimit = 256 * 1024
    public static let attributeLimit = 32
    public static let attributeValueLimit = 8 * 1024

    let input: ArraySlice<UInt8>
    var position: Int
    /// Set by a `<script>`, `<style>`, `<title>` or `<textarea>` start tag: its content comes next.
    var rawTextElement: RawTextElement?
    /// The input was longer than `inputLimit`; the rest was not read.
    public let isTruncated: Bool

    enum RawTextElement {
        case script, style, title, textarea

        var name: StaticString {
            switch self {
            case .script: "script"
            case .style: "style"
            case .title: "title"
            case .textarea: "textarea"
            }
        }

        init?(_ tag: HTMLTag) {
            switch ASCII.index(ofWord: tag.name[...], in: "script style title textarea") {
            case 0: self = .script
            case 1: self = .style
            case 2: self = .title
            case 3: self = .textarea
            default: return nil
            }
        }
    }

    public init(_ bytes: [UInt8]) { self.init(bytes[...]) }

    public init(_ bytes: ArraySlice<UInt8>) {
        input = bytes.prefix(Self.inputLimit)
        isTruncated = bytes.count > Self.inputLimit
        position = input.startIndex
    }

    static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/"), bang = UInt8(ascii: "!")
    static let equalsSign = UInt8(ascii: "="), ampersand = UInt8(ascii: "&"), semicolon = UInt8(ascii: ";")

    /// The next token, or nil at the end of the input. Kept out of line: each loop over tokens would
    /// otherwise carry its own copy of the tokenizer (kilobytes of flash).
    @inline(never)
    public mutating func next() -> HTMLToken? {
        if let element = rawTextElement {
            rawTextElement = nil
            if let token = rawText(element) { return token }
        }
        while position < input.endIndex {
            if input[position] != Self.lt { return text(from: position) }
            if let token = markup() { return token }
        }
        return nil
    }

    /// Text up to the next `<` after `start`.
    mutating func text(from start: Int) -> HTMLToken {
        var i = start + 1
        while i < input.endIndex && input[i] != Self.lt { i += 1 }
        position = i
        return .text(Self.decode(input[start..<i]))
    }

    /// At a `<`: a tag, comment or CDATA; nil when it skipped a doctype, `<?xml ...?>`, bogus comment or a tag
    /// cut off by the end of the input. A `<` that starts none of these is text.
    mutating func markup() -> HTMLToken? {
        let rest = input[(position + 1)...]
        guard let first = rest.first else { return text(from: position) }
        if first == Self.bang {
            if ASCII.hasPrefixIgnoringCase(rest, "!--") { return comment() }
            if ASCII.hasPrefixIgnoringCase(rest, "![cdata[") {
                let start = position + 9
                let end = ASCII.firstIndex(of: "]]>", in: input[start...]) ?? input.endIndex
                position = min(end + 3, input.endIndex)
                return .text(Array(input[start..<end]))
            }
            skipPast(Self.gt)
            return nil
        }
        if first == UInt8(ascii: "?") {
            skipPast(Self.gt)
            return nil
        }
        if first == Self.slash {
            guard let next = rest.dropFirst().first else { return text(from: position) }
            if ASCII.isLetter(next) {
                let name = readName(from: position + 2)
                return skipPast(Self.gt) ? .endTag(name) : nil
            }
            skipPast(Self.gt)  // `</>` and `</ 3>` are nothing
            return nil
        }
        guard ASCII.isLetter(first) else { return text(from: position) }
        return startTag()
    }

    mutating func comment() -> HTMLToken {
        let start = position + 4
        // `<!-->` and `<!--->` are empty comments.
        if ASCII.hasPrefixIgnoringCase(input[start...], ">") || ASCII.hasPrefixIgnoringCase(input[start...], "->") {
            position = start + (input[start] == Self.gt ? 1 : 2)
            return .comment([])
        }
        let end = ASCII.firstIndex(of: "-->", in: input[start...]) ?? input.endIndex
        position = min(end + 3, input.endIndex)
        return .comment(Array(input[start..<end]))
    }

    mutating func startTag() -> HTMLToken? {
        let name = readName(from: position + 1)
        var tag = HTMLTag(name: name)
        var i = position
        while true {
            var sawSlash = false
            while i < input.endIndex && (PortalBytes.isSpace(input[i]) || input[i] == Self.slash) {
                sawSlash = input[i] == Self.slash
                i += 1
            }
            guard i < input.endIndex else { position = i; return nil }
            if input[i] == Self.gt {
                tag.isSelfClosing = sawSlash
                position = i + 1
                break
            }
            // The attribute name: its first byte may be `=`, as in the standard.
            let nameStart = i
            i += 1
            while i < input.endIndex, !Self.endsName(input[i]), input[i] != Self.equalsSign { i += 1 }
            let attrName = input[nameStart..<i]
            while i < input.endIndex && PortalBytes.isSpace(input[i]) { i += 1 }
            var value: ArraySlice<UInt8> = []
            if i < input.endIndex && input[i] == Self.equalsSign {
                i += 1
                while i < input.endIndex && PortalBytes.isSpace(input[i]) { i += 1 }
                guard i < input.endIndex else { position = i; return nil }
                let quote = input[i]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    var j = i + 1
                    while j < input.endIndex && input[j] != quote { j += 1 }
                    guard j < input.endIndex else { position = j; return nil }
                    value = input[(i + 1)..<j]
                    i = j + 1
                } else {
                    let start = i
                    while i < input.endIndex, !PortalBytes.isSpace(input[i]), input[i] != Self.gt { i += 1 }
                    value = input[start..<i]
                }
            }
            addAttribute(attrName, value, to: &tag)
        }
        // HTML ignores `/>` on these: their content still follows.
        rawTextElement = RawTextElement(tag)
        return .startTag(tag)
    }

    func addAttribute(_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>, to tag: inout HTMLTag) {
        guard tag.attributes.count < Self.attributeLimit, value.count <= Self.attributeValueLimit else { return }
        let lower = ASCII.lowercased(name)
        for a in tag.attributes where a.name == lower { return }
        tag.attributes.append(HTMLAttribute(name: lower, value: Self.decode(value)))
    }

    /// A tag name from `start`, lowercased; moves `position` to its end.
    mutating func readName(from start: Int) -> [UInt8] {
        var i = start
        while i < input.endIndex && !Self.endsName(input[i]) { i += 1 }
        position = i
        return ASCII.lowercased(input[start..<i])
    }

    static func endsName(_ b: UInt8) -> Bool { PortalBytes.isSpace(b) || b == slash || b == gt }

    /// Moves `position` past the next `byte`, or to the end when there is none (then false).
    @discardableResult
    mutating func skipPast(_ byte: UInt8) -> Bool {
        var i = position
        while i < input.endIndex && input[i] != byte { i += 1 }
        position = i < input.endIndex ? i + 1 : input.endIndex
        return i < input.endIndex
    }

    /// The content of a raw-text element, up to its end tag (or the end of the input).
    mutating func rawText(_ element: RawTextElement) -> HTMLToken? {
        let start = position
        var i = position
        let n = element.name.utf8CodeUnitCount
        while i < input.endIndex {
            if input[i] == Self.lt, i + 1 < input.endIndex, input[i + 1] == Self.slash,
               ASCII.hasPrefixIgnoringCase(input[(i + 2)...], element.name),
               i + 2 + n == input.endIndex || Self.endsName(input[i + 2 + n]) {
                break
            }
            i += 1
        }
        position = i
        guard i > start else { return nil }
        switch element {
        case .script, .style: return .rawText(Array(input[start..<i]))
        case .title, .textarea: return .text(Self.decode(input[start..<i]))
        }
    }

    /// Decodes character references: `&amp; &lt; &gt; &quot; &apos; &nbsp;` (any case) and numeric ones,
    /// decimal or hex, to UTF-8. Zero, surrogates and values above U+10FFFF become U+FFFD; anything else
    /// (an unknown name, a missing `;` after a name) stays as written.
    public static func decode(_ s: ArraySlice<UInt8>) -> [UInt8] {
        guard s.contains(ampersand) else { return Array(s) }
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == ampersand, let (scalar, next) = reference(s, at: i) {
                PortalBytes.appendUTF8(scalar, to: &out)
                i = next
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    static func reference(_ s: ArraySlice<UInt8>, at start: Int) -> (UInt32, Int)? {
        var j = start + 1
        guard j < s.endIndex else { return nil }
        if s[j] == UInt8(ascii: "#") {
            j += 1
            let hex = j < s.endIndex && s[j] | 0x20 == UInt8(ascii: "x")
            if hex { j += 1 }
            var value: UInt32 = 0
            let digitsStart = j
            while j < s.endIndex, let d = PortalBytes.hexValue(s[j]), hex || d < 10 {
                value = min(value * (hex ? 16 : 10) + d, 0x110000)  // saturates: stays far from overflow
                j += 1
            }
            guard j > digitsStart else { return nil }
            if j < s.endIndex && s[j] == semicolon { j += 1 }
            return (value == 0 ? 0xFFFD : value, j)
        }
        let nameStart = j
        while j < s.endIndex && j - nameStart < 6 && (ASCII.isLetter(s[j]) || ASCII.isDigit(s[j])) { j += 1 }
        guard j < s.endIndex && s[j] == semicolon else { return nil }
        let name = s[nameStart..<j]
        let scalar: UInt32
        switch ASCII.index(ofWord: name, in: "amp lt gt quot apos nbsp") {
        case 0: scalar = 0x26
        case 1: scalar = 0x3C
        case 2: scalar = 0x3E
        case 3: scalar = 0x22
        case 4: scalar = 0x27
        case 5: scalar = 0xA0
        default: return nil
        }
        return (scalar, j + 1)
    }
}
