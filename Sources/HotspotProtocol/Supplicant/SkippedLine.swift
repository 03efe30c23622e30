import HotspotCore

/// Why a line of a reply was dropped. The rest of the reply is still used.
public enum LineProblem: Equatable, Sendable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case .fieldCount(let n): return String(n) + " tab-separated fields, not the table's number"
        case .badBSSID: return "not a BSSID"
        case .badFrequency: return "frequency not a number of MHz in 1-100000"
        case .badSignal: return "signal level not a number in -1000..1000"
        case .badFlags: return "flags not a sequence of [TOKEN]s"
        case .badSSID: return "SSID longer than 32 bytes"
        case .badNetworkID: return "network id not a number"
        case .blankLine: return "blank line"
        case .notKeyValue: return "not a key=value line"
        case .missingBSSID: return "BSS entry without a valid bssid= line"
        case .afterEndOfList: return "after the end-of-list marker ####"
        case .truncated: return "cut short (the reply ends inside it)"
        }
    }
}

/// A dropped line: where it was (1-based line number in the reply) and why, with an escaped excerpt.
public struct SkippedLine: Equatable, Sendable, CustomStringConvertible {
    public let line: Int
    public let problem: LineProblem
    public let excerpt: String

    init(line: Int, problem: LineProblem, bytes: ArraySlice<UInt8>) {
        self.line = line
        self.problem = problem
        self.excerpt = PrintfEscaping.excerpt(bytes)
    }

    /// `line 3: not a BSSID: 02:00:00:00:01` (the excerpt is escaped).
    public var description: String { "line " + String(line) + ": " + problem.description + ": " + excerpt }
}
