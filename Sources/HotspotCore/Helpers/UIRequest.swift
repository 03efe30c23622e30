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
    /// Where the answers would go (`http://host[:port]`), and how: said plainly before the owner answers.
    public var answersOrigin: String? = nil
    public var answersTransport: AnswersTransport? = nil
    /// The portal refused the answers remembered for it (authenticate): they are forgotten, the owner asked.
    public var refusedRemembered = false

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

/// How the owner's answers would travel to the portal's origin.
public enum AnswersTransport: String, Hashable, Sendable {
    /// Plain http: as the owner's browser would send them, readable on the venue's network.
    case http
    /// https whose certificate did not verify (a controller's self-signed default): no better than http.
    case httpsUnverified = "https-unverified"
    case https

    /// False for the two that anyone on the venue's network (or posing as the portal) can read.
    public var isEncrypted: Bool { self == .https }

    /// The one whose raw value is `word`, compared as bytes: `init(rawValue:)` compares Strings, which brings
    /// Unicode normalisation into the router binary for three ASCII words.
    public init?(word: ArraySlice<UInt8>) {
        let text = ASCII.string(word)
        for t in [AnswersTransport.http, .httpsUnverified, .https] where ASCII.same(t.rawValue, text) {
            self = t
            return
        }
        return nil
    }
}
