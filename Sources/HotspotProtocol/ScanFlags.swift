import HotspotCore

/// The flags column of SCAN_RESULTS (and `flags=` of BSS): `[WPA2-PSK-CCMP][WPS][ESS]`.
///
/// What the BSS offers, from the WPA/RSN tokens `[<proto>-<key mgmt>-<ciphers>]` wpa_supplicant prints
/// (`wpa_supplicant_ie_txt`; proto is WPA, WPA2, RSN or OSEN; key managements joined by `+`): PSK, None
/// (WPA-None) → `.psk`; SAE (FT/SAE, SAE-EXT-KEY) → `.sae`; EAP → `.eap`; FILS → `.fils`; OSEN → `.osen`;
/// OWE and `[OWE-TRANS]` → `.owe`; a token with none of these (`[WPA2-?]`, DPP only, unknown names) →
/// `.unreadable`; `[WEP]` → `.wep`. `SecurityType(offering:)` decides, as for nl80211's elements.
public struct ScanFlags: Equatable, Sendable {
    /// The bracketed tokens in order, without brackets.
    public let tokens: [String]
    public let suites: SecuritySuites

    /// nil unless the text is a (possibly empty) sequence of `[…]` tokens of printable ASCII.
    public init?(_ text: ArraySlice<UInt8>) {
        var tokens: [ArraySlice<UInt8>] = []
        var i = text.startIndex
        while i < text.endIndex {
            guard text[i] == ASCII.openBracket else { return nil }
            var j = i + 1
            while j < text.endIndex, text[j] != ASCII.closeBracket {
                let c = text[j]
                guard ASCII.isPrintable(c), c != ASCII.openBracket else { return nil }
                j += 1
            }
            guard j < text.endIndex else { return nil }
            tokens.append(text[(i + 1)..<j])
            i = j + 1
        }
        self.tokens = tokens.map(ASCII.string)
        self.suites = Self.suites(tokens)
    }

    public var security: SecurityType { SecurityType(offering: suites) }

    public init?(_ text: String) { self.init(Array(text.utf8)[...]) }

    public func contains(_ token: StaticString) -> Bool {
        let t = ASCII.bytes(token)
        return tokens.contains { $0.utf8.count == t.count && $0.utf8.elementsEqual(t) }
    }

    public var isESS: Bool { contains("ESS") }
    public var isIBSS: Bool { contains("IBSS") }
    public var isMesh: Bool { contains("MESH") }
    public var isP2P: Bool { contains("P2P") }
    public var isHotspot20: Bool { contains("HS20") }
    public var hasWPS: Bool {
        tokens.contains { ASCII.hasPrefix(Array($0.utf8)[...], "WPS") }
    }

    static func suites(_ tokens: [ArraySlice<UInt8>]) -> SecuritySuites {
        var suites: SecuritySuites = []
        for token in tokens {
            if ASCII.equals(token, "WEP") {
                suites.insert(.wep)
                continue
            }
            if ASCII.equals(token, "OWE-TRANS") {
                suites.insert(.owe)
                continue
            }
            var rest: ArraySlice<UInt8>
            if let r = ASCII.dropPrefix(token, "WPA-") { rest = r }
            else if let r = ASCII.dropPrefix(token, "WPA2-") { rest = r }
            else if let r = ASCII.dropPrefix(token, "WPA3-") { rest = r }
            else if let r = ASCII.dropPrefix(token, "RSN-") { rest = r }
            else if let r = ASCII.dropPrefix(token, "OSEN-") { rest = r; suites.insert(.osen) }
            else { continue }
            var offered: SecuritySuites = []
            var wordStart = rest.startIndex
            var k = rest.startIndex
            while k <= rest.endIndex {
                let boundary = k == rest.endIndex || rest[k] == UInt8(ascii: "+") || rest[k] == UInt8(ascii: "-")
                    || rest[k] == UInt8(ascii: "/")
                if boundary {
                    let word = rest[wordStart..<k]
                    if ASCII.equals(word, "PSK") || ASCII.equals(word, "None") { offered.insert(.psk) }
                    else if ASCII.equals(word, "SAE") { offered.insert(.sae) }
                    else if ASCII.equals(word, "EAP") { offered.insert(.eap) }
                    else if ASCII.equals(word, "FILS") { offered.insert(.fils) }
                    else if ASCII.equals(word, "OSEN") { offered.insert(.osen) }
                    else if ASCII.equals(word, "OWE") { offered.insert(.owe) }
                    wordStart = k + 1
                }
                k += 1
            }
            suites.formUnion(offered.isEmpty ? .unreadable : offered)
        }
        return suites
    }
}
