import HotspotCore

/// The SCAN_RESULTS reply: `bssid / frequency / signal level / flags / ssid`, then one tab-separated row per
/// BSS, each read straight into the core's `ScanEntry` (the flags column only decides its security). Rows that
/// do not have exactly five fields, or whose fields do not parse, are dropped and reported in `skipped`; the
/// other rows survive. CRLF line ends are accepted; a last row without its `\n` was cut short and is dropped
/// (`.truncated`).
public struct ScanResultsTable: Equatable, Sendable {
    public let entries: [ScanEntry]
    public let skipped: [SkippedLine]
    /// False when the first line was not the header (it was then read as a row).
    public let sawHeader: Bool
    /// True when the reply is so close to `SupplicantLimits.replySize` that wpa_supplicant may have left
    /// rows out; page through `BSS RANGE=` to be sure.
    public let mayBeTruncated: Bool

    /// Frequencies are accepted in 1–100000 MHz, signals in −1000…1000 (wpa_supplicant prints an int; dBm on
    /// nl80211 drivers, other units on some others: we do not guess).
    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> ScanResultsTable {
        let body = try SupplicantReply.body(datagram)
        return ScanResultsTable(parsingBody: body)
    }

    init(parsingBody body: ArraySlice<UInt8>) {
        var entries: [ScanEntry] = []
        var skipped: [SkippedLine] = []
        let (lines, cut) = WpaBytes.wholeLines(body)
        var sawHeader = false
        // Over indices, not enumerated(): no enumerated sequence's code on the router.
        for i in lines.indices {
            let line = lines[i]
            if i == 0, ASCII.equals(line, "bssid / frequency / signal level / flags / ssid") {
                sawHeader = true
                continue
            }
            switch Self.parseRow(line) {
            case .success(let entry): entries.append(entry)
            case .failure(let problem): skipped.append(SkippedLine(line: i + 1, problem: problem, bytes: line))
            }
        }
        if let cut { skipped.append(SkippedLine(line: lines.count + 1, problem: .truncated, bytes: cut)) }
        self.entries = entries
        self.skipped = skipped
        self.sawHeader = sawHeader
        self.mayBeTruncated = body.count > SupplicantLimits.replySize - 512
    }

    enum RowResult {
        case success(ScanEntry)
        case failure(LineProblem)
    }

    static func parseRow(_ line: ArraySlice<UInt8>) -> RowResult {
        if line.isEmpty { return .failure(.blankLine) }
        let fields = ASCII.split(line, on: ASCII.tab)
        guard fields.count == 5 else { return .failure(.fieldCount(fields.count)) }
        guard fields[0].count == 17, let bssid = BSSID(ASCII.string(fields[0])) else { return .failure(.badBSSID) }
        guard let freq = WpaBytes.parseUnsigned(fields[1]), freq >= 1, freq <= 100_000 else {
            return .failure(.badFrequency)
        }
        guard let signal = WpaBytes.parseInt(fields[2]), signal >= -1000, signal <= 1000 else {
            return .failure(.badSignal)
        }
        guard let flags = ScanFlags(fields[3]) else { return .failure(.badFlags) }
        guard let ssid = PrintfEscaping.decodeSSID(fields[4]) else { return .failure(.badSSID) }
        return .success(ScanEntry(ssid: ssid, bssid: bssid, rssi: signal, frequency: freq, security: flags.security))
    }
}
