import HotspotCore
/// A small, bounded JSON parser (RFC 8259) for answers such as RFC 8908's captive-portal API: at most
/// `sizeLimit` bytes and `depthLimit` levels of arrays and objects, strings checked as UTF-8 with every
/// escape (surrogate pairs joined; a lone surrogate becomes U+FFFD), numbers without floating point
/// (`JSONNumber`). Members stay in order; duplicates are kept and `subscript(member:)` returns the first.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string([UInt8])
    case array([JSONValue])
    case object([JSONMember])

    public static let sizeLimit = 16 * 1024
    public static let depthLimit = 16

    public init(parsing bytes: [UInt8]) throws(JSONError) {
        guard bytes.count <= Self.sizeLimit else { throw .tooLarge(bytes.count) }
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        self = try parser.value(depth: 0)
        parser.skipSpace()
        if parser.i < bytes.count { throw .unexpectedByte(bytes[parser.i], offset: parser.i) }
    }

    /// The first member called `name` of an object; nil for a missing member or a value that is no object.
    public subscript(member name: StaticString) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for m in members where ASCII.equals(m.name[...], name) { return m.value }  // not elementsEqual: a specialisation of its own
        return nil
    }

    struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D) { i += 1 }
        }

        func peek() throws(JSONError) -> UInt8 {
            guard i < bytes.count else { throw .unexpectedEnd }
            return bytes[i]
        }

        mutating func expect(_ b: UInt8) throws(JSONError) {
            let got = try peek()
            guard got == b else { throw .unexpectedByte(got, offset: i) }
            i += 1
        }

        mutating func keyword(_ word: StaticString) throws(JSONError) {
            for j in 0..<word.utf8CodeUnitCount { try expect(word.utf8Start[j]) }
        }

        mutating func value(depth: Int) throws(JSONError) -> JSONValue {
            switch try peek() {
            case UInt8(ascii: "{"):
                guard depth < JSONValue.depthLimit else { throw .tooDeep }
                i += 1
                var members: [JSONMember] = []
                skipSpace()
                if try peek() == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    let name = try string()
                    skipSpace()
                    try expect(UInt8(ascii: ":"))
                    skipSpace()
                    members.append(JSONMember(name: name, value: try value(depth: depth + 1)))
                    skipSpace()
                    if try peek() == UInt8(ascii: "}") { i += 1; return .object(members) }
                    try expect(UInt8(ascii: ","))
                }
            case UInt8(ascii: "["):
                guard depth < JSONValue.depthLimit else { throw .tooDeep }
                i += 1
                var elements: [JSONValue] = []
                skipSpace()
                if try peek() == UInt8(ascii: "]") { i += 1; return .array(elements) }
                while true {
                    skipSpace()
                    elements.append(try value(depth: depth + 1))
                    skipSpace()
                    if try peek() == UInt8(ascii: "]") { i += 1; return .array(elements) }
                    try expect(UInt8(ascii: ","))
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try keyword("true"); return .bool(true)
            case UInt8(ascii: "f"): try keyword("false"); return .bool(false)
            case UInt8(ascii: "n"): try keyword("null"); return .null
            case let b where b == UInt8(ascii: "-") || ASCII.isDigit(b): return .number(try number())
            case let b: throw .unexpectedByte(b, offset: i)
            }
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, exactly.
        mutating func number() throws(JSONError) -> JSONNumber {
            let start = i
            let negative = bytes[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            var magnitude: Int64? = 0
            let digitsStart = i
            while i < bytes.count && ASCII.isDigit(bytes[i]) {
                if let m = magnitude {
                    let (times10, o1) = m.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(Int64(bytes[i] - 0x30))
                    magnitude = o1 || o2 ? nil : sum
                }
                i += 1
            }
            guard i > digitsStart, bytes[digitsStart] != UInt8(ascii: "0") || i == digitsStart + 1 else {
                throw .invalidNumber(offset: start)
            }
            var number = JSONNumber(integerPart: magnitude.map { negative ? -$0 : $0 })
            if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
                i += 1
                try digits(from: start)
                number.hasFraction = true
            }
            if i < bytes.count && bytes[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
                try digits(from: start)
                number.hasExponent = true
            }
            return number
        }

        /// One or more digits.
        mutating func digits(from start: Int) throws(JSONError) {
            let first = i
            while i < bytes.count && ASCII.isDigit(bytes[i]) { i += 1 }
            guard i > first else { throw .invalidNumber(offset: start) }
        }

        /// A string at `i`, as UTF-8 with its escapes decoded.
        mutating func string() throws(JSONError) -> [UInt8] {
            try expect(UInt8(ascii: "\""))
            var out: [UInt8] = []
            while true {
                let b = try peek()
                switch b {
                case UInt8(ascii: "\""):
                    i += 1
                    return out
                case UInt8(ascii: "\\"):
                    try escape(into: &out)
                case 0..<0x20:
                    throw .unexpectedByte(b, offset: i)
                case 0x20..<0x80:
                    out.append(b)
                    i += 1
                default:
                    guard let n = PortalBytes.utf8SequenceLength(bytes[...], at: i) else { throw .invalidUTF8(offset: i) }
                    out.append(contentsOf: bytes[i..<(i + n)])
                    i += n
                }
            }
        }

        mutating func escape(into out: inout [UInt8]) throws(JSONError) {
            let at = i
            i += 1
            let e = try peek()
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at)
                // A high surrogate joins the low one escaped right after it; alone, either is U+FFFD.
                if scalar >= 0xD800 && scalar < 0xDC00, i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
                   bytes[i + 1] == UInt8(ascii: "u") {
                    let save = i
                    i += 2
                    let low = try hex4(save)
                    if low >= 0xDC00 && low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                    }
                }
                PortalBytes.appendUTF8(scalar, to: &out)
            default:
                throw .invalidEscape(offset: at)
            }
        }

        mutating func hex4(_ at: Int) throws(JSONError) -> UInt32 {
            guard i + 4 <= bytes.count else { throw .unexpectedEnd }
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard let d = PortalBytes.hexValue(bytes[i]) else { throw .invalidEscape(offset: at) }
                v = v << 4 | d
                i += 1
            }
            return v
        }
    }
}
