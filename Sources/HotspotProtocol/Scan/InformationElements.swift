import HotspotCore

/// The 802.11 information elements of a beacon or probe response, as nl80211's scan dump carries them.
/// Only what hotspotd needs: the SSID and what the BSS offers to authenticate with (RSN, WPA1's vendor
/// element, OSEN, OWE transition), read as wpa_supplicant reads them for its flags.
public struct InformationElements: Equatable {
    public struct Element: Equatable {
        public let id: UInt8
        public let body: [UInt8]
    }

    public let elements: [Element]
    /// True when the buffer ended inside an element (the truncated element is dropped).
    public let truncated: Bool

    public init(_ bytes: [UInt8]) {
        var out: [Element] = []
        var i = 0
        var cut = false
        while i < bytes.count {
            guard i + 2 <= bytes.count else { cut = true; break }
            let id = bytes[i], length = Int(bytes[i + 1])
            guard i + 2 + length <= bytes.count else { cut = true; break }
            out.append(Element(id: id, body: Array(bytes[(i + 2)..<(i + 2 + length)])))
            i += 2 + length
        }
        elements = out
        truncated = cut
    }

    /// The SSID element (id 0); nil when absent or longer than 32 bytes.
    public var ssid: SSID? {
        guard let e = element(0) else { return nil }
        return SSID(bytes: e.body)
    }

    /// AKM suite selectors (OUI << 8 | type, e.g. 0x000fac02 = PSK) of the first RSN element, read as
    /// wpa_supplicant's `wpa_parse_wpa_ie_rsn` reads them: nil without an RSN element, empty when the element is
    /// malformed (wpa_supplicant then prints `[WPA2-?]`), 802.1X when it stops before its AKM list (the
    /// standard's default).
    public var rsnAKMs: [UInt32]? {
        guard let e = element(48) else { return nil }
        return InformationElements.akms(e.body[...], rsn: true)
    }

    /// AKM suite selectors of WPA1's vendor element (00-50-F2 type 1), as `wpa_parse_wpa_ie_wpa` reads them.
    public var wpaAKMs: [UInt32]? {
        guard let e = vendorElement(0x0050_f201) else { return nil }
        return InformationElements.akms(e.body.dropFirst(4), rsn: false)
    }

    /// The first vendor-specific element (id 221) whose OUI and type are `ouiType` (OUI << 8 | type).
    func vendorElement(_ ouiType: UInt32) -> Element? {
        for e in elements where e.id == 221 && e.body.count >= 4 {
            if UInt32(e.body[0]) << 24 | UInt32(e.body[1]) << 16 | UInt32(e.body[2]) << 8 | UInt32(e.body[3]) == ouiType { return e }
        }
        return nil
    }

    /// The first element with this id: a loop, not first(where:) specialised for elements.
    func element(_ id: UInt8) -> Element? {
        for e in elements where e.id == id { return e }
        return nil
    }

    static let defaultAKM: UInt32 = 0x000f_ac01
    static let wpaDefaultAKM: UInt32 = 0x0050_f201

    /// Version, group cipher, pairwise list, AKM list; what follows (capabilities, PMKIDs, group management
    /// cipher) is checked as wpa_supplicant checks it, so that an element it calls malformed is malformed here.
    static func akms(_ b: ArraySlice<UInt8>, rsn: Bool) -> [UInt32] {
        var i = b.startIndex
        var left: Int { b.endIndex - i }
        func selector() -> UInt32 {
            let s = UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
            i += 4
            return s
        }
        func count() -> Int {
            let n = Int(b[i]) | Int(b[i + 1]) << 8
            i += 2
            return n
        }
        guard left >= 2, count() == 1 else { return [] }  // version 1
        if left >= 4 {
            // RSN's group cipher must be TKIP, CCMP, GCMP(-256), CCMP-256 or "not used" (not WEP-40/104).
            switch selector() {
            case 0x000f_ac02, 0x000f_ac04, 0x000f_ac07, 0x000f_ac08, 0x000f_ac09, 0x000f_ac0a: break
            default: if rsn { return [] }
            }
        } else if left > 0 {
            return []
        }
        if left >= 2 {
            let n = count()
            guard n > 0, n <= left / 4 else { return [] }
            for _ in 0..<n {
                if selector() == 0x000f_ac06 && rsn { return [] }  // BIP as a pairwise cipher
            }
        } else if left == 1 {
            return []
        }
        guard left >= 2 else { return left == 1 ? [] : [rsn ? defaultAKM : wpaDefaultAKM] }
        let n = count()
        guard n > 0, n <= left / 4 else { return [] }
        var out: [UInt32] = []
        for _ in 0..<n { out.append(selector()) }
        guard rsn else { return out }
        if left >= 2 { i += 2 }  // RSN capabilities
        if left >= 2 {
            let pmkids = count()
            guard pmkids <= left / 16 else { return [] }
            i += 16 * pmkids
        }
        if left >= 4 {
            switch selector() {
            case 0x000f_ac06, 0x000f_ac07, 0x000f_ac0b, 0x000f_ac0c, 0x000f_ac0d: break
            default: return []  // not a group management cipher
            }
        }
        return out
    }

    /// What one AKM suite selector offers; empty for suites no credential of ours can join (TDLS, PASN,
    /// DPP, vendor suites).
    static func suites(akm: UInt32, rsn: Bool) -> SecuritySuites {
        guard rsn else {
            switch akm {
            case 0x0050_f200, 0x0050_f202: return .psk  // WPA-None, PSK
            case 0x0050_f201: return .eap
            default: return []
            }
        }
        switch akm {
        case 0x000f_ac02, 0x000f_ac04, 0x000f_ac06, 0x000f_ac13, 0x000f_ac14: return .psk
        case 0x000f_ac08, 0x000f_ac09, 0x000f_ac18, 0x000f_ac19: return .sae
        case 0x000f_ac01, 0x000f_ac03, 0x000f_ac05, 0x000f_ac0b, 0x000f_ac0c, 0x000f_ac0d, 0x000f_ac17: return .eap
        case 0x000f_ac0e, 0x000f_ac0f, 0x000f_ac10, 0x000f_ac11: return .fils
        case 0x000f_ac12: return .owe
        case 0x506f_9a01: return .osen
        default: return []
        }
    }

    /// What the BSS offers, from its RSN, WPA, OSEN and OWE transition elements and the capability's privacy
    /// bit, as wpa_supplicant's flags say it (`[WEP]` only without any of those elements).
    public func suites(privacy: Bool) -> SecuritySuites {
        func offered(_ akms: [UInt32], rsn: Bool) -> SecuritySuites {
            var out: SecuritySuites = []
            for akm in akms { out.formUnion(InformationElements.suites(akm: akm, rsn: rsn)) }
            return out.isEmpty ? .unreadable : out
        }
        var out: SecuritySuites = []
        let rsn = rsnAKMs, wpa = wpaAKMs
        if let rsn { out.formUnion(offered(rsn, rsn: true)) }
        if let wpa { out.formUnion(offered(wpa, rsn: false)) }
        let osen = vendorElement(0x506f_9a12) != nil
        if osen { out.insert(.osen) }
        if rsn != nil && vendorElement(0x506f_9a1c) != nil { out.insert(.owe) }  // OWE transition mode
        if rsn == nil && wpa == nil && !osen && privacy { out.insert(.wep) }
        return out
    }

    /// Apple's security type by the one policy, `SecurityType(offering:)`.
    public func securityType(privacy: Bool) -> SecurityType {
        SecurityType(offering: suites(privacy: privacy))
    }
}
