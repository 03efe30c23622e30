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
    /// authenticate / presentUI / maintain success: the venue's session ends this long from now (RFC 8908's
    /// seconds-remaining, a WISPr session timeout); shown by `hotspotd status`, and maintain runs before it.
    public var sessionRemainingMs: Int64?
    /// authenticate / presentUI success: the owner's answers (typed now, or remembered) were accepted here.
    public var acceptedAnswers: AcceptedAnswers? = nil
    /// evaluate / authenticate / presentUI / maintain: what each probe URL saw at the verdict (`probe=` lines).
    public var probes: [String] = []

    public init(result: HelperResult, confidence: Confidence? = nil, claims: [HelperClaim] = [],
                ui: UIRequest? = nil, maintainAfterMs: Int64? = nil, sessionRemainingMs: Int64? = nil) {
        self.sessionRemainingMs = sessionRemainingMs
        self.result = result
        self.confidence = confidence
        self.claims = claims
        self.ui = ui
        self.maintainAfterMs = maintainAfterMs
    }
}

/// Where a portal accepted the owner's answers (`answers_accepted`, `answers_gateway`).
public struct AcceptedAnswers: Hashable, Sendable {
    public var origin: String
    /// The gateway's MAC address when the answers went unencrypted; nil over verified https.
    public var gateway: String?

    public init(origin: String, gateway: String? = nil) {
        self.origin = origin
        self.gateway = gateway
    }
}
