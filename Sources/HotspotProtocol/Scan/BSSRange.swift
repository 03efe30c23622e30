import HotspotCore

/// A `BSS RANGE=<from>-` (or `RANGE=ALL`) reply with the `delimiter` mask bit: entries separated by `====`,
/// the last entry of wpa_supplicant's whole list closed by `####`. A reply cut at `SupplicantLimits.replySize`
/// ends with `====`: ask again from `nextID`.
///
/// Only for a MASK with `.delimiter` (without it entries cannot even be told apart): wpa_supplicant closes
/// every entry it sends, so an entry without its `====` / `####` was cut inside (a datagram or buffer too
/// small) and is dropped whole (`.truncated`), never read with a field cut short.
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
            let block = KeyValueBlock(lines: current, firstLine: currentStart)
            skipped.append(contentsOf: block.skipped)
            if let info = BSSInfo(block) {
                entries.append(info)
            } else {
                skipped.append(SkippedLine(line: currentStart, problem: .missingBSSID, bytes: current[0]))
            }
            current = []
        }

        let (lines, cut) = WpaBytes.wholeLines(body)
        // Over indices, not enumerated(): no enumerated sequence's code on the router.
        for i in lines.indices {
            let line = lines[i]
            let lineNumber = i + 1
            if sawEnd {
                skipped.append(SkippedLine(line: lineNumber, problem: .afterEndOfList, bytes: line))
            } else if ASCII.equals(line, "====") {
                finish()
            } else if ASCII.equals(line, "####") {
                finish()
                sawEnd = true
            } else {
                if current.isEmpty { currentStart = lineNumber }
                current.append(line)
            }
        }
        if !current.isEmpty {
            skipped.append(SkippedLine(line: currentStart, problem: .truncated, bytes: current[0]))
        } else if let cut {
            let problem: LineProblem = sawEnd ? .afterEndOfList : .truncated
            skipped.append(SkippedLine(line: lines.count + 1, problem: problem, bytes: cut))
        }
        self.entries = entries
        self.skipped = skipped
        // Without `####` we cannot know that the list ended (a reply cut at the reply size): the caller asks
        // again from `nextID` and an empty reply then completes the listing.
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
}
