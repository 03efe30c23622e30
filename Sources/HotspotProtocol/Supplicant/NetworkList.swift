import HotspotCore

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

/// The LIST_NETWORKS reply (header `network id / ssid / bssid / flags`). A last row without its `\n` was cut
/// short and is dropped (`.truncated`).
public struct NetworkList: Equatable, Sendable {
    public let networks: [ConfiguredNetwork]
    public let skipped: [SkippedLine]
    public let sawHeader: Bool

    public static func parse(_ datagram: [UInt8]) throws(SupplicantReplyError) -> NetworkList {
        let body = try SupplicantReply.body(datagram)
        var networks: [ConfiguredNetwork] = []
        var skipped: [SkippedLine] = []
        var sawHeader = false
        let (lines, cut) = WpaBytes.wholeLines(body)
        // Over indices, not enumerated(): no enumerated sequence's code on the router.
        for i in lines.indices {
            let line = lines[i]
            if i == 0, ASCII.equals(line, "network id / ssid / bssid / flags") {
                sawHeader = true
                continue
            }
            switch Self.parseRow(line) {
            case .success(let n): networks.append(n)
            case .failure(let p): skipped.append(SkippedLine(line: i + 1, problem: p, bytes: line))
            }
        }
        if let cut { skipped.append(SkippedLine(line: lines.count + 1, problem: .truncated, bytes: cut)) }
        return NetworkList(networks: networks, skipped: skipped, sawHeader: sawHeader)
    }

    enum RowResult {
        case success(ConfiguredNetwork)
        case failure(LineProblem)
    }

    static func parseRow(_ line: ArraySlice<UInt8>) -> RowResult {
        if line.isEmpty { return .failure(.blankLine) }
        let f = ASCII.split(line, on: ASCII.tab)
        guard f.count == 4 else { return .failure(.fieldCount(f.count)) }
        guard let n = WpaBytes.parseUnsigned(f[0]), let id = NetworkID(n) else { return .failure(.badNetworkID) }
        guard let ssid = PrintfEscaping.decodeSSID(f[1]) else { return .failure(.badSSID) }
        var bssid: BSSID? = nil
        if !ASCII.equals(f[2], "any") {
            guard f[2].count == 17, let b = BSSID(ASCII.string(f[2])) else { return .failure(.badBSSID) }
            bssid = b
        }
        guard let flags = ScanFlags(f[3]) else { return .failure(.badFlags) }
        return .success(ConfiguredNetwork(id: id, ssid: ssid, bssid: bssid, flags: flags))
    }
}
