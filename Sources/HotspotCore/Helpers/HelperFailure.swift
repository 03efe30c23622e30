/// Why a helper produced no answer. Every one of them counts as `failure` for the command.
public indirect enum HelperFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `command_timeout` passed (the core decides this itself through its command timer).
    case timedOut
    case exited(status: Int32)
    case crashed(signal: Int32)
    case invalidOutput(String)
    case couldNotStart(String)

    public var description: String {
        switch self {
        case .timedOut: return "timed out"
        case .exited(let s): return "exited with status " + String(s)
        case .crashed(let s): return "killed by signal " + String(s)
        case .invalidOutput(let why): return "invalid output: " + why
        case .couldNotStart(let why): return "could not start: " + why
        }
    }
}
