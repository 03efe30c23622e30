/// One thing a helper wants a person to fill in after `uiRequired` (a user name, a room number, a code).
public struct UIField: Hashable, Sendable {
    public var name: String
    public var prompt: String
    /// Shown masked by `hotspotd ui`.
    public var isSecret: Bool

    public init(name: String, prompt: String = "", isSecret: Bool = false) {
        self.name = name
        self.prompt = prompt
        self.isSecret = isSecret
    }
}

/// What an authenticate answer of `uiRequired` asks of the owner; kept in the state so `hotspotd ui` can show it.
public struct UIRequest: Hashable, Sendable {
    public var fields: [UIField]
    /// The captive portal page, for an owner who prefers a browser.
    public var portalURL: String?
    public var message: String?
    /// The owner's earlier answers to non-secret fields, when the portal refused them (shown to retype).
    public var earlierAnswers: [UIAnswer]
    /// How many times in a row the portal refused the owner's answers on this association.
    public var refusals: Int

    public init(fields: [UIField] = [], portalURL: String? = nil, message: String? = nil,
                earlierAnswers: [UIAnswer] = [], refusals: Int = 0) {
        self.fields = fields
        self.portalURL = portalURL
        self.message = message
        self.earlierAnswers = earlierAnswers
        self.refusals = refusals
    }

    /// Refused answers in a row after which the network is left (with an ordinary backoff): hotel systems
    /// lock a room's access after a few wrong tries, so the owner is not asked forever.
    public static let maxRefusals = 3

    public func hasField(named name: String) -> Bool {
        for i in fields.indices where ASCII.same(fields[i].name, name) { return true }
        return false
    }
}
