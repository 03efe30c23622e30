import HotspotCore
import HotspotWeb

/// Who an external helper runs as: a uid, or a user name the driver looks up in /etc/passwd. Never root.
public indirect enum SandboxUser: Hashable, Sendable, CustomStringConvertible {
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
    /// The built-in portal helper's options (`list probe_url`, `option ca_bundle`, `option wispr_user`,
    /// `option wispr_password`); other helpers ignore them. Empty or nil: the helper's defaults.
    public var probeURLs: [String] = []
    public var caBundle: String? = nil
    public var wisprUser: String? = nil
    public var wisprPassword: String? = nil

    public init(name: String, displayName: String, user: SandboxUser, isEnabled: Bool = true) {
        self.name = name
        self.displayName = displayName
        self.user = user
        self.isEnabled = isEnabled
    }
}

/// The driver's settings from `config hotspot`, which the core does not hold. Defaults suit an OpenWrt router.
public struct DaemonSettings: Hashable, Sendable {
    /// The station (client) interfaces whose wpa_supplicants hotspotd drives, one per radio (`list
    /// interface`); the first is the uplink's until a join on another.
    public var interfaces = ["phy0-sta0"]
    public var interface: String {
        get { interfaces[0] }
        set { interfaces = [newValue] }
    }
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
    /// Members of this group (a name, or a gid as `.uid`) may use the control socket; nil: root only.
    public var controlGroup: SandboxUser? = nil
    /// Every `config helper`, in file order, enabled or not.
    public var helpers: [HelperSettings] = []
    /// Every enabled `config passpoint`, in file order.
    public var passpoint: [EAPSettings] = []
    /// `option lan_clash 'renumber'`: a LAN that clashes with the uplink's lease is moved to a free /24.
    public var renumberLAN = false

    public init() {}

    public func helper(named name: String) -> HelperSettings? { DaemonSettings.helper(named: name, in: helpers) }

    public static func helper(named name: String, in helpers: [HelperSettings]) -> HelperSettings? {
        for h in helpers where ASCII.same(h.name, name) { return h }
        return nil
    }

    /// The options that differ from `running` but take effect only at a restart (the sockets, files and
    /// interface the daemon opened at start), comma-separated; empty when none. The rest reloads.
    public func restartOnly(differingFrom running: DaemonSettings) -> String {
        var names = ""
        func differs(_ d: Bool, _ name: StaticString) { if d { names += (names.isEmpty ? "" : ", ") + name.description } }
        differs(!ASCII.same(interfaces, running.interfaces), "interface")
        differs(!ASCII.same(controlDirectory, running.controlDirectory), "ctrl_dir")
        differs(!ASCII.same(runDirectory, running.runDirectory), "run_dir")
        differs(!ASCII.same(stateFile, running.stateFile), "state_file")
        differs(controlGroup != running.controlGroup, "control_group")
        return names
    }
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
            switch UCIMapper.lookup(section.type, "hotspot helper network passpoint") {
            case 0: mapper.main(section)
            case 1: mapper.helper(section)
            case 2: mapper.network(section)
            case 3: mapper.passpoint(section)
            default: mapper.warn(section.line, "config " + section.type + ": unknown section type, ignored")
            }
        }
        mapper.finish()
        if let problem = mapper.problem { throw problem }
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
/// Small on the router: nothing here throws (the first problem is kept, the mapping goes on with
/// placeholders, and the caller throws `problem`), so option sites carry no error paths; option names
/// are looked up as bytes in tables and dispatched on enums, not by a `switch` over String literals.
struct UCIMapper {
    typealias Option = UCIFile.Option

    /// `config hotspot`'s options; `names` in case order.
    enum MainOption: Int, CaseIterable {
        case enabled, interface, ctrlDir, runDir, stateFile, logLevel, helperUser
        case evaluationProvider, authenticationProvider, portalDomain, evaluatedSSID, evaluatedSSIDHex
        case minSignal, switchMargin, switchScans
        case commandTimeout, maintainInterval, associationTimeout, scanInterval, connectedScanInterval
        case backoffBase, backoffCap, disableExpiry, controlGroup, netcheckInterval
        case macPolicy
        case lanClash
        case rememberDays

        static var names: StaticString { """
            enabled interface ctrl_dir run_dir state_file log_level helper_user \
            evaluation_provider authentication_provider portal_domain evaluated_ssid evaluated_ssid_hex \
            min_signal switch_margin switch_scans \
            command_timeout maintain_interval association_timeout scan_interval connected_scan_interval \
            backoff_base backoff_cap disable_expiry control_group netcheck_interval \
            mac_policy \
            lan_clash \
            remember_days
            """ }
    }

    enum HelperOption: Int, CaseIterable {
        case exec, builtin, displayName, enabled, priority, user, role, command
        case probeURL, caBundle, wisprUser, wisprPassword
        static var names: StaticString { """
            exec builtin display_name enabled priority user role command \
            probe_url ca_bundle wispr_user wispr_password
            """ }
    }

    enum NetworkOption: Int, CaseIterable {
        case ssid, ssidHex, key, priority, bssid, enabled
        case mac, ssidPrefix, hidden
        static var names: StaticString { "ssid ssid_hex key priority bssid enabled mac ssid_prefix hidden" }
    }

    /// The place of `name` among the space-separated `words`, or -1.
    @inline(never) static func lookup(_ name: String, _ words: StaticString) -> Int { lookup(Array(name.utf8), words) }

    static func lookup(_ bytes: [UInt8], _ words: StaticString) -> Int { ASCII.place(of: bytes[...], inWords: words) }

    /// The index of `name` in `names`, or -1.
    @inline(never) static func lookup(_ name: String, _ names: [StaticString]) -> Int { lookup(Array(name.utf8), names) }

    @inline(never) static func lookup(_ bytes: [UInt8], _ names: [StaticString]) -> Int {
        names.firstIndex { ASCII.equals(bytes[...], $0) } ?? -1
    }

    let file: String
    var configuration = HotspotConfiguration()
    var settings = DaemonSettings()
    var warnings: [String] = []
    var mainLine: Int? = nil
    /// Provider options with their lines, checked once every helper is known.
    var providers: [Option] = []
    /// Indices into `settings.helpers` of helpers without their own `option user`.
    var userless: [Int] = []
    /// The first `wispr_user` or `wispr_password`, checked once `portal_domain` is known (the sections' order is free).
    var wisprOption: Option? = nil
    /// The first problem found, the one reported.
    var problem: HotspotUCIError? = nil

    init(file: String) {
        self.file = file
        configuration.connectedScanIntervalMs = 600_000
        configuration.disableExpiryMs = 3_600_000
        configuration.netcheckIntervalMs = 300_000
    }

    @inline(never) mutating func warn(_ line: Int, _ message: String) {
        warnings.append(file + ":" + String(line) + ": " + message)
    }

    @inline(never) mutating func fail(_ line: Int, _ subject: String, _ message: String) {
        if case .none = problem { problem = HotspotUCIError(file: file, line: line, subject: subject, message: message) }
    }

    /// `option NAME` or `list NAME`.
    @inline(never) static func subject(_ o: Option) -> String { (o.isList ? "list " : "option ") + o.name }

    @inline(never) mutating func fail(_ o: Option, _ message: String) {
        fail(o.line, UCIMapper.subject(o), message)
    }

    /// `'VALUE' why`, the value escaped and shortened.
    @inline(never) mutating func fail(_ o: Option, _ value: UCIFile.Value, _ why: String) {
        fail(value.line, UCIMapper.subject(o), UCIMapper.shown(value.bytes) + " " + why)
    }

    @inline(never) mutating func unknown(_ o: Option, in section: String) {
        warn(o.line, UCIMapper.subject(o) + ": not an option of " + section + ", ignored")
    }

    // MARK: Sections

    mutating func main(_ section: UCIFile.Section) {
        if let first = mainLine {
            return fail(section.line, "config hotspot", "only one such section (the first is on line " + String(first) + ")")
        }
        mainLine = section.line
        for o in section.options {
            guard let option = MainOption(rawValue: UCIMapper.lookup(o.name, MainOption.names)) else {
                unknown(o, in: "config hotspot")
                continue
            }
            switch option {
            case .enabled: configuration.preferences.isEnabled = bool(o)
            case .interface:
                settings.interfaces = []
                for v in o.values {
                    let name = interfaceName(o, v)
                    if ASCII.contains(settings.interfaces, name) { fail(o, v, "is listed twice") }
                    settings.interfaces.append(name)
                }
            case .ctrlDir: settings.controlDirectory = path(o)
            case .runDir: settings.runDirectory = path(o)
            case .stateFile: settings.stateFile = path(o)
            case .logLevel: settings.logLevel = logLevel(o)
            case .helperUser: settings.helperUser = user(o)
            case .controlGroup:
                // A group name or gid; its members may use the control socket (root always may).
                let v = single(o)
                if let id = UCIMapper.integer(v.bytes), id >= 0 {
                    settings.controlGroup = .uid(UInt32(id))
                } else if HelperDescriptor.isValidName(v.text) && v.bytes.first != UInt8(ascii: "-") {
                    settings.controlGroup = .name(v.text)
                } else {
                    fail(o, v, "is not a group name or gid")
                }
            case .evaluationProvider:
                configuration.preferences.evaluationProvider = single(o).text
                providers.append(o)
            case .authenticationProvider:
                configuration.preferences.authenticationProvider = single(o).text
                providers.append(o)
            case .portalDomain:
                for v in o.values {
                    if !ManagerPreferences.isValidDomain(v.text) { fail(o, v, "is not a domain name") }
                    configuration.preferences.safariDomains.append(v.text)
                }
            case .evaluatedSSID:
                for v in o.values { configuration.preferences.evaluatedSSIDs.append(ssid(o, v)) }
            case .evaluatedSSIDHex:
                for v in o.values { configuration.preferences.evaluatedSSIDs.append(ssidHex(o, v)) }
            case .minSignal: configuration.minSignal = percent(o)
            case .switchMargin: configuration.switchMargin = percent(o)
            case .switchScans: configuration.switchScans = number(o, 1...100, "is not a whole number from 1 to 100")
            case .commandTimeout: configuration.commandTimeoutMs = milliseconds(o, zero: false)
            case .maintainInterval: configuration.maintainIntervalMs = milliseconds(o, zero: false)
            case .associationTimeout: configuration.associationTimeoutMs = milliseconds(o, zero: false)
            case .scanInterval: configuration.scanIntervalMs = milliseconds(o, zero: false)
            case .connectedScanInterval: configuration.connectedScanIntervalMs = milliseconds(o, zero: true)
            case .netcheckInterval: configuration.netcheckIntervalMs = milliseconds(o, zero: true)
            case .lanClash:
                let v = single(o)
                let i = UCIMapper.lookup(v.bytes, "report renumber")
                if i < 0 { fail(o, v, "is not report or renumber") }
                settings.renumberLAN = i == 1
            case .backoffBase: configuration.backoffBaseMs = milliseconds(o, zero: false)
            case .backoffCap: configuration.backoffCapMs = milliseconds(o, zero: false)
            case .disableExpiry:
                let ms = milliseconds(o, zero: true)
                configuration.disableExpiryMs = ms == 0 ? nil : ms
            case .macPolicy: configuration.macPolicy = mac(o)
            case .rememberDays: configuration.rememberDays = number(o, 0...365, "is not a whole number of days from 0 to 365")
            }
        }
    }

    mutating func helper(_ section: UCIFile.Section) {
        guard let name = section.name else {
            return fail(section.line, "config helper", "needs a name: config helper 'NAME'")
        }
        let subject = "config helper '" + name + "'"
        var descriptor = HelperDescriptor(name: name, kind: .external)
        var program: Option? = nil
        var commands = HelperCommandSet()
        var helper = HelperSettings(name: name, displayName: name, user: settings.helperUser)
        var user: SandboxUser? = nil
        for o in section.options {
            guard let option = HelperOption(rawValue: UCIMapper.lookup(o.name, HelperOption.names)) else {
                unknown(o, in: subject)
                continue
            }
            switch option {
            case .exec, .builtin:
                if let other = program {
                    fail(o, "a helper has either option exec or option builtin, and " + other.name + " is set")
                }
                program = o
                let v = single(o)
                if option == .exec {
                    if v.bytes.first != UInt8(ascii: "/") { fail(o, v, "is not an absolute path") }
                    descriptor.kind = .external
                } else {
                    if !HelperDescriptor.isValidName(v.text) { fail(o, v, "is not a built-in helper name") }
                    descriptor.kind = .builtin
                }
                descriptor.program = v.text
            case .displayName:
                helper.displayName = single(o).text
                descriptor.displayName = helper.displayName
            case .probeURL:
                for v in o.values {
                    do throws(HTTPURLError) { helper.probeURLs.append(try HTTPURL(parsing: v.bytes[...]).description) } catch {
                        fail(o, v, "is not an http:// or https:// URL: " + error.description)
                    }
                }
            case .caBundle: helper.caBundle = path(o)
            case .wisprUser:
                helper.wisprUser = text(o, secret: false)
                if wisprOption == nil { wisprOption = o }
            case .wisprPassword:
                helper.wisprPassword = text(o, secret: true)
                if wisprOption == nil { wisprOption = o }
            case .enabled: helper.isEnabled = bool(o)
            case .priority: descriptor.priority = number(o, -1_000_000...1_000_000, "is not a whole number")
            case .user: user = self.user(o)
            case .role:
                // HelperCommandSet's bits: evaluation is filterScanList and evaluate, authentication the rest.
                for v in o.values {
                    let i = UCIMapper.lookup(v.bytes, "evaluation authentication")
                    if i < 0 { fail(o, v, "is not a role (evaluation, authentication)") }
                    commands.rawValue |= i == 0 ? 3 : i == 1 ? 60 : 0
                }
            case .command:
                // HelperCommand's words in case order; its bit in HelperCommandSet is 1 << place.
                for v in o.values {
                    let i = UCIMapper.lookup(v.bytes, "filterScanList evaluate authenticate presentUI maintain logoff")
                    if i < 0 {
                        fail(o, v, "is not a helper command (filterScanList, evaluate, authenticate, presentUI, maintain, logoff)")
                    } else {
                        commands.rawValue |= 1 << i
                    }
                }
            }
        }
        if program == nil { fail(section.line, subject, "needs option exec or option builtin") }
        descriptor.commands = commands.rawValue == 0 ? .all : commands
        // The built-in portal helper claims nothing in scan lists: the core does not ask it after every scan.
        if descriptor.kind == .builtin && ASCII.same(descriptor.program, HelperProtocol.builtinPortalHelper) {
            descriptor.commands.remove(.filterScanList)
        }
        // helper_user may come after this section: the default user is filled in by finish().
        if let user { helper.user = user } else { userless.append(settings.helpers.count) }
        settings.helpers.append(helper)
        if helper.isEnabled { configuration.helpers.append(descriptor) }
    }

    mutating func network(_ section: UCIFile.Section) {
        // Not Optional.map: no specialisation of it for a closure used once.
        var subject = "config network"
        if let name = section.name { subject += " '" + name + "'" }
        var ssid: SSID? = nil
        var key: Passphrase? = nil
        var priority = 0
        var bssid: BSSID? = nil
        var enabled = true
        var eap = EAPSettings()
        var mac: MACPolicy? = nil
        var prefix = false, hidden = false
        for o in section.options {
            // EAP settings (`EAPSettings.names`), checked together after the section.
            let e = UCIMapper.lookup(o.name, EAPSettings.names)
            if e >= 0 {
                eap.values[e] = single(o).bytes
                continue
            }
            guard let option = NetworkOption(rawValue: UCIMapper.lookup(o.name, NetworkOption.names)) else {
                unknown(o, in: subject)
                continue
            }
            switch option {
            case .ssid, .ssidHex, .ssidPrefix:
                if ssid != nil { fail(o, "a network has one of option ssid, ssid_hex or ssid_prefix") }
                let v = single(o)
                ssid = option == .ssidHex ? ssidHex(o, v) : self.ssid(o, v)
                prefix = option == .ssidPrefix
            case .key:
                let v = single(o)
                do throws(PassphraseError) {
                    key = try Passphrase(bytes: v.bytes)
                } catch {
                    fail(o, UCIMapper.why(error))
                }
            case .priority: priority = number(o, -1_000_000...1_000_000, "is not a whole number")
            case .bssid:
                let v = single(o)
                bssid = BSSID(v.text)
                if bssid == nil { fail(o, v, "is not a MAC address (aa:bb:cc:dd:ee:ff)") }
            case .enabled: enabled = bool(o)
            case .mac: mac = self.mac(o)
            case .hidden: hidden = bool(o)
            }
        }
        guard let ssid else { return fail(section.line, subject, "needs option ssid, ssid_hex or ssid_prefix") }
        if !eap.isEmpty, let why = key != nil ? "a network has either option key or EAP settings" : eap.problem() {
            return fail(section.line, subject, why)
        }
        guard enabled else { return }
        var known = KnownNetwork(ssid: ssid, passphrase: key, priority: priority, eap: eap.isEmpty ? nil : eap)
        known.mac = mac
        known.isPrefix = prefix
        known.isHidden = hidden
        known.bssid = bssid
        configuration.knownNetworks.append(known)
    }

    /// A Passpoint credential: the EAP options of `config network` (but anonymous_identity), `realm`, the home
    /// operator's `domain`, `list roaming_consortium` OIs; checked like an enterprise network's.
    mutating func passpoint(_ section: UCIFile.Section) {
        let subject = "config passpoint"
        var c = EAPSettings()
        // realm, domain, OIs (`Passpoint.name(_:)` 8-10), appended once the EAP settings are checked.
        var more: [[UInt8]] = [[], [], []]
        var enabled = true
        for o in section.options {
            var f = UCIMapper.lookup(o.name, EAPSettings.names)
            if f < 0 {
                let g = UCIMapper.lookup(o.name, "realm domain roaming_consortium enabled")
                f = g < 0 ? -1 : g + 8
            }
            switch f {
            case 0, 1, 3..<8: c.values[f] = single(o).bytes
            case 8, 9: more[f - 8] = single(o).bytes
            case 10:
                for v in o.values {
                    guard let oi = Hex.decode(v.bytes[...]), oi.count >= 3, oi.count <= 15 else {
                        fail(o, v, "is not a roaming consortium OI (6-30 hex digits)")
                        continue
                    }
                    if !more[2].isEmpty { more[2].append(UInt8(ascii: ",")) }
                    more[2] += v.bytes
                }
            case 11: enabled = bool(o)
            default: unknown(o, in: subject)
            }
        }
        if let why = more[0].isEmpty ? "needs option realm" : c.problem() {
            return fail(section.line, subject, why)
        }
        // Appended one by one: `+=` of an array of arrays was a specialisation of append(contentsOf:) for this alone.
        for v in more { c.values.append(v) }
        c.values.append(c.phase2)
        if enabled { settings.passpoint.append(c) }
    }

    /// Fills in default users; providers must name an enabled helper (the rest `validate()` checks).
    /// Stored WISPr credentials need a portal domain (issue 35): without one they would go to whatever https host
    /// serves a WISPr page on any open network (`PortalHostPolicy.allowsCredentials`).
    mutating func finish() {
        for i in userless { settings.helpers[i].user = settings.helperUser }
        if let o = wisprOption, configuration.preferences.safariDomains.isEmpty {
            fail(o, "needs list portal_domain in config hotspot: WISPr credentials go only to a portal domain")
        }
        for o in providers {
            let name = o.values[0].text
            if let h = settings.helper(named: name) {
                if !h.isEnabled { fail(o, "helper '" + name + "' is disabled") }
            } else {
                fail(o, UCIMapper.shown(Array(name.utf8)) + " is not a configured helper")
            }
        }
    }

    // MARK: Values (not inlined: each is called from many options); on a problem, a placeholder

    @inline(never) mutating func single(_ o: Option) -> UCIFile.Value {
        if o.isList { fail(o, "takes one value: write option " + o.name) }
        return o.values[0]
    }

    /// OpenWrt's booleans (config_get_bool).
    @inline(never) mutating func bool(_ o: Option) -> Bool {
        let v = single(o)
        let i = UCIMapper.lookup(v.bytes, "1 yes on true enabled 0 no off false disabled")
        if i >= 0 { return i < 5 }
        fail(o, v, "is not a boolean (1 or 0)")
        return false
    }

    /// Whole seconds, at most nine digits, as milliseconds.
    @inline(never) mutating func milliseconds(_ o: Option, zero: Bool) -> Int64 {
        let v = single(o)
        guard let s = UCIMapper.integer(v.bytes), s >= 0 else {
            fail(o, v, "is not a whole number of seconds")
            return 0
        }
        if s == 0 && !zero { fail(o, v, "is too short: at least 1 second") }
        return Int64(s) * 1000
    }

    @inline(never) mutating func number(_ o: Option, _ range: ClosedRange<Int>, _ why: String) -> Int {
        let v = single(o)
        guard let n = UCIMapper.integer(v.bytes), range.contains(n) else {
            fail(o, v, why)
            return range.lowerBound
        }
        return n
    }

    /// A whole percentage as 0.0–1.0.
    @inline(never) mutating func percent(_ o: Option) -> Double {
        Double(number(o, 0...100, "is not a percentage (0-100)")) / 100
    }

    @inline(never) mutating func path(_ o: Option) -> String {
        let v = single(o)
        if v.bytes.first != UInt8(ascii: "/") { fail(o, v, "is not an absolute path") }
        return v.text
    }

    /// One line of text for a helper's environment: no control characters. A secret is never quoted.
    @inline(never) mutating func text(_ o: Option, secret: Bool) -> String {
        let v = single(o)
        for b in v.bytes where ASCII.isControl(b) {
            if secret { fail(o, "has a control character") } else { fail(o, v, "has a control character") }
            break
        }
        return v.text
    }

    /// Linux's dev_valid_name: 1–15 bytes, not `.` or `..`, no `/`, `:` or whitespace (and printable here).
    @inline(never) mutating func interfaceName(_ o: Option, _ v: UCIFile.Value) -> String {
        var valid = v.bytes.count <= 15 && !ASCII.equals(v.bytes[...], ".") && !ASCII.equals(v.bytes[...], "..")
        for b in v.bytes where !ASCII.isVisible(b) || b == UInt8(ascii: "/") || b == UInt8(ascii: ":") { valid = false }
        if !valid { fail(o, v, "is not an interface name") }
        return v.text
    }

    @inline(never) mutating func logLevel(_ o: Option) -> LogLevel {
        let v = single(o)
        // A switch, not LogLevel.allCases[i]: no array of the cases built at each call.
        switch UCIMapper.lookup(v.bytes, "error warning notice info debug") {
        case 0: return .error
        case 1: return .warning
        case 2: return .notice
        case 3: return .info
        case 4: return .debug
        default:
            fail(o, v, "is not a log level (error, warning, notice, info, debug)")
            return .info
        }
    }

    /// A uid or a user name (letters, digits, `. _ -`, not starting with `-`); never root.
    @inline(never) mutating func user(_ o: Option) -> SandboxUser {
        let v = single(o)
        if let id = UCIMapper.integer(v.bytes), id >= 0 {
            if id == 0 { fail(o, "helpers must not run as root") }
            return .uid(UInt32(id))
        }
        if ASCII.equals(v.bytes[...], "root") {
            fail(o, "helpers must not run as root")
        } else if !HelperDescriptor.isValidName(v.text) || v.bytes.first == UInt8(ascii: "-") {
            fail(o, v, "is not a user name or uid")
        }
        return .name(v.text)
    }

    @inline(never) mutating func mac(_ o: Option) -> MACPolicy {
        let v = single(o)
        if let m = MACPolicy(v.text) { return m }
        fail(o, v, "is not a MAC policy (hardware, per-network, per-join or a unicast aa:bb:cc:dd:ee:ff)")
        return .hardware
    }

    @inline(never) mutating func ssid(_ o: Option, _ v: UCIFile.Value) -> SSID {
        guard !v.bytes.isEmpty, let s = SSID(bytes: v.bytes) else {
            fail(o, v, "is not an SSID of 1-32 bytes")
            return SSID(bytes: [])!
        }
        return s
    }

    @inline(never) mutating func ssidHex(_ o: Option, _ v: UCIFile.Value) -> SSID {
        guard let bytes = Hex.decode(v.bytes[...]), !bytes.isEmpty, let s = SSID(bytes: bytes) else {
            fail(o, v, "is not an SSID in hex (2-64 hex digits)")
            return SSID(bytes: [])!
        }
        return s
    }

    /// An optional `-` and one to nine digits.
    @inline(never) static func integer(_ bytes: [UInt8]) -> Int? {
        ASCII.integer(bytes[...], maxDigits: 9)
    }

    /// A value for an error message: quoted, unprintable bytes as `\xNN`, at most 64 bytes shown.
    @inline(never) static func shown(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = [UInt8(ascii: "'")]
        for b in bytes.prefix(64) {
            if ASCII.isPrintable(b) && b != UInt8(ascii: "\\") {
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
    @inline(never) static func why(_ error: PassphraseError) -> String {
        switch error {
        case .tooShort: return "the passphrase is shorter than 8 characters"
        case .tooLong: return "the passphrase is longer than 63 characters (or 64 hex digits)"
        case .sixtyFourCharactersNotHex: return "64 characters must all be hex digits (a raw PSK)"
        case .notPrintableASCII: return "the passphrase may only contain printable ASCII"
        }
    }

    /// The passphrase as KnownNetwork holds it today: its text, or a raw PSK's 64 hex digits.
    @inline(never) static func text(_ key: Passphrase) -> String {
        switch key.kind {
        case .passphrase: return String(decoding: key.secret, as: UTF8.self)
        case .rawPSK: return Hex.encode(key.secret)
        }
    }
}

extension HotspotUCI {
    /// The preference options of `config hotspot`, in `ManagerPreferences.Fields` order.

    /// NEHotspotManager's saveToPreferences and removeFromPreferences on the file's bytes: the `config hotspot`
    /// section's preference options for `fields`, as `preferences` has them (nil: removed, so the defaults
    /// apply), every other byte as it was. An SSID that is not printable ASCII goes as `evaluated_ssid_hex`.
    /// nil when the file does not parse, or has no `config hotspot` section for options to be added to.
    @inline(never)
    public static func editingPreferences(_ file: [UInt8], _ preferences: ManagerPreferences?,
                                          _ fields: ManagerPreferences.Fields) -> [UInt8]? {
        var edits: [UCIFile.Edit] = []
        for f in ManagerPreferences.Field.allCases where fields.contains(f.bit) {
            let name = f.uciOption
            let ssids = f == .evaluatedSSIDs
            var e = UCIFile.Edit(names: ssids ? [name, "evaluated_ssid_hex"] : [name], statements: [])
            for v in preferences?.values(of: f) ?? [] {
                var text = true
                if ssids { for b in v where !ASCII.isPrintable(b) { text = false } }
                e.statements.append(UCIFile.statement(text ? name : "evaluated_ssid_hex",
                                                      text ? v : Array(Hex.encode(v).utf8), list: f.isList))
            }
            edits.append(e)
        }
        return UCIFile.editing(file, sectionType: "hotspot", edits)
    }
}

extension ManagerPreferences.Field {
    /// The `config hotspot` option that holds the preference (an SSID that is not printable ASCII goes as
    /// `evaluated_ssid_hex`).
    public var uciOption: StaticString {
        switch self {
        case .isEnabled: "enabled"
        case .evaluationProvider: "evaluation_provider"
        case .authenticationProvider: "authentication_provider"
        case .safariDomains: "portal_domain"
        case .evaluatedSSIDs: "evaluated_ssid"
        }
    }
}
