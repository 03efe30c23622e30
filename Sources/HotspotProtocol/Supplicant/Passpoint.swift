import HotspotCore

/// A Passpoint (Hotspot 2.0) credential from `config passpoint`: wpa_supplicant's interworking picks a
/// network that accepts it by ANQP (NAI realm, roaming consortium OIs such as OpenRoaming's 5a03ba0000).
/// Its EAP settings are checked like an enterprise network's (`EAPSettings.problem()`: CA and domain always);
/// then `values` gains, by `Passpoint.name(_:)` index, realm, domain, roaming_consortiums and phase2.
public enum Passpoint {
    /// `SET_CRED` names by `EAPSettings.Field` index (their own but username), then realm, the home operator's domain (FQDN, shown as
    /// `home_sp=` once joined), the OIs (comma-separated hex text), phase2 (without it, a network matched by
    /// its OI alone gets MSCHAPv2 inside TTLS). Credentials have no anonymous identity (index 2, never sent).
    static func name(_ f: Int) -> StaticString {
        f == 1 ? "username" : f < 8 ? EAPSettings.names[f]
            : f == 8 ? "realm" : f == 9 ? "domain" : f == 10 ? "roaming_consortiums" : "phase2"
    }

    /// Every command that gives wpa_supplicant `credentials`, after each (re)attach since a restarted
    /// wpa_supplicant has none: `REMOVE_CRED all` (an earlier run's), interworking, Hotspot 2.0 and its
    /// automatic selection on, then `ADD_CRED` and its `SET_CRED`s for each. Sent without waiting for ids:
    /// with no credential left, wpa_supplicant numbers new ones from 0 (`wpa_config_add_cred`).
    public static func commands(_ credentials: [EAPSettings]) -> [SupplicantCommand] {
        var out: [SupplicantCommand] = [.passpoint(0), .passpoint(1), .passpoint(2), .passpoint(3)]
        // Over indices, not enumerated(): no enumerated sequence's code on the router.
        for id in credentials.indices {
            out.append(.passpoint(4))
            let values = credentials[id].values
            for f in values.indices where f != 2 && !values[f].isEmpty { out.append(.setCredential(id, field: f, values[f])) }
        }
        return out
    }
}
