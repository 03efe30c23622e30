/// A command the core sends to a helper (Apple's NEHotspotHelperCommandType, without `none`).
/// Raw values are the words external helpers see as their first argument.
public enum HelperCommand: String, CaseIterable, Hashable, Sendable {
    case filterScanList, evaluate, authenticate, presentUI, maintain, logoff

    /// The results design.md §2 allows for this command; any other result counts as `failure`.
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
            switch result {
            case .success, .unsupportedNetwork, .temporaryFailure, .failure: return true
            case .uiRequired, .commandNotRecognized, .authenticationRequired: return false
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

/// The commands a helper declares it handles; a helper is only ever sent those.
public struct HelperCommandSet: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ commands: [HelperCommand]) {
        self.rawValue = 0
        for c in commands { insert(c) }
    }

    static func bit(_ c: HelperCommand) -> UInt8 {
        switch c {
        case .filterScanList: return 1
        case .evaluate: return 2
        case .authenticate: return 4
        case .presentUI: return 8
        case .maintain: return 16
        case .logoff: return 32
        }
    }

    public static let all = HelperCommandSet(rawValue: 63)

    public func contains(_ c: HelperCommand) -> Bool { rawValue & HelperCommandSet.bit(c) != 0 }
    public mutating func insert(_ c: HelperCommand) { rawValue |= HelperCommandSet.bit(c) }
    public mutating func remove(_ c: HelperCommand) { rawValue &= ~HelperCommandSet.bit(c) }

    /// In HelperCommand order.
    public var commands: [HelperCommand] { HelperCommand.allCases.filter { contains($0) } }
}
