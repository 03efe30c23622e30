import HotspotCore

/// `application/x-www-form-urlencoded`: the body of a portal's login form, and query strings.
/// `name=value` pairs joined by `&`; space is `+`; letters, digits and `-._~` stay; every other byte is
/// `%XX`.
public enum FormEncoding {
    public static func encode(_ fields: [(name: [UInt8], value: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = []
        for field in fields { append(name: field.name, value: field.value, to: &out) }
        return out
    }

    /// One more pair, after a `&` unless it is the first (every pair leaves at least its `=`): a form's
    /// fields go in one by one, without an array of pairs.
    public static func append(name: [UInt8], value: [UInt8], to out: inout [UInt8]) {
        if !out.isEmpty { out.append(UInt8(ascii: "&")) }
        append(name, to: &out)
        out.append(UInt8(ascii: "="))
        append(value, to: &out)
    }

    static func append(_ bytes: [UInt8], to out: inout [UInt8]) {
        for b in bytes {
            if ASCII.isUnreserved(b) {
                out.append(b)
            } else if b == ASCII.space {
                out.append(UInt8(ascii: "+"))
            } else {
                ASCII.appendPercentEncoded(b, to: &out)
            }
        }
    }

    /// The pairs in order. Empty pieces (`a=1&&b=2`) are skipped; a piece without `=` is a name with an
    /// empty value. `%` must start two hex digits.
    public static func decode(_ bytes: ArraySlice<UInt8>) throws(FormEncodingError) -> [(name: [UInt8], value: [UInt8])] {
        var out: [(name: [UInt8], value: [UInt8])] = []
        for piece in ASCII.split(bytes, on: UInt8(ascii: "&")) where !piece.isEmpty {
            let eq = ASCII.firstIndex(of: ASCII.equals, in: piece) ?? piece.endIndex
            let name = try unescape(piece[..<eq], base: bytes.startIndex)
            let value = eq < piece.endIndex ? try unescape(piece[(eq + 1)...], base: bytes.startIndex) : []
            out.append((name, value))
        }
        return out
    }

    /// The decoded value of the first pair named `name` (as written) whose value is not empty; nil when there
    /// is none or its escapes are broken. One value read, no array of every pair.
    public static func value(of name: StaticString, in bytes: ArraySlice<UInt8>) -> [UInt8]? {
        for piece in ASCII.split(bytes, on: UInt8(ascii: "&")) {
            guard let rest = ASCII.dropPrefix(piece, name), rest.first == ASCII.equals, rest.count > 1 else { continue }
            return try? unescape(rest.dropFirst(), base: rest.startIndex)
        }
        return nil
    }

    public static func decode(_ text: String) throws(FormEncodingError) -> [(name: [UInt8], value: [UInt8])] {
        try decode(Array(text.utf8)[...])
    }

    static func unescape(_ s: ArraySlice<UInt8>, base: Int) throws(FormEncodingError) -> [UInt8] {
        var out: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            let b = s[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < s.endIndex, let high = Hex.value(of: s[i + 1]), let low = Hex.value(of: s[i + 2]) else {
                    throw .malformedPercent(offset: i - base)
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(b == UInt8(ascii: "+") ? ASCII.space : b)
                i += 1
            }
        }
        return out
    }
}

/// Why form data could not be decoded.
public indirect enum FormEncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `%` not followed by two hex digits, at this offset.
    case malformedPercent(offset: Int)

    public var description: String {
        switch self {
        case .malformedPercent(let offset):
            return "form data has a '%' not followed by two hex digits at offset " + String(offset)
        }
    }
}
