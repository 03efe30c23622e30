/// What a BSS offers to authenticate with, as a source read it: wpa_supplicant's flags (`[WPA2-PSK+EAP-CCMP]`)
/// or the beacon's RSN / WPA elements and privacy bit (nl80211). Both sources fill this in and one policy,
/// `SecurityType(offering:)`, turns it into Apple's security type, so a BSS reads the same from either.
/// The empty set is a BSS with neither security elements nor the privacy bit: open.
public struct SecuritySuites: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A pre-shared key (PSK, FT-PSK, PSK-SHA256/384, WPA-None): a passphrase joins it.
    public static let psk = SecuritySuites(rawValue: 1 << 0)
    /// SAE (WPA3-Personal, incl. FT-SAE and SAE-EXT-KEY): a passphrase joins it.
    public static let sae = SecuritySuites(rawValue: 1 << 1)
    /// IEEE 802.1X / EAP in any of its suites (SHA256, Suite B, FT).
    public static let eap = SecuritySuites(rawValue: 1 << 2)
    /// FILS (fast initial link setup): EAP credentials underneath.
    public static let fils = SecuritySuites(rawValue: 1 << 3)
    /// Hotspot 2.0 OSEN (OSU server-only authenticated layer 2).
    public static let osen = SecuritySuites(rawValue: 1 << 4)
    /// Opportunistic Wireless Encryption (Enhanced Open): encrypted, no credentials.
    public static let owe = SecuritySuites(rawValue: 1 << 5)
    /// An RSN or WPA element (or flags token) that offers nothing we can read: a malformed element, only
    /// unknown or vendor suites (DPP, …).
    public static let unreadable = SecuritySuites(rawValue: 1 << 6)
    /// The capability's privacy bit without any RSN or WPA element: static WEP.
    public static let wep = SecuritySuites(rawValue: 1 << 7)

    public static let personal: SecuritySuites = [.psk, .sae]
    public static let enterprise: SecuritySuites = [.eap, .fils, .osen]
}

extension SecurityType {
    /// The one policy for both scan sources. A BSS that offers a passphrase suite is `personal` even when it
    /// also offers EAP: hotspotd can join it with a passphrase. Else EAP/FILS/OSEN → `enterprise`; else
    /// OWE → `open` (no credentials needed); else an unreadable element → `unknown`; else the privacy bit
    /// alone → `wep`; else `open`.
    public init(offering suites: SecuritySuites) {
        if !suites.isDisjoint(with: .personal) {
            self = .personal
        } else if !suites.isDisjoint(with: .enterprise) {
            self = .enterprise
        } else if suites.contains(.owe) {
            self = .open
        } else if suites.contains(.unreadable) {
            self = .unknown
        } else if suites.contains(.wep) {
            self = .wep
        } else {
            self = .open
        }
    }
}
