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

    /// From `flags=`; else from `ie=` and the privacy bit of `capabilities=` by the same policy; else unknown.
    public var security: SecurityType {
        if let flags { return flags.security }
        if let informationElements, let capabilities {
            return InformationElements(informationElements).securityType(privacy: capabilities & 0x0010 != 0)
        }
        return .unknown
    }

    /// nil when there is no valid `bssid=`.
    public init?(_ block: KeyValueBlock) {
        guard let bssid = block.bssid("bssid") else { return nil }
        self.bssid = bssid
        // If-lets, not Optional.flatMap/map: no specialisation per closure.
        var id: Int? = nil
        if let v = block.value("id") { id = WpaBytes.parseUnsigned(v[...]) }
        self.id = id
        self.frequency = block.int("freq")
        self.level = block.int("level")
        self.noise = block.int("noise")
        self.quality = block.int("qual")
        self.snr = block.int("snr")
        self.age = block.int("age")
        self.beaconInterval = block.int("beacon_int")
        var capabilities: Int? = nil
        if let v = block.value("capabilities"), let c = WpaBytes.parseHex(v[...]) { capabilities = Int(c & 0xffff) }
        self.capabilities = capabilities
        self.estimatedThroughput = block.int("est_throughput")
        var flags: ScanFlags? = nil
        if let v = block.value("flags") { flags = ScanFlags(v[...]) }
        self.flags = flags
        self.ssid = block.ssid("ssid")
        if let ie = block.value("ie") {
            self.informationElements = Hex.decode(String(decoding: ie, as: UTF8.self))
        } else {
            self.informationElements = nil
        }
        self.block = block
    }

    /// A single-entry BSS reply (`BSS ID-3`, `BSS <bssid>`, …). An empty reply (no such BSS) throws `.empty`.
    /// The entry ends at a `====` / `####` line when the MASK asked for one; a last line without its `\n`
    /// was cut short and is left out (`block.skipped` says `.truncated`).
    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> BSSInfo {
        let body = try SupplicantReply.body(datagram)
        let (all, cut) = WpaBytes.wholeLines(body)
        var lines: [ArraySlice<UInt8>] = []
        var delimited = false
        for line in all {
            if ASCII.equals(line, "====") || ASCII.equals(line, "####") {
                delimited = true
                break
            }
            lines.append(line)
        }
        let block = KeyValueBlock(lines: lines, firstLine: 1, cut: delimited ? nil : cut)
        guard let info = BSSInfo(block) else { throw .unexpected(PrintfEscaping.excerpt(body)) }
        return info
    }

    /// The core's view of this BSS; nil without an SSID, a frequency or a level.
    public var entry: ScanEntry? {
        guard let ssid, let frequency, let level else { return nil }
        return ScanEntry(ssid: ssid, bssid: bssid, rssi: level, frequency: frequency, security: security)
    }
}
