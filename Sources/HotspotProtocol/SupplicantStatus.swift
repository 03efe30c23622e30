import HotspotCore

/// `wpa_state=` of STATUS (`wpa_supplicant_state_txt`).
public enum SupplicantState: Equatable, Sendable {
    case disconnected
    case interfaceDisabled
    case inactive
    case scanning
    case authenticating
    case associating
    case associated
    case fourWayHandshake
    case groupHandshake
    case completed
    case other(String)

    public init(_ text: ArraySlice<UInt8>) {
        if ASCII.equals(text, "DISCONNECTED") { self = .disconnected }
        else if ASCII.equals(text, "INTERFACE_DISABLED") { self = .interfaceDisabled }
        else if ASCII.equals(text, "INACTIVE") { self = .inactive }
        else if ASCII.equals(text, "SCANNING") { self = .scanning }
        else if ASCII.equals(text, "AUTHENTICATING") { self = .authenticating }
        else if ASCII.equals(text, "ASSOCIATING") { self = .associating }
        else if ASCII.equals(text, "ASSOCIATED") { self = .associated }
        else if ASCII.equals(text, "4WAY_HANDSHAKE") { self = .fourWayHandshake }
        else if ASCII.equals(text, "GROUP_HANDSHAKE") { self = .groupHandshake }
        else if ASCII.equals(text, "COMPLETED") { self = .completed }
        else { self = .other(PrintfEscaping.excerpt(text)) }
    }

    /// Associated and keys in place: the link carries data.
    public var isConnected: Bool { self == .completed }
}

/// The STATUS reply.
public struct SupplicantStatus: Equatable, Sendable {
    /// nil only when the reply has no `wpa_state=` line.
    public let state: SupplicantState?
    public let bssid: BSSID?
    public let frequency: Int?
    public let ssid: SSID?
    public let networkID: NetworkID?
    public let idString: String?
    public let mode: String?
    public let keyManagement: String?
    public let pairwiseCipher: String?
    public let groupCipher: String?
    public let ipAddress: String?
    /// Our own MAC address (`address=`).
    public let address: BSSID?
    public let block: KeyValueBlock

    public init(_ block: KeyValueBlock) {
        self.block = block
        self.state = block.value("wpa_state").map { SupplicantState($0[...]) }
        self.bssid = block.bssid("bssid")
        self.frequency = block.int("freq")
        self.ssid = block.ssid("ssid")
        self.networkID = block.int("id").flatMap(NetworkID.init)
        self.idString = block.text("id_str")
        self.mode = block.text("mode")
        self.keyManagement = block.text("key_mgmt")
        self.pairwiseCipher = block.text("pairwise_cipher")
        self.groupCipher = block.text("group_cipher")
        self.ipAddress = block.text("ip_address")
        self.address = block.bssid("address")
    }

    /// Joined by a Passpoint credential (`sp_type=` is there only then): its home operator's domain
    /// (`home_sp=`) if the credential names one, and whether this is the home or a roaming partner's network.
    public var passpointOperator: String? {
        guard let type = block.text("sp_type") else { return nil }
        return (block.text("home_sp").map { $0 + ", " } ?? "") + type
    }

    /// The association's security from `key_mgmt` (`wpa_key_mgmt_txt`) and, for WEP, the pairwise cipher;
    /// nil when not associated or the name is one we do not know.
    public var security: SecurityType? {
        guard let name = keyManagement else { return nil }
        let k = Array(name.utf8)
        if name == "NONE" {
            return pairwiseCipher.map { ASCII.hasPrefix($0, "WEP") } == true ? .wep : .open
        }
        // OWE is opportunistic encryption without credentials: an open network to a helper.
        if name == "OWE" { return .open }
        if k.containsSequence(Array("PSK".utf8)) || k.containsSequence(Array("SAE".utf8)) { return .personal }
        if k.containsSequence(Array("EAP".utf8)) || k.containsSequence(Array("802.1X".utf8))
            || k.containsSequence(Array("FILS".utf8)) { return .enterprise }
        return nil
    }

    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> SupplicantStatus {
        SupplicantStatus(KeyValueBlock(parsing: Array(try SupplicantReply.body(datagram))))
    }
}
