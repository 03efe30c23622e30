/// The last time a network failed, for `hotspotd status`.
public struct FailureRecord: Hashable, Sendable {
    public var ssid: SSID
    public var helper: String?
    public var reason: String
    /// True when auto-join of the network is now disabled; false when it only waits (backoff).
    public var autoJoinDisabled: Bool
    /// When it may be joined again by itself; nil for "when the owner enables it".
    public var retryAt: Int64?
    public var at: Int64
    /// A later success on the network, or the owner's `enable` / `join`, has put it behind: shown as past.
    public var isResolved = false

    public init(ssid: SSID, helper: String?, reason: String, autoJoinDisabled: Bool, retryAt: Int64?, at: Int64) {
        self.ssid = ssid
        self.helper = helper
        self.reason = reason
        self.autoJoinDisabled = autoJoinDisabled
        self.retryAt = retryAt
        self.at = at
    }
}
