import HotspotCore

/// One row of SCAN_RESULTS.
public struct ScanResult: Equatable, Sendable {
    public let bssid: BSSID
    /// MHz.
    public let frequency: Int
    /// dBm as wpa_supplicant reports it (some drivers report other units; we do not guess).
    public let signal: Int
    public let flags: ScanFlags
    public let ssid: SSID

    public init(bssid: BSSID, frequency: Int, signal: Int, flags: ScanFlags, ssid: SSID) {
        self.bssid = bssid
        self.frequency = frequency
        self.signal = signal
        self.flags = flags
        self.ssid = ssid
    }

    public var security: SecurityType { flags.security }
    public var signalStrength: Double { SignalStrength.fromDBm(signal) }
}

/// The SCAN_RESULTS reply: `bssid / frequency / signal level / flags / ssid`, then one tab-separated row per
/// BSS. Rows that do not have exactly five fields, or whose fields do not parse, are dropped and reported in
/// `skipped`; the other rows survive. CRLF line ends are accepted.
public struct ScanResultsTable: Equatable, Sendable {
    public let results: [ScanResult]
    public let skipped: [SkippedLine]
    /// False when the first line was not the header (it was then read as a row).
    public let sawHeader: Bool
    /// True when the reply is so close to `SupplicantLimits.replySize` that wpa_supplicant may have left
    /// rows out; page through `BSS RANGE=` to be sure.
    public let mayBeTruncated: Bool

    /// Frequencies are accepted in 1–100000 MHz, signals in −1000…1000 (wpa_supplicant prints an int).
    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> ScanResultsTable {
        let body = try SupplicantReply.body(datagram)
        return ScanResultsTable(parsingBody: body)
    }

    init(parsingBody body: ArraySlice<UInt8>) {
        var results: [ScanResult] = []
        var skipped: [SkippedLine] = []
        let lines = WpaBytes.lines(body)
        var sawHeader = false
        for (i, line) in lines.enumerated() {
            if i == 0, WpaBytes.equals(line, "bssid / frequency / signal level / flags / ssid") {
                sawHeader = true
                continue
            }
            switch Self.parseRow(line) {
            case .success(let r): results.append(r)
            case .failure(let problem): skipped.append(SkippedLine(line: i + 1, problem: problem, bytes: line))
            }
        }
        self.results = results
        self.skipped = skipped
        self.sawHeader = sawHeader
        self.mayBeTruncated = body.count > SupplicantLimits.replySize - 512
    }

    enum RowResult {
        case success(ScanResult)
        case failure(LineProblem)
    }

    static func parseRow(_ line: ArraySlice<UInt8>) -> RowResult {
        if line.isEmpty { return .failure(.blankLine) }
        let fields = WpaBytes.split(line, on: WpaBytes.tab)
        guard fields.count == 5 else { return .failure(.fieldCount(fields.count)) }
        guard fields[0].count == 17, let bssid = BSSID(WpaBytes.string(fields[0])) else { return .failure(.badBSSID) }
        guard let freq = WpaBytes.parseUnsigned(fields[1]), freq >= 1, freq <= 100_000 else {
            return .failure(.badFrequency)
        }
        guard let signal = WpaBytes.parseInt(fields[2]), signal >= -1000, signal <= 1000 else {
            return .failure(.badSignal)
        }
        guard let flags = ScanFlags(fields[3]) else { return .failure(.badFlags) }
        guard let ssid = PrintfEscaping.decodeSSID(fields[4]) else { return .failure(.badSSID) }
        return .success(ScanResult(bssid: bssid, frequency: freq, signal: signal, flags: flags, ssid: ssid))
    }
}
