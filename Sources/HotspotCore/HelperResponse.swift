/// A network a helper claims in its filterScanList answer, with the password only it can supply.
public struct HelperClaim: Hashable, Sendable {
    public var ssid: SSID
    /// A specific access point, when the helper cares.
    public var bssid: BSSID?
    public var password: String?
    public var confidence: Confidence

    public init(ssid: SSID, bssid: BSSID? = nil, password: String? = nil, confidence: Confidence) {
        self.ssid = ssid
        self.bssid = bssid
        self.password = password
        self.confidence = confidence
    }
}

/// A helper's answer, parsed by the driver. Only the parts valid for the command are used.
public struct HelperResponse: Hashable, Sendable {
    public var result: HelperResult
    /// evaluate: how sure the helper is (none when absent).
    public var confidence: Confidence?
    /// filterScanList: the networks it claims.
    public var claims: [HelperClaim]
    /// authenticate with uiRequired: what to ask the owner.
    public var ui: UIRequest?
    /// authenticate / presentUI / maintain success: maintain again no later than this (e.g. RFC 8908's
    /// seconds-remaining), if sooner than `maintain_interval`.
    public var maintainAfterMs: Int64?

    public init(result: HelperResult, confidence: Confidence? = nil, claims: [HelperClaim] = [],
                ui: UIRequest? = nil, maintainAfterMs: Int64? = nil) {
        self.result = result
        self.confidence = confidence
        self.claims = claims
        self.ui = ui
        self.maintainAfterMs = maintainAfterMs
    }
}

/// Why a helper produced no answer. Every one of them counts as `failure` for the command.
public enum HelperFailure: Hashable, Sendable, CustomStringConvertible {
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
