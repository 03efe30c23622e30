/// The daemon's own internet check of an uplink no helper maintains (claimed by nobody, or by the built-in
/// `known` helper, which maintains nothing): the built-in portal helper's maintain, run as a helper process
/// of its own, so the portal helper's probes stay the one probe machinery. Its answer is the verdict:
/// success online, authenticationRequired a portal, temporaryFailure no internet. Claimed networks keep
/// the helper model: their helper's maintain decides.
extension HotspotMachine {
    /// The check's helper name in requests: no configured helper can have it (names have no spaces); the
    /// daemon runs the built-in portal helper for it.
    public static let netcheckHelper = "internet check"

    /// Checks in a row with the same verdict stretch the interval, up to this many times.
    static let netcheckStretch = 4

    /// The uplink is the daemon's to check: online, authenticated by no helper or by `known`, checks on.
    var isNetchecked: Bool {
        guard configuration.netcheckIntervalMs > 0, isOnline else { return false }
        switch phase {
        case .authenticated(let h):
            // Not `h.map(isKnownHelper)`: that closure would copy the whole machine.
            guard let h else { return true }
            return isKnownHelper(h)
        case .maintaining(let h, _): return isKnownHelper(h)
        case .inactive, .evaluating, .authenticating, .presentingUI, .loggingOff, .failure: return false
        }
    }

    func isKnownHelper(_ name: String) -> Bool {
        guard let i = configuration.helperIndex(named: name) else { return false }
        return configuration.helpers[i].kind == .builtin && ASCII.same(configuration.helpers[i].program, KnownNetworkHelper.program)
    }

    /// A second look that confirms no internet comes this soon after the first of an association: the
    /// first look after a join can race the DHCP client writing the uplink's DNS servers.
    static let netcheckConfirmMs: Int64 = 5_000

    /// The uplink's checks of this association found no internet, twice in a row.
    var uplinkWithoutInternet: InternetCheck? {
        guard noInternetLooks >= 2, case .online(let info) = link, let c = internet(of: info.ssid),
              c.verdict == .none, c.at >= info.since else { return nil }
        return c
    }

    /// A candidate other than `ssid` the router may join now.
    func hasOtherCandidate(than ssid: SSID) -> Bool {
        // The uplink search's own loop (a case pattern: `!= nil` would compare two optional candidates).
        if case .some = bestUnblocked(currentCandidates(), except: ssid) { return true }
        return false
    }

    /// At once when this association has no verdict yet, else after the interval, stretched while the
    /// verdict stays the same (an idle router wakes up less).
    mutating func scheduleNetcheck() {
        guard isNetchecked, netcheckAt == nil, netcheckRequest == nil, case .online(let info) = link else { return }
        var delay: Int64 = 0
        if let c = internet(of: info.ssid), c.at >= info.since {
            delay = configuration.netcheckIntervalMs * Int64(min(c.checks, HotspotMachine.netcheckStretch))
        }
        armTimer(.netcheck, at: clock + delay)
    }

    /// How often the check looks while a login waits for the owner's answers: the owner may pass the
    /// portal on a phone behind the router instead (issue 19).
    static let ownerWaitCheckMs: Int64 = 15_000

    /// A login waits for the owner's answers (none sent yet), checks on.
    var isWaitingForOwner: Bool {
        guard configuration.netcheckIntervalMs > 0, isOnline, case .presentingUI(_, _, nil) = phase else { return false }
        return true
    }

    mutating func onNetcheckTimer() {
        guard isNetchecked || isWaitingForOwner, netcheckRequest == nil else { return }
        netcheckRequest = send(HotspotMachine.netcheckHelper, .maintain, network: linkNetwork(chosen: false))
    }

    /// A hint brings the check forward at most once in this long after the latest verdict, so that a flapping
    /// route or a helper failing at every run cannot make the router check (and wake) in a storm.
    static let netcheckHintMs: Int64 = 30_000

    /// The check now, on a hint, when the daemon checks this uplink, none runs and the latest verdict of this
    /// association is older than `netcheckHintMs`.
    mutating func onInternetHint(_ hint: InternetHint) {
        guard isNetchecked, netcheckRequest == nil, case .online(let info) = link else { return }
        if let c = internet(of: info.ssid), c.at >= info.since, clock - c.at < HotspotMachine.netcheckHintMs { return }
        let why: StaticString
        switch hint {
        case .routeChanged: why = "the default route changed; checking the internet now"
        case .dnsFailed: why = "DNS through the uplink failed; checking the internet now"
        case .trafficStalled: why = "traffic goes out and nothing comes back; checking the internet now"
        }
        say(.info, info.ssid, why)
        cancelTimer(.netcheck)
        onNetcheckTimer()
    }

    /// The link is gone or the owner reloaded without checks: nothing of the check survives.
    mutating func stopNetcheck() {
        if let r = netcheckRequest {
            netcheckRequest = nil
            abandon(r)
        }
        noInternetLooks = 0
        cancelTimer(.netcheck)
    }

    mutating func onNetcheckAnswer(_ o: Outcome) {
        netcheckRequest = nil
        guard case .online(let info) = link else { return }
        let ssid = info.ssid
        let verdict: InternetCheck.Verdict
        switch o {
        case .success: verdict = .online
        case .authenticationRequired: verdict = .portal
        case .temporaryFailure: verdict = .none
        case .failed, .uiRequired, .unsupportedNetwork:
            // The check itself broke (a crash, its time limit): no verdict; tried again after the interval.
            say(.warning, ssid, "internet check failed:", o.summary)
            if isNetchecked { armTimer(.netcheck, at: clock + configuration.netcheckIntervalMs) }
            return
        }
        let i = networks.slot(ssid)
        var c = InternetCheck(verdict: verdict, since: clock, checks: 1, at: clock)
        if let old = networks.records[i].internet, old.verdict == verdict {
            c.since = old.since
            c.checks = old.checks + 1
        }
        networks.records[i].internet = c
        noInternetLooks = verdict == .none ? noInternetLooks + 1 : 0
        if case .presentingUI(let h, _, nil) = phase, isWaitingForOwner {
            guard verdict == .online else { return armTimer(.netcheck, at: clock + HotspotMachine.ownerWaitCheckMs) }
            say(.notice, ssid, "the portal lets traffic through (passed from a device behind the router)")
            return enterAuthenticated(h, hint: nil)
        }
        // A logoff or a helper took over meanwhile: the verdict is kept for status, the model decides.
        guard isNetchecked else { return }
        switch verdict {
        case .online:
            if c.checks == 1 { say(.notice, ssid, "internet reachable") }
            // Validated: earlier failures are forgiven now, not at the join (see enterAuthenticated).
            networks.records[i].backoff = nil
            resolveFailure(ssid)
            scheduleNetcheck()
        case .portal:
            // Back to evaluation, so that the portal helper claims it; `known` cannot log in to a portal.
            say(.notice, ssid, "a captive portal: evaluating again")
            abandonJoinPath()
            switch phase {
            case .authenticated(let h?), .maintaining(let h, _): excludeAndReevaluate(h)
            default: beginEvaluation()
            }
        case .none:
            if uplinkWithoutInternet == nil {
                say(.info, ssid, "no internet at the first look; looking again in 5 s")
                return armTimer(.netcheck, at: clock + HotspotMachine.netcheckConfirmMs)
            }
            if !info.isOwnerChoice && hasOtherCandidate(than: ssid) { return leaveWithoutInternet(c) }
            say(.warning, ssid, "no internet; kept, nothing else is usable:", c.summary(now: clock))
            scheduleNetcheck()
        }
    }

    /// Left for the next usable candidate, with the network's backoff (it doubles while the network stays
    /// without internet, so the router never flaps); joined again once it expires, and kept once it validates.
    mutating func leaveWithoutInternet(_ c: InternetCheck) {
        failTemporarily(nil, "no internet, " + c.checked)
    }
}
