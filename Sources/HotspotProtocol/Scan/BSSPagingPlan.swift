import HotspotCore

/// wpa_supplicant's whole BSS table: `BSS RANGE=<from>- MASK=…` pages, each as large as the reply limit
/// allows, until the end-of-list marker (or an empty page) shows that nothing is left.
public struct BSSPagingPlan: SupplicantPlan {
    public typealias Result = [BSSInfo]

    public static let maximumPages = 64

    public let mask: BSSMask
    var entries: [BSSInfo] = []
    var pages = 0
    /// The first id of the outstanding page.
    var from: Int? = nil

    /// `mask` must include `.id` (pages continue after the last id seen) and `.delimiter` (the end marker).
    public init(mask: BSSMask = .scanListing) {
        // .id and .delimiter as bits: no array literal for the union.
        self.mask = BSSMask(rawValue: mask.rawValue | BSSMask.id.rawValue | BSSMask.delimiter.rawValue)
    }

    public mutating func start() -> SupplicantPlanStep<Result> {
        entries = []
        pages = 0
        return page(from: 0)
    }

    public mutating func received(_ reply: [UInt8]) -> SupplicantPlanStep<Result> {
        guard let start = from else { return .failed(.replyOutOfTurn) }
        from = nil
        let command = SupplicantCommand.bss(.range(from: start, to: nil), mask: mask)
        let range: BSSRange
        do { range = try BSSRange.parse(reply) } catch { return .failed(.refusal(command, reply)) }
        pages += 1
        entries += range.entries
        if range.isComplete { return .finished(entries) }
        // A page cut at the reply limit continues after its last id; without one it cannot go on.
        guard let next = range.nextID, next > start else { return .failed(.unreadable(command, reply)) }
        guard pages < Self.maximumPages else {
            return .failed(.tooManyPages(command: SupplicantPlanError.text(command), pages: pages))
        }
        return page(from: next)
    }

    mutating func page(from start: Int) -> SupplicantPlanStep<Result> {
        from = start
        return .send(.bss(.range(from: start, to: nil), mask: mask))
    }
}
