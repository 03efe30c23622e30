import HotspotCore

/// Why a line of a reply was dropped. The rest of the reply is still used.
public enum LineProblem: Equatable, Sendable {
    /// A table row with this many tab-separated fields instead of the expected number.
    case fieldCount(Int)
    case badBSSID
    case badFrequency
    case badSignal
    case badFlags
    /// The SSID decodes to more than 32 bytes.
    case badSSID
    case badNetworkID
    /// A blank line inside a table or block.
    case blankLine
    /// A key=value line without `=` or with an empty key.
    case notKeyValue
    /// A BSS entry without a usable `bssid=` line.
    case missingBSSID
    /// Lines after the end-of-list marker `####`.
    case afterEndOfList
    /// The reply ends inside this line (no `\n`), or inside this BSS entry (no `====` / `####`): what it holds
    /// may be cut short, so none of it is used.
    case truncated
}

/// A dropped line: where it was (1-based line number in the reply) and why, with an escaped excerpt.
public struct SkippedLine: Equatable, Sendable {
    public let line: Int
    public let problem: LineProblem
    public let excerpt: String

    init(line: Int, problem: LineProblem, bytes: ArraySlice<UInt8>) {
        self.line = line
        self.problem = problem
        self.excerpt = WpaBytes.excerpt(bytes)
    }
}
