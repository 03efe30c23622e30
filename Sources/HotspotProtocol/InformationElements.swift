import HotspotCore

/// The 802.11 information elements of a beacon or probe response, as nl80211's scan dump carries them.
/// Only what hotspotd needs: the SSID and the security suites (RSN, and WPA1's vendor element).
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
        guard let e = elements.first(where: { $0.id == 0 }) else { return nil }
        return SSID(bytes: e.body)
    }

    /// AKM suites of the RSN element (00-0F-AC:n), e.g. 2 = PSK, 8 = SAE, 1 = 802.1X.
    public var rsnAKMs: [UInt8]? {
        guard let e = elements.first(where: { $0.id == 48 }) else { return nil }
        return InformationElements.akms(e.body, afterVersion: 2, oui: [0x00, 0x0f, 0xac])
    }

    /// AKM suites of WPA1's vendor element (00-50-F2 type 1): 1 = 802.1X, 2 = PSK.
    public var wpaAKMs: [UInt8]? {
        guard let e = elements.first(where: { $0.id == 221 && $0.body.starts(with: [0x00, 0x50, 0xf2, 0x01]) }) else {
            return nil
        }
        return InformationElements.akms(Array(e.body.dropFirst(4)), afterVersion: 2, oui: [0x00, 0x50, 0xf2])
    }

    /// Skip version and group cipher, the pairwise list, then read the AKM list. A short element yields
    /// what could be read (an RSN element may legally stop after the group cipher: AKM defaults to 802.1X).
    static func akms(_ b: [UInt8], afterVersion: Int, oui: [UInt8]) -> [UInt8] {
        var i = afterVersion + 4
        guard i + 2 <= b.count else { return [1] }
        let pairwise = Int(b[i]) | Int(b[i + 1]) << 8
        i += 2 + 4 * pairwise
        guard i + 2 <= b.count else { return [1] }
        let count = Int(b[i]) | Int(b[i + 1]) << 8
        i += 2
        var out: [UInt8] = []
        var n = 0
        while n < count, i + 4 <= b.count {
            if Array(b[i..<(i + 3)]) == oui { out.append(b[i + 3]) } else { out.append(0xff) }
            i += 4
            n += 1
        }
        return out
    }

    /// Apple's security type, from the suites and the capability's privacy bit.
    public func securityType(privacy: Bool) -> SecurityType {
        let rsn = rsnAKMs, wpa = wpaAKMs
        if rsn == nil && wpa == nil { return privacy ? .wep : .open }
        let all = (rsn ?? []) + (wpa ?? [])
        let enterprise: Set<UInt8> = [1, 3, 5, 11, 12, 13]
        let personal: Set<UInt8> = [2, 4, 6, 8, 9, 24, 25]
        if all.contains(where: { enterprise.contains($0) }) { return .enterprise }
        if all.contains(where: { personal.contains($0) }) { return .personal }
        if !all.isEmpty && all.allSatisfy({ $0 == 18 }) { return .open }  // OWE: encrypted, no credentials
        return .unknown
    }
}
