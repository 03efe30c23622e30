import HotspotCore

/// The web's byte classes (RFC 9110, RFC 3986), beside the shared ones in HotspotCore.
extension ASCII {
    public static func lowercased(_ s: ArraySlice<UInt8>) -> [UInt8] { s.map { lowercased($0) } }

    /// The labels of a DNS name (its trailing dot dropped): at most 253 bytes, labels of 1-63 letters, digits,
    /// '-' or '_'; nil when it is none. One check for URLs' hosts and DNS queries (two copies before).
    @inline(never) static func dnsLabels(_ name: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
        guard !name.isEmpty, name.count <= 253 else { return nil }
        let labels = split(name, on: HTTPURL.dot)
        for label in labels {
            guard label.count >= 1, label.count <= 63 else { return nil }
            for b in label where !(isLetter(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")) { return nil }
        }
        return labels
    }

    /// An HTTP token character (RFC 9110 `tchar`): header names, methods.
    static func isTokenByte(_ b: UInt8) -> Bool {
        if isDigit(b) || isLetter(b) { return true }
        switch b {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Appends `b` as `%XX` with uppercase hex digits (RFC 3986 §2.1).
    static func appendPercentEncoded(_ b: UInt8, to out: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        let d = bytes(digits)
        out.append(UInt8(ascii: "%"))
        out.append(d[Int(b >> 4)])
        out.append(d[Int(b & 0x0f)])
    }

    /// The same bytes, compared exactly: one loop for the suffix and prefix checks of hosts, paths and names
    /// (`elementsEqual` brought a specialisation of its own).
    public static func equal(_ a: ArraySlice<UInt8>, _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        for i in b.indices where a[a.startIndex + i] != b[i] { return false }
        return true
    }

    /// A control byte other than tab: refused in header values, reason phrases and cookies. (One loop for them
    /// all: each `contains(where:)` closure brought its own copy.)
    public static func hasControl(_ s: ArraySlice<UInt8>) -> Bool {
        for b in s where isControl(b) && b != tab { return true }
        return false
    }

    /// RFC 3986 `unreserved`: letters, digits, `-`, `.`, `_`, `~`.
    static func isUnreserved(_ b: UInt8) -> Bool {
        isLetter(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "~")
    }

    /// The place of `s` among the space-separated lowercase `words`, in any case; nil when it is none of them.
    /// One call and a `switch` on the place, in place of a chain of comparisons that each cost a call.
    public static func index(ofWord s: ArraySlice<UInt8>, in words: StaticString) -> Int? {
        let p = place(of: s, inWords: words, anyCase: true)
        return p < 0 ? nil : p
    }
}
