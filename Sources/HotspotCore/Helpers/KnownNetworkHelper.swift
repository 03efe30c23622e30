/// The built-in `known` helper: the owner's configured networks (UCI `network` sections) as a helper, so
/// they go through the same model as any venue's. It claims the visible ones in filterScanList with their
/// passphrase and high confidence, evaluates `high` for its own networks (`none` for others), and
/// authenticates, maintains and logs off at once: a network with a key needs no login.
public enum KnownNetworkHelper {
    /// The name a `builtin` helper gives to select it.
    public static let program = "known"

    public static func respond(to request: HelperRequest, networks: [KnownNetwork]) -> HelperResponse {
        switch request.command {
        case .filterScanList:
            var claims: [HelperClaim] = []
            for i in request.scanList.indices where !request.scanList[i].ssid.isEmpty {
                let ssid = request.scanList[i].ssid
                guard let k = KnownNetwork.matching(ssid, networks) else { continue }
                var claimed = false
                for j in claims.indices where claims[j].ssid == ssid { claimed = true }
                if !claimed { claims.append(HelperClaim(ssid: ssid, password: k.passphrase, confidence: .high)) }
            }
            return HelperResponse(result: .success, claims: claims)
        case .evaluate:
            // Case patterns, not `!= nil`: that compared two optional networks whole (smaller on the router).
            var mine = false
            if let n = request.network, case .some = KnownNetwork.matching(n.ssid, networks) { mine = true }
            return HelperResponse(result: .success, confidence: mine ? .high : Confidence.none)
        case .authenticate, .maintain, .logoff:
            return HelperResponse(result: .success)
        case .presentUI:
            // It never asks for UI, so an answer to one is not its business.
            return HelperResponse(result: .failure)
        }
    }
}
