import HotspotCore

/// The flags column of SCAN_RESULTS (and `flags=` of BSS): `[WPA2-PSK-CCMP][WPS][ESS]`.
///
/// Security, from the WPA/RSN tokens `[<proto>-<key mgmt>-<ciphers>]` wpa_supplicant prints
/// (`wpa_supplicant_ie_txt`; proto is WPA, WPA2, RSN or OSEN; key managements joined by `+`):
/// - any PSK, SAE (incl. FT/SAE, SAE-EXT-KEY) or None key management → `personal` (a passphrase joins it;
///   this wins over EAP on a BSS that offers both);
/// - else any EAP, FILS or OSEN → `enterprise`;
/// - else OWE (`[WPA2-OWE-CCMP]`, `[OWE-TRANS]`) → `open`: Enhanced Open needs no credentials;
/// - else a WPA/RSN token we cannot read (`[WPA2-?]`, DPP only, unknown names) → `unknown`;
/// - else `[WEP]` → `wep`;
/// - else (`[ESS]` only, `[OWE-TRANS-OPEN]`, no flags at all) → `open`.
public struct ScanFlags: Equatable, Sendable {
    /// The bracketed tokens in order, without brackets.
    public let tokens: [String]
    public let security: SecurityType

    /// nil unless the text is a (possibly empty) sequence of `[…]` tokens of printable ASCII.
    public init?(_ text: ArraySlice<UInt8>) {
        var tokens: [ArraySlice<UInt8>] = []
        var i = text.startIndex
        while i < text.endIndex {
            guard text[i] == WpaBytes.openBracket else { return nil }
            var j = i + 1
            while j < text.endIndex, text[j] != WpaBytes.closeBracket {
                let c = text[j]
                guard ASCII.isPrintable(c), c != WpaBytes.openBracket else { return nil }
                j += 1
            }
            guard j < text.endIndex else { return nil }
            tokens.append(text[(i + 1)..<j])
            i = j + 1
        }
        self.tokens = tokens.map(WpaBytes.string)
        self.security = Self.classify(tokens)
    }

    public init?(_ text: String) { self.init(Array(text.utf8)[...]) }

    public func contains(_ token: StaticString) -> Bool {
        let t = WpaBytes.bytes(token)
        return tokens.contains { $0.utf8.count == t.count && $0.utf8.elementsEqual(t) }
    }

    public var isESS: Bool { contains("ESS") }
    public var isIBSS: Bool { contains("IBSS") }
    public var isMesh: Bool { contains("MESH") }
    public var isP2P: Bool { contains("P2P") }
    public var isHotspot20: Bool { contains("HS20") }
    public var hasWPS: Bool {
        tokens.contains { WpaBytes.hasPrefix(Array($0.utf8)[...], "WPS") }
    }

    static func classify(_ tokens: [ArraySlice<UInt8>]) -> SecurityType {
        var personal = false, enterprise = false, owe = false, unreadable = false, rsn = false, wep = false
        for token in tokens {
            if WpaBytes.equals(token, "WEP") {
                wep = true
                continue
            }
            if WpaBytes.equals(token, "OWE-TRANS") {
                owe = true
                continue
            }
            var rest: ArraySlice<UInt8>
            if let r = WpaBytes.dropPrefix(token, "WPA-") { rest = r }
            else if let r = WpaBytes.dropPrefix(token, "WPA2-") { rest = r }
            else if let r = WpaBytes.dropPrefix(token, "WPA3-") { rest = r }
            else if let r = WpaBytes.dropPrefix(token, "RSN-") { rest = r }
            else if let r = WpaBytes.dropPrefix(token, "OSEN-") { rest = r; enterprise = true }
            else { continue }
            rsn = true
            var known = false
            var wordStart = rest.startIndex
            var k = rest.startIndex
            while k <= rest.endIndex {
                let boundary = k == rest.endIndex || rest[k] == UInt8(ascii: "+") || rest[k] == UInt8(ascii: "-")
                    || rest[k] == UInt8(ascii: "/")
                if boundary {
                    let word = rest[wordStart..<k]
                    if WpaBytes.equals(word, "PSK") || WpaBytes.equals(word, "SAE") || WpaBytes.equals(word, "None") {
                        personal = true; known = true
                    } else if WpaBytes.equals(word, "EAP") || WpaBytes.equals(word, "FILS")
                        || WpaBytes.equals(word, "OSEN") {
                        enterprise = true; known = true
                    } else if WpaBytes.equals(word, "OWE") {
                        owe = true; known = true
                    }
                    wordStart = k + 1
                }
                k += 1
            }
            if !known { unreadable = true }
        }
        if personal { return .personal }
        if enterprise { return .enterprise }
        if owe { return .open }
        if unreadable || rsn { return .unknown }
        if wep { return .wep }
        return .open
    }
}
