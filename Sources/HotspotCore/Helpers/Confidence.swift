/// How sure a helper is that it can handle a network (Apple's NEHotspotHelperConfidence).
public enum Confidence: String, CaseIterable, Hashable, Comparable, Sendable {
    case none, low, high

    var rank: Int {
        switch self {
        case .none: return 0
        case .low: return 1
        case .high: return 2
        }
    }

    public static func < (a: Confidence, b: Confidence) -> Bool { a.rank < b.rank }
}
