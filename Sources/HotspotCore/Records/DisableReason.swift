/// Why auto-join of a network was disabled. Raw values are the words in the state file.
public enum DisableReason: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The helper answered `failure`.
    case helperFailed
    /// The helper answered something not valid for the command.
    case invalidResult
    case helperTimedOut
    /// The helper crashed, exited without an answer, printed garbage or could not start.
    case helperError
    /// The owner cancelled the login the helper asked for.
    case ownerCancelledUI

    public var description: String {
        switch self {
        case .helperFailed: return "the helper reported failure"
        case .invalidResult: return "the helper gave an invalid result"
        case .helperTimedOut: return "the helper timed out"
        case .helperError: return "the helper failed to run"
        case .ownerCancelledUI: return "the owner cancelled the login"
        }
    }
}
