/// A network the router could join, and how it ranks.
public struct UplinkCandidate: Hashable, Sendable {
    public var target: JoinTarget
    public var priority: Int
    public var confidence: Confidence
    public var signalStrength: Double
    /// The helper whose filterScanList claim made it a candidate; nil for a known network.
    public var claimedBy: String?

    public init(target: JoinTarget, priority: Int, confidence: Confidence, signalStrength: Double,
                claimedBy: String?) {
        self.target = target
        self.priority = priority
        self.confidence = confidence
        self.signalStrength = signalStrength
        self.claimedBy = claimedBy
    }

    public var ssid: SSID { target.ssid }
}
