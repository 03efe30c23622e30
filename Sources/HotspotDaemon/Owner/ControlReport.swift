import HotspotCore
import HotspotProtocol
import HotspotWeb

/// What `hotspotd status|scan|helpers|ui|networks|config show` print, as text for people (80 columns) or
/// JSON (documented in the README). Rendered in the daemon; the client prints the body as it comes.
struct ControlReport {
    /// What the daemon knows beside the core's snapshot.
    struct Extras {
        var address: String? = nil
        var gateway: String? = nil
        var dns: [String] = []
        var lastRun: HelperRun? = nil
        var transitions: [Transition] = []
        /// EventLoop.longestBusyMicroseconds: the longest the daemon kept anyone waiting.
        var loopLongestBusyMicroseconds: Int64 = 0
        /// StateFile's: the file did not load (and where it went); the latest save failed.
        var stateLoadProblem: String? = nil
        var stateSaveProblem: String? = nil
        /// The station's address in use, with the MAC policy that set it: `aa:bb:cc:dd:ee:ff (per-network)`.
        var mac: String? = nil
        /// `SupplicantStatus.passpointOperator` of the association.
        var passpoint: String? = nil
        /// The uplink's subnet and the router's that it overlaps (SubnetClash); the LAN's renumbering.
        var clashUplink: IPv4Subnet? = nil
        var clashRouter: IPv4Subnet? = nil
        var lanRenumber: String? = nil
        /// The uplink's interface, when there are several radios (`list interface`).
        var radio: String? = nil
        /// The interface hotspotd found instead of the configured one, or that it waits for one.
        var interfaceNote: String? = nil
    }

    /// The latest helper command the daemon ran, with its outcome and duration. A class: handed to each
    /// report by reference, not copied field by field.
    final class HelperRun {
        let helper: String
        let command: HelperCommand
        let result: String
        let ms: Int64
        let at: Int64

        init(helper: String, command: HelperCommand, result: String, ms: Int64, at: Int64) {
            self.helper = helper
            self.command = command
            self.result = result
            self.ms = ms
            self.at = at
        }
    }

    /// A class: the daemon's list of them and the report's are read where they are, never copied.
    final class Transition {
        let state: HotspotState
        let link: String
        let ssid: SSID?
        /// CLOCK_MONOTONIC ms (since boot, the log's clock too): time to online is cut from these.
        let at: Int64

        init(state: HotspotState, link: String, ssid: SSID?, at: Int64) {
            self.state = state
            self.link = link
            self.ssid = ssid
            self.at = at
        }
    }

    let json: Bool
    var text: [UInt8] = []
    var out = JSONWriter()

    init(json: Bool) { self.json = json }

    var body: [UInt8] {
        if json {
            var bytes = out.bytes
            bytes.append(0x0a)
            return bytes
        }
        return text
    }

    // MARK: Text helpers

    /// `label` padded to 13 columns, then `value`, one line. The label is a `StaticString`: smaller at each of the
    /// many calls than a String.
    @inline(never)
    mutating func line(_ label: StaticString, _ value: String) {
        ASCII.append(&text, label)
        var n = label.utf8CodeUnitCount
        while n < 12 {
            text.append(UInt8(ascii: " "))
            n += 1
        }
        text.append(UInt8(ascii: " "))
        text.append(contentsOf: value.utf8)
        text.append(0x0a)
    }

    /// The same with the value in parts, written one after another: smaller on the router than joining them with
    /// `+` first (no String for each step).
    @inline(never)
    mutating func line(_ label: StaticString, _ first: String, _ rest: String...) {
        line(label, first)
        text.removeLast()
        for part in rest { text.append(contentsOf: part.utf8) }
        text.append(0x0a)
    }

    @inline(never)
    mutating func plain(_ s: String) {
        text.append(contentsOf: s.utf8)
        text.append(0x0a)
    }

    /// A line of text in parts, as `line(_:_:_:)`.
    @inline(never)
    mutating func plain(_ first: String, _ rest: String...) {
        text.append(contentsOf: first.utf8)
        for part in rest { text.append(contentsOf: part.utf8) }
        text.append(0x0a)
    }

    @inline(never)
    static func seconds(_ ms: Int64) -> String { String(max(0, ms) / 1000) + " s" }

    /// Whole seconds from `now` to `t` (0 once past) for JSON, nil without a `t`: one copy for every such field.
    @inline(never)
    static func secondsLeft(_ t: Int64?, _ now: Int64) -> Int? {
        guard let t else { return nil }
        return Int(max(0, t - now) / 1000)
    }

    /// 0.0–1.0 with two decimals, as a JSON number.
    @inline(never)
    static func fraction(_ d: Double) -> String {
        let n = Int(min(max(d, 0), 1) * 100 + 0.5)
        return n == 100 ? "1.0" : (n < 10 ? "0.0" : "0.") + String(n)
    }

    /// Four bars for people: ▂▄▆█ filled by signal quarters.
    @inline(never)
    static func bars(_ signal: Double) -> String {
        let n = signal >= 0.75 ? 4 : signal >= 0.5 ? 3 : signal >= 0.25 ? 2 : signal > 0 ? 1 : 0
        // A loop, not String(repeating:count:): that is code of its own on the router, for this one use.
        var bars = ""
        for bar in 0..<4 { bars += bar < n ? "#" : "." }
        return bars
    }

    @inline(never)
    static func percent(_ d: Double) -> String { String(Int(max(d, 0) * 100 + 0.5)) + "%" }

    /// `parts` with a space between each two.
    @inline(never)
    static func spaced(_ parts: [String]) -> String {
        var out = ""
        var i = 0
        while i < parts.count {
            out += (i == 0 ? "" : " ") + parts[i]
            i += 1
        }
        return out
    }

    /// Strongest first, rows of equal signal in their order (a stable insertion sort): smaller on the router
    /// than the standard library's sort specialised for this row type, and a scan has at most a few hundred.
    @inline(never)
    static func strongestFirst(_ rows: [StatusSnapshot.ScanRow]) -> [StatusSnapshot.ScanRow] {
        var rows = rows
        var j = 1
        while j < rows.count {
            var i = j
            while i > 0 && rows[i - 1].entry.rssi < rows[i].entry.rssi {
                rows.swapAt(i - 1, i)
                i -= 1
            }
            j += 1
        }
        return rows
    }

    /// A helper's display name (kNEHotspotHelperOptionDisplayName), else its name.
    @inline(never)
    static func displayName(_ name: String?, _ s: StatusSnapshot) -> String? {
        for h in s.helpers where ASCII.same(h.name, name) { return h.displayName ?? h.name }
        return name
    }

    /// "Hotel Wi-Fi (hotel, high)" for people; "hotel (high)" when its display name is its name.
    @inline(never)
    static func helperLabel(_ name: String, _ s: StatusSnapshot, _ detail: String) -> String {
        let shown = displayName(name, s) ?? name
        if ASCII.same(shown, name) { return detail.isEmpty ? name : name + " (" + detail + ")" }
        return shown + " (" + name + (detail.isEmpty ? "" : ", " + detail) + ")"
    }

    // MARK: status

    @inline(never)
    mutating func status(_ s: StatusSnapshot, _ x: Extras) {
        let link = s.link
        if json {
            out.beginObject()
            out.field("state", s.state.rawValue)
            out.field("state_seconds", int: Int((s.now - s.stateSince) / 1000))
            out.field("usable", bool: s.isUsable)
            out.field("summary", ControlReport.summary(s))
            var scanAge: Int? = nil
            if let at = s.lastScanAt { scanAge = Int((s.now - at) / 1000) }
            out.field("scanned_seconds_ago", int: scanAge)
            // Only when there is something to say: other reports' JSON stays as it was.
            if let n = x.interfaceNote { out.field("interface_note", n) }
            out.name("uplink")
            if let l = link {
                out.beginObject()
                out.ssidFields(l.ssid)
                out.field("bssid", l.bssid?.description)
                out.field("stage", l.stage.rawValue)
                out.field("frequency", int: l.frequency)
                out.field("rssi", int: l.rssi)
                var signal: String? = nil
                if let d = l.signalStrength { signal = ControlReport.fraction(d) }
                out.field("signal", number: signal)
                out.field("security", l.security.rawValue)
                out.field("auto_joined", bool: l.didAutoJoin)
                out.field("owner_choice", bool: l.isOwnerChoice)
                out.field("seconds", int: Int((s.now - l.since) / 1000))
                // Only for a Passpoint association: other uplinks' JSON stays as it was.
                if let p = x.passpoint { out.field("passpoint", p) }
                if let r = x.radio { out.field("interface", r) }
                out.endObject()
            } else {
                out.null()
            }
            out.field("helper", s.chosenHelper)
            out.field("helper_name", ControlReport.displayName(s.chosenHelper, s))
            out.name("last_helper_command")
            if let r = x.lastRun {
                out.beginObject()
                out.field("helper", r.helper)
                out.field("command", r.command.rawValue)
                out.field("result", r.result)
                out.field("ms", int: Int(r.ms))
                out.field("seconds_ago", int: Int((s.now - r.at) / 1000))
                out.endObject()
            } else {
                out.null()
            }
            out.field("next_maintain_seconds", int: ControlReport.secondsLeft(s.nextMaintainAt, s.now))
            out.field("address", x.address)
            // Only when known, so documents without it read as before.
            if let m = x.mac { out.field("mac", m) }
            out.field("gateway", x.gateway)
            out.field("dns", strings: x.dns)
            out.field("portal_url", s.uiRequest?.portalURL)
            out.field("session_seconds_left", int: ControlReport.secondsLeft(s.sessionEndsAt, s.now))
            out.name("logged_in_with_answers")
            if let a = s.loggedInWith {
                out.beginObject()
                out.field("origin", a.origin)
                out.field("given", a.givenDate)
                out.endObject()
            } else {
                out.null()
            }
            out.field("loop_longest_busy_us", int: Int(x.loopLongestBusyMicroseconds))
            out.field("state_load_error", x.stateLoadProblem)
            out.field("state_save_error", x.stateSaveProblem)
            out.name("last_failure")
            if let f = s.lastFailure {
                out.beginObject()
                out.ssidFields(f.ssid)
                out.field("helper", f.helper)
                out.field("reason", f.reason)
                out.field("auto_join_disabled", bool: f.autoJoinDisabled)
                out.field("retry_seconds", int: f.isResolved ? nil : ControlReport.secondsLeft(f.retryAt, s.now))
                out.field("current", bool: !f.isResolved)
                out.endObject()
            } else {
                out.null()
            }
            internetFields(s.uplinkInternet, s.now)
            // What each probe URL saw at the uplink's latest verdict (a walled garden lets one through); only
            // when a helper told.
            if let at = s.probesAt {
                out.field("probes", strings: s.probes)
                out.field("probes_seconds_ago", int: Int((s.now - at) / 1000))
            }
            out.field("subnet_clash_uplink", x.clashUplink?.description)
            out.field("subnet_clash_router", x.clashRouter?.description)
            out.field("lan_renumber", x.lanRenumber)
            out.name("passed_over")
            out.beginArray()
            for e in s.lookalikes {
                out.beginObject()
                out.ssidFields(e.ssid)
                out.field("bssid", e.bssid.description)
                out.field("security", e.security.rawValue)
                out.field("reason", "look-alike of a network you gave a key")
                out.endObject()
            }
            out.endArray()
            out.name("transitions")
            out.beginArray()
            for t in x.transitions {
                out.beginObject()
                out.field("state", t.state.rawValue)
                out.field("link", t.link)
                out.ssidFields(t.ssid)
                out.field("seconds_ago", int: Int((s.now - t.at) / 1000))
                out.field("at_ms", int: Int(t.at))
                out.endObject()
            }
            out.endArray()
            out.endObject()
            return
        }
        // Plain words first, the helper model's state after them for those who read the logs.
        line("state", ControlReport.summary(s), " (", s.state.rawValue, " for ", ControlReport.seconds(s.now - s.stateSince), ")")
        if let l = link {
            line("uplink", l.ssid.description + " " + ControlReport.stageWords(l.stage) + ", " + l.security.rawValue
                 + (l.isOwnerChoice ? ", your choice" : ""))
            var radio = l.bssid?.description ?? "?"
            if let f = l.frequency { radio += ", " + String(f) + " MHz" }
            if let r = l.rssi { radio += ", " + String(r) + " dBm" }
            if let sig = l.signalStrength { radio += " " + ControlReport.bars(sig) + " " + ControlReport.percent(sig) }
            line("", radio)
            if let p = x.passpoint { line("passpoint", p) }
            if let r = x.radio { line("radio", r) }
        } else {
            line("uplink", "none")
        }
        if let n = x.interfaceNote { line("interface", n) }
        if let h = s.chosenHelper { line("helper", ControlReport.helperLabel(h, s, "")) }
        if let r = x.lastRun {
            line("last helper", r.helper, " ", r.command.rawValue, ": ", r.result, " in ", String(r.ms), " ms, ",
                 ControlReport.seconds(s.now - r.at), " ago")
        }
        if let m = s.nextMaintainAt { line("maintain", "in ", ControlReport.seconds(m - s.now)) }
        if let e = s.sessionEndsAt { line("session", ControlReport.seconds(max(0, e - s.now)), " left") }
        if let a = s.loggedInWith { line("login", ControlReport.answersGiven(a)) }
        if let a = x.address {
            // Optional parts as parts, not `Optional.map` closures: smaller on the router, the same text.
            line("address", a, x.gateway == nil ? "" : ", gateway ", x.gateway ?? "")
        }
        if !x.dns.isEmpty {
            line("dns", ControlReport.spaced(x.dns))
        }
        if let m = x.mac { line("mac", m) }
        if let u = s.uiRequest?.portalURL { line("portal", u) }
        if let f = s.lastFailure {
            line(f.isResolved ? "past failure" : "last failure",
                 f.ssid.description, ": ", f.reason, f.helper.map { " (" + $0 + ")" } ?? "",
                 f.isResolved ? ", resolved" : "")
        }
        if let c = s.uplinkInternet { line("internet", c.summary(now: s.now)) }
        if let at = s.probesAt {
            for p in s.probes { line("probe", p, " (", ControlReport.seconds(s.now - at), " ago)") }
        }
        // Why a network waits (a wrong key, a refused server certificate), as `helpers` lists them too.
        for b in s.backedOff { blockedLine("backed off", b, s.now) }
        if let u = x.clashUplink, let r = x.clashRouter {
            line("subnet clash", "the uplink's ", u.description, " overlaps the router's ", r.description)
        }
        if let n = x.lanRenumber { line("lan", n) }
        for e in s.lookalikes {
            line("passed over", e.ssid.description, " ", e.bssid.description, ": ", e.security.rawValue,
                 " look-alike of a network you gave a key")
        }
        if let p = x.stateLoadProblem { line("state file", p) }
        if let p = x.stateSaveProblem { line("state file", p) }
        // Newest first, by index: no reversed and enumerated iterators over transitions.
        var i = x.transitions.count
        while i > 0 {
            i -= 1
            let t = x.transitions[i]
            line(i == x.transitions.count - 1 ? "history" : "", ControlReport.seconds(s.now - t.at), " ago: ",
                 t.state.rawValue, ", link ", ASCII.same(t.link, "online") ? "connected" : t.link,
                 t.ssid == nil ? "" : " ", t.ssid?.description ?? "")
        }
    }

    // MARK: scan

    /// Why the router would not join this network by itself, or nil when it is a candidate.
    @inline(never)
    static func notCandidate(_ e: ScanEntry, _ s: StatusSnapshot, minSignal: Double, lookalike: Bool) -> String? {
        if lookalike { return "look-alike: " + e.security.rawValue + ", but you gave this network a key" }
        // The closures see `now`, not `s`: capturing the snapshot copies all of it.
        let now = s.now
        // Loops, not `first(where:)`: no specialised search for each closure.
        // `if let`, not `until.map`: no Optional.map specialised for these closures.
        for d in s.disabled where d.ssid == e.ssid {
            let why = "disabled (" + d.reason + ")"
            if let u = d.until { return why + " for " + seconds(u - now) }
            return why + " until enabled"
        }
        for b in s.backedOff where b.ssid == e.ssid {
            let why = "backed off (" + b.reason + ")"
            if let u = b.until { return why + " for " + seconds(u - now) }
            return why
        }
        if s.loggedOff.contains(e.ssid) { return "logged off" }
        for h in s.helpers where h.excludedFor.contains(e.ssid) { return "excluded for helper " + h.name }
        if e.signalStrength < minSignal { return "below minimum signal" }
        return nil
    }

    @inline(never)
    mutating func scan(_ rows: [StatusSnapshot.ScanRow], _ s: StatusSnapshot, minSignal: Double) {
        let sorted = ControlReport.strongestFirst(rows)
        if json { out.beginArray() } else {
            // How old the table is: on a good uplink it can be minutes old (`scan --now` asks for a fresh one).
            if let at = s.lastScanAt { plain("scanned " + ControlReport.seconds(s.now - at) + " ago") } else { plain("no scan yet") }
            plain("  SIGNAL    dBm  MHz   SECURITY    SSID / BSSID / HELPER")
        }
        for r in sorted {
            let e = r.entry
            let why = ControlReport.notCandidate(e, s, minSignal: minSignal, lookalike: r.isLookalike)
            if json {
                out.beginObject()
                out.ssidFields(e.ssid)
                out.field("bssid", e.bssid.description)
                out.field("rssi", int: e.rssi)
                out.field("signal", number: ControlReport.fraction(e.signalStrength))
                out.field("frequency", int: e.frequency)
                out.field("security", e.security.rawValue)
                out.field("claimed_by", r.claimedBy)
                out.field("claimed_by_name", ControlReport.displayName(r.claimedBy, s))
                out.field("confidence", r.confidence?.rawValue)
                out.field("password_known", bool: r.isKnown)
                out.field("current", bool: r.isCurrent)
                out.field("not_candidate", why)
                internetFields(r.internet, s.now)
                out.endObject()
                continue
            }
            ASCII.append(&text, r.isCurrent ? "* " : "  ")
            column(ControlReport.bars(e.signalStrength), 0)
            column(ControlReport.percent(e.signalStrength), 4)
            column(String(e.rssi), 4)
            column(String(e.frequency), 5)
            column(e.security.rawValue + (r.isKnown ? "+key" : ""), 11)
            plain(e.ssid.description)
            var detail = "      " + e.bssid.description
            if let h = r.claimedBy { detail += ", " + ControlReport.helperLabel(h, s, r.confidence?.rawValue ?? "?") }
            if let w = why { detail += ", " + w }
            if let c = r.internet { detail += ", " + c.summary(now: s.now) }
            plain(detail)
        }
        if json { out.endArray() } else if sorted.isEmpty { plain("  (no scan results yet)") }
    }

    /// A network's latest internet check: `internet` online, portal or none (null: not checked), since
    /// when, how often in a row.
    @inline(never)
    mutating func internetFields(_ c: InternetCheck?, _ now: Int64) {
        out.field("internet", c?.verdict.rawValue)
        var age: Int? = nil
        if let c { age = Int(max(0, now - c.since) / 1000) }
        out.field("internet_seconds", int: age)
        out.field("internet_checks", int: c?.checks)
    }

    // MARK: helpers

    @inline(never)
    mutating func helpers(_ s: StatusSnapshot) {
        if json {
            out.beginObject()
            out.name("helpers")
            out.beginArray()
        }
        for h in s.helpers {
            var roles: [String] = []
            for c in HelperCommand.allCases where h.commands.contains(c) { roles.append(c.rawValue) }
            if json {
                out.beginObject()
                out.field("name", h.name)
                out.field("kind", h.kind.rawValue)
                out.field("priority", int: h.priority)
                out.field("commands", strings: roles)
                out.field("running", h.command?.rawValue)
                out.field("last_command", h.lastCommand?.rawValue)
                out.field("last_outcome", h.lastOutcome)
                ssidList("cached_for", h.cachedFor)
                ssidList("excluded_for", h.excludedFor)
                out.endObject()
                continue
            }
            let r = ControlReport.spaced(roles)
            plain(h.name, " (", h.kind.rawValue, ", priority ", String(h.priority), ")",
                  h.command == nil ? "" : ", running ", h.command?.rawValue ?? "")
            line("  commands", r)
            if let c = h.lastCommand { line("  last", c.rawValue, ": ", h.lastOutcome ?? "?") }
            for ssid in h.cachedFor { line("  cached", ssid.description) }
            for ssid in h.excludedFor { line("  excluded", ssid.description) }
        }
        if json {
            out.endArray()
            blockedList("disabled", s.disabled, s.now)
            blockedList("backed_off", s.backedOff, s.now)
            ssidList("logged_off", s.loggedOff)
            out.endObject()
            return
        }
        if s.helpers.isEmpty { plain("no helpers configured") }
        for b in s.disabled { blockedLine("disabled", b, s.now) }
        for b in s.backedOff { blockedLine("backed off", b, s.now) }
        for ssid in s.loggedOff { line("logged off", ssid.description) }
    }

    /// A disabled or backed-off network, one line.
    @inline(never)
    mutating func blockedLine(_ label: StaticString, _ b: StatusSnapshot.Blocked, _ now: Int64) {
        line(label, b.ssid.description, ": ", b.reason)
        // What undoes it, on a line of its own: the reason can be long.
        line("", b.until == nil ? "until enabled" : ControlReport.seconds(b.until! - now) + " left",
             "; `hotspotd enable NAME` tries it now")
    }

    @inline(never)
    mutating func ssidList(_ name: StaticString, _ list: [SSID]) {
        out.name(name)
        ssidListValue(list)
    }

    @inline(never)
    mutating func blockedList(_ name: StaticString, _ list: [StatusSnapshot.Blocked], _ now: Int64) {
        out.name(name)
        out.beginArray()
        for b in list {
            out.beginObject()
            out.ssidFields(b.ssid)
            out.field("reason", b.reason)
            out.field("seconds_left", int: ControlReport.secondsLeft(b.until, now))
            out.endObject()
        }
        out.endArray()
    }

    // MARK: ui

    /// False when no login waits. `earlierAnswers` (`ui answers`, ubus's write ACL only): with what the owner
    /// typed before (never a secret field's: the core keeps none); plain `ui` has none of it (issue 35).
    @inline(never)
    mutating func ui(_ s: StatusSnapshot, earlierAnswers: Bool = false) -> Bool {
        guard let ui = s.uiRequest else {
            if json { out.null() } else { plain("no login is waiting") }
            // The owner's answers log in by themselves at this venue: say so, and how to stop it.
            if !json, let a = s.loggedInWith { line("login", ControlReport.answersGiven(a), " (hotspotd ui forget drops them)") }
            return false
        }
        if json {
            out.beginObject()
            out.field("helper", s.chosenHelper)
            out.ssidFields(s.link?.ssid)
            out.field("message", ui.message)
            out.field("portal_url", ui.portalURL)
            out.field("answers_sent", bool: s.uiAnswersSent)
            out.field("refusals", int: ui.refusals)
            out.field("origin", ui.answersOrigin)
            if let t = ui.answersTransport { out.field("encrypted", bool: t.isEncrypted) }
            out.field("transport", ui.answersTransport?.rawValue)
            if earlierAnswers {
                out.name("earlier_answers")
                out.beginArray()
                for a in ui.earlierAnswers {
                    out.beginObject()
                    out.field("name", a.key)
                    out.field("value", a.value)
                    out.endObject()
                }
                out.endArray()
            }
            out.name("fields")
            out.beginArray()
            for f in ui.fields {
                out.beginObject()
                out.field("name", f.name)
                out.field("prompt", f.prompt)
                out.field("secret", bool: f.isSecret)
                out.endObject()
            }
            out.endArray()
            out.endObject()
            return true
        }
        line("helper", s.chosenHelper ?? "?")
        if let l = s.link { line("network", l.ssid.description) }
        if let m = ui.message { line("message", m) }
        if let u = ui.portalURL { line("portal", u) }
        if let o = ui.answersOrigin, let t = ui.answersTransport, !t.isEncrypted {
            line("security", t == .http ? "not encrypted: this page is plain http; "
                                        : "not encrypted: this page's certificate does not verify; ",
                 "your answers go to ", o, " as your browser would send them, readable on the venue's network")
        }
        if ui.fields.isEmpty {
            // Nothing to type here: `ui submit` has nothing to send, and the router sees the login by itself.
            line("browser", "log in from a phone or laptop behind this router (any page opens the portal);",
                 " hotspotd notices within 15 s by itself")
        }
        if s.uiAnswersSent { line("answers", "sent, waiting for the helper") }
        if ui.refusals > 0 {
            line("refused", String(ui.refusals), " of ", String(UIRequest.maxRefusals), " times; check and type again")
        }
        if !earlierAnswers && !s.uiAnswersSent && !ui.earlierAnswers.isEmpty {
            line("answers", "`hotspotd ui answers` shows your earlier answers")
        }
        for f in ui.fields {
            // A loop, not `first(where:)` and `Optional.map`: no specialisations for these closures.
            var earlier = ""
            if earlierAnswers && !s.uiAnswersSent {
                for a in ui.earlierAnswers where ASCII.same(a.key, f.name) {
                    earlier = " (you typed \"" + a.value + "\")"
                    break
                }
            }
            line("field", f.name, f.prompt.isEmpty ? "" : ": ", f.prompt, f.isSecret ? " (secret)" : "", earlier)
        }
        return true
    }

    /// The state in plain words, for `status` and LuCI (JSON `summary`), one set for both: never "online"
    /// unless the uplink carries the owner's traffic, and when the login waits for the owner, where to answer.
    @inline(never)
    static func summary(_ s: StatusSnapshot) -> String {
        let name = s.link?.ssid.description ?? "the network"
        switch s.state {
        case .authenticated: return "online through " + name
        case .maintaining: return "online through " + name + ", checking the login"
        case .evaluating: return "checking " + name + " for a login page"
        case .authenticating: return "logging in to " + name
        case .presentingUI: return "behind the portal, the login needs you: hotspotd ui, or LuCI"
        case .loggingOff: return "logging off " + name
        case .failure: return "could not log in to " + name
        case .inactive:
            guard let l = s.link else { return "no uplink" }
            switch l.stage {
            case .joining: return "joining " + name
            case .associated: return "joined " + name + ", waiting for an address"
            case .online: return "connected to " + name + ", the login not checked yet"
            }
        }
    }

    /// The link's stage in plain words: an address is not "online" (a portal may hold it).
    static func stageWords(_ stage: StatusSnapshot.LinkStage) -> String {
        switch stage {
        case .joining: return "joining"
        case .associated: return "associated, no address yet"
        case .online: return "connected"
        }
    }

    /// "logged in with the answers you gave on DATE at ORIGIN".
    static func answersGiven(_ a: RememberedAnswers) -> String {
        var text = "logged in with the answers you gave"
        if let d = a.givenDate { text += " on " + d }
        return text + " at " + a.origin
    }

    // MARK: networks, preferences

    @inline(never)
    mutating func networks(_ s: StatusSnapshot) {
        if json { return ssidListValue(s.ownerNetworks) }
        for n in s.ownerNetworks { plain(n.description) }
    }

    @inline(never)
    mutating func ssidListValue(_ list: [SSID]) {
        out.beginArray()
        for ssid in list {
            out.beginObject()
            out.ssidFields(ssid)
            out.endObject()
        }
        out.endArray()
    }

    @inline(never)
    mutating func preferences(_ p: ManagerPreferences) {
        if json {
            out.beginObject()
            out.field("enabled", bool: p.isEnabled)
            out.field("evaluation_provider", p.evaluationProvider)
            out.field("authentication_provider", p.authenticationProvider)
            out.field("portal_domains", strings: p.safariDomains)
            ssidList("evaluated_ssids", p.evaluatedSSIDs)
            out.endObject()
            return
        }
        line("enabled", p.isEnabled ? "yes" : "no")
        line("evaluation", p.evaluationProvider ?? "any helper")
        line("authentic.", p.authenticationProvider ?? "the claiming helper")
        for d in p.safariDomains { line("portal", d) }
        for s in p.evaluatedSSIDs { line("evaluated", s.description) }
    }

    /// A column of a text table, padded with spaces to `width` bytes, and the space before the next: appended
    /// in place rather than joined as Strings.
    @inline(never)
    mutating func column(_ s: String, _ width: Int) {
        text.append(contentsOf: s.utf8)
        var n = s.utf8.count
        while n < width {
            text.append(UInt8(ascii: " "))
            n += 1
        }
        text.append(UInt8(ascii: " "))
    }
}
