/// The eight states of docs/architecture.md §2, as `hotspotd status` names them. The machine's own state carries
/// more (which helper, which request); this is its public face.
public enum HotspotState: String, CaseIterable, Hashable, Sendable {
    case inactive, evaluating, authenticating, presentingUI, authenticated, maintaining, loggingOff, failure

    /// The uplink carries traffic for the owner's devices.
    public var isUsable: Bool { self == .authenticated || self == .maintaining }
}
