/// The router's part: choosing, joining and leaving the uplink.
extension HotspotMachine {
    /// A BSS that carries the name of a network the owner gave a key (or EAP settings) but offers another
    /// security: an evil twin (or a misconfigured AP), never joined (UplinkSelector pins keyed networks).
    @inline(never)
    func isLookalike(_ e: ScanEntry) -> Bool {
        // The network this name joins as (exact name first, then the longest prefix), searched in place.
        guard let k = KnownNetwork.matching(e.ssid, configuration.knownNetworks, ownerNetworks) else { return false }
        let s = k.security
        return s != .open && s != e.security
    }

    /// The best candidate whose network is not blocked, but `except`'s, by a loop: a closure over `self`
    /// would copy the whole machine, and a filtered copy of the list for the selector's search is code too.
    func bestUnblocked(_ all: [UplinkCandidate], except ssid: SSID?) -> UplinkCandidate? {
        var best: Int? = nil
        for i in all.indices where !isBlocked(all[i].ssid) {
            if let s = ssid, all[i].ssid == s { continue }
            if let b = best, !selector.ranks(all[i], above: all[b]) { continue }
            best = i
        }
        guard let b = best else { return nil }
        return all[b]
    }

    /// The scan's look-alikes, by a loop: `filter(isLookalike)` would copy the machine into the closure.
    func lookalikes() -> [ScanEntry] {
        var found: [ScanEntry] = []
        for i in scan.entries.indices where isLookalike(scan.entries[i]) { found.append(scan.entries[i]) }
        return found
    }

    @inline(never)
    mutating func reportLookalikes() {
        for i in scan.entries.indices where isLookalike(scan.entries[i]) && !reportedLookalikes.contains(scan.entries[i].bssid) {
            let e = scan.entries[i]
            if reportedLookalikes.count >= 64 { reportedLookalikes.removeAll() }
            reportedLookalikes.append(e.bssid)
            say(.warning, e.ssid, "passed over a look-alike:",
                e.security.rawValue + " BSS " + e.bssid.description + " of a network you gave a key")
        }
    }

    func currentCandidates() -> [UplinkCandidate] {
        var claims: [[HelperClaim]] = []
        if configuration.preferences.isEnabled {
            for i in slots.indices { claims.append(slots[i].claims) }
        }
        // Configured networks first, then the owner's (the selector keeps the better per SSID).
        return selector.candidates(scan: scan, known: configuration.knownNetworks, alsoKnown: ownerNetworks,
                                   helpers: configuration.helpers, claims: claims)
    }

    /// With no link: join the best candidate. On a working uplink, after a scan: leave it only when the
    /// hysteresis agrees. Never while joining, nor while helpers are busy with the network, nor on the
    /// network the owner chose.
    mutating func selectUplink(afterScan: Bool) {
        switch link {
        case .joining, .associated:
            return
        case .down:
            selector.resetHysteresis()
            let all = currentCandidates()
            // Blocked networks are left out by `bestUnblocked`'s loop: a closure over `self` here copies the machine.
            guard let best = bestUnblocked(all, except: nil) else {
                // A hidden network is not in scans by name: tried blind when a scan shows no candidate (a
                // failed try backs off like any join).
                guard afterScan else { return }
                for list in 0..<2 {
                    let l = list == 0 ? configuration.knownNetworks : ownerNetworks
                    for i in l.indices where l[i].isHidden && !isBlocked(l[i].ssid) {
                        let k = l[i]
                        say(.info, k.ssid, "trying the hidden network")
                        return startJoin(JoinTarget(ssid: k.ssid, security: k.security, passphrase: k.passphrase))
                    }
                }
                return
            }
            say(.info, best.ssid, "joining; claimed by", best.claimedBy ?? "a known network")
            startJoin(best.target)
        case .online(let info):
            guard afterScan else { return }
            if let c = uplinkWithoutInternet, isNetchecked, !info.isOwnerChoice, hasOtherCandidate(than: info.ssid) {
                return leaveWithoutInternet(c)
            }
            guard case .authenticated = phase, !info.isOwnerChoice else {
                selector.resetHysteresis()
                return
            }
            let all = currentCandidates()
            let best = bestUnblocked(all, except: info.ssid)
            var listed: UplinkCandidate? = nil
            for i in all.indices where all[i].ssid == info.ssid {
                listed = all[i]
                break
            }
            var current = listed ?? UplinkCandidate(target: JoinTarget(ssid: info.ssid, security: info.security),
                                                    priority: Int.min, confidence: .none, signalStrength: 0, claimedBy: nil)
            current.signalStrength = SignalStrength.fromDBm(info.rssi)
            guard selector.shouldLeave(current, for: best), let b = best else { return }
            say(.notice, info.ssid, "leaving for a better network:", b.ssid.description)
            emit(.disconnect)
            dropLink()
            startJoin(b.target)
        }
    }

    mutating func startJoin(_ target: JoinTarget) {
        var target = target
        let known = KnownNetwork.matching(target.ssid, ownerNetworks, configuration.knownNetworks)
        target.mac = target.mac ?? known?.mac ?? configuration.macPolicy
        target.isHidden = target.isHidden || known?.isHidden == true
        target.frequencies = knownChannels(target)
        emit(.join(target))
        link = .joining(target, since: clock)
        armTimer(.association, at: clock + configuration.associationTimeoutMs)
    }

    /// The channels the latest scan heard the target on (its locked BSS's, if any), for the scan
    /// wpa_supplicant makes for the join: one channel takes a fraction of a full scan. None from a list
    /// young enough for wpa_supplicant to join from without a scan, nor from one too old.
    func knownChannels(_ t: JoinTarget) -> [Int] {
        var f: [Int] = []
        guard let at = lastScanAt, clock - at > Self.freshScanMs, clock - at <= Self.knownChannelsMs else { return f }
        for i in scan.entries.indices {
            let e = scan.entries[i]
            if e.ssid == t.ssid && e.radio == t.radio && (t.bssid ?? e.bssid) == e.bssid && !f.contains(e.frequency) {
                f.append(e.frequency)
            }
        }
        return f
    }

    /// The associated BSS's signal and frequency from the latest scan.
    mutating func refreshLinkFromScan() {
        switch link {
        case .associated(var info):
            if refresh(&info) { link = .associated(info) }
        case .online(var info):
            if refresh(&info) { link = .online(info) }
        case .down, .joining:
            break
        }
    }

    func refresh(_ info: inout LinkInfo) -> Bool {
        guard let b = info.bssid, let e = scan.entry(bssid: b) else { return false }
        info.rssi = e.rssi
        info.frequency = e.frequency
        return true
    }
}
