/// Apple's NEHotspotNetworkSecurityType.
public enum SecurityType: String, Hashable, CaseIterable, Sendable {
    case open, wep, personal, enterprise, unknown

    public var isSecure: Bool {
        switch self {
        case .open: return false
        case .wep, .personal, .enterprise, .unknown: return true
        }
    }
}
