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

    public init(fields: [UIField] = [], portalURL: String? = nil, message: String? = nil) {
        self.fields = fields
        self.portalURL = portalURL
        self.message = message
    }

    public func hasField(named name: String) -> Bool { fields.contains { $0.name == name } }
}
