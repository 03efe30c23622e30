/// The router's part of the model: which visible network to join, and when to leave a working uplink.
///
/// Candidates are visible networks that are known (configured or added by the owner) or claimed by a
/// helper's filterScanList, and that the router can actually join (named, and open, personal with a
/// passphrase or enterprise with EAP settings).
/// Ranking: strong before weak (`minSignal`), then priority, confidence, signal, and the SSID's bytes so
/// the choice never depends on dictionary order. Everything is one pass over dictionaries keyed by SSID.
public struct UplinkSelector: Hashable, Sendable {
    public var minSignal: Double
    public var switchMargin: Double
    public var switchScans: Int
    /// Consecutive scans so far that showed a better network than the working uplink.
    public private(set) var betterScans = 0

    public init(minSignal: Double = 0.35, switchMargin: Double = 0.15, switchScans: Int = 3) {
        self.minSignal = minSignal
        self.switchMargin = switchMargin
        self.switchScans = switchScans
    }

    /// One joinable candidate per visible SSID (blocked ones included: the caller filters, and needs the
    /// working uplink's own standing). `claims[i]` are the latest claims of `helpers[i]`. `alsoKnown` counts
    /// as known after `known` (the owner's networks after the configured ones), without a joined copy.
    public func candidates(scan: ScanList, known: [KnownNetwork], alsoKnown: [KnownNetwork] = [],
                           helpers: [HelperDescriptor], claims: [[HelperClaim]]) -> [UplinkCandidate] {
        var out: [UplinkCandidate] = []
        var index = SSIDIndex()
        func offer(_ c: UplinkCandidate) {
            if let i = index[c.ssid] {
                if ranks(c, above: out[i]) { out[i] = c }
            } else {
                index.set(c.ssid, out.count)
                out.append(c)
            }
        }
        for list in 0..<2 {
            let l = list == 0 ? known : alsoKnown
            for i in l.indices {
                let k = l[i]
                guard let v = scan.strongest(k.ssid, security: k.security),
                      let target = joinable(v, passphrase: k.passphrase, eap: k.eap, bssid: k.bssid) else {
                    continue
                }
                // The owner vouches for a network they configured: it ranks as a high-confidence claim.
                offer(UplinkCandidate(target: target, priority: k.priority, confidence: .high,
                                      signalStrength: v.signalStrength, claimedBy: nil))
            }
        }
        // Names that a prefix network starts and no network of their exact name took (Apple's order).
        for j in scan.entries.indices where index[scan.entries[j].ssid] == nil {
            let e = scan.entries[j]
            guard let k = KnownNetwork.matching(e.ssid, known, alsoKnown), k.isPrefix,
                  let v = scan.strongest(e.ssid, security: k.security),
                  let target = joinable(v, passphrase: k.passphrase, eap: k.eap, bssid: k.bssid) else { continue }
            offer(UplinkCandidate(target: target, priority: k.priority, confidence: .high,
                                  signalStrength: v.signalStrength, claimedBy: nil))
        }
        for i in helpers.indices where i < claims.count {
            let helper = helpers[i]
            for claim in claims[i] where claim.confidence > .none {
                // A claim keeps the helper model's meaning (the helper saw each BSS's security), except on a
                // network the owner gave a key or EAP settings (exact name, then the longest prefix), or one
                // claimed with EAP settings: that stays pinned to its suites whoever claims it.
                // (Ifs, not Optional.map and flatMap: each closure is code of its own on the router.)
                var pin: SecurityType? = nil
                if let k = KnownNetwork.matching(claim.ssid, known, alsoKnown), k.security != .open {
                    pin = k.security
                } else if case .some = claim.eap {
                    pin = .enterprise
                }
                var strongest: ScanEntry? = nil
                if let p = pin { strongest = scan.strongest(claim.ssid, security: p) } else { strongest = scan.strongest(claim.ssid) }
                guard let v = strongest,
                      let target = joinable(v, passphrase: claim.password, eap: claim.eap, bssid: claim.bssid)
                else { continue }
                offer(UplinkCandidate(target: target, priority: helper.priority, confidence: claim.confidence,
                                      signalStrength: v.signalStrength, claimedBy: helper.name))
            }
        }
        return out
    }

    /// The total order of candidates, best first.
    @inline(never)
    public func ranks(_ a: UplinkCandidate, above b: UplinkCandidate) -> Bool {
        let aStrong = a.signalStrength >= minSignal, bStrong = b.signalStrength >= minSignal
        if aStrong != bStrong { return aStrong }
        if a.priority != b.priority { return a.priority > b.priority }
        if a.confidence != b.confidence { return a.confidence > b.confidence }
        if a.signalStrength != b.signalStrength { return a.signalStrength > b.signalStrength }
        if a.ssid != b.ssid { return a.ssid < b.ssid }
        // Same network: a claim with a password beats one without; then the known network.
        if a.target.passphrase.isPresent != b.target.passphrase.isPresent { return a.target.passphrase.isPresent }
        return a.claimedBy == nil && b.claimedBy != nil
    }

    /// Called once per scan while the uplink works. True when `best` has beaten `current` for
    /// `switchScans` scans in a row: a better rank, or the same rank and `switchMargin` more signal, or
    /// the uplink fell below `minSignal` while `best` is above it.
    public mutating func shouldLeave(_ current: UplinkCandidate, for best: UplinkCandidate?) -> Bool {
        guard let b = best, b.signalStrength >= minSignal else {
            betterScans = 0
            return false
        }
        let better: Bool
        if current.signalStrength < minSignal {
            better = true
        } else if b.priority != current.priority {
            better = b.priority > current.priority
        } else if b.confidence != current.confidence {
            better = b.confidence > current.confidence
        } else {
            better = b.signalStrength >= current.signalStrength + switchMargin
        }
        guard better else {
            betterScans = 0
            return false
        }
        betterScans += 1
        if betterScans >= switchScans {
            betterScans = 0
            return true
        }
        return false
    }

    public mutating func resetHysteresis() { betterScans = 0 }

    /// The join target for a visible network, or nil when the router cannot join it with what it has.
    /// A hidden network (empty SSID) never is: wpa_supplicant cannot be told an empty name.
    @inline(never)
    func joinable(_ v: ScanEntry, passphrase: Passphrase?, eap: EAPSettings?, bssid: BSSID?) -> JoinTarget? {
        guard !v.ssid.isEmpty else { return nil }
        var t = JoinTarget(ssid: v.ssid, security: v.security, bssid: bssid)
        t.radio = v.radio
        switch v.security {
        case .open:
            break
        case .personal:
            guard passphrase.isPresent else { return nil }
            t.passphrase = passphrase
        case .enterprise:
            guard eap != nil else { return nil }
            t.eap = eap
        case .wep, .unknown:
            return nil
        }
        return t
    }
}
