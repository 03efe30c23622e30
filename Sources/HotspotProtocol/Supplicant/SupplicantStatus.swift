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
        // Looked up in one literal, in case order: one call, not a comparison per state.
        switch ASCII.place(of: text, inWords: """
            DISCONNECTED INTERFACE_DISABLED INACTIVE SCANNING AUTHENTICATING ASSOCIATING ASSOCIATED \
            4WAY_HANDSHAKE GROUP_HANDSHAKE COMPLETED
            """) {
        case 0: self = .disconnected
        case 1: self = .interfaceDisabled
        case 2: self = .inactive
        case 3: self = .scanning
        case 4: self = .authenticating
        case 5: self = .associating
        case 6: self = .associated
        case 7: self = .fourWayHandshake
        case 8: self = .groupHandshake
        case 9: self = .completed
        default: self = .other(PrintfEscaping.excerpt(text))
        }
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
        // Bytes compared and searched as they are: no arrays made for the words.
        let k = Array(name.utf8)[...]
        if ASCII.equals(k, "NONE") {
            return pairwiseCipher.map { ASCII.hasPrefix($0, "WEP") } == true ? .wep : .open
        }
        // OWE is opportunistic encryption without credentials: an open network to a helper.
        if ASCII.equals(k, "OWE") { return .open }
        if ASCII.firstIndex(of: "PSK", in: k) != nil || ASCII.firstIndex(of: "SAE", in: k) != nil { return .personal }
        if ASCII.firstIndex(of: "EAP", in: k) != nil || ASCII.firstIndex(of: "802.1X", in: k) != nil
            || ASCII.firstIndex(of: "FILS", in: k) != nil { return .enterprise }
        return nil
    }

    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> SupplicantStatus {
        SupplicantStatus(KeyValueBlock(parsing: Array(try SupplicantReply.body(datagram))))
    }
}
