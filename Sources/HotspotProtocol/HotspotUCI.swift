import HotspotCore

/// Who an external helper runs as: a uid, or a user name the driver looks up in /etc/passwd. Never root.
public enum SandboxUser: Hashable, Sendable, CustomStringConvertible {
    case uid(UInt32)
    case name(String)

    public var description: String {
        switch self {
        case .uid(let id): return String(id)
        case .name(let name): return name
        }
    }
}

/// What the driver needs about a helper beyond its `HelperDescriptor`.
public struct HelperSettings: Hashable, Sendable {
    public var name: String
    /// For people (`hotspotd helpers`, the UI); the section name when not set.
    public var displayName: String
    public var user: SandboxUser
    /// A disabled helper is kept here (to be listed) but left out of `HotspotConfiguration.helpers`.
    public var isEnabled: Bool

    public init(name: String, displayName: String, user: SandboxUser, isEnabled: Bool = true) {
        self.name = name
        self.displayName = displayName
        self.user = user
        self.isEnabled = isEnabled
    }
}

/// A known network that may only be joined through one access point (`option bssid`).
public struct PinnedBSSID: Hashable, Sendable {
    public var ssid: SSID
    public var bssid: BSSID

    public init(ssid: SSID, bssid: BSSID) {
        self.ssid = ssid
        self.bssid = bssid
    }
}

/// The driver's settings from `config hotspot`, which the core does not hold. Defaults suit an OpenWrt router.
public struct DaemonSettings: Hashable, Sendable {
    /// The station (client) interface whose wpa_supplicant hotspotd drives.
    public var interface = "wlan0"
    /// wpa_supplicant's control sockets (its `ctrl_interface`).
    public var controlDirectory = "/var/run/wpa_supplicant"
    /// hotspotd's control socket and its client sockets; tmpfs on OpenWrt.
    public var runDirectory = "/var/run/hotspotd"
    /// Learned state (helper cache, disabled networks): on flash to survive reboots, written only on change.
    public var stateFile = "/etc/hotspotd.state"
    /// The least severe syslog level logged.
    public var logLevel: LogLevel = .info
    /// The default user for external helpers (OpenWrt's `nobody`, uid 65534).
    public var helperUser: SandboxUser = .name("nobody")
    /// Every `config helper`, in file order, enabled or not.
    public var helpers: [HelperSettings] = []
    public var pinnedBSSIDs: [PinnedBSSID] = []

    public init() {}

    public func helper(named name: String) -> HelperSettings? { helpers.first { UCIFile.same($0.name, name) } }
}

/// A configuration file hotspotd refuses: `FILE:LINE: option NAME: why`, or `FILE: why` for the whole.
public struct HotspotUCIError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// nil when the configuration as a whole is refused (`HotspotConfiguration.validate()`).
    public var line: Int?
    /// What is wrong: "option command_timeout", "list role", "config network"; nil for syntax errors.
    public var subject: String?
    public var message: String

    public init(file: String, line: Int?, subject: String?, message: String) {
        self.file = file
        self.line = line
        self.subject = subject
        self.message = message
    }

    public var description: String {
        var out = file
        if let line { out += ":" + String(line) }
        out += ": "
        if let subject { out += subject + ": " }
        return out + message
    }
}

/// hotspotd's UCI configuration (`/etc/config/hotspot`; init.d/hotspot.config documents every option) mapped
/// to the core's `HotspotConfiguration` and the driver's `DaemonSettings`.
///
/// Sections: one `config hotspot` (usually named 'main'), any number of `config helper 'NAME'` and
/// `config network`. Unknown sections and options become `warnings`, as OpenWrt tools ignore them.
/// Times are whole seconds. Two defaults differ from the core's, for a router nobody watches: scans while
/// online every 600 s, and a failed network is disabled for 3 h (`disable_expiry`), not until `hotspotd enable`.
public struct HotspotUCI: Hashable, Sendable {
    public var configuration: HotspotConfiguration
    public var settings: DaemonSettings
    /// `FILE:LINE: ...` for each option or section ignored.
    public var warnings: [String]

    public init(parsing bytes: [UInt8], file: String) throws(HotspotUCIError) {
        let uci: UCIFile
        do throws(UCIError) {
            uci = try UCIFile(parsing: bytes)
        } catch {
            throw HotspotUCIError(file: file, line: error.line, subject: nil, message: error.reason)
        }
        try self.init(uci, file: file)
    }

    public init(_ uci: UCIFile, file: String) throws(HotspotUCIError) {
        var mapper = UCIMapper(file: file)
        for section in uci.sections {
            switch section.type {
            case "hotspot": try mapper.main(section)
            case "helper": try mapper.helper(section)
            case "network": try mapper.network(section)
            default: mapper.warn(section.line, "config " + section.type + ": unknown section type, ignored")
            }
        }
        try mapper.finish()
        configuration = mapper.configuration
        settings = mapper.settings
        warnings = mapper.warnings
        do throws(ConfigurationError) {
            try configuration.validate()
        } catch {
            throw HotspotUCIError(file: file, line: nil, subject: nil, message: error.message)
        }
    }
}

/// The mapping's working state; one function per section type, small value parsers below.
struct UCIMapper {
    typealias Option = UCIFile.Option

    let file: String
    var configuration = HotspotConfiguration()
    var settings = DaemonSettings()
    var warnings: [String] = []
    var mainLine: Int? = nil
    /// Provider options with their lines, checked once every helper is known.
    var providers: [(option: Option, name: String)] = []
    /// Indices into `settings.helpers` of helpers without their own `option user`.
    var userless: [Int] = []

    init(file: String) {
        self.file = file
        configuration.connectedScanIntervalMs = 600_000
        configuration.disableExpiryMs = 10_800_000
    }

    mutating func warn(_ line: Int, _ message: String) {
        warnings.append(file + ":" + String(line) + ": " + message)
    }

    func fail(_ line: Int, _ subject: String, _ message: String) -> HotspotUCIError {
        HotspotUCIError(file: file, line: line, subject: subject, message: message)
    }

    func fail(_ o: Option, _ message: String) -> HotspotUCIError {
        fail(o.line, (o.isList ? "list " : "option ") + o.name, message)
    }

    /// `'VALUE' why`, the value escaped and shortened.
    func fail(_ o: Option, _ value: UCIFile.Value, _ why: String) -> HotspotUCIError {
        fail(value.line, (o.isList ? "list " : "option ") + o.name, UCIMapper.shown(value.bytes) + " " + why)
    }

    mutating func unknown(_ o: Option, in section: String) {
        warn(o.line, (o.isList ? "list " : "option ") + o.name + ": not an option of " + section + ", ignored")
    }

    // MARK: Sections

    mutating func main(_ section: UCIFile.Section) throws(HotspotUCIError) {
        if let first = mainLine {
            throw fail(section.line, "config hotspot", "only one such section (the first is on line " + String(first) + ")")
        }
        mainLine = section.line
        var c = configuration
        for o in section.options {
            switch o.name {
            case "enabled": c.preferences.isEnabled = try bool(o)
            case "interface": settings.interface = try interfaceName(o)
            case "ctrl_dir": settings.controlDirectory = try path(o)
            case "run_dir": settings.runDirectory = try path(o)
            case "state_file": settings.stateFile = try path(o)
            case "log_level": settings.logLevel = try logLevel(o)
            case "helper_user": settings.helperUser = try user(o)
            case "evaluation_provider", "authentication_provider":
                let name = try single(o).text
                providers.append((o, name))
                if o.name.utf8.first == UInt8(ascii: "e") {
                    c.preferences.evaluationProvider = name
                } else {
                    c.preferences.authenticationProvider = name
                }
            case "portal_domain":
                c.preferences.safariDomains = []
                for v in o.values {
                    guard ManagerPreferences.isValidDomain(v.text) else { throw fail(o, v, "is not a domain name") }
                    c.preferences.safariDomains.append(v.text)
                }
            case "evaluated_ssid":
                for v in o.values { c.preferences.evaluatedSSIDs.append(try ssid(o, v)) }
            case "evaluated_ssid_hex":
                for v in o.values { c.preferences.evaluatedSSIDs.append(try ssidHex(o, v)) }
            case "command_timeout": c.commandTimeoutMs = try milliseconds(o, zero: false)
            case "maintain_interval": c.maintainIntervalMs = try milliseconds(o, zero: false)
            case "association_timeout": c.associationTimeoutMs = try milliseconds(o, zero: false)
            case "scan_interval": c.scanIntervalMs = try milliseconds(o, zero: false)
            case "connected_scan_interval": c.connectedScanIntervalMs = try milliseconds(o, zero: true)
            case "backoff_base": c.backoffBaseMs = try milliseconds(o, zero: false)
            case "backoff_cap": c.backoffCapMs = try milliseconds(o, zero: false)
            case "disable_expiry":
                let ms = try milliseconds(o, zero: true)
                c.disableExpiryMs = ms == 0 ? nil : ms
            case "min_signal": c.minSignal = Double(try number(o, 0...100, "is not a percentage (0-100)")) / 100
            case "switch_margin": c.switchMargin = Double(try number(o, 0...100, "is not a percentage (0-100)")) / 100
            case "switch_scans": c.switchScans = try number(o, 1...100, "is not a whole number from 1 to 100")
            default: unknown(o, in: "config hotspot")
            }
        }
        configuration = c
    }

    mutating func helper(_ section: UCIFile.Section) throws(HotspotUCIError) {
        guard let name = section.name else {
            throw fail(section.line, "config helper", "needs a name: config helper 'NAME'")
        }
        let subject = "config helper '" + name + "'"
        var descriptor = HelperDescriptor(name: name, kind: .external)
        var program: Option? = nil
        var commands = HelperCommandSet()
        var helper = HelperSettings(name: name, displayName: name, user: settings.helperUser)
        var user: SandboxUser? = nil
        for o in section.options {
            switch o.name {
            case "exec", "builtin":
                if let other = program {
                    throw fail(o, "a helper has either option exec or option builtin, and " + other.name + " is set")
                }
                program = o
                let v = try single(o)
                if o.name.utf8.first == UInt8(ascii: "e") {
                    guard v.bytes.first == UInt8(ascii: "/") else { throw fail(o, v, "is not an absolute path") }
                    descriptor.kind = .external
                } else {
                    guard HelperDescriptor.isValidName(v.text) else { throw fail(o, v, "is not a built-in helper name") }
                    descriptor.kind = .builtin
                }
                descriptor.program = v.text
            case "display_name": helper.displayName = try single(o).text
            case "enabled": helper.isEnabled = try bool(o)
            case "priority": descriptor.priority = try number(o, -1_000_000...1_000_000, "is not a whole number")
            case "user": user = try self.user(o)
            case "role":
                for v in o.values {
                    if UCIFile.equals(v.bytes, "evaluation") {
                        commands.insert(.filterScanList)
                        commands.insert(.evaluate)
                    } else if UCIFile.equals(v.bytes, "authentication") {
                        for c in HelperCommand.allCases where !c.isEvaluation { commands.insert(c) }
                    } else {
                        throw fail(o, v, "is not a role (evaluation, authentication)")
                    }
                }
            case "command":
                for v in o.values {
                    guard let c = HelperCommand(rawValue: v.text) else {
                        throw fail(o, v, "is not a helper command (filterScanList, evaluate, authenticate, presentUI, maintain, logoff)")
                    }
                    commands.insert(c)
                }
            default: unknown(o, in: subject)
            }
        }
        guard program != nil else { throw fail(section.line, subject, "needs option exec or option builtin") }
        descriptor.commands = commands.rawValue == 0 ? .all : commands
        // helper_user may come after this section: the default user is filled in by finish().
        if let user { helper.user = user } else { userless.append(settings.helpers.count) }
        settings.helpers.append(helper)
        if helper.isEnabled { configuration.helpers.append(descriptor) }
    }

    mutating func network(_ section: UCIFile.Section) throws(HotspotUCIError) {
        let subject = section.name.map { "config network '" + $0 + "'" } ?? "config network"
        var ssid: SSID? = nil
        var key: Passphrase? = nil
        var priority = 0
        var bssid: BSSID? = nil
        var enabled = true
        for o in section.options {
            switch o.name {
            case "ssid", "ssid_hex":
                let v = try single(o)
                guard ssid == nil else { throw fail(o, "a network has either option ssid or option ssid_hex") }
                ssid = try o.name.utf8.count == 4 ? self.ssid(o, v) : ssidHex(o, v)
            case "key":
                let v = try single(o)
                do throws(PassphraseError) {
                    key = try Passphrase(bytes: v.bytes)
                } catch {
                    throw fail(o, UCIMapper.why(error))
                }
            case "priority": priority = try number(o, -1_000_000...1_000_000, "is not a whole number")
            case "bssid":
                let v = try single(o)
                guard let b = BSSID(v.text) else { throw fail(o, v, "is not a MAC address (aa:bb:cc:dd:ee:ff)") }
                bssid = b
            case "enabled": enabled = try bool(o)
            default: unknown(o, in: subject)
            }
        }
        guard let ssid else { throw fail(section.line, subject, "needs option ssid or option ssid_hex") }
        guard enabled else { return }
        // When KnownNetwork.passphrase becomes `Passphrase?`, pass `key` itself here.
        configuration.knownNetworks.append(KnownNetwork(ssid: ssid, passphrase: key.map(UCIMapper.text), priority: priority))
        if let bssid { settings.pinnedBSSIDs.append(PinnedBSSID(ssid: ssid, bssid: bssid)) }
    }

    /// Fills in default users; providers must name an enabled helper (the rest `validate()` checks).
    mutating func finish() throws(HotspotUCIError) {
        for i in userless { settings.helpers[i].user = settings.helperUser }
        for (o, name) in providers {
            guard let h = settings.helper(named: name) else {
                throw fail(o, UCIMapper.shown(Array(name.utf8)) + " is not a configured helper")
            }
            guard h.isEnabled else { throw fail(o, "helper '" + name + "' is disabled") }
        }
    }

    // MARK: Values

    func single(_ o: Option) throws(HotspotUCIError) -> UCIFile.Value {
        guard !o.isList else { throw fail(o, "takes one value: write option " + o.name) }
        return o.values[0]
    }

    /// OpenWrt's booleans (config_get_bool).
    func bool(_ o: Option) throws(HotspotUCIError) -> Bool {
        let v = try single(o)
        for word: StaticString in ["1", "yes", "on", "true", "enabled"] where UCIFile.equals(v.bytes, word) { return true }
        for word: StaticString in ["0", "no", "off", "false", "disabled"] where UCIFile.equals(v.bytes, word) { return false }
        throw fail(o, v, "is not a boolean (1 or 0)")
    }

    /// Whole seconds, at most nine digits, as milliseconds.
    func milliseconds(_ o: Option, zero: Bool) throws(HotspotUCIError) -> Int64 {
        let v = try single(o)
        guard let s = UCIMapper.integer(v.bytes), s >= 0 else { throw fail(o, v, "is not a whole number of seconds") }
        guard s > 0 || zero else { throw fail(o, v, "is too short: at least 1 second") }
        return Int64(s) * 1000
    }

    func number(_ o: Option, _ range: ClosedRange<Int>, _ why: String) throws(HotspotUCIError) -> Int {
        let v = try single(o)
        guard let n = UCIMapper.integer(v.bytes), range.contains(n) else { throw fail(o, v, why) }
        return n
    }

    func path(_ o: Option) throws(HotspotUCIError) -> String {
        let v = try single(o)
        guard v.bytes.first == UInt8(ascii: "/") else { throw fail(o, v, "is not an absolute path") }
        return v.text
    }

    /// Linux's dev_valid_name: 1–15 bytes, not `.` or `..`, no `/`, `:` or whitespace (and printable here).
    func interfaceName(_ o: Option) throws(HotspotUCIError) -> String {
        let v = try single(o)
        let valid = v.bytes.count <= 15 && !UCIFile.equals(v.bytes, ".") && !UCIFile.equals(v.bytes, "..")
            && v.bytes.allSatisfy { $0 > 0x20 && $0 < 0x7f && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ":") }
        guard valid else { throw fail(o, v, "is not an interface name") }
        return v.text
    }

    func logLevel(_ o: Option) throws(HotspotUCIError) -> LogLevel {
        let v = try single(o)
        for level in LogLevel.allCases where v.bytes.elementsEqual(level.rawValue.utf8) { return level }
        throw fail(o, v, "is not a log level (error, warning, notice, info, debug)")
    }

    /// A uid or a user name (letters, digits, `. _ -`, not starting with `-`); never root.
    func user(_ o: Option) throws(HotspotUCIError) -> SandboxUser {
        let v = try single(o)
        if let id = UCIMapper.integer(v.bytes), id >= 0 {
            guard id > 0 else { throw fail(o, "helpers must not run as root") }
            return .uid(UInt32(id))
        }
        guard !UCIFile.equals(v.bytes, "root") else { throw fail(o, "helpers must not run as root") }
        guard HelperDescriptor.isValidName(v.text) && v.bytes.first != UInt8(ascii: "-") else {
            throw fail(o, v, "is not a user name or uid")
        }
        return .name(v.text)
    }

    func ssid(_ o: Option, _ v: UCIFile.Value) throws(HotspotUCIError) -> SSID {
        guard !v.bytes.isEmpty, let s = SSID(bytes: v.bytes) else { throw fail(o, v, "is not an SSID of 1-32 bytes") }
        return s
    }

    func ssidHex(_ o: Option, _ v: UCIFile.Value) throws(HotspotUCIError) -> SSID {
        guard let bytes = Hex.decode(v.bytes[...]), !bytes.isEmpty, let s = SSID(bytes: bytes) else {
            throw fail(o, v, "is not an SSID in hex (2-64 hex digits)")
        }
        return s
    }

    /// An optional `-` and one to nine digits.
    static func integer(_ bytes: [UInt8]) -> Int? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? bytes.dropFirst() : bytes[...]
        guard !digits.isEmpty && digits.count <= 9 else { return nil }
        var n = 0
        for b in digits {
            guard b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") else { return nil }
            n = n * 10 + Int(b - UInt8(ascii: "0"))
        }
        return negative ? -n : n
    }

    /// A value for an error message: quoted, unprintable bytes as `\xNN`, at most 64 bytes shown.
    static func shown(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = [UInt8(ascii: "'")]
        for b in bytes.prefix(64) {
            if b >= 0x20 && b < 0x7f && b != UInt8(ascii: "\\") {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "\\"))
                out.append(UInt8(ascii: "x"))
                Hex.append(b, to: &out)
            }
        }
        if bytes.count > 64 { out.append(contentsOf: "...".utf8) }
        out.append(UInt8(ascii: "'"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Why a key was refused, never showing it.
    static func why(_ error: PassphraseError) -> String {
        switch error {
        case .tooShort: return "the passphrase is shorter than 8 characters"
        case .tooLong: return "the passphrase is longer than 63 characters (or 64 hex digits)"
        case .sixtyFourCharactersNotHex: return "64 characters must all be hex digits (a raw PSK)"
        case .notPrintableASCII: return "the passphrase may only contain printable ASCII"
        }
    }

    /// The passphrase as KnownNetwork holds it today: its text, or a raw PSK's 64 hex digits.
    static func text(_ key: Passphrase) -> String {
        switch key.kind {
        case .passphrase: return String(decoding: key.secret, as: UTF8.self)
        case .rawPSK: return Hex.encode(key.secret)
        }
    }
}
