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
        var texts: [String] = []
        for t in tokens { texts.append(ASCII.string(t)) }
        self.tokens = texts
        self.suites = Self.suites(tokens)
    }

    public var security: SecurityType { SecurityType(offering: suites) }

    public init?(_ text: String) { self.init(Array(text.utf8)[...]) }

    public func contains(_ token: StaticString) -> Bool {
        for s in tokens where ASCII.equals(s, token) { return true }
        return false
    }

    public var isESS: Bool { contains("ESS") }
    public var isIBSS: Bool { contains("IBSS") }
    public var isMesh: Bool { contains("MESH") }
    public var isP2P: Bool { contains("P2P") }
    public var isHotspot20: Bool { contains("HS20") }
    public var hasWPS: Bool {
        for s in tokens where ASCII.hasPrefix(Array(s.utf8)[...], "WPS") { return true }
        return false
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
            // The proto before the first `-`, looked up in one literal.
            guard let dash = ASCII.firstIndex(of: UInt8(ascii: "-"), in: token) else { continue }
            let proto = ASCII.place(of: token[token.startIndex..<dash], inWords: "WPA WPA2 WPA3 RSN OSEN")
            if proto < 0 { continue }
            if proto == 4 { suites.insert(.osen) }
            let rest = token[(dash + 1)...]
            var offered: SecuritySuites = []
            var wordStart = rest.startIndex
            var k = rest.startIndex
            while k <= rest.endIndex {
                let boundary = k == rest.endIndex || rest[k] == UInt8(ascii: "+") || rest[k] == UInt8(ascii: "-")
                    || rest[k] == UInt8(ascii: "/")
                if boundary {
                    // PSK and None are .psk (bit 0), the others bits 1-5 in SecuritySuites' order.
                    let p = ASCII.place(of: rest[wordStart..<k], inWords: "PSK None SAE EAP FILS OSEN OWE")
                    if p >= 0 { offered.insert(SecuritySuites(rawValue: 1 << max(p - 1, 0))) }
                    wordStart = k + 1
                }
                k += 1
            }
            suites.formUnion(offered.isEmpty ? .unreadable : offered)
        }
        return suites
    }
}
