import HotspotCore

/// A short conversation with wpa_supplicant as a pure state machine: it names the next command, reads each
/// reply and ends with a result or a typed error. Plans never do I/O, so the blocking CLI and the daemon's
/// poll loop run the same plan: `start()` once, then `received(_:)` with the reply to each `.send`.
public protocol SupplicantPlan {
    associatedtype Result
    mutating func start() -> SupplicantPlanStep<Result>
    /// The reply datagram to the command of the last `.send`.
    mutating func received(_ reply: [UInt8]) -> SupplicantPlanStep<Result>
}

/// What a plan wants next.
public indirect enum SupplicantPlanStep<Result> {
    /// Send this command and hand its reply to `received(_:)`.
    case send(SupplicantCommand)
    case finished(Result)
    case failed(SupplicantPlanError)
}

extension SupplicantPlanStep: Equatable where Result: Equatable {}
extension SupplicantPlanStep: Sendable where Result: Sendable {}

/// Why a plan stopped. Commands appear as their log text, never with secrets (`SET_NETWORK 0 psk [redacted]`);
/// wpa_supplicant's answers as escaped excerpts.
public indirect enum SupplicantPlanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A join or forget of the empty SSID: it would match nothing.
    case emptySSID
    /// Only open and WPA personal networks are joined this way.
    case unsupportedSecurity(SecurityType)
    /// A personal network without a passphrase.
    case passphraseRequired
    /// An open network given a passphrase: the caller mixed two networks up.
    case passphraseForOpenNetwork
    /// wpa_supplicant answered FAIL, UNKNOWN COMMAND or anything else than the command's good answer.
    case refused(command: String, answer: String)
    /// The answer has the right kind but cannot be read (LIST_NETWORKS without its header, a BSS page
    /// that cannot be continued).
    case unreadableReply(command: String, answer: String)
    /// A paged listing that did not end within the page limit.
    case tooManyPages(command: String, pages: Int)
    /// `received(_:)` was called when no command was outstanding: a bug in the plan's runner.
    case replyOutOfTurn

    public var description: String {
        switch self {
        case .emptySSID: return "an empty SSID matches no network"
        case .unsupportedSecurity(let security):
            return "cannot join " + security.rawValue + " networks (open and WPA personal only)"
        case .passphraseRequired: return "a WPA personal network needs a passphrase"
        case .passphraseForOpenNetwork: return "an open network takes no passphrase"
        case .refused(let command, let answer): return command + ": wpa_supplicant answered " + answer
        case .unreadableReply(let command, let answer): return command + ": unreadable answer " + answer
        case .tooManyPages(let command, let pages):
            return command + ": the listing did not end within " + pages.description + " pages"
        case .replyOutOfTurn: return "a reply arrived when no command was outstanding"
        }
    }

    static func refusal(_ command: SupplicantCommand, _ reply: [UInt8]) -> SupplicantPlanError {
        .refused(command: Self.text(command), answer: Self.answer(reply))
    }

    static func unreadable(_ command: SupplicantCommand, _ reply: [UInt8]) -> SupplicantPlanError {
        .unreadableReply(command: Self.text(command), answer: Self.answer(reply))
    }

    @inline(never)
    static func text(_ command: SupplicantCommand) -> String { command.logDescription ?? "a command" }

    /// `FAIL`, `UNKNOWN COMMAND`, an escaped excerpt of a table, or `nothing` for an empty datagram.
    @inline(never)
    static func answer(_ reply: [UInt8]) -> String {
        let trimmed = ASCII.trimTrailingNewlines(reply[...])
        return trimmed.isEmpty ? "nothing" : PrintfEscaping.excerpt(trimmed)
    }
}
