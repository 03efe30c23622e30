import HotspotCore
/// Finds the redirect a portal's inline script performs: `location.href = "…"`, `window.location = "…"`,
/// `document.location.href='…'`, `location.replace("…")`, `location.assign("…")`. Only a string literal
/// counts (a computed URL cannot be known without running the script); `location.href == x` is a comparison,
/// not a redirect. Linear: every `location` is looked at once and a literal is read at most once.
public enum ScriptRedirect {
    /// Literals longer than this are not taken as URLs.
    public static let literalLimit = 4096

    /// The first redirect target written as a literal, JavaScript escapes decoded; nil when there is none.
    public static func url(in script: ArraySlice<UInt8>) -> [UInt8]? {
        var i = script.startIndex
        while let at = ASCII.firstIndex(of: "location", in: script[i...]) {
            i = at + 8
            if at > script.startIndex && isIdentifier(script[at - 1]) { continue }  // `mylocation`
            var j = PortalBytes.skipSpace(script, from: at + 8)
            guard j < script.endIndex else { return nil }
            if script[j] == UInt8(ascii: ".") {
                j = PortalBytes.skipSpace(script, from: j + 1)
                let rest = script[j...]
                if word(rest, "href") {
                    j = PortalBytes.skipSpace(script, from: j + 4)
                    guard isAssignment(script, at: j) else { continue }
                } else if word(rest, "replace") || word(rest, "assign") {
                    j = PortalBytes.skipSpace(script, from: j + (word(rest, "replace") ? 7 : 6))
                    guard j < script.endIndex && script[j] == UInt8(ascii: "(") else { continue }
                } else {
                    continue
                }
            } else if !isAssignment(script, at: j) {
                continue
            }
            j = PortalBytes.skipSpace(script, from: j + 1)
            switch literal(script, at: j) {
            case .url(let url): return url
            case .rejected(let end): i = max(i, end)
            }
        }
        return nil
    }

    static func isIdentifier(_ b: UInt8) -> Bool {
        ASCII.isLetter(b) || ASCII.isDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }

    /// `s` starts with the identifier `name` and nothing more (`href`, not `hrefs`).
    static func word(_ s: ArraySlice<UInt8>, _ name: StaticString) -> Bool {
        let n = name.utf8CodeUnitCount
        guard ASCII.hasPrefix(s, name) else { return false }
        return s.count == n || !isIdentifier(s[s.startIndex + n])
    }

    /// A single `=` (not `==`) at `i`.
    static func isAssignment(_ s: ArraySlice<UInt8>, at i: Int) -> Bool {
        let eq = UInt8(ascii: "=")
        return i < s.endIndex && s[i] == eq && (i + 1 == s.endIndex || s[i + 1] != eq)
    }

    enum Literal {
        case url([UInt8])
        /// Not a usable literal; reading stopped at this index.
        case rejected(Int)
    }

    /// A `'…'`, `"…"` or `` `…` `` literal at `start`, decoded: `\xHH` and `\uHHHH` become UTF-8, `\ooo` the
    /// byte, any other escaped byte stands for itself (`\/` is `/`). A line break in a quoted literal, a template
    /// substitution, an empty literal or one over `literalLimit` is rejected.
    static func literal(_ s: ArraySlice<UInt8>, at start: Int) -> Literal {
        guard start < s.endIndex else { return .rejected(start) }
        let quote = s[start]
        guard quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "`") else {
            return .rejected(start)
        }
        var out: [UInt8] = []
        var i = start + 1
        while i < s.endIndex && i - start <= literalLimit {
            let b = s[i]
            if b == quote { return out.isEmpty ? .rejected(i + 1) : .url(out) }
            if (b == 0x0a || b == 0x0d) && quote != UInt8(ascii: "`") { return .rejected(i) }
            if b == UInt8(ascii: "$") && quote == UInt8(ascii: "`") && i + 1 < s.endIndex && s[i + 1] == UInt8(ascii: "{") {
                return .rejected(i)
            }
            guard b == UInt8(ascii: "\\"), i + 1 < s.endIndex else {
                out.append(b)
                i += 1
                continue
            }
            let e = s[i + 1]
            // `\ooo`, octal (legacy JavaScript, how MikroTik writes its CHAP bytes): that byte itself.
            if e >= UInt8(ascii: "0") && e <= UInt8(ascii: "7") {
                var v = 0
                i += 1
                while i < s.endIndex && s[i] >= UInt8(ascii: "0") && s[i] <= UInt8(ascii: "7") && v * 8 + Int(s[i] - 48) <= 255 {
                    v = v * 8 + Int(s[i] - 48)
                    i += 1
                }
                out.append(UInt8(v))
                continue
            }
            let digits = e == UInt8(ascii: "x") ? 2 : e == UInt8(ascii: "u") ? 4 : 0
            if digits > 0, i + 2 + digits <= s.endIndex, let v = hex(s[(i + 2)..<(i + 2 + digits)]) {
                PortalBytes.appendUTF8(v, to: &out)
                i += 2 + digits
            } else {
                out.append(e)
                i += 2
            }
        }
        return .rejected(i)
    }

    static func hex(_ s: ArraySlice<UInt8>) -> UInt32? {
        var v: UInt32 = 0
        for b in s {
            guard let d = PortalBytes.hexValue(b) else { return nil }
            v = v << 4 | d
        }
        return v
    }
}
