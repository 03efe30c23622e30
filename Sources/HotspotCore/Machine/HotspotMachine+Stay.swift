/// A stay at a venue: the owner's answers remembered once a portal accepted them (`RememberedAnswers`), handed
/// to the same helper at the venue's next login, dropped when the portal refuses them or the owner says so; and
/// the venue's session length learned, so that the next session's end is looked for when it is due.
extension HotspotMachine {
    /// The answers remembered for this venue and helper, unless the configuration keeps none.
    func rememberedIndex(_ ssid: SSID, helper: String? = nil) -> Int? {
        guard configuration.rememberDays > 0 else { return nil }
        for i in remembered.indices where remembered[i].ssid == ssid {
            if let h = helper, !ASCII.same(remembered[i].helper, h) { continue }
            return i
        }
        return nil
    }

    /// authenticate, with the venue's remembered answers when there are some for this helper.
    @inline(never)
    mutating func startAuthenticate(_ helper: String) {
        var kept: RememberedAnswers? = nil
        if let ssid = onlineSSID, let i = rememberedIndex(ssid, helper: helper) {
            kept = remembered[i]
            say(.info, ssid, "the answers remembered for this venue go to", helper + " for " + remembered[i].origin)
        }
        let r = send(helper, .authenticate, network: linkNetwork(chosen: true), remembered: kept)
        enter(.authenticating(helper: helper, request: r))
    }

    /// A login succeeded. With the owner's answers (`answers`: typed now; empty: the remembered ones were used)
    /// accepted at `accepted`'s origin, they are remembered for the stay (or their use is noted for status).
    mutating func loginSucceeded(_ helper: String, accepted: AcceptedAnswers?, typed answers: [UIAnswer]) {
        loginAt = clock
        lastOpenAt = clock
        loggedInWith = nil
        guard let accepted, let ssid = onlineSSID else { return }
        if answers.isEmpty {
            // The remembered answers did it: status says when the owner gave them.
            guard let i = rememberedIndex(ssid, helper: helper), ASCII.same(remembered[i].origin, accepted.origin) else { return }
            var shown = remembered[i]
            shown.answers = []
            loggedInWith = shown
            return
        }
        var r = RememberedAnswers(ssid: ssid, helper: helper, origin: accepted.origin, gateway: accepted.gateway,
                                  answers: answers, givenAt: wallClock)
        var shown = r
        shown.answers = []
        loggedInWith = shown
        guard configuration.rememberDays > 0 else { return }
        if let why = r.problem {
            r.answers = []
            return say(.info, ssid, "the answers are not remembered:", why)
        }
        if let i = rememberedIndex(ssid) { remembered.remove(at: i) }
        // The oldest goes (`remove(at: 0)`, as above: removeFirst would be code of its own for this array).
        if remembered.count >= RememberedAnswers.maxEntries { remembered.remove(at: 0) }
        remembered.append(r)
        dirty = true
        let days = String(configuration.rememberDays)
        say(.notice, ssid, "the answers are remembered for the next login at", accepted.origin + " (for " + days + " days; hotspotd ui forget)")
    }

    /// The portal refused the answers remembered for it: they go, and the owner is asked once.
    mutating func rememberedRefused(_ ssid: SSID, _ helper: String) {
        guard let i = rememberedIndex(ssid, helper: helper) else { return }
        remembered.remove(at: i)
        dirty = true
        say(.notice, ssid, "the portal refused the remembered answers: forgotten; asking the owner (hotspotd ui)")
    }

    /// `hotspotd ui forget [SSID]` and `hotspotd forget SSID`: true when some were remembered.
    @discardableResult
    mutating func forgetAnswers(_ ssid: SSID) -> Bool {
        var found = false
        var i = remembered.count
        while i > 0 {
            i -= 1
            if remembered[i].ssid == ssid {
                remembered.remove(at: i)
                found = true
            }
        }
        if found {
            dirty = true
            say(.notice, ssid, "the remembered answers are forgotten")
        }
        // Status no longer says this login's answers are kept for the next one.
        if let w = loggedInWith, w.ssid == ssid { loggedInWith = nil }
        return found
    }

    mutating func ownerForgetAnswers(_ name: SSID?) {
        guard let ssid = name ?? linkSSID else {
            return refuse("not on a network: name the network whose answers to forget")
        }
        if forgetAnswers(ssid) {
            accept("the answers remembered for it are forgotten")
        } else {
            refuse("no answers are remembered for it")
        }
    }

    /// At each scan, as owner networks' lifetimes: the time is fixed at the first synchronised reading (a
    /// router boots with a wrong clock), and answers older than `remember_days` go.
    mutating func expireRemembered() {
        if configuration.rememberDays == 0 && !remembered.isEmpty {
            remembered = []
            dirty = true
            return
        }
        guard let now = wallClock else { return }
        let keep = Int64(configuration.rememberDays) * 86_400
        var i = remembered.count
        while i > 0 {
            i -= 1
            guard let given = remembered[i].givenAt else {
                remembered[i].givenAt = now
                dirty = true
                continue
            }
            if now - given >= keep {
                say(.notice, remembered[i].ssid, "the remembered answers are forgotten: older than remember_days")
                remembered.remove(at: i)
                dirty = true
            }
        }
    }

    // MARK: The session's length

    /// How long after the end a venue's session is due the machine keeps looking closely, before it takes
    /// the session to have gone on (extended, or a length learned wrong).
    static let sessionFollowMs: Int64 = 30_000
    /// How closely: a look this often once the end is due.
    static let sessionLookMs: Int64 = 5_000

    /// The maintain delay from now: the interval, a helper's sooner hint (never under `minMaintainMs`), and a
    /// known session end: a look shortly before it, one just after it, then every `sessionLookMs` for
    /// `sessionFollowMs`; after that the end is forgotten.
    mutating func maintainDelay(hint: Int64?) -> Int64 {
        var delay = configuration.maintainIntervalMs
        if let hint, hint < delay { delay = max(hint, HotspotMachine.minMaintainMs) }
        guard let end = sessionEndsAt else { return delay }
        let left = end - clock
        let due: Int64
        if left > 30_000 {
            due = left - min(30_000, left / 10)
        } else if left > 0 {
            due = left + 1_000
        } else if left > -HotspotMachine.sessionFollowMs {
            due = HotspotMachine.sessionLookMs
        } else {
            sessionEndsAt = nil
            return delay
        }
        return min(delay, due)
    }

    /// The portal is back (maintain or the internet check saw it): the session lasted at least until the last
    /// look that got through. That lower bound is kept per venue; the next session is looked at from then on.
    mutating func sessionEnded(_ ssid: SSID) {
        guard let login = loginAt, let open = lastOpenAt else { return }
        loginAt = nil
        lastOpenAt = nil
        let lasted = max(open - login, HotspotMachine.minMaintainMs)
        let i = networks.slot(ssid)
        if networks.records[i].sessionMs != lasted {
            networks.records[i].sessionMs = lasted
            dirty = true
        }
        say(.notice, ssid, "the venue's session ended; logging in again. It lasted at least", String(lasted / 1000) + " s")
    }

    /// A look that got through while logged in.
    mutating func sessionStillOpen() {
        if loginAt != nil { lastOpenAt = clock }
    }

    /// A fresh login: the end the helper announced, else the venue's learned session length.
    mutating func expectSessionEnd(_ ssid: SSID, announced: Int64?) {
        if let announced { sessionEndsAt = clock + announced; return }
        if let i = networks.find(ssid), let ms = networks.records[i].sessionMs { sessionEndsAt = clock + ms }
    }
}
