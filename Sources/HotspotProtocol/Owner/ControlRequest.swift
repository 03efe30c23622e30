import HotspotCore

/// One request of a `hotspotd` client subcommand to the daemon over the control socket (its wire format:
/// ControlProtocol.swift), as the daemon's `controlReply(to:)` answers it. Its cases are the owner's requests
/// that `OwnerVerb` declares; `init(_:_:)`, `verb` and `arguments` below are the one place a case meets its
/// declaration. The CLI, the control socket's decoder and ubus build requests with `init(_:_:)`; the encoder
/// reads `verb` and `arguments`.
public indirect enum ControlRequest: Hashable, Sendable {
    case status(json: Bool)
    case scan(json: Bool, now: Bool = false)
    case helpers(json: Bool)
    case logoff
    case ui(json: Bool)
    /// `hotspotd ui answers`: the waiting login with the owner's earlier answers (ubus: the write ACL).
    case uiAnswers(json: Bool)
    case submitUI([UIAnswer])
    case cancelUI
    /// `hotspotd ui forget [SSID]`: the answers remembered for a venue (nil: the current network's).
    case forgetUI(SSID?)
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
}

extension ControlRequest {
    /// The request `verb` names, with the arguments it takes from `a`; nil when it needs an SSID and `a` has none.
    public init?(_ verb: OwnerVerb, _ a: OwnerArguments) {
        switch verb {
        case .status: self = .status(json: a.json)
        case .scan: self = .scan(json: a.json, now: a.now)
        case .helpers: self = .helpers(json: a.json)
        case .networks: self = .networks(json: a.json)
        case .ui: self = .ui(json: a.json)
        case .answersUI: self = .uiAnswers(json: a.json)
        case .submitUI: self = .submitUI(a.answers)
        case .cancelUI: self = .cancelUI
        case .forgetUI: self = .forgetUI(a.ssid)
        case .join:
            guard let s = a.ssid else { return nil }
            self = .join(s, passphrase: a.passphrase, once: a.once, mac: a.mac, prefix: a.prefix, hidden: a.hidden,
                         days: a.days, eap: a.eap.isEmpty ? nil : a.eap)
        case .forget:
            guard let s = a.ssid else { return nil }
            self = .forget(s)
        case .enable:
            guard let s = a.ssid else { return nil }
            self = .enable(s)
        case .logoff: self = .logoff
        case .reload: self = .reload
        case .configCheck: self = .config(.check, json: a.json)
        case .configShow: self = .config(.show, json: a.json)
        case .configSave: self = .saveConfig(a.preferences, a.fields)
        case .configRemove: self = .config(.remove, json: false)
        case .version: self = .version
        }
    }

    public var verb: OwnerVerb {
        switch self {
        case .status: .status
        case .scan: .scan
        case .helpers: .helpers
        case .networks: .networks
        case .ui: .ui
        case .uiAnswers: .answersUI
        case .submitUI: .submitUI
        case .cancelUI: .cancelUI
        case .forgetUI: .forgetUI
        case .join: .join
        case .forget: .forget
        case .enable: .enable
        case .logoff: .logoff
        case .reload: .reload
        case .config(let c, _):
            switch c {
            case .check: .configCheck
            case .show: .configShow
            case .remove: .configRemove
            }
        case .saveConfig: .configSave
        case .version: .version
        }
    }

    /// How long a client waits for the reply: `scan --now` waits for the scan (the daemon gives up at 15 s).
    public var replyTimeoutMs: Int64 {
        if case .scan(_, true) = self { return 45_000 }
        return 10_000
    }

    public var arguments: OwnerArguments {
        var a = OwnerArguments()
        switch self {
        case .status(let json), .helpers(let json), .networks(let json), .ui(let json),
             .uiAnswers(let json), .config(_, let json):
            a.json = json
        case .scan(let json, let now):
            a.json = json
            a.now = now
        case .submitUI(let answers): a.answers = answers
        case .join(let ssid, let passphrase, let once, let mac, let prefix, let hidden, let days, let eap):
            a.ssid = ssid
            a.passphrase = passphrase
            a.once = once
            a.mac = mac
            a.prefix = prefix
            a.hidden = hidden
            a.days = days
            a.eap = eap ?? EAPSettings()
        case .forget(let ssid), .enable(let ssid): a.ssid = ssid
        case .forgetUI(let ssid): a.ssid = ssid
        case .saveConfig(let preferences, let fields):
            a.preferences = preferences
            a.fields = fields
        case .cancelUI, .logoff, .reload, .version: break
        }
        return a
    }
}
