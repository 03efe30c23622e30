/// Why preferences were refused, named after NEHotspotManager's errors.
public enum ManagerPreferencesError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The preferences break a rule (Apple's limits, unknown helper names, malformed domains).
    case configurationInvalid(String)
    /// The store itself failed (the driver reports write errors this way).
    case internalError(String)

    public var description: String {
        switch self {
        case .configurationInvalid(let why): return "configuration invalid: " + why
        case .internalError(let why): return "internal error: " + why
        }
    }
}

/// NEHotspotManager's preferences as a value: whether helpers run at all, which helper evaluates and which
/// authenticates, the portal domains, and the SSIDs that skip evaluation.
public struct ManagerPreferences: Hashable, Sendable {
    public static let maxSafariDomains = 10
    public static let maxEvaluatedSSIDs = 2

    /// Off: no helper gets any command; joined networks count as authenticated without a helper.
    public var isEnabled: Bool
    /// When set, only this helper gets filterScanList and evaluate.
    public var evaluationProvider: String?
    /// When set, the helper that authenticates (and then maintains and logs off) every network an evaluator
    /// claims, and `evaluatedSSIDs` without evaluation. When nil, a helper authenticates its own claims.
    public var authenticationProvider: String?
    /// Portal domains (Apple's safariDomains); helpers and the portal client may use them.
    public var safariDomains: [String]
    /// Networks that go straight to `authenticating` with `authenticationProvider`.
    public var evaluatedSSIDs: [SSID]

    public init(isEnabled: Bool = true, evaluationProvider: String? = nil, authenticationProvider: String? = nil,
                safariDomains: [String] = [], evaluatedSSIDs: [SSID] = []) {
        self.isEnabled = isEnabled
        self.evaluationProvider = evaluationProvider
        self.authenticationProvider = authenticationProvider
        self.safariDomains = safariDomains
        self.evaluatedSSIDs = evaluatedSSIDs
    }

    /// The preferences one by one, as `hotspotd config save` changes them (the rest keep their value).
    public struct Fields: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let isEnabled = Fields(rawValue: 1 << 0)
        public static let evaluationProvider = Fields(rawValue: 1 << 1)
        public static let authenticationProvider = Fields(rawValue: 1 << 2)
        public static let safariDomains = Fields(rawValue: 1 << 3)
        public static let evaluatedSSIDs = Fields(rawValue: 1 << 4)
        public static let all = Fields(rawValue: 0x1f)
    }

    /// One preference, declared once: its bit in `Fields`, and whether it is a list. The names the UCI file
    /// (`uciOption`), the control socket (`saveTag`) and the CLI give it are properties of it beside them.
    public enum Field: Int, CaseIterable, Sendable {
        case isEnabled, evaluationProvider, authenticationProvider, safariDomains, evaluatedSSIDs

        public var bit: Fields { Fields(rawValue: 1 << UInt8(rawValue)) }

        /// The domains and SSIDs: `config save` adds to them; the others are one value, replaced.
        public var isList: Bool {
            switch self {
            case .isEnabled, .evaluationProvider, .authenticationProvider: return false
            case .safariDomains, .evaluatedSSIDs: return true
            }
        }
    }

    /// `field` as bytes, as the UCI file and the control socket carry it: `1` or `0`; the provider's name or
    /// nothing; the domains; the SSIDs.
    public func values(of field: Field) -> [[UInt8]] {
        switch field {
        case .isEnabled: return [[isEnabled ? 0x31 : 0x30]]
        case .evaluationProvider, .authenticationProvider:
            guard let name = field == .evaluationProvider ? evaluationProvider : authenticationProvider else { return [] }
            return [Array(name.utf8)]
        case .safariDomains:
            var out: [[UInt8]] = []
            for i in safariDomains.indices { out.append(Array(safariDomains[i].utf8)) }
            return out
        case .evaluatedSSIDs:
            var out: [[UInt8]] = []
            for i in evaluatedSSIDs.indices { out.append(evaluatedSSIDs[i].bytes) }
            return out
        }
    }

    /// The inverse of `values(of:)`; false when they do not fit (not one `1` or `0`, two providers, an SSID
    /// longer than 32 bytes).
    public mutating func set(_ field: Field, _ values: [[UInt8]]) -> Bool {
        var text: [String] = []
        for i in values.indices { text.append(String(decoding: values[i], as: UTF8.self)) }
        switch field {
        case .isEnabled:
            guard values.count == 1, values[0].count == 1, values[0][0] & 0xfe == 0x30 else { return false }
            isEnabled = values[0][0] == 0x31
        case .evaluationProvider, .authenticationProvider:
            guard values.count <= 1 else { return false }
            if field == .evaluationProvider { evaluationProvider = text.first } else { authenticationProvider = text.first }
        case .safariDomains: safariDomains = text
        case .evaluatedSSIDs:
            evaluatedSSIDs = []
            for v in values {
                guard let s = SSID(bytes: v) else { return false }
                evaluatedSSIDs.append(s)
            }
        }
        return true
    }

    /// `fields` as `other` has them (load, modify, save).
    public mutating func take(_ fields: Fields, from other: ManagerPreferences) {
        if fields.contains(.isEnabled) { isEnabled = other.isEnabled }
        if fields.contains(.evaluationProvider) { evaluationProvider = other.evaluationProvider }
        if fields.contains(.authenticationProvider) { authenticationProvider = other.authenticationProvider }
        if fields.contains(.safariDomains) { safariDomains = other.safariDomains }
        if fields.contains(.evaluatedSSIDs) { evaluatedSSIDs = other.evaluatedSSIDs }
    }

    /// The fields whose bytes differ (names compared as bytes: no Unicode comparison on the router).
    public func differences(from other: ManagerPreferences) -> Fields {
        var out = Fields()
        if isEnabled != other.isEnabled { out.insert(.isEnabled) }
        if !ASCII.same(evaluationProvider, other.evaluationProvider) { out.insert(.evaluationProvider) }
        if !ASCII.same(authenticationProvider, other.authenticationProvider) { out.insert(.authenticationProvider) }
        if !ASCII.same(safariDomains, other.safariDomains) { out.insert(.safariDomains) }
        if evaluatedSSIDs != other.evaluatedSSIDs { out.insert(.evaluatedSSIDs) }
        return out
    }

    /// Checks Apple's limits and that named providers exist and can do their part.
    public func validate(helpers: [HelperDescriptor]) throws(ManagerPreferencesError) {
        if safariDomains.count > ManagerPreferences.maxSafariDomains {
            throw .configurationInvalid("at most 10 portal domains")
        }
        for d in safariDomains where !ManagerPreferences.isValidDomain(d) {
            throw .configurationInvalid("portal domain \"" + d + "\" is not a domain name")
        }
        if evaluatedSSIDs.count > ManagerPreferences.maxEvaluatedSSIDs {
            throw .configurationInvalid("at most 2 evaluated SSIDs")
        }
        for s in evaluatedSSIDs where s.isEmpty {
            throw .configurationInvalid("an evaluated SSID is empty")
        }
        for i in evaluatedSSIDs.indices {
            for j in 0..<i where evaluatedSSIDs[j] == evaluatedSSIDs[i] {
                throw .configurationInvalid("evaluated SSID " + evaluatedSSIDs[i].description + " is listed twice")
            }
        }
        // Both providers by one loop (0: evaluation, 1: authentication), each by a loop over the helpers:
        // a closure each brought its own specialised search.
        for p in 0..<2 {
            guard let name = p == 0 ? evaluationProvider : authenticationProvider else { continue }
            let role = p == 0 ? "evaluation provider \"" : "authentication provider \""
            var found = false
            for h in helpers where ASCII.same(h.name, name) {
                found = true
                if p == 0 && !h.supports(.filterScanList) && !h.supports(.evaluate) {
                    throw .configurationInvalid(role + name + "\" handles neither filterScanList nor evaluate")
                }
                if p == 1 && !h.supports(.authenticate) {
                    throw .configurationInvalid(role + name + "\" does not handle authenticate")
                }
                break
            }
            if !found { throw .configurationInvalid(role + name + "\" is not a configured helper") }
        }
        if authenticationProvider == nil && !evaluatedSSIDs.isEmpty {
            throw .configurationInvalid("evaluated SSIDs need an authentication provider")
        }
    }

    /// Letters, digits and hyphens in dot-separated labels of 1–63, at most 253 in all; a trailing dot is fine.
    public static func isValidDomain(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        guard !bytes.isEmpty && bytes.count <= 253 else { return false }
        for label in ASCII.split(bytes[...], on: UInt8(ascii: ".")) {
            guard !label.isEmpty && label.count <= 63 else { return false }
            guard label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-") else { return false }
            for b in label {
                switch b {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                     UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                    continue
                default:
                    return false
                }
            }
        }
        return true
    }
}
