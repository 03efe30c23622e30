/// A command the core sends to a helper (Apple's NEHotspotHelperCommandType, without `none`).
/// Raw values are the words external helpers see as their first argument.
public enum HelperCommand: String, CaseIterable, Hashable, Sendable {
    case filterScanList, evaluate, authenticate, presentUI, maintain, logoff

    /// The results docs/architecture.md §2 allows for this command; any other result counts as `failure`.
    public func accepts(_ result: HelperResult) -> Bool {
        switch self {
        case .filterScanList, .evaluate:
            return result == .success
        case .authenticate:
            switch result {
            case .success, .uiRequired, .unsupportedNetwork, .temporaryFailure, .failure: return true
            case .commandNotRecognized, .authenticationRequired: return false
            }
        case .presentUI:
            // uiRequired here is our extension of the model: the portal refused the owner's answers and
            // asks again (the owner is the UI on a router).
            switch result {
            case .success, .uiRequired, .unsupportedNetwork, .temporaryFailure, .failure: return true
            case .commandNotRecognized, .authenticationRequired: return false
            }
        case .maintain:
            switch result {
            case .success, .authenticationRequired, .temporaryFailure, .failure: return true
            case .uiRequired, .commandNotRecognized, .unsupportedNetwork: return false
            }
        case .logoff:
            return result == .success || result == .failure
        }
    }

    /// Every command but presentUI has `command_timeout`: presentUI waits on a person.
    public var hasTimeLimit: Bool { self != .presentUI }

    /// filterScanList and evaluate are evaluation: they run without network access in the sandbox.
    public var isEvaluation: Bool { self == .filterScanList || self == .evaluate }
}
