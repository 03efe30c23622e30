import HotspotCore

/// One request of a `hotspotd` client subcommand to the daemon over the control socket.
///
/// The wire format, one request per connection, is a single line of at most `maxBytes` (4096) bytes:
///
///     request = verb *(" " word) LF
///     word    = flag / "x" *(HEXDIG HEXDIG)     ; flags: "json", "once", "mac=POLICY", "prefix", "hidden",
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
/// `config-save` names each preference it changes by a tag (`saveTags`) followed by the new value's data
/// words (`ManagerPreferences.values(of:)`): none for no provider or an empty list. The others keep their
/// value.
///
/// The daemon answers with one `ControlReply` and closes the connection.
public indirect enum ControlRequest: Hashable, Sendable {
    case status(json: Bool)
    case scan(json: Bool)
    case helpers(json: Bool)
    case logoff
    case ui(json: Bool)
    case submitUI([UIAnswer])
    case cancelUI
    case enable(SSID)
    case join(SSID, passphrase: Passphrase?, once: Bool, mac: MACPolicy? = nil, prefix: Bool = false,
              hidden: Bool = false, days: Int? = nil, eap: EAPSettings? = nil)
    case forget(SSID)
    case networks(json: Bool)
    case reload
    case config(ConfigVerb, json: Bool)
    /// `hotspotd config save`: the preferences in `fields` as the first value has them (its other members
    /// are not sent).
    case saveConfig(ManagerPreferences, ManagerPreferences.Fields)
    case version

    /// `hotspotd config check|show|remove`.
    public enum ConfigVerb: Int, Hashable, Sendable {
        case check, show, remove
    }

    public static let maxBytes = 4096

    /// `config-save`'s tags, in `ManagerPreferences.Fields` bit order.
    static var saveTags: StaticString { "enabled evaluation authentication domains ssids" }

    /// The verbs on the wire, in `Verb` order.
    static var verbs: StaticString { """
        status scan helpers logoff ui ui-submit ui-cancel enable join forget \
        networks reload config-check config-show config-remove config-save version
        """ }

    enum Verb: Int {
        case status, scan, helpers, logoff, ui, submitUI, cancelUI, enable, join, forget
        case networks, reload, configCheck, configShow, configRemove, configSave, version
    }

    /// The line, LF included.
    public var encoded: [UInt8] {
        var out: [UInt8] = []
        var json = false
        func verb(_ v: Verb) { out.append(contentsOf: ASCII.word(v.rawValue, of: ControlRequest.verbs)) }
        func data(_ bytes: [UInt8]) {
            out.append(UInt8(ascii: " "))
            out.append(UInt8(ascii: "x"))
            for b in bytes { Hex.append(b, to: &out) }
        }
        switch self {
        case .status(let j): verb(.status); json = j
        case .scan(let j): verb(.scan); json = j
        case .helpers(let j): verb(.helpers); json = j
        case .logoff: verb(.logoff)
        case .ui(let j): verb(.ui); json = j
        case .submitUI(let answers):
            verb(.submitUI)
            for a in answers {
                data(Array(a.key.utf8))
                data(Array(a.value.utf8))
            }
        case .cancelUI: verb(.cancelUI)
        case .enable(let ssid): verb(.enable); data(ssid.bytes)
        case .join(let ssid, let passphrase, let once, let mac, let prefix, let hidden, let days, let eap):
            verb(.join)
            data(ssid.bytes)
            if let p = passphrase { data(p.bytes) }
            if once { ASCII.append(&out, " once") }
            if let m = mac {
                ASCII.append(&out, " mac=")
                out.append(contentsOf: m.description.utf8)
            }
            if prefix { ASCII.append(&out, " prefix") }
            if hidden { ASCII.append(&out, " hidden") }
            if let d = days {
                ASCII.append(&out, " days=")
                ASCII.append(&out, decimal: d)
            }
            eap?.appendWords(to: &out)
        case .forget(let ssid): verb(.forget); data(ssid.bytes)
        case .networks(let j): verb(.networks); json = j
        case .reload: verb(.reload)
        case .config(let c, let j):
            verb(Verb(rawValue: Verb.configCheck.rawValue + c.rawValue)!)
            json = j
        case .saveConfig(let p, let fields):
            verb(.configSave)
            for i in 0..<ManagerPreferences.Fields.count where fields.contains(.init(rawValue: 1 << i)) {
                out.append(UInt8(ascii: " "))
                out.append(contentsOf: ASCII.word(i, of: ControlRequest.saveTags))
                for v in p.values(of: i) { data(v) }
            }
        case .version: verb(.version)
        }
        if json { ASCII.append(&out, " json") }
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// One line without its LF.
    public init(line: ArraySlice<UInt8>) throws(ControlProtocolError) {
        let words = ASCII.split(line, on: ASCII.space)
        guard let first = words.first,
              let verb = Verb(rawValue: ASCII.place(of: first, inWords: ControlRequest.verbs))
        else { throw .malformed("unknown request") }
        var json = false
        var once = false
        var mac: MACPolicy? = nil
        var prefix = false, hidden = false
        var days: Int? = nil
        var eap = EAPSettings()
        var data: [[UInt8]] = []
        // config-save: the preferences named, and the data words after each tag.
        var fields = ManagerPreferences.Fields()
        var tagged: [[[UInt8]]] = Array(repeating: [], count: ManagerPreferences.Fields.count)
        var tag = -1
        for w in words.dropFirst() {
            if w.first == UInt8(ascii: "x"), let bytes = Hex.decode(w.dropFirst()) {
                if tag >= 0 { tagged[tag].append(bytes) } else { data.append(bytes) }
            } else if ASCII.equals(w, "json") {
                json = true
            } else if ASCII.equals(w, "once") {
                once = true
            } else if verb == .join && mac == nil && ASCII.hasPrefix(w, "mac="),
                      let m = MACPolicy(String(decoding: w.dropFirst(4), as: UTF8.self)) {
                mac = m
            } else if verb == .join && !prefix && ASCII.equals(w, "prefix") {
                prefix = true
            } else if verb == .join && !hidden && ASCII.equals(w, "hidden") {
                hidden = true
            } else if verb == .join && days == nil && ASCII.hasPrefix(w, "days="),
                      let d = ASCII.integer(w.dropFirst(5), maxDigits: 5), d > 0 {
                days = d
            } else if verb == .join && eap.take(w) {
                // Checked by the core (`EAPSettings.problem()`), which refuses the join in its words.
            } else if verb == .configSave, case let t = ASCII.place(of: w, inWords: ControlRequest.saveTags), t >= 0,
                      !fields.contains(.init(rawValue: 1 << t)) {
                tag = t
                fields.insert(.init(rawValue: 1 << t))
            } else {
                throw .malformed("a word that is neither a flag nor hex data")
            }
        }
        // Flags and data a verb does not take are refused, so a request means exactly one thing.
        let takesJSON: Bool
        var arity = 0...0
        switch verb {
        case .status, .scan, .helpers, .ui, .networks, .configCheck, .configShow:
            takesJSON = true
        case .enable, .forget:
            takesJSON = false
            arity = 1...1
        case .join:
            takesJSON = false
            arity = 1...2
        case .submitUI:
            takesJSON = false
            arity = 0...64
        case .logoff, .cancelUI, .reload, .version, .configRemove, .configSave:
            takesJSON = false
        }
        if json && !takesJSON { throw .malformed("this request takes no json flag") }
        if once && verb != .join { throw .malformed("only join takes once") }
        if !arity.contains(data.count) { throw .malformed("wrong number of arguments") }
        func ssid() throws(ControlProtocolError) -> SSID {
            guard let s = SSID(bytes: data[0]) else { throw .malformed("an SSID longer than 32 bytes") }
            return s
        }
        switch verb {
        case .status: self = .status(json: json)
        case .scan: self = .scan(json: json)
        case .helpers: self = .helpers(json: json)
        case .logoff: self = .logoff
        case .ui: self = .ui(json: json)
        case .submitUI:
            guard data.count % 2 == 0 else { throw .malformed("a ui answer without its value") }
            var answers: [UIAnswer] = []
            var i = 0
            while i < data.count {
                answers.append(UIAnswer(key: String(decoding: data[i], as: UTF8.self),
                                        value: String(decoding: data[i + 1], as: UTF8.self)))
                i += 2
            }
            self = .submitUI(answers)
        case .cancelUI: self = .cancelUI
        case .enable: self = .enable(try ssid())
        case .join:
            var passphrase: Passphrase? = nil
            if data.count == 2 {
                do throws(PassphraseError) {
                    passphrase = try Passphrase(bytes: data[1])
                } catch {
                    throw .malformed("passphrase: " + error.description)
                }
            }
            self = .join(try ssid(), passphrase: passphrase, once: once, mac: mac, prefix: prefix, hidden: hidden, days: days,
                         eap: eap.isEmpty ? nil : eap)
        case .forget: self = .forget(try ssid())
        case .networks: self = .networks(json: json)
        case .reload: self = .reload
        case .configCheck, .configShow, .configRemove:
            self = .config(ConfigVerb(rawValue: verb.rawValue - Verb.configCheck.rawValue)!, json: json)
        case .configSave:
            var p = ManagerPreferences()
            for i in 0..<ManagerPreferences.Fields.count where fields.contains(.init(rawValue: 1 << i)) {
                guard p.set(i, tagged[i]) else { throw .malformed("a preference it cannot take") }
            }
            self = .saveConfig(p, fields)
        case .version: self = .version
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
