import HotspotCore

/// A Passpoint (Hotspot 2.0) credential from `config passpoint`: wpa_supplicant's interworking picks a
/// network that accepts it by ANQP (NAI realm, roaming consortium OIs such as OpenRoaming's 5a03ba0000).
/// Its EAP settings are checked like an enterprise network's (`EAPSettings.problem()`: CA and domain always).
public struct PasspointCredential: Hashable, Sendable {
    public var eap = EAPSettings()
    public var realm: [UInt8] = []
    /// The home operator's domain (FQDN); wpa_supplicant shows it as `home_sp=` once joined.
    public var domain: [UInt8] = []
    /// Comma-separated OIs in hex, as wpa_supplicant's `roaming_consortiums` reads them.
    public var consortiums: [UInt8] = []

    public init() {}

    /// `SET_CRED` names by `EAPSettings.Field` index, then realm, domain, roaming_consortiums, phase2 (without
    /// it, a network matched by its OI alone gets MSCHAPv2 inside TTLS); wpa_supplicant's
    /// credentials have no anonymous identity (index 2, never sent).
    static let names: [StaticString] = [
        "eap", "username", "", "password", "ca_cert", "domain_suffix_match", "client_cert", "private_key",
        "realm", "domain", "roaming_consortiums", "phase2",
    ]

    /// The `SET_CRED` commands of credential `id`, for the values given.
    func commands(_ id: Int) -> [SupplicantCommand] {
        let values = eap.values + [realm, domain, consortiums, eap.phase2]
        return values.indices.compactMap { f in
            f == 2 || values[f].isEmpty ? nil : .setCredential(id, field: f, values[f])
        }
    }
}

/// Gives wpa_supplicant the Passpoint credentials, after each (re)attach since a restarted wpa_supplicant has
/// none: `REMOVE_CRED all` (an earlier run's), interworking, Hotspot 2.0 and its automatic selection on,
/// then `ADD_CRED` and `SET_CRED` for each. Every command must answer OK (ADD_CRED: the new id).
public struct PasspointPlan: SupplicantPlan {
    public typealias Result = Int

    public let credentials: [PasspointCredential]
    var queue: [SupplicantCommand] = []
    var sent: SupplicantCommand? = nil
    var added = 0

    public init(_ credentials: [PasspointCredential]) { self.credentials = credentials }

    public mutating func start() -> SupplicantPlanStep<Int> {
        added = 0
        queue = (0..<4).map { .passpoint($0) }
        return next()
    }

    public mutating func received(_ reply: [UInt8]) -> SupplicantPlanStep<Int> {
        guard let c = sent else { return .failed(.replyOutOfTurn) }
        sent = nil
        if c == .passpoint(4) {
            guard let id = ASCII.integer(ASCII.trimTrailingNewlines(reply[...]), maxDigits: 9), id >= 0 else {
                return .failed(.unreadable(c, reply))
            }
            queue = credentials[added].commands(id)
            added += 1
        } else if SupplicantReply(reply) != .ok {
            return .failed(.refusal(c, reply))
        }
        return next()
    }

    mutating func next() -> SupplicantPlanStep<Int> {
        if queue.isEmpty {
            guard added < credentials.count else { return .finished(added) }
            queue = [.passpoint(4)]
        }
        sent = queue.removeFirst()
        return .send(sent!)
    }
}
