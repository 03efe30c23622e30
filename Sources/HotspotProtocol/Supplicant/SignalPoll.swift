import HotspotCore

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
