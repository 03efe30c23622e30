import HotspotCore

/// `ControlRequest` on the control socket.
///
/// The wire format, one request per connection, is a single line of at most `maxBytes` (4096) bytes:
///
///     request = verb *(" " word) LF            ; verb: an `OwnerVerb`'s `wire` name
///     word    = flag / "x" *(HEXDIG HEXDIG)     ; flags: "json", "once", "mac=POLICY", "prefix", "hidden", "now",
///                                                ; "days=N", "eapN=HEX" (EAPSettings.take); data: bytes as hex
///
/// Every piece of owner data (SSIDs, passphrases, `ui submit` keys and values) travels as hex after an `x`,
/// so no byte of an SSID can end or split a request. Examples:
///
///     status json
///     join x486f74656c x70617373776f7264 once
///     ui-submit x726f6f6d x313233
///     config-save enabled x30 authentication domains x6c6f67696e2e6578616d706c65
///
/// `config-save` names each preference it changes by a tag (`Field.saveTag`) followed by the new value's data
/// words (`ManagerPreferences.values(of:)`): none for no provider or an empty list. The others keep their
/// value.
///
/// The daemon answers with one `ControlReply` and closes the connection.
extension ControlRequest {
    public static let maxBytes = 4096

    /// The most data words a request carries (`ui-submit`'s keys and values).
    static let maxDataWords = 64

    /// The line, LF included: the verb, then what the request carries in one fixed order (each request
    /// has only some of it): data words (SSID, passphrase, answers), flags, `config-save`'s tagged words, json.
    public var encoded: [UInt8] {
        let a = arguments
        var out: [UInt8] = []
        ASCII.append(&out, verb.wire)
        func data(_ bytes: [UInt8]) {
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: "x"))
            for b in bytes { Hex.append(b, to: &out) }
        }
        if let s = a.ssid { data(s.bytes) }
        if let p = a.passphrase { data(p.bytes) }
        for answer in a.answers {
            data(Array(answer.key.utf8))
            data(Array(answer.value.utf8))
        }
        if a.once { ASCII.append(&out, " once") }
        if let m = a.mac {
            ASCII.append(&out, " mac=")
            out.append(contentsOf: m.description.utf8)
        }
        if a.prefix { ASCII.append(&out, " prefix") }
        if a.hidden { ASCII.append(&out, " hidden") }
        if a.now { ASCII.append(&out, " now") }
        if let d = a.days {
            ASCII.append(&out, " days=")
            ASCII.append(&out, decimal: d)
        }
        a.eap.appendWords(to: &out)
        for f in ManagerPreferences.Field.allCases where a.fields.contains(f.bit) {
            out.append(UInt8(ascii: " "))
            ASCII.append(&out, f.saveTag)
            for v in a.preferences.values(of: f) { data(v) }
        }
        if a.json { ASCII.append(&out, " json") }
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// One line without its LF. A flag or data the request does not take is refused, so a request means
    /// exactly one thing.
    public init(line: ArraySlice<UInt8>) throws(ControlProtocolError) {
        let words = ASCII.split(line, on: ASCII.space)
        guard let first = words.first, let verb = OwnerVerb.named(wire: first) else { throw .malformed("unknown request") }
        var a = OwnerArguments()
        var data: [[UInt8]] = []
        // config-save: the data words after each tag.
        var tagged: [[[UInt8]]] = Array(repeating: [], count: ManagerPreferences.Field.allCases.count)
        var tag: ManagerPreferences.Field? = nil
        for w in words.dropFirst() {
            if w.first == UInt8(ascii: "x"), let bytes = Hex.decode(w.dropFirst()) {
                if let t = tag { tagged[t.rawValue].append(bytes) } else { data.append(bytes) }
            } else if ASCII.equals(w, "json") {
                guard verb.takes(.json) else { throw .malformed("this request takes no json flag") }
                a.json = true
            } else if ASCII.equals(w, "once") {
                guard verb.takes(.once) else { throw .malformed("this request takes no once flag") }
                a.once = true
            } else if verb.takes(.mac) && a.mac == nil && ASCII.hasPrefix(w, "mac="),
                      let m = MACPolicy(String(decoding: w.dropFirst(4), as: UTF8.self)) {
                a.mac = m
            } else if verb.takes(.prefix) && !a.prefix && ASCII.equals(w, "prefix") {
                a.prefix = true
            } else if verb.takes(.hidden) && !a.hidden && ASCII.equals(w, "hidden") {
                a.hidden = true
            } else if verb.takes(.now) && !a.now && ASCII.equals(w, "now") {
                a.now = true
            } else if verb.takes(.days) && a.days == nil && ASCII.hasPrefix(w, "days="),
                      let d = ASCII.integer(w.dropFirst(5), maxDigits: 5), d > 0 {
                a.days = d
            } else if verb.takes(.eap) && a.eap.take(w) {
                // Checked by the core (`EAPSettings.problem()`), which refuses the join in its words.
            } else if verb.takes(.preferences), let t = ControlRequest.saveField(named: w), !a.fields.contains(t.bit) {
                tag = t
                a.fields.insert(t.bit)
            } else {
                throw .malformed("a word that is neither a flag nor hex data")
            }
        }
        // The data words in their order: an SSID, a passphrase, answers as key and value.
        var next = 0
        if verb.takes(.ssid) || (verb.takesSSID && !data.isEmpty) {
            guard next < data.count else { throw .malformed("wrong number of arguments") }
            guard let s = SSID(bytes: data[next]) else { throw .malformed("an SSID longer than 32 bytes") }
            a.ssid = s
            next += 1
        }
        if verb.takes(.passphrase) && next < data.count {
            do throws(PassphraseError) {
                a.passphrase = try Passphrase(bytes: data[next])
            } catch {
                throw .malformed("passphrase: " + error.description)
            }
            next += 1
        }
        if verb.takes(.answers) {
            guard data.count <= ControlRequest.maxDataWords else { throw .malformed("wrong number of arguments") }
            guard (data.count - next) % 2 == 0 else { throw .malformed("a ui answer without its value") }
            while next < data.count {
                a.answers.append(UIAnswer(key: String(decoding: data[next], as: UTF8.self),
                                          value: String(decoding: data[next + 1], as: UTF8.self)))
                next += 2
            }
        }
        if next != data.count { throw .malformed("wrong number of arguments") }
        for f in ManagerPreferences.Field.allCases where a.fields.contains(f.bit) {
            guard a.preferences.set(f, tagged[f.rawValue]) else { throw .malformed("a preference it cannot take") }
        }
        guard let request = ControlRequest(verb, a) else { throw .malformed("wrong number of arguments") }
        self = request
    }

    /// The preference a `config-save` tag names, or nil.
    static func saveField(named w: ArraySlice<UInt8>) -> ManagerPreferences.Field? {
        for f in ManagerPreferences.Field.allCases where ASCII.equals(w, f.saveTag) { return f }
        return nil
    }
}

extension ManagerPreferences.Field {
    /// `config-save`'s tag for the preference.
    var saveTag: StaticString {
        switch self {
        case .isEnabled: "enabled"
        case .evaluationProvider: "evaluation"
        case .authenticationProvider: "authentication"
        case .safariDomains: "domains"
        case .evaluatedSSIDs: "ssids"
        }
    }
}

/// Why a control-socket message was refused.
public enum ControlProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More bytes than the message may have.
    case tooLarge(limit: Int)
    case malformed(String)
    /// The peer closed the connection before the message was complete.
    case truncated

    public var description: String {
        switch self {
        case .tooLarge(let limit): return "message longer than " + String(limit) + " bytes"
        case .malformed(let why): return "malformed message: " + why
        case .truncated: return "message cut short"
        }
    }
}

/// Collects a request from a stream in chunks of any size; the first LF ends it. Anything after it is
/// ignored: the daemon answers and closes.
public struct ControlRequestDecoder {
    public enum Step: Hashable, Sendable {
        case needMore
        case request(ControlRequest)
        case failed(ControlProtocolError)
    }

    var buffer: [UInt8] = []

    public init() {}

    public mutating func feed(_ chunk: ArraySlice<UInt8>) -> Step {
        guard let end = ASCII.firstIndex(of: ASCII.newline, in: chunk) else {
            if buffer.count + chunk.count >= ControlRequest.maxBytes { return .failed(.tooLarge(limit: ControlRequest.maxBytes)) }
            buffer.append(contentsOf: chunk)
            return .needMore
        }
        if buffer.count + (end - chunk.startIndex) >= ControlRequest.maxBytes {
            return .failed(.tooLarge(limit: ControlRequest.maxBytes))
        }
        buffer.append(contentsOf: chunk[..<end])
        do throws(ControlProtocolError) {
            return .request(try ControlRequest(line: buffer[...]))
        } catch {
            return .failed(error)
        }
    }
}

/// The daemon's answer: what the client prints, where, and the status it exits with.
///
///     reply  = stream " " exit " " length LF body
///     stream = "out" / "err"                 ; the client's standard output or standard error
///     exit   = 1*3DIGIT                      ; the client's exit status, 0–255
///     length = 1*7DIGIT                      ; the body's byte count, at most `maxBody`
///
/// The body is text for people or JSON, ready to print. The length lets the client tell a whole answer
/// from one cut short by a dying daemon.
public struct ControlReply: Hashable, Sendable {
    public static let maxBody = 1 << 20
    static let maxHeader = 20

    public var exitStatus: UInt8
    public var toStandardError: Bool
    public var body: [UInt8]

    public init(exitStatus: UInt8, toStandardError: Bool = false, body: [UInt8]) {
        self.exitStatus = exitStatus
        self.toStandardError = toStandardError
        self.body = body
    }

    /// A refusal: one line on standard error, exit status 1.
    public static func refused(_ message: String) -> ControlReply {
        ControlReply(exitStatus: 1, toStandardError: true, body: Array((message + "\n").utf8))
    }

    public var encoded: [UInt8] {
        var out: [UInt8] = []
        ASCII.append(&out, toStandardError ? "err " : "out ")
        ASCII.append(&out, decimal: Int(exitStatus))
        out.append(UInt8(ascii: " "))
        ASCII.append(&out, decimal: body.count)
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: body)
        return out
    }
}

/// Collects a reply from a stream in chunks of any size; a stream that ends before `.reply` was cut short.
public struct ControlReplyDecoder {
    public enum Step: Hashable, Sendable {
        case needMore
        case reply(ControlReply)
        case failed(ControlProtocolError)
    }

    var buffer: [UInt8] = []
    /// The parsed header: stream, exit status and body length.
    var header: (toStandardError: Bool, exit: UInt8, length: Int)? = nil

    public init() {}

    public mutating func feed(_ chunk: ArraySlice<UInt8>) -> Step {
        buffer.append(contentsOf: chunk)
        if header == nil {
            guard let end = ASCII.firstIndex(of: ASCII.newline, in: buffer[...]) else {
                return buffer.count > ControlReply.maxHeader ? .failed(.malformed("reply header")) : .needMore
            }
            let words = ASCII.split(buffer[..<end], on: ASCII.space)
            guard end <= ControlReply.maxHeader, words.count == 3,
                  ASCII.equals(words[0], "out") || ASCII.equals(words[0], "err"),
                  let exit = ControlReplyDecoder.number(words[1]), exit <= 255,
                  let length = ControlReplyDecoder.number(words[2]) else {
                return .failed(.malformed("reply header"))
            }
            guard length <= ControlReply.maxBody else { return .failed(.tooLarge(limit: ControlReply.maxBody)) }
            header = (ASCII.equals(words[0], "err"), UInt8(exit), length)
            buffer.removeSubrange(...end)
        }
        guard let h = header else { return .needMore }
        if buffer.count < h.length { return .needMore }
        if buffer.count > h.length { return .failed(.malformed("bytes after the reply")) }
        return .reply(ControlReply(exitStatus: h.exit, toStandardError: h.toStandardError, body: buffer))
    }

    /// Decimal digits, 1–7 of them.
    static func number(_ digits: ArraySlice<UInt8>) -> Int? { ASCII.decimal(digits, maxDigits: 7) }
}
