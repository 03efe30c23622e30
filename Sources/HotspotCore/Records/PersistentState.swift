/// A state file the core refuses, with the line (1-based; 0 for the file as a whole).
public struct PersistentStateError: Error, Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "line " + String(line) + ": " + message : message }
}

/// What hotspotd learns and must keep across restarts: the helper chosen per network, the networks whose
/// auto-join is disabled or that the owner logged off from, and the owner's own networks. The driver writes
/// `encoded()` atomically whenever the core emits `persist`.
///
/// The text is one fact per line, SSIDs in hex (`-` for the empty SSID), in the order the facts were learned
/// (so the same history always gives the same bytes):
///
///     hotspotd-state 1
///     cache <ssid> <helper>
///     disabled <ssid> <reason> <remaining ms | forever>
///     loggedoff <ssid>
///     network <ssid> <priority> <passphrase in hex | -> [<mac policy>] [prefix] [hidden] [days=N] [until=UNIX]
///             [eapN=HEX…]  (an enterprise network's settings, `EAPSettings.take`)
///     answers <ssid> <helper> <origin> <gateway MAC | -> <given UNIX | -> <field>=<value in hex>…
///             (`RememberedAnswers`: values in hex like passphrases)
///     session <ssid> <ms>  (how long the venue's last session lasted: the next login checks then)
public struct PersistentState: Hashable, Sendable {
    public struct CachedHelper: Hashable, Sendable {
        public var ssid: SSID
        public var helper: String

        public init(ssid: SSID, helper: String) {
            self.ssid = ssid
            self.helper = helper
        }
    }

    public struct DisabledNetwork: Hashable, Sendable {
        public var ssid: SSID
        public var reason: DisableReason
        /// Left of the expiry when saved; nil for "until the owner enables it". The daemon's downtime does
        /// not count: monotonic clocks do not survive a reboot.
        public var remainingMs: Int64?

        public init(ssid: SSID, reason: DisableReason, remainingMs: Int64? = nil) {
            self.ssid = ssid
            self.reason = reason
            self.remainingMs = remainingMs
        }
    }

    public static let header = "hotspotd-state 1"
    /// The one size limit of a state file, on load and on save: a file hotspotd writes always loads.
    public static let maxBytes = 65_536
    /// Entries per table (helper cache, disabled, logged off, the owner's networks): with the longest
    /// SSIDs, helper names and passphrases a file of full tables stays within `maxBytes`.
    public static let maxEntries = 128

    public var helperCache: [CachedHelper]
    public var disabled: [DisabledNetwork]
    public var loggedOff: [SSID]
    public var ownerNetworks: [KnownNetwork]
    public var remembered: [RememberedAnswers]
    /// Learned session lengths per venue, in ms.
    public var sessions: [LearnedSession]

    public struct LearnedSession: Hashable, Sendable {
        public var ssid: SSID
        public var ms: Int64

        public init(ssid: SSID, ms: Int64) {
            self.ssid = ssid
            self.ms = ms
        }
    }

    public init(helperCache: [CachedHelper] = [], disabled: [DisabledNetwork] = [], loggedOff: [SSID] = [],
                ownerNetworks: [KnownNetwork] = [], remembered: [RememberedAnswers] = [], sessions: [LearnedSession] = []) {
        self.helperCache = helperCache
        self.disabled = disabled
        self.loggedOff = loggedOff
        self.ownerNetworks = ownerNetworks
        self.remembered = remembered
        self.sessions = sessions
    }

    /// Within `maxBytes` however full the other tables are: the learned session lengths yield first, then the
    /// remembered answers, oldest first. (The older tables alone fit by their entry limits; these two share
    /// what is left, which in practice is almost all of it.)
    public func fitted() -> PersistentState {
        var s = self
        var size = s.encoded().utf8.count
        let empty = PersistentState().encoded().utf8.count
        while size > PersistentState.maxBytes, !s.sessions.isEmpty {
            size -= PersistentState(sessions: [s.sessions.removeFirst()]).encoded().utf8.count - empty
        }
        while size > PersistentState.maxBytes, !s.remembered.isEmpty {
            size -= PersistentState(remembered: [s.remembered.remove(at: 0)]).encoded().utf8.count - empty
        }
        return s
    }

    public var isEmpty: Bool {
        helperCache.isEmpty && disabled.isEmpty && loggedOff.isEmpty && ownerNetworks.isEmpty && remembered.isEmpty
            && sessions.isEmpty
    }

    public func encoded() -> String {
        var out: [UInt8] = []
        func put(_ s: String) { out.append(contentsOf: s.utf8) }
        func put(_ ssid: SSID, _ keyword: String) {
            put(keyword)
            put(ssid.isEmpty ? "-" : ssid.hex)
        }
        put(PersistentState.header)
        // Loops over indices: an iterator of each element type is one more specialised copy.
        for i in helperCache.indices {
            put(helperCache[i].ssid, "\ncache ")
            put(" " + helperCache[i].helper)
        }
        for i in disabled.indices {
            let d = disabled[i]
            put(d.ssid, "\ndisabled ")
            put(" " + d.reason.rawValue + " ")
            if let r = d.remainingMs { put(String(r)) } else { put("forever") }
        }
        for i in loggedOff.indices { put(loggedOff[i], "\nloggedoff ") }
        for i in ownerNetworks.indices {
            let n = ownerNetworks[i]
            put(n.ssid, "\nnetwork ")
            if let p = n.passphrase { put(" " + String(n.priority) + " " + Hex.encode(p.bytes)) } else { put(" " + String(n.priority) + " -") }
            if let m = n.mac { put(" " + m.description) }
            if n.isPrefix { put(" prefix") }
            if n.isHidden { put(" hidden") }
            if let d = n.lifetimeDays { put(" days=" + String(d)) }
            if let e = n.expiresAt { put(" until=" + String(e)) }
            n.eap?.appendWords(to: &out)
        }
        for i in remembered.indices {
            let r = remembered[i]
            put(r.ssid, "\nanswers ")
            put(" " + r.helper + " " + r.origin + " " + (r.gateway ?? "-") + " ")
            if let t = r.givenAt { put(String(t)) } else { put("-") }
            for a in r.answers { put(" " + a.key + "=" + Hex.encode(Array(a.value.utf8))) }
        }
        for i in sessions.indices {
            put(sessions[i].ssid, "\nsession ")
            put(" " + String(sessions[i].ms))
        }
        out.append(UInt8(ascii: "\n"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Refuses anything `encoded()` would not write (comments and blank lines aside), with the line.
    /// Works on bytes: no String per field, no string switch (both cost code on the router).
    public static func parse(_ text: String) throws(PersistentStateError) -> PersistentState {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxBytes else { throw PersistentStateError(line: 0, "larger than 64 KiB") }
        var state = PersistentState()
        var sawHeader = false
        var lineNumber = 0
        // ASCII.split, the one byte split (empty pieces kept), not the stdlib's split specialised here.
        for rawLine in ASCII.split(bytes[...], on: UInt8(ascii: "\n")) {
            lineNumber += 1
            var line = rawLine[...]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
            if !sawHeader {
                guard ASCII.equals(line, string: header) else {
                    throw PersistentStateError(line: lineNumber, "not a hotspotd state file")
                }
                sawHeader = true
                continue
            }
            let f = ASCII.split(line, on: UInt8(ascii: " "))
            guard let kind = Entry(f[0]) else { throw PersistentStateError(line: lineNumber, "unknown entry") }
            // A network may end with its options, answers with their fields.
            guard f.count == kind.fields || (kind == .network && f.count > 4) || (kind == .answers && f.count > 6),
                  let ssid = ssid(f[1]) else {
                throw PersistentStateError(line: lineNumber, "expected: " + kind.syntax)
            }
            switch kind {
            case .cache:
                let name = String(decoding: f[2], as: UTF8.self)
                guard HelperDescriptor.isValidName(name) else {
                    throw PersistentStateError(line: lineNumber, "bad helper name")
                }
                state.helperCache.append(CachedHelper(ssid: ssid, helper: name))
            case .disabled:
                guard let reason = ASCII.rawCase(String(decoding: f[2], as: UTF8.self), of: DisableReason.self) else {
                    throw PersistentStateError(line: lineNumber, "unknown reason")
                }
                var remaining: Int64? = nil
                if !ASCII.equals(f[3], "forever") {
                    guard let ms = decimal(f[3]) else { throw PersistentStateError(line: lineNumber, "bad remaining time") }
                    remaining = ms
                }
                state.disabled.append(DisabledNetwork(ssid: ssid, reason: reason, remainingMs: remaining))
            case .loggedOff:
                state.loggedOff.append(ssid)
            case .network:
                var negative = false
                var digits = f[2]
                if digits.first == UInt8(ascii: "-") {
                    negative = true
                    digits = digits.dropFirst()
                }
                guard digits.count <= 9, let p = decimal(digits) else {
                    throw PersistentStateError(line: lineNumber, "bad priority")
                }
                var passphrase: Passphrase? = nil
                if !ASCII.equals(f[3], "-") {
                    guard let text = Hex.decode(f[3]), let p = try? Passphrase(bytes: text) else {
                        throw PersistentStateError(line: lineNumber, "bad passphrase")
                    }
                    passphrase = p
                }
                var n = KnownNetwork(ssid: ssid, passphrase: passphrase, priority: Int(negative ? -p : p))
                var eap = EAPSettings()
                // Options, each at most once: `network(options:)` refuses anything else.
                for w in f[4...] where !eap.take(w) {
                    let value = decimal(w.drop { $0 != UInt8(ascii: "=") }.dropFirst())
                    if ASCII.equals(w, "prefix") && !n.isPrefix {
                        n.isPrefix = true
                    } else if ASCII.equals(w, "hidden") && !n.isHidden {
                        n.isHidden = true
                    } else if ASCII.hasPrefix(w, "days="), let d = value, (1...36_500).contains(d), n.lifetimeDays == nil {
                        n.lifetimeDays = Int(d)
                    } else if ASCII.hasPrefix(w, "until="), let e = value, n.expiresAt == nil {
                        n.expiresAt = e
                    } else if let m = MACPolicy(String(decoding: w, as: UTF8.self)), n.mac == nil {
                        n.mac = m
                    } else {
                        throw PersistentStateError(line: lineNumber, "bad network option")
                    }
                }
                if !eap.isEmpty {
                    // Never an enterprise network that would trust any server, whoever edited the file.
                    if let why = eap.problem() { throw PersistentStateError(line: lineNumber, why) }
                    n.eap = eap
                }
                state.ownerNetworks.append(n)
            case .answers:
                var r = RememberedAnswers(ssid: ssid, helper: String(decoding: f[2], as: UTF8.self),
                                          origin: String(decoding: f[3], as: UTF8.self), answers: [])
                if !ASCII.equals(f[4], "-") { r.gateway = String(decoding: f[4], as: UTF8.self) }
                if !ASCII.equals(f[5], "-") {
                    guard let t = decimal(f[5]) else { throw PersistentStateError(line: lineNumber, "bad time") }
                    r.givenAt = t
                }
                for w in f[6...] {
                    guard let eq = ASCII.firstIndex(of: UInt8(ascii: "="), in: w), let value = Hex.decode(w[(eq + 1)...]) else {
                        throw PersistentStateError(line: lineNumber, "bad answer")
                    }
                    for b in value where ASCII.isControl(b) { throw PersistentStateError(line: lineNumber, "bad answer") }
                    r.answers.append(UIAnswer(key: String(decoding: w[..<eq], as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
                }
                guard HelperDescriptor.isValidName(r.helper) else { throw PersistentStateError(line: lineNumber, "bad helper name") }
                if let why = r.problem { throw PersistentStateError(line: lineNumber, why) }
                guard state.remembered.count < RememberedAnswers.maxEntries else {
                    throw PersistentStateError(line: lineNumber, "more than 8 venues' answers")
                }
                state.remembered.append(r)
            case .session:
                guard let ms = decimal(f[2]), ms > 0 else { throw PersistentStateError(line: lineNumber, "bad session length") }
                state.sessions.append(LearnedSession(ssid: ssid, ms: ms))
            }
        }
        guard sawHeader else { throw PersistentStateError(line: 0, "empty state file") }
        return state
    }

    indirect enum Entry {
        case cache, disabled, loggedOff, network, answers, session

        init?(_ word: ArraySlice<UInt8>) {
            if ASCII.equals(word, "cache") { self = .cache }
            else if ASCII.equals(word, "disabled") { self = .disabled }
            else if ASCII.equals(word, "loggedoff") { self = .loggedOff }
            else if ASCII.equals(word, "network") { self = .network }
            else if ASCII.equals(word, "answers") { self = .answers }
            else if ASCII.equals(word, "session") { self = .session }
            else { return nil }
        }

        var fields: Int {
            switch self {
            case .cache, .session: return 3
            case .disabled, .network: return 4
            case .loggedOff: return 2
            case .answers: return 7
            }
        }

        var syntax: String {
            switch self {
            case .cache: return "cache <ssid> <helper>"
            case .disabled: return "disabled <ssid> <reason> <remaining ms | forever>"
            case .loggedOff: return "loggedoff <ssid>"
            case .network: return "network <ssid> <priority> <passphrase hex | -> [options]"
            case .answers: return "answers <ssid> <helper> <origin> <gateway | -> <time | -> <field>=<hex>…"
            case .session: return "session <ssid> <ms>"
            }
        }
    }

    static func ssid(_ field: ArraySlice<UInt8>) -> SSID? {
        if ASCII.equals(field, "-") { return SSID(bytes: []) }
        guard !field.isEmpty, let bytes = Hex.decode(field) else { return nil }
        return SSID(bytes: bytes)
    }

    /// Plain digits only, no sign, at most 18 of them (no overflow).
    static func decimal(_ field: ArraySlice<UInt8>) -> Int64? { ASCII.decimal(field, maxDigits: 18, as: Int64.self) }
}
