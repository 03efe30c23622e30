/// A network a helper claims in its filterScanList answer, with the password only it can supply.
public struct HelperClaim: Hashable, Sendable {
    public var ssid: SSID
    /// A specific access point, when the helper cares.
    public var bssid: BSSID?
    public var password: Passphrase?
    public var confidence: Confidence
    /// 802.1X credentials for an enterprise network (claim fields after the BSSID).
    public var eap: EAPSettings? = nil

    public init(ssid: SSID, bssid: BSSID? = nil, password: Passphrase? = nil, confidence: Confidence) {
        self.ssid = ssid
        self.bssid = bssid
        self.password = password
        self.confidence = confidence
    }
}
