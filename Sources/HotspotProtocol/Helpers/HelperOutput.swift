import HotspotCore

/// How a helper process ended, as the driver saw it (a timeout, a flood or a failed start the driver maps
/// to `HelperFailure` itself).
/// Why the stdout of a helper that exited 0 is no answer. Each counts as `HelperFailure.invalidOutput`.
/// Descriptions never quote a claim line or a line of unknown shape: either may hold a password.
public indirect enum HelperOutputError: Error, Hashable, Sendable, CustomStringConvertible {
    case noResult
    case nulByte(line: Int)
    case notUTF8(line: Int)
    case lineTooLong(line: Int)
    /// No `=`, or a key that is not `[A-Za-z0-9_]+`.
    case notKeyValue(line: Int)
    /// A key that may appear once (all but `claim` and `ui_*field`) appeared again.
    case duplicate(key: String, line: Int)
    /// `result=` with a word that is none of Apple's (printable excerpt).
    case unknownResult(String, line: Int)
    case invalidValue(key: String, line: Int, expected: String)
    case tooManyClaims
    case tooManyUIFields

    public var description: String {
        switch self {
        case .noResult:
            return "no result line"
        case .nulByte(let n):
            return HelperOutput.line(n) + " has a NUL byte"
        case .notUTF8(let n):
            return HelperOutput.line(n) + " is not UTF-8"
        case .lineTooLong(let n):
            return HelperOutput.line(n) + " is longer than " + String(HelperProtocol.maxLineBytes) + " bytes"
        case .notKeyValue(let n):
            return HelperOutput.line(n) + " is not key=value"
        case .duplicate(let key, let n):
            return HelperOutput.line(n) + " repeats " + key
        case .unknownResult(let word, let n):
            var words = ""
            for r in HelperResult.allCases { words += (words.isEmpty ? "" : ", ") + r.rawValue }
            return HelperOutput.line(n) + ": result '" + word + "' is not one of " + words
        case .invalidValue(let key, let n, let expected):
            return HelperOutput.line(n) + ": " + key + " must be " + expected
        case .tooManyClaims:
            return "more than " + String(HelperProtocol.maxClaims) + " claims"
        case .tooManyUIFields:
            return "more than " + String(HelperProtocol.maxUIFields) + " UI fields"
        }
    }
}

/// Something in a helper's output that was ignored or dropped while the answer still counted. For the log;
/// never holds a password.
public indirect enum HelperOutputNote: Equatable, Sendable, CustomStringConvertible {
    /// A key this version does not know (forward compatible: a newer helper may say more).
    case unknownKey(String, line: Int)
    /// A known key that no answer to this command carries.
    case notPartOfAnswer(key: String, command: HelperCommand, line: Int)
    /// `ui_*` / `portal_url` lines with a result other than uiRequired.
    case uiWithoutUIRequired(HelperResult)
    /// Apple: a helper may only claim networks of the list it was given.
    case claimNotInScanList(SSID, line: Int)
    case duplicateClaim(SSID, line: Int)
    case invalidPassword(SSID, line: Int, PassphraseError)
    /// A non-zero exit: whatever it printed is not an answer.
    case outputIgnored(status: Int32)

    public var description: String {
        switch self {
        case .unknownKey(let key, let n):
            return HelperOutput.line(n) + ": unknown key '" + key + "' ignored"
        case .notPartOfAnswer(let key, let command, let n):
            return HelperOutput.line(n) + ": " + key + " ignored: not part of an answer to " + command.rawValue
        case .uiWithoutUIRequired(let result):
            return "UI request ignored: the result is " + result.rawValue + ", not uiRequired"
        case .claimNotInScanList(let ssid, let n):
            return HelperOutput.line(n) + ": claim for \"" + ssid.description + "\" dropped: not in the scan list"
        case .duplicateClaim(let ssid, let n):
            return HelperOutput.line(n) + ": another claim for \"" + ssid.description + "\" dropped"
        case .invalidPassword(let ssid, let n, let why):
            return HelperOutput.line(n) + ": claim for \"" + ssid.description + "\" dropped: "
                + why.description
        case .outputIgnored(let status):
            return "output ignored: the helper exited with status " + String(status)
        }
    }
}

/// A helper's answer, read from its exit status and stdout (`key=value` lines; README of
/// examples/helpers). Pure: the driver collected the bytes, the core judges the result.
public struct HelperOutput: Equatable, Sendable {
    public var requestID: UInt64
    /// The helper's answer, or why there is none.
    public var answer: Result<HelperResponse, HelperFailure>
    /// Why stdout was no answer, when it was not (for the log and tests; `answer` says `invalidOutput`).
    public var outputError: HelperOutputError?
    public var notes: [HelperOutputNote]

    /// How a helper that exited is read (a signal is a crash, and needs no reading: `HelperFailure.crashed`):
    /// - exit 0: stdout is the answer (`invalidOutput` when it is not one);
    /// - exit 75 (EX_TEMPFAIL) or 68 (EX_NOHOST, DNS failed) for authenticate, presentUI, maintain:
    ///   `temporaryFailure`, stdout ignored;
    /// - any other exit status: `exited`, stdout ignored.
    public init(exitStatus status: Int32, stdout: [UInt8], for request: HelperRequest) {
        requestID = request.id
        notes = []
        outputError = nil
        if status == 0 {
            var parser = Parser(request: request)
            do throws(HelperOutputError) {
                answer = .success(try parser.parse(stdout[...]))
            } catch {
                answer = .failure(.invalidOutput(error.description))
                outputError = error
            }
            notes = parser.notes
        } else {
            if (status == HelperProtocol.temporaryFailureStatus || status == HelperProtocol.dnsFailureStatus)
                && request.command.accepts(.temporaryFailure) {
                answer = .success(HelperResponse(result: .temporaryFailure))
            } else {
                answer = .failure(.exited(status: status))
            }
            if !stdout.isEmpty { notes.append(.outputIgnored(status: status)) }
        }
    }

    /// The core's input for this answer.
    public var input: HotspotInput {
        switch answer {
        case .success(let response): return .helperResponded(requestID: requestID, response)
        case .failure(let failure): return .helperFailed(requestID: requestID, failure)
        }
    }

}

/// The keys this version reads (and `HelperAnswer` writes).
public enum HelperOutputKey: Int {
    case result, confidence, claim, uiField, uiSecretField, uiMessage, portalURL, maintainAfter, sessionRemaining
    /// uiRequired: the origin the owner's answers would go to, and whether they would travel unencrypted
    /// (`http`, an https certificate that did not verify: `https-unverified`, or `https`).
    case answersOrigin, answersTransport
    /// authenticate / presentUI success: the origin that accepted the owner's answers, and the gateway's MAC
    /// address then (what remembering them for the stay keys on, `RememberedAnswers`).
    case answersAccepted, answersGateway
    /// authenticate's uiRequired: `remembered` when the portal refused the answers remembered for it.
    case answersRefused
    /// evaluate, authenticate, presentUI, maintain: what one probe URL saw at the verdict (`URL: HTTP 204,
    /// open`), a line each; `hotspotd status` shows them, so that a walled garden's 204 can be told apart.
    case probe

    /// In case order: one table, looked up as bytes (smaller on the router than a switch of literals).
    static var names: StaticString {
        """
        result confidence claim ui_field ui_secret_field ui_message portal_url maintain_after session_remaining \
        answers_origin answers_transport answers_accepted answers_gateway answers_refused probe
        """
    }

    @inline(never) public var text: String { String(decoding: ASCII.word(rawValue, of: Self.names), as: UTF8.self) }

    init?(_ bytes: ArraySlice<UInt8>) {
        let i = ASCII.place(of: bytes, inWords: Self.names)
        if i < 0 { return nil }
        self.init(rawValue: i)
    }

    /// Repeatable keys build lists; a second line of any other key is an error.
    var isRepeatable: Bool {
        switch self {
        case .claim, .uiField, .uiSecretField, .probe: return true
        case .result, .confidence, .uiMessage, .portalURL, .maintainAfter, .sessionRemaining, .answersOrigin, .answersTransport,
             .answersAccepted, .answersGateway, .answersRefused:
            return false
        }
    }

    var isUI: Bool {
        switch self {
        case .uiField, .uiSecretField, .uiMessage, .portalURL, .answersOrigin, .answersTransport, .answersRefused: return true
        case .result, .confidence, .claim, .maintainAfter, .sessionRemaining, .answersAccepted, .answersGateway, .probe:
            return false
        }
    }

    /// Which answers carry this key (docs/architecture.md §2).
    func isPart(of command: HelperCommand) -> Bool {
        switch self {
        case .result: return true
        case .confidence: return command == .evaluate
        case .claim: return command == .filterScanList
        // presentUI asks again when the portal refused the owner's answers (our extension of the model).
        case .uiField, .uiSecretField, .uiMessage, .portalURL, .answersOrigin, .answersTransport, .answersAccepted,
             .answersGateway:
            return command == .authenticate || command == .presentUI
        case .answersRefused: return command == .authenticate
        case .maintainAfter, .sessionRemaining:
            return command == .authenticate || command == .presentUI || command == .maintain
        case .probe: return command != .filterScanList && command != .logoff
        }
    }
}

extension HelperOutput {
    struct Parser {
        /// What the parser needs of the request, not all of it: a smaller value to copy and destroy.
        let command: HelperCommand
        let scanList: [HotspotNetwork]
        var notes: [HelperOutputNote] = []
        /// Bit `rawValue` of each key seen that may appear once.
        var seen: UInt16 = 0
        var result: HelperResult? = nil
        var confidence: Confidence? = nil
        var claims: [HelperClaim] = []
        var claimLines = 0
        var fields: [UIField] = []
        var probes: [String] = []
        var message: String? = nil
        var portalURL: String? = nil
        var maintainAfterMs: Int64? = nil
        var sessionRemainingMs: Int64? = nil
        var answersOrigin: String? = nil
        var answersTransport: AnswersTransport? = nil
        var answersAccepted: String? = nil
        var answersGateway: String? = nil
        var refusedRemembered = false

        init(request: HelperRequest) {
            command = request.command
            scanList = request.scanList
        }

        mutating func parse(_ stdout: ArraySlice<UInt8>) throws(HelperOutputError) -> HelperResponse {
            // By index, not `enumerated()`: no iterator specialised for it.
            let lines = ASCII.lines(stdout)
            var index = 0
            while index < lines.count {
                try parse(line: lines[index], number: index + 1)
                index += 1
            }
            guard let result else { throw .noResult }
            var ui: UIRequest? = nil
            if !fields.isEmpty || message != nil || portalURL != nil || answersOrigin != nil || refusedRemembered {
                if result == .uiRequired {
                    ui = UIRequest(fields: fields, portalURL: portalURL, message: message)
                    ui?.answersOrigin = answersOrigin
                    ui?.answersTransport = answersOrigin == nil ? nil : answersTransport ?? .https
                    ui?.refusedRemembered = refusedRemembered
                } else {
                    notes.append(.uiWithoutUIRequired(result))
                }
            }
            var response = HelperResponse(result: result, confidence: confidence, claims: claims, ui: ui,
                                          maintainAfterMs: maintainAfterMs, sessionRemainingMs: sessionRemainingMs)
            response.probes = probes
            // Only a login that succeeded tells where its answers were accepted.
            if result == .success, let origin = answersAccepted {
                response.acceptedAnswers = AcceptedAnswers(origin: origin, gateway: answersGateway)
            }
            return response
        }

        mutating func parse(line: ArraySlice<UInt8>, number n: Int) throws(HelperOutputError) {
            if ASCII.firstIndex(of: 0, in: line) != nil { throw .nulByte(line: n) }
            if line.count > HelperProtocol.maxLineBytes { throw .lineTooLong(line: n) }
            if line.isEmpty || line.first == UInt8(ascii: "#") { return }
            guard HelperOutput.isUTF8(line) else { throw .notUTF8(line: n) }
            guard let eq = ASCII.firstIndex(of: ASCII.equals, in: line) else { throw .notKeyValue(line: n) }
            let keyBytes = line[line.startIndex..<eq]
            // A loop, not `allSatisfy`: no specialisation of it for this closure.
            if keyBytes.isEmpty { throw .notKeyValue(line: n) }
            for b in keyBytes where !HelperProtocol.isWordByte(b) { throw .notKeyValue(line: n) }
            let value = line[(eq + 1)...]
            guard let key = HelperOutputKey(keyBytes) else {
                notes.append(.unknownKey(HelperProtocol.printable(Array(keyBytes.prefix(64))), line: n))
                return
            }
            guard key.isPart(of: command) else {
                notes.append(.notPartOfAnswer(key: key.text, command: command, line: n))
                return
            }
            if !key.isRepeatable {
                if seen & 1 << key.rawValue != 0 { throw .duplicate(key: key.text, line: n) }
                seen |= 1 << key.rawValue
            }
            // One throw for every value of the wrong shape: smaller on the router than one per key.
            if let expected = try take(key, value, line: n) {
                throw .invalidValue(key: key.text, line: n, expected: expected)
            }
        }

        /// Takes the value of a key that belongs here: nil when it is taken (or noted and dropped), else what
        /// the key's value must be.
        mutating func take(_ key: HelperOutputKey, _ value: ArraySlice<UInt8>, line n: Int)
            throws(HelperOutputError) -> String? {
            switch key {
            case .result:
                let word = ASCII.trimmingBlanks(value)
                let r = ASCII.place(of: word, inWords: HelperOutput.resultWords, anyCase: true)
                if r < 0 { throw .unknownResult(PrintfEscaping.excerpt(word), line: n) }
                result = HelperResult.allCases[r]
            case .confidence:
                guard let c = HelperOutput.confidence(ASCII.trimmingBlanks(value)) else {
                    return "none, low or high"
                }
                confidence = c
            case .claim:
                return try parseClaim(value, line: n)
            case .uiField, .uiSecretField:
                return try parseField(value, secret: key == .uiSecretField)
            case .uiMessage:
                guard !HelperProtocol.hasControl(value) else { return "text without control characters" }
                message = ASCII.string(value)
            case .portalURL:
                var isURL = ASCII.hasPrefix(value, "http://") || ASCII.hasPrefix(value, "https://")
                for b in value where !ASCII.isVisible(b) { isURL = false }
                guard isURL else { return "an http:// or https:// URL without spaces" }
                portalURL = ASCII.string(value)
            case .answersOrigin, .answersAccepted:
                guard RememberedAnswers.isOrigin(ASCII.string(value)) else { return "an origin: http:// or https:// and a host, no path" }
                if key == .answersOrigin { answersOrigin = ASCII.string(value) } else { answersAccepted = ASCII.string(value) }
            case .answersTransport:
                guard let t = AnswersTransport(word: value) else { return "http, https-unverified or https" }
                answersTransport = t
            case .answersGateway:
                guard RememberedAnswers.isMAC(ASCII.string(value)) else { return "a MAC address, aa:bb:cc:dd:ee:ff in lowercase" }
                answersGateway = ASCII.string(value)
            case .answersRefused:
                guard ASCII.equals(value, "remembered") else { return "remembered" }
                refusedRemembered = true
            case .probe:
                guard !HelperProtocol.hasControl(value), value.count <= HelperProtocol.maxProbeLineBytes else {
                    return "text without control characters, at most 1000 bytes"
                }
                // A few probes are a look; more are dropped, not an error.
                if probes.count < HelperProtocol.maxProbeLines { probes.append(ASCII.string(value)) }
            case .maintainAfter, .sessionRemaining:
                // One branch for both: maintain_after is 1 s at least, session_remaining may be 0.
                let isMaintain = key == .maintainAfter
                let low = isMaintain ? 1 : 0
                let high = isMaintain ? HelperProtocol.maxMaintainAfterSeconds : HelperProtocol.maxSessionSeconds
                guard let s = WpaBytes.parseUnsigned(ASCII.trimmingBlanks(value)), s >= low, s <= high else {
                    return "whole seconds, " + String(low) + "-" + String(high)
                }
                if isMaintain { maintainAfterMs = Int64(s) * 1000 } else { sessionRemainingMs = Int64(s) * 1000 }
            }
            return nil
        }

        /// `claim=SSID_HEX TAB CONFIDENCE [TAB PASSWORD [TAB BSSID [TAB EAP_FIELD=VALUE…]]]`; `-` or empty for
        /// no password / any BSSID; EAP values in hex but `eap=peap|ttls|ttls-mschapv2|tls`.
        /// nil when taken (or noted and dropped), else what a claim must be.
        mutating func parseClaim(_ value: ArraySlice<UInt8>, line n: Int) throws(HelperOutputError) -> String? {
            claimLines += 1
            if claimLines > HelperProtocol.maxClaims { throw .tooManyClaims }
            let parts = ASCII.split(value, on: ASCII.tab)
            guard parts.count >= 2, parts.count <= 12 else {
                return "ssid_hex<TAB>confidence[<TAB>password[<TAB>bssid[<TAB>eap_field=hex...]]]"
            }
            var eap = EAPSettings()
            var part = 4
            while part < parts.count {
                let p = parts[part]
                part += 1
                let eq = ASCII.firstIndex(of: ASCII.equals, in: p) ?? p.endIndex
                let i = UCIMapper.lookup(Array(p[p.startIndex..<eq]), EAPSettings.names)
                let raw = p[min(eq + 1, p.endIndex)...]
                guard i >= 0, let v = i == 0 ? Array(raw) : Hex.decode(raw) else {
                    return "followed by EAP settings as name=hex (eap=peap, ttls, ttls-mschapv2 or tls)"
                }
                eap.values[i] = v
            }
            if !eap.isEmpty, eap.problem() != nil {
                return "with complete EAP settings (see the helper protocol): a CA, a domain, the method's credentials"
            }
            let ssid: SSID
            if ASCII.equals(parts[0], "-") {
                ssid = SSID(bytes: [])!
            } else if let raw = Hex.decode(parts[0]), !raw.isEmpty, let s = SSID(bytes: raw) {
                ssid = s
            } else {
                return "an SSID of 1-32 bytes in hex (or - for empty)"
            }
            guard let confidence = HelperOutput.confidence(parts[1]) else {
                return "claimed with confidence none, low or high"
            }
            var bssid: BSSID? = nil
            if parts.count == 4, !HelperOutput.isNone(parts[3]) {
                guard let b = BSSID(ASCII.string(parts[3])) else {
                    return "claimed with a BSSID as aa:bb:cc:dd:ee:ff"
                }
                bssid = b
            }
            var password: Passphrase? = nil
            if parts.count >= 3, !HelperOutput.isNone(parts[2]) {
                do throws(PassphraseError) {
                    password = try Passphrase(bytes: Array(parts[2]))
                } catch {
                    notes.append(.invalidPassword(ssid, line: n, error))
                    return nil
                }
            }
            // Loops, not `contains(where:)`: no search specialised for each closure.
            var i = 0
            while i < scanList.count && scanList[i].ssid != ssid { i += 1 }
            if i == scanList.count {
                notes.append(.claimNotInScanList(ssid, line: n))
                return nil
            }
            for c in claims where c.ssid == ssid {
                notes.append(.duplicateClaim(ssid, line: n))
                return nil
            }
            var claim = HelperClaim(ssid: ssid, bssid: bssid, password: password, confidence: confidence)
            if !eap.isEmpty { claim.eap = eap }
            claims.append(claim)
            return nil
        }

        /// `ui_field=NAME[TAB LABEL]`: NAME is `[A-Za-z0-9_]{1,32}`, unique ignoring case (it becomes
        /// `HOTSPOT_UI_<NAME>`); LABEL is text without control characters. nil when taken, else what a field must be.
        mutating func parseField(_ value: ArraySlice<UInt8>, secret: Bool) throws(HelperOutputError) -> String? {
            let name: ArraySlice<UInt8>
            var label: ArraySlice<UInt8> = []
            if let tab = ASCII.firstIndex(of: ASCII.tab, in: value) {
                name = value[value.startIndex..<tab]
                label = value[(tab + 1)...]
            } else {
                name = value
            }
            guard HelperProtocol.isFieldName(name) else {
                return "a name of 1-32 of A-Z a-z 0-9 _, then a tab and a label"
            }
            guard !HelperProtocol.hasControl(label) else {
                return "a label without control characters"
            }
            for f in fields where ASCII.equalsIgnoringCase(Array(f.name.utf8)[...], name) {
                return "a name no other field has (ignoring case)"
            }
            if fields.count == HelperProtocol.maxUIFields { throw .tooManyUIFields }
            fields.append(UIField(name: ASCII.string(name), prompt: ASCII.string(label), isSecret: secret))
            return nil
        }
    }

    /// `line N`, how the descriptions of errors and notes begin. Not inlined: one copy for all of them.
    @inline(never)
    static func line(_ n: Int) -> String { "line " + String(n) }

    /// `-` or empty: the optional claim field is absent.
    static func isNone(_ s: ArraySlice<UInt8>) -> Bool { s.isEmpty || ASCII.equals(s, "-") }

    /// `HelperResult`'s words in case order, lowercase: a result is read in any case (Apple's `uiRequired`, or
    /// `uirequired`). One literal looked up as bytes: no generic search over `allCases` per enum.
    static var resultWords: StaticString {
        "success failure uirequired commandnotrecognized authenticationrequired unsupportednetwork temporaryfailure"
    }

    /// The confidence `s` names in any case, as `resultWords` does for results.
    @inline(never)
    static func confidence(_ s: ArraySlice<UInt8>) -> Confidence? {
        let c = ASCII.place(of: s, inWords: "none low high", anyCase: true)
        return c < 0 ? nil : Confidence.allCases[c]
    }

    /// Well-formed UTF-8, sequence by sequence (the JSON reader's check: smaller than the standard library's decoder).
    static func isUTF8(_ s: ArraySlice<UInt8>) -> Bool {
        var i = s.startIndex
        while i < s.endIndex {
            guard let n = PortalBytes.utf8SequenceLength(s, at: i) else { return false }
            i += n
        }
        return true
    }
}
