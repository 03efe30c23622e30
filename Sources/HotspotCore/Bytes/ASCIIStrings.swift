/// Names compared as bytes where they may be nil or in a list. `String`'s `==`, `contains` and `switch`
/// compare by canonical equivalence, which links the stdlib's Unicode normaliser into the router build;
/// the router's names (helpers, interfaces, UCI values, wpa_supplicant's words) are compared verbatim.
extension ASCII {
    /// Both nil, or both the same bytes.
    @inline(never)
    public static func same(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return same(a, b)
    }

    /// What `Int(text)` reads, an optional `+` or `-` and then decimal digits (nil for anything else, or a value
    /// that does not fit), read from the bytes: the standard library's parser over String is about 2 KB of code
    /// of its own on the router. (Its one other answer, Int.min's digits, no caller asks for: all want a small
    /// positive number.)
    @inline(never)
    public static func integer(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        let signed = bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-")
        guard let n = decimal(bytes[(signed ? 1 : 0)...], maxDigits: Int.max) else { return nil }
        return bytes.first == UInt8(ascii: "-") ? -n : n
    }

    /// `list` holds a string of `s`'s bytes.
    @inline(never)
    public static func contains(_ list: [String], _ s: String) -> Bool {
        for i in list.indices where same(list[i], s) { return true }
        return false
    }

    /// The same strings' bytes in the same order.
    public static func same(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where !same(a[i], b[i]) { return false }
        return true
    }

    /// The case whose raw value has `s`'s bytes: `init(rawValue:)` compares by canonical equivalence.
    public static func rawCase<T: CaseIterable & RawRepresentable>(_ s: String, of _: T.Type) -> T?
        where T.RawValue == String, T.AllCases == [T] {
        let all = T.allCases
        for i in all.indices where same(all[i].rawValue, s) { return all[i] }
        return nil
    }

    /// `s`'s bytes are `word`'s: one loop, where `s.utf8.elementsEqual` was a specialisation per pair of types.
    @inline(never)
    public static func equals(_ s: String, _ word: StaticString) -> Bool {
        let w = bytes(word)
        var i = 0
        for b in s.utf8 {
            if i == w.count || b != w[i] { return false }
            i += 1
        }
        return i == w.count
    }

    /// `s` holds `t`'s bytes.
    @inline(never)
    public static func equals(_ s: ArraySlice<UInt8>, string t: String) -> Bool {
        var i = s.startIndex
        for b in t.utf8 {
            if i == s.endIndex || s[i] != b { return false }
            i += 1
        }
        return i == s.endIndex
    }
}
