import HotspotCore

/// One BSS entry (`BSS …` reply, or one entry of a `BSS RANGE=…` reply). Only `bssid` is required; the rest
/// depends on the MASK and on what wpa_supplicant knows.
public struct BSSInfo: Equatable, Sendable {
    public let id: Int?
    public let bssid: BSSID
    public let frequency: Int?
    /// `level=`: dBm on nl80211 drivers.
    public let level: Int?
    public let noise: Int?
    public let quality: Int?
    public let snr: Int?
    public let age: Int?
    public let beaconInterval: Int?
    public let capabilities: Int?
    public let estimatedThroughput: Int?
    public let flags: ScanFlags?
    /// nil when absent, or when it decodes to more than 32 bytes.
    public let ssid: SSID?
    /// The raw information elements (`ie=`, hex); nil when absent or not valid hex.
    public let informationElements: [UInt8]?
    /// Every line, for anything not modelled.
    public let block: KeyValueBlock

    public var security: SecurityType { flags?.security ?? .unknown }

    /// nil when there is no valid `bssid=`.
    public init?(_ block: KeyValueBlock) {
        guard let bssid = block.bssid("bssid") else { return nil }
        self.bssid = bssid
        self.id = block.value("id").flatMap { WpaBytes.parseUnsigned($0[...]) }
        self.frequency = block.int("freq")
        self.level = block.int("level")
        self.noise = block.int("noise")
        self.quality = block.int("qual")
        self.snr = block.int("snr")
        self.age = block.int("age")
        self.beaconInterval = block.int("beacon_int")
        self.capabilities = block.value("capabilities").flatMap { WpaBytes.parseHex($0[...]) }.map { Int($0 & 0xffff) }
        self.estimatedThroughput = block.int("est_throughput")
        self.flags = block.value("flags").flatMap { ScanFlags($0[...]) }
        self.ssid = block.ssid("ssid")
        if let ie = block.value("ie") {
            self.informationElements = Hex.decode(String(decoding: ie, as: UTF8.self))
        } else {
            self.informationElements = nil
        }
        self.block = block
    }

    /// A single-entry BSS reply (`BSS ID-3`, `BSS <bssid>`, …). An empty reply (no such BSS) throws `.empty`.
    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> BSSInfo {
        let body = try SupplicantReply.body(datagram)
        var lines: [ArraySlice<UInt8>] = []
        for line in WpaBytes.lines(body) where !WpaBytes.equals(line, "====") && !WpaBytes.equals(line, "####") {
            lines.append(line)
        }
        let block = BSSRange.block(from: lines, firstLine: 1).block
        guard let info = BSSInfo(block) else { throw .unexpected(WpaBytes.excerpt(body)) }
        return info
    }

    /// As a scan-list row, when every column is known.
    public var scanResult: ScanResult? {
        guard let frequency, let level, let flags, let ssid else { return nil }
        return ScanResult(bssid: bssid, frequency: frequency, signal: level, flags: flags, ssid: ssid)
    }
}

/// A `BSS RANGE=<from>-` (or `RANGE=ALL`) reply with the `delimiter` mask bit: entries separated by `====`,
/// the last entry of wpa_supplicant's whole list closed by `####`. A reply cut at `SupplicantLimits.replySize`
/// ends with `====`: ask again from `nextID`.
public struct BSSRange: Equatable, Sendable {
    public let entries: [BSSInfo]
    public let skipped: [SkippedLine]
    /// True when the list's end was seen (`####`), or the reply was empty (nothing left in the range).
    public let isComplete: Bool
    /// Where the next page starts (`BSS RANGE=<nextID>-`), when incomplete and ids were asked for.
    public let nextID: Int?

    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> BSSRange {
        let body = try SupplicantReply.body(datagram, allowEmpty: true)
        return BSSRange(parsingBody: body)
    }

    init(parsingBody body: ArraySlice<UInt8>) {
        var entries: [BSSInfo] = []
        var skipped: [SkippedLine] = []
        var current: [ArraySlice<UInt8>] = []
        var currentStart = 1
        var sawEnd = false

        func finish() {
            guard !current.isEmpty else { return }
            let parsed = Self.block(from: current, firstLine: currentStart)
            skipped.append(contentsOf: parsed.block.skipped)
            if let info = BSSInfo(parsed.block) {
                entries.append(info)
            } else {
                skipped.append(SkippedLine(line: currentStart, problem: .missingBSSID, bytes: current[0]))
            }
            current = []
        }

        for (i, line) in WpaBytes.lines(body).enumerated() {
            let lineNumber = i + 1
            if sawEnd {
                skipped.append(SkippedLine(line: lineNumber, problem: .afterEndOfList, bytes: line))
            } else if WpaBytes.equals(line, "====") {
                finish()
            } else if WpaBytes.equals(line, "####") {
                finish()
                sawEnd = true
            } else {
                if current.isEmpty { currentStart = lineNumber }
                current.append(line)
            }
        }
        finish()
        self.entries = entries
        self.skipped = skipped
        // Without `####` we cannot know that the list ended (a cut reply, or a mask without `delimiter`): the
        // caller asks again from `nextID` and an empty reply then completes the listing.
        self.isComplete = sawEnd || body.isEmpty
        var maxID: Int? = nil
        for e in entries {
            if let id = e.id, id >= (maxID ?? id) { maxID = id }
        }
        if !isComplete, let maxID {
            self.nextID = maxID + 1
        } else {
            self.nextID = nil
        }
    }

    /// Builds a block from lines, numbering skipped lines from `firstLine`.
    static func block(from lines: [ArraySlice<UInt8>], firstLine: Int) -> (block: KeyValueBlock, ok: Bool) {
        var entries: [KeyValue] = []
        var skipped: [SkippedLine] = []
        for (i, line) in lines.enumerated() {
            if let kv = KeyValueBlock.parseLine(line) {
                entries.append(kv)
            } else {
                skipped.append(SkippedLine(line: firstLine + i, problem: line.isEmpty ? .blankLine : .notKeyValue, bytes: line))
            }
        }
        return (KeyValueBlock(entries: entries, skipped: skipped), skipped.isEmpty)
    }
}

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
        if WpaBytes.equals(text, "DISCONNECTED") { self = .disconnected }
        else if WpaBytes.equals(text, "INTERFACE_DISABLED") { self = .interfaceDisabled }
        else if WpaBytes.equals(text, "INACTIVE") { self = .inactive }
        else if WpaBytes.equals(text, "SCANNING") { self = .scanning }
        else if WpaBytes.equals(text, "AUTHENTICATING") { self = .authenticating }
        else if WpaBytes.equals(text, "ASSOCIATING") { self = .associating }
        else if WpaBytes.equals(text, "ASSOCIATED") { self = .associated }
        else if WpaBytes.equals(text, "4WAY_HANDSHAKE") { self = .fourWayHandshake }
        else if WpaBytes.equals(text, "GROUP_HANDSHAKE") { self = .groupHandshake }
        else if WpaBytes.equals(text, "COMPLETED") { self = .completed }
        else { self = .other(WpaBytes.excerpt(text)) }
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

    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> SupplicantStatus {
        SupplicantStatus(KeyValueBlock(parsing: Array(try SupplicantReply.body(datagram))))
    }
}

/// The SIGNAL_POLL reply (`RSSI=`, `LINKSPEED=`, `NOISE=`, `FREQUENCY=`, `WIDTH=`, `AVG_RSSI=`, …). It answers
/// FAIL when not associated.
public struct SignalPoll: Equatable, Sendable {
    public let rssi: Int?
    /// Mbit/s.
    public let linkSpeed: Int?
    /// nil when absent or wpa_supplicant's "unknown" 9999.
    public let noise: Int?
    public let frequency: Int?
    public let width: String?
    public let centerFrequency1: Int?
    public let centerFrequency2: Int?
    public let averageRSSI: Int?
    public let averageBeaconRSSI: Int?
    public let block: KeyValueBlock

    public init(_ block: KeyValueBlock) {
        self.block = block
        rssi = block.int("RSSI")
        linkSpeed = block.int("LINKSPEED")
        let n = block.int("NOISE")
        noise = n == 9999 ? nil : n
        frequency = block.int("FREQUENCY")
        width = block.text("WIDTH")
        centerFrequency1 = block.int("CENTER_FRQ1")
        centerFrequency2 = block.int("CENTER_FRQ2")
        averageRSSI = block.int("AVG_RSSI")
        averageBeaconRSSI = block.int("AVG_BEACON_RSSI")
    }

    /// The signal to report: AVG_RSSI when present and nonzero, else RSSI (nonzero).
    public var bestRSSI: Int? {
        if let a = averageRSSI, a != 0 { return a }
        if let r = rssi, r != 0 { return r }
        return nil
    }

    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> SignalPoll {
        SignalPoll(KeyValueBlock(parsing: Array(try SupplicantReply.body(datagram))))
    }
}

/// One row of LIST_NETWORKS: `id \t ssid \t bssid|any \t [CURRENT][DISABLED][TEMP-DISABLED]`.
public struct ConfiguredNetwork: Equatable, Sendable {
    public let id: NetworkID
    public let ssid: SSID
    /// nil for `any`.
    public let bssid: BSSID?
    public let flags: ScanFlags

    public var isCurrent: Bool { flags.contains("CURRENT") }
    public var isDisabled: Bool { flags.contains("DISABLED") }
    public var isTemporarilyDisabled: Bool { flags.contains("TEMP-DISABLED") }
}

/// The LIST_NETWORKS reply (header `network id / ssid / bssid / flags`).
public struct NetworkList: Equatable, Sendable {
    public let networks: [ConfiguredNetwork]
    public let skipped: [SkippedLine]
    public let sawHeader: Bool

    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> NetworkList {
        let body = try SupplicantReply.body(datagram)
        var networks: [ConfiguredNetwork] = []
        var skipped: [SkippedLine] = []
        var sawHeader = false
        for (i, line) in WpaBytes.lines(body).enumerated() {
            if i == 0, WpaBytes.equals(line, "network id / ssid / bssid / flags") {
                sawHeader = true
                continue
            }
            switch Self.parseRow(line) {
            case .success(let n): networks.append(n)
            case .failure(let p): skipped.append(SkippedLine(line: i + 1, problem: p, bytes: line))
            }
        }
        return NetworkList(networks: networks, skipped: skipped, sawHeader: sawHeader)
    }

    enum RowResult {
        case success(ConfiguredNetwork)
        case failure(LineProblem)
    }

    static func parseRow(_ line: ArraySlice<UInt8>) -> RowResult {
        if line.isEmpty { return .failure(.blankLine) }
        let f = WpaBytes.split(line, on: WpaBytes.tab)
        guard f.count == 4 else { return .failure(.fieldCount(f.count)) }
        guard let n = WpaBytes.parseUnsigned(f[0]), let id = NetworkID(n) else { return .failure(.badNetworkID) }
        guard let ssid = PrintfEscaping.decodeSSID(f[1]) else { return .failure(.badSSID) }
        var bssid: BSSID? = nil
        if !WpaBytes.equals(f[2], "any") {
            guard f[2].count == 17, let b = BSSID(WpaBytes.string(f[2])) else { return .failure(.badBSSID) }
            bssid = b
        }
        guard let flags = ScanFlags(f[3]) else { return .failure(.badFlags) }
        return .success(ConfiguredNetwork(id: id, ssid: ssid, bssid: bssid, flags: flags))
    }
}
