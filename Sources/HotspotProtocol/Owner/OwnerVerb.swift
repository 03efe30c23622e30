import HotspotCore

/// Every request the owner makes of the daemon, declared once. Each front door reads this declaration:
/// the CLI (`ControlCommand`: its words, options and operands; `CLI.usage`: its help line), the control
/// socket (`ControlRequest`'s codec: its wire verb and the words it may carry), ubus (`RpcdCommand`: the
/// plugin's `list`, the arguments a method takes and how it answers) and the ACL files (a test checks
/// `hotspot-read` / `hotspot-write` against `changesState`; another checks the LuCI view's calls).
///
/// To add a request: a case here and its `declaration`, a `ControlRequest` case (the compiler then asks
/// for its three lines in ControlRequest.swift) and its handler in `HotspotDaemon.controlReply(to:)`; a ubus
/// method also needs its name in the ACL files (`OwnerVocabularyTests` says which).
///
/// The order of the cases is the order of `hotspotd --help` and of the plugin's `list`: the methods that read
/// first, then those that act.
public enum OwnerVerb: CaseIterable, Hashable, Sendable {
    case status, scan, helpers, networks, ui, answersUI
    case submitUI, cancelUI, forgetUI, join, forget, enable, logoff
    case reload, configCheck, configShow, configSave, configRemove, version

    /// One request's names, arguments and help.
    public struct Declaration {
        /// Its words on the command line, after `hotspotd`: `ui submit`.
        public var words: StaticString
        /// Its verb on the control socket: `ui-submit`.
        public var wire: StaticString
        /// Its method on ubus's `hotspot` object, or nil when ubus does not offer it.
        public var method: StaticString?
        /// What it carries, in the order the help shows them.
        public var parameters: [OwnerParameter]
        /// It changes the daemon's state or the configuration: ubus's `hotspot-write` ACL group, else
        /// `hotspot-read`; ubus answers it with `{"ok": true, "message": …}`. A ubus method that changes
        /// nothing answers with the JSON it prints, so it takes `.json`.
        public var changesState: Bool
        /// Its line in `hotspotd --help`.
        public var help: StaticString
        /// It answers with what the owner typed (earlier answers): ubus's `hotspot-write` ACL group although it
        /// changes nothing (issue 35: a portal that marks a PIN field as text would show it to the read ACL).
        public var revealsAnswers = false
    }

    public var declaration: Declaration {
        switch self {
        case .status:
            Declaration(words: "status", wire: "status", method: "status", parameters: [.json], changesState: false,
                        help: "uplink state; exit 0 usable, 1 not, 2 daemon unreachable")
        case .scan:
            Declaration(words: "scan", wire: "scan", method: "scan", parameters: [.json, .now], changesState: false,
                        help: "the last scan as helpers saw it, and its age")
        case .helpers:
            Declaration(words: "helpers", wire: "helpers", method: "helpers", parameters: [.json], changesState: false,
                        help: "helpers, their state and cached networks")
        case .networks:
            Declaration(words: "networks", wire: "networks", method: "networks", parameters: [.json], changesState: false,
                        help: "list your own networks")
        case .ui:
            Declaration(words: "ui", wire: "ui", method: "ui", parameters: [.json], changesState: false,
                        help: "the login waiting for your answers (presentUI)")
        case .answersUI:
            Declaration(words: "ui answers", wire: "ui-answers", method: "ui_answers", parameters: [.json], changesState: false,
                        help: "the same with the answers you typed before (ubus: the write ACL)", revealsAnswers: true)
        case .submitUI:
            Declaration(words: "ui submit", wire: "ui-submit", method: "ui_submit", parameters: [.answers], changesState: true,
                        help: "answer it")
        case .cancelUI:
            Declaration(words: "ui cancel", wire: "ui-cancel", method: "ui_cancel", parameters: [], changesState: true,
                        help: "give the login up (auto-join of the network disabled)")
        case .forgetUI:
            Declaration(words: "ui forget", wire: "ui-forget", method: "ui_forget", parameters: [.optionalSSID], changesState: true,
                        help: "drop the answers remembered for a venue (default: the current network)")
        case .join:
            Declaration(words: "join", wire: "join", method: "join",
                        parameters: [.ssid, .passphrase, .once, .mac, .prefix, .hidden, .days, .eap], changesState: true,
                        help: "add one of your own networks and join it")
        case .forget:
            Declaration(words: "forget", wire: "forget", method: "forget", parameters: [.ssid], changesState: true,
                        help: "remove one of your own networks, and the answers remembered for it")
        case .enable:
            Declaration(words: "enable", wire: "enable", method: "enable", parameters: [.ssid], changesState: true,
                        help: "allow auto-join of a disabled network again")
        case .logoff:
            Declaration(words: "logoff", wire: "logoff", method: "logoff", parameters: [], changesState: true,
                        help: "log off the current hotspot and stay off it")
        case .reload:
            Declaration(words: "reload", wire: "reload", method: "reload", parameters: [], changesState: true,
                        help: "re-read the configuration")
        case .configCheck:
            Declaration(words: "config check", wire: "config-check", method: nil, parameters: [.json], changesState: false,
                        help: "is the configuration file valid?")
        case .configShow:
            Declaration(words: "config show", wire: "config-show", method: nil, parameters: [.json], changesState: false,
                        help: "the manager preferences in effect")
        case .configSave:
            Declaration(words: "config save", wire: "config-save", method: nil, parameters: [.preferences], changesState: true,
                        help: "save manager preferences (options below)")
        case .configRemove:
            Declaration(words: "config remove", wire: "config-remove", method: nil, parameters: [], changesState: true,
                        help: "remove them: the defaults apply")
        case .version:
            // `hotspotd version` prints the client's own version without asking; the request asks the daemon's.
            Declaration(words: "version", wire: "version", method: nil, parameters: [], changesState: false,
                        help: "print the version")
        }
    }

    public var words: StaticString { declaration.words }
    public var wire: StaticString { declaration.wire }
    public var method: StaticString? { declaration.method }
    public var changesState: Bool { declaration.changesState }
    /// Its ubus method is in `hotspot-write`: it changes something, or answers with what the owner typed.
    public var needsWriteACL: Bool { declaration.changesState || declaration.revealsAnswers }

    public func takes(_ p: OwnerParameter) -> Bool { declaration.parameters.contains(p) }

    /// It carries an SSID, required or not.
    public var takesSSID: Bool { takes(.ssid) || takes(.optionalSSID) }

    /// The ubus arguments its method takes, in the order of the plugin's `list`.
    public var ubusArguments: [UbusArgument] {
        var out: [UbusArgument] = []
        for p in declaration.parameters { out += p.ubusArguments }
        return out
    }

    /// The request whose wire verb is `word`.
    public static func named(wire word: ArraySlice<UInt8>) -> OwnerVerb? {
        for v in allCases where ASCII.equals(word, v.wire) { return v }
        return nil
    }

    /// The request whose ubus method is `name`.
    public static func named(method name: ArraySlice<UInt8>) -> OwnerVerb? {
        for v in allCases {
            if let m = v.method, ASCII.equals(name, m) { return v }
        }
        return nil
    }
}

/// What an owner request can carry. Each has one spelling per front door: the CLI's (`usage`, and the
/// options in `ControlCommand.Option`), the control socket's (`ControlRequest.encoded`) and ubus's
/// (`ubusArguments`; none: the CLI alone offers it).
public enum OwnerParameter: CaseIterable, Hashable, Sendable {
    /// JSON output rather than text. ubus always asks for it.
    case json
    /// One SSID, required: a word or `--ssid-hex HEX`; the first data word on the wire.
    case ssid
    /// One SSID or none.
    case optionalSSID
    /// `--passphrase-file F`; the second data word on the wire.
    case passphrase
    /// Join without remembering the network.
    case once
    /// `--mac hardware|per-network|per-join|ADDR`: the address the radio shows the network.
    case mac
    /// The SSID is a prefix.
    case prefix
    /// A network scans do not show by name.
    case hidden
    /// Forgotten after N days.
    case days
    /// A fresh scan of every radio, not the last table.
    case now
    /// An enterprise network's credentials (`--eap …`).
    case eap
    /// A login's answers: `KEY=VALUE…`; key and value data words on the wire; ubus's `fields` object.
    case answers
    /// `config save`'s preferences: its options on the CLI, tagged data words on the wire.
    case preferences

    /// How the help shows it.
    public var usage: StaticString {
        switch self {
        case .json: "[--json]"
        case .ssid: "SSID"
        case .optionalSSID: "[SSID]"
        case .passphrase: "[--passphrase-file F]"
        case .once: "[--once]"
        case .mac: "[--mac hardware|per-network|per-join|ADDR]"
        case .prefix: "[--prefix]"
        case .hidden: "[--hidden]"
        case .days: "[--days N]"
        case .now: "[--now]"
        case .eap: "[--eap peap|ttls|ttls-mschapv2|tls --identity ID ...]"
        case .answers: "KEY=VALUE..."
        case .preferences: "[OPTIONS]"
        }
    }

    /// Its own line in the help, under its request's, or nil when it goes on the request's line.
    public var help: StaticString? {
        switch self {
        case .json, .ssid, .optionalSSID, .passphrase, .once, .answers, .preferences: nil
        case .mac: "the address the radio shows it (mac_policy)"
        case .prefix: "SSID is a prefix: the strongest network it starts"
        case .hidden: "a network scans do not show by name"
        case .days: "forgotten after N days"
        case .now: "scan every radio now (at most once in 10 s; not during a login)"
        case .eap: "an enterprise network (README: join --eap)"
        }
    }

    public var ubusArguments: [UbusArgument] {
        switch self {
        case .ssid, .optionalSSID: [.ssid, .ssidHex]
        case .passphrase: [.passphrase]
        case .once: [.once]
        case .now: [.now]
        case .answers: [.fields]
        case .json, .mac, .prefix, .hidden, .days, .eap, .preferences: []
        }
    }
}

/// An argument of a ubus method, as rpcd's `list` declares it and `RpcdCommand` checks it.
public enum UbusArgument: CaseIterable, Hashable, Sendable {
    case ssid, ssidHex, passphrase, once, now, fields

    public var name: StaticString {
        switch self {
        case .ssid: "ssid"
        case .ssidHex: "ssid_hex"
        case .passphrase: "passphrase"
        case .once: "once"
        case .now: "now"
        case .fields: "fields"
        }
    }

    /// Its type in rpcd's signature: a string, a boolean, a table.
    public var signature: StaticString {
        switch self {
        case .ssid, .ssidHex, .passphrase: "\"str\""
        case .once, .now: "true"
        case .fields: "{}"
        }
    }

    /// The refusal of a value that is not what it must be.
    public var rule: StaticString {
        switch self {
        case .ssid: "'ssid' must be 1 to 32 bytes"
        case .ssidHex: "'ssid_hex' must be 1 to 32 bytes in hex"
        case .passphrase: "'passphrase' must be a string"
        case .once: "'once' must be true or false"
        case .now: "'now' must be true or false"
        case .fields: "'fields' must be an object of field names (1-32 of A-Z a-z 0-9 _) and texts of one line, 2048 bytes at most"
        }
    }

    public static func named(_ name: ArraySlice<UInt8>) -> UbusArgument? {
        for a in allCases where ASCII.equals(name, a.name) { return a }
        return nil
    }
}

/// The values an owner request carries, whichever front door it came through; a request takes those of
/// its `OwnerVerb.declaration.parameters` and leaves the others as they are here.
public struct OwnerArguments: Hashable, Sendable {
    public var json = false
    public var ssid: SSID? = nil
    public var passphrase: Passphrase? = nil
    public var once = false
    public var mac: MACPolicy? = nil
    public var prefix = false
    public var hidden = false
    public var days: Int? = nil
    /// `scan --now`: a fresh scan first.
    public var now = false
    public var eap = EAPSettings()
    public var answers: [UIAnswer] = []
    /// `config save`: the preferences in `fields` as `preferences` has them.
    public var preferences = ManagerPreferences()
    public var fields = ManagerPreferences.Fields()

    public init() {}
}
