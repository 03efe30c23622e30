import Foundation
import TestSupport
import Testing
import HotspotCore
@testable import HotspotProtocol

private let path = "/etc/config/hotspot"

private func load(_ text: String) throws(HotspotUCIError) -> HotspotUCI { try HotspotUCI(parsing: Array(text.utf8), file: path) }

/// The message `load` throws, or nil.
private func failure(_ text: String) -> String? {
    do {
        _ = try load(text)
        return nil
    } catch {
        return error.description
    }
}

/// init.d/hotspot.config, the file installed as /etc/config/hotspot.
private func defaultFile() throws -> String {
    let url = packageDirectory.appendingPathComponent("init.d/hotspot.config")
    return try String(contentsOf: url, encoding: .utf8)
}

@Suite struct HotspotUCITests {
    @Test func emptyFileGivesRouterDefaults() throws {
        let uci = try load("")
        var expected = HotspotConfiguration()
        expected.connectedScanIntervalMs = 600_000
        expected.netcheckIntervalMs = 300_000
        expected.disableExpiryMs = 3_600_000
        #expect(uci.configuration == expected)
        #expect(uci.settings == DaemonSettings())
        #expect(uci.warnings.isEmpty)
        let s = uci.settings
        #expect(s.interface == "phy0-sta0" && s.controlDirectory == "/var/run/wpa_supplicant")
        #expect(s.runDirectory == "/var/run/hotspotd" && s.stateFile == "/etc/hotspotd.state")
        #expect(s.logLevel == .info && s.helperUser == .name("nobody"))
    }

    /// The shipped file maps without error or warning; its main section states exactly the defaults, and
    /// the built-in portal helper is on (issue 38: out of the box a joined venue's portal is logged in to).
    @Test func defaultFileStatesTheDefaultsWithThePortalHelperOn() throws {
        let text = try defaultFile()
        var uci = try load(text)
        #expect(uci.warnings.isEmpty)
        #expect(uci.configuration.preferences.isEnabled)
        #expect(uci.configuration.helpers == [
            HelperDescriptor(name: "portal", kind: .builtin, program: "portal", commands: HelperCommandSet.all.removing(.filterScanList)),
        ])
        // No example credentials or probe list inside it: the helper's own defaults.
        #expect(uci.settings.helpers == [HelperSettings(name: "portal", displayName: "portal", user: .name("nobody"))])
        uci.configuration.helpers = []
        uci.settings.helpers = []
        #expect(uci == (try load("")))
    }

    /// Its commented-out helper and network are valid too once uncommented.
    @Test func defaultFileExamplesWork() throws {
        let lines = try defaultFile().split(separator: "\n", omittingEmptySubsequences: false)
        // The portal helper's WISPr credentials need the main section's portal domain.
        let inner = ["\t#list portal_domain", "\t#list probe_url", "\t#option ca_bundle", "\t#option wispr_"]
        let uncommented = lines.map { line in
            line.hasPrefix("#config") || line.hasPrefix("#\t") ? line.dropFirst()
                : inner.contains { line.hasPrefix($0) } ? "\t" + line.dropFirst(2) : line }
            .joined(separator: "\n")
        let uci = try load(uncommented)
        #expect(uci.warnings.isEmpty)
        var example = HelperDescriptor(name: "example", kind: .external, program: "/usr/libexec/hotspot/example", commands: .all)
        example.displayName = "Example Wi-Fi"
        #expect(uci.configuration.helpers == [
            example,
            HelperDescriptor(name: "portal", kind: .builtin, program: "portal", commands: HelperCommandSet.all.removing(.filterScanList)),
        ])
        var portal = HelperSettings(name: "portal", displayName: "portal", user: .name("nobody"))
        portal.probeURLs = ["http://connectivitycheck.gstatic.com/generate_204"]
        portal.caBundle = "/etc/ssl/certs/ca-certificates.crt"
        portal.wisprUser = "NAME"
        portal.wisprPassword = "PASSWORD"
        #expect(uci.settings.helpers == [HelperSettings(name: "example", displayName: "Example Wi-Fi", user: .name("nobody")), portal])
        #expect(uci.configuration.knownNetworks == [KnownNetwork(ssid: SSID("MyNet")!, passphrase: "secret passphrase", priority: 10)])
    }

    @Test func everyMainOption() throws {
        let uci = try load("""
            config hotspot 'main'
            \toption enabled 'no'
            \toption interface 'phy0-sta0'
            \toption ctrl_dir '/tmp/wpa'
            \toption run_dir '/tmp/run'
            \toption state_file '/overlay/state'
            \toption log_level 'debug'
            \toption helper_user '1000'
            \toption evaluation_provider 'eval'
            \toption authentication_provider 'auth'
            \tlist portal_domain 'login.example.net'
            \tlist portal_domain 'portal.example.'
            \tlist evaluated_ssid 'Hotel'
            \tlist evaluated_ssid_hex '00ff41'
            \toption command_timeout '10'
            \toption maintain_interval '60'
            \toption association_timeout '20'
            \toption scan_interval '15'
            \toption connected_scan_interval '0'
            \toption netcheck_interval '20'
            \toption backoff_base '5'
            \toption backoff_cap '50'
            \toption disable_expiry '0'
            \toption min_signal '50'
            \toption switch_margin '0'
            \toption switch_scans '1'
            \toption control_group 'hotspot'
            config helper 'eval'
            \toption exec '/bin/eval'
            config helper 'auth'
            \toption builtin 'known'
            """)
        let c = uci.configuration
        #expect(c.preferences == ManagerPreferences(
            isEnabled: false, evaluationProvider: "eval", authenticationProvider: "auth",
            safariDomains: ["login.example.net", "portal.example."],
            evaluatedSSIDs: [SSID("Hotel")!, SSID(bytes: [0x00, 0xff, 0x41])!]))
        #expect(c.commandTimeoutMs == 10_000 && c.maintainIntervalMs == 60_000 && c.associationTimeoutMs == 20_000)
        #expect(c.scanIntervalMs == 15_000 && c.connectedScanIntervalMs == 0 && c.netcheckIntervalMs == 20_000)
        #expect(c.backoffBaseMs == 5_000 && c.backoffCapMs == 50_000 && c.disableExpiryMs == nil)
        #expect(c.minSignal == 0.5 && c.switchMargin == 0 && c.switchScans == 1)
        let s = uci.settings
        #expect(s.interface == "phy0-sta0" && s.controlDirectory == "/tmp/wpa" && s.runDirectory == "/tmp/run")
        #expect(s.stateFile == "/overlay/state" && s.logLevel == .debug && s.helperUser == .uid(1000))
        #expect(s.controlGroup == .name("hotspot"))
        // helper_user is the default of helpers above it too.
        #expect(s.helpers.map(\.user) == [.uid(1000), .uid(1000)])
        #expect(c.helpers.map(\.kind) == [.external, .builtin] && c.helpers[1].program == "known")
        #expect(uci.warnings.isEmpty)
    }

    /// Each option enum has one name per case, so no option maps to its neighbour's field.
    @Test func optionTablesMatchTheirEnums() {
        #expect("\(UCIMapper.MainOption.names)".split(separator: " ").count == UCIMapper.MainOption.allCases.count)
        #expect("\(UCIMapper.HelperOption.names)".split(separator: " ").count == UCIMapper.HelperOption.allCases.count)
        #expect("\(UCIMapper.NetworkOption.names)".split(separator: " ").count == UCIMapper.NetworkOption.allCases.count)
        #expect(UCIMapper.lookup("switch_scans", UCIMapper.MainOption.names) == UCIMapper.MainOption.switchScans.rawValue)
        #expect(UCIMapper.lookup("switch_scan", UCIMapper.MainOption.names) == -1)
        // Commands and log levels are looked up in tables in their enums' case order.
        for c in HelperCommand.allCases {
            let uci = try? load("config helper h\noption exec /h\nlist command " + c.rawValue)
            #expect(uci?.configuration.helpers[0].commands == HelperCommandSet([c]))
        }
        for level in LogLevel.allCases {
            #expect((try? load("config hotspot\noption log_level " + level.rawValue))?.settings.logLevel == level)
        }
    }

    @Test func booleans() throws {
        for word in ["1", "yes", "on", "true", "enabled"] {
            #expect(try load("config hotspot\noption enabled " + word).configuration.preferences.isEnabled)
        }
        for word in ["0", "no", "off", "false", "disabled"] {
            #expect(try !load("config hotspot\noption enabled " + word).configuration.preferences.isEnabled)
        }
    }

    @Test func helpers() throws {
        let uci = try load("""
            config helper 'a'
            \toption exec '/usr/libexec/a'
            \toption display_name 'Hotel A'
            \tlist role 'evaluation'
            \toption priority '-5'
            \toption user 'hotspot'
            config helper 'b'
            \toption builtin 'known'
            \tlist command 'authenticate'
            \tlist command 'maintain'
            \tlist role 'evaluation'
            \toption priority '7'
            config helper 'off'
            \toption exec '/bin/off'
            \toption enabled '0'
            config hotspot
            \toption helper_user '4242'
            """)
        // The display name reaches the core too (kNEHotspotHelperOptionDisplayName), for scan and status.
        var a = HelperDescriptor(name: "a", kind: .external, program: "/usr/libexec/a",
                                 commands: HelperCommandSet([.filterScanList, .evaluate]), priority: -5)
        a.displayName = "Hotel A"
        #expect(uci.configuration.helpers == [
            a,
            HelperDescriptor(name: "b", kind: .builtin, program: "known",
                             commands: HelperCommandSet([.authenticate, .maintain, .filterScanList, .evaluate]), priority: 7),
        ])
        #expect(uci.settings.helpers == [
            HelperSettings(name: "a", displayName: "Hotel A", user: .name("hotspot")),
            HelperSettings(name: "b", displayName: "b", user: .uid(4242)),
            HelperSettings(name: "off", displayName: "off", user: .uid(4242), isEnabled: false),
        ])
        let auth = try load("config helper h\noption exec /h\nlist role authentication").configuration.helpers[0]
        #expect(auth.commands == HelperCommandSet([.authenticate, .presentUI, .maintain, .logoff]))
    }

    /// The built-in portal helper's options, kept for the driver to pass on; a secret is never quoted.
    @Test func portalHelperOptions() throws {
        let uci = try load("""
            config helper 'portal'
            \toption builtin 'portal'
            \tlist probe_url 'http://probe.example/generate_204'
            \tlist probe_url 'HTTPS://Probe.Example:8443/check'
            \toption ca_bundle '/etc/ssl/certs/ca-certificates.crt'
            \toption wispr_user 'guest@example'
            \toption wispr_password 'pass word'
            config hotspot 'main'
            \tlist portal_domain 'example'
            """)
        // It claims nothing in scan lists: no filterScanList.
        let commands = HelperCommandSet.all.removing(.filterScanList)
        #expect(uci.configuration.helpers == [HelperDescriptor(name: "portal", kind: .builtin, program: "portal", commands: commands)])
        #expect(try load("config helper p\noption builtin portal\nlist role evaluation").configuration.helpers[0].commands
                == HelperCommandSet([.evaluate]))
        var expected = HelperSettings(name: "portal", displayName: "portal", user: .name("nobody"))
        expected.probeURLs = ["http://probe.example/generate_204", "https://probe.example:8443/check"]
        expected.caBundle = "/etc/ssl/certs/ca-certificates.crt"
        expected.wisprUser = "guest@example"
        expected.wisprPassword = "pass word"
        #expect(uci.settings.helpers == [expected])
        #expect(failure("config helper p\noption builtin portal\nlist probe_url 'ftp://x/'")
            == path + ":3: list probe_url: 'ftp://x/' is not an http:// or https:// URL: URL scheme 'ftp' is not http or https")
        #expect(failure("config helper p\noption builtin portal\noption ca_bundle 'certs.pem'")
            == path + ":3: option ca_bundle: 'certs.pem' is not an absolute path")
        #expect(failure("config helper p\noption builtin portal\noption wispr_password 'se\tcret'")
            == path + ":3: option wispr_password: has a control character")
    }

    /// Issue 35: stored WISPr credentials go to a portal domain's https host only; with no `portal_domain`
    /// they would go to whatever https host serves a WISPr page on any open network. Refused at load.
    @Test func wisprCredentialsNeedAPortalDomain() throws {
        let helper = "config helper 'portal'\noption builtin 'portal'\n"
        #expect(failure(helper + "option wispr_user 'guest@example'")
            == path + ":3: option wispr_user: needs list portal_domain in config hotspot: WISPr credentials go only to a portal domain")
        #expect(failure(helper + "option wispr_password 'secret'")
            == path + ":3: option wispr_password: needs list portal_domain in config hotspot: WISPr credentials go only to a portal domain")
        // The main section may come before or after the helper's.
        let after = try load(helper + "option wispr_user 'u'\noption wispr_password 'p'\nconfig hotspot main\nlist portal_domain 'operator.example'")
        #expect(after.settings.helpers[0].wisprPassword == "p")
        let before = try load("config hotspot main\nlist portal_domain 'operator.example'\n" + helper + "option wispr_user 'u'")
        #expect(before.settings.helpers[0].wisprUser == "u")
        // A disabled helper's credentials are never sent: still refused, so that enabling it cannot send them anywhere.
        #expect(failure(helper + "option enabled '0'\noption wispr_user 'u'") != nil)
    }

    @Test func networks() throws {
        let psk = String(repeating: "Ab", count: 32)
        let uci = try load("""
            config network 'home'
            \toption ssid 'Home Net'
            \toption key 'correct horse'
            \toption priority '10'
            \toption bssid '02:00:00:00:01:0A'
            config network
            \toption ssid_hex 'ff00'
            \toption key '\(psk)'
            config network
            \toption ssid 'Open Cafe'
            config network
            \toption ssid 'Off'
            \toption enabled '0'
            """)
        var home = KnownNetwork(ssid: SSID("Home Net")!, passphrase: "correct horse", priority: 10)
        home.bssid = BSSID("02:00:00:00:01:0a")
        #expect(uci.configuration.knownNetworks == [
            home,
            KnownNetwork(ssid: SSID(bytes: [0xff, 0x00])!, passphrase: Passphrase(stringLiteral: psk)),
            KnownNetwork(ssid: SSID("Open Cafe")!),
        ])
        // `option bssid` pins Home Net to its access point; the others join through any.
        #expect(uci.configuration.knownNetworks.map(\.bssid) == [BSSID("02:00:00:00:01:0a")!, nil, nil])
        // The SSID is the file's bytes, whatever they are.
        let raw = Array("config network\noption ssid '".utf8) + [0xe9, 0x01] + Array("'".utf8)
        #expect(try HotspotUCI(parsing: raw, file: path).configuration.knownNetworks[0].ssid == SSID(bytes: [0xe9, 0x01])!)
    }

    @Test func unknownOptionsAndSectionsAreWarnings() throws {
        let uci = try load("""
            config hotspot 'main'
            \toption enabled '1'
            \toption colour 'blue'
            config wifi 'x'
            \toption a 'b'
            config helper 'h'
            \toption exec '/h'
            \tlist args 'x'
            config network
            \toption ssid 'n'
            \toption mode 'sta'
            """)
        #expect(uci.warnings == [
            "/etc/config/hotspot:3: option colour: not an option of config hotspot, ignored",
            "/etc/config/hotspot:4: config wifi: unknown section type, ignored",
            "/etc/config/hotspot:8: list args: not an option of config helper 'h', ignored",
            "/etc/config/hotspot:11: option mode: not an option of config network, ignored",
        ])
    }

    @Test func errorMessages() {
        let cases: [(String, String)] = [
            // Syntax, with the file's name.
            ("config hotspot\n\toption enabled '1", "/etc/config/hotspot:2: unterminated quote"),
            ("option enabled 1", "/etc/config/hotspot:1: option or list before the first config"),
            // config hotspot
            ("config hotspot\n\n\toption command_timeout '4x'",
             "/etc/config/hotspot:3: option command_timeout: '4x' is not a whole number of seconds"),
            ("config hotspot\noption scan_interval 0", "/etc/config/hotspot:2: option scan_interval: '0' is too short: at least 1 second"),
            ("config hotspot\noption backoff_cap -1", "/etc/config/hotspot:2: option backoff_cap: '-1' is not a whole number of seconds"),
            ("config hotspot\noption disable_expiry 1234567890", "/etc/config/hotspot:2: option disable_expiry: '1234567890' is not a whole number of seconds"),
            ("config hotspot\noption enabled maybe", "/etc/config/hotspot:2: option enabled: 'maybe' is not a boolean (1 or 0)"),
            ("config hotspot\nlist enabled 1", "/etc/config/hotspot:2: list enabled: takes one value: write option enabled"),
            ("config hotspot\noption min_signal 101", "/etc/config/hotspot:2: option min_signal: '101' is not a percentage (0-100)"),
            ("config hotspot\noption switch_margin 0.5", "/etc/config/hotspot:2: option switch_margin: '0.5' is not a percentage (0-100)"),
            ("config hotspot\noption switch_scans 0", "/etc/config/hotspot:2: option switch_scans: '0' is not a whole number from 1 to 100"),
            ("config hotspot\noption interface 'wlan0:1'", "/etc/config/hotspot:2: option interface: 'wlan0:1' is not an interface name"),
            ("config hotspot\noption interface 'abcdefghijklmnop'", "/etc/config/hotspot:2: option interface: 'abcdefghijklmnop' is not an interface name"),
            ("config hotspot\noption ctrl_dir 'var/run'", "/etc/config/hotspot:2: option ctrl_dir: 'var/run' is not an absolute path"),
            ("config hotspot\noption log_level loud", "/etc/config/hotspot:2: option log_level: 'loud' is not a log level (error, warning, notice, info, debug)"),
            ("config hotspot\noption helper_user root", "/etc/config/hotspot:2: option helper_user: helpers must not run as root"),
            ("config hotspot\noption helper_user 0", "/etc/config/hotspot:2: option helper_user: helpers must not run as root"),
            ("config hotspot\noption helper_user 'a b'", "/etc/config/hotspot:2: option helper_user: 'a b' is not a user name or uid"),
            ("config hotspot\nlist portal_domain ok.example\nlist portal_domain 'bad domain'",
             "/etc/config/hotspot:3: list portal_domain: 'bad domain' is not a domain name"),
            ("config hotspot\nlist evaluated_ssid '\(String(repeating: "x", count: 33))'",
             "/etc/config/hotspot:2: list evaluated_ssid: '\(String(repeating: "x", count: 33))' is not an SSID of 1-32 bytes"),
            ("config hotspot\nlist evaluated_ssid_hex 'abc'", "/etc/config/hotspot:2: list evaluated_ssid_hex: 'abc' is not an SSID in hex (2-64 hex digits)"),
            ("config hotspot 'main'\nconfig hotspot 'other'", "/etc/config/hotspot:2: config hotspot: only one such section (the first is on line 1)"),
            ("config hotspot\noption evaluation_provider nobody", "/etc/config/hotspot:2: option evaluation_provider: 'nobody' is not a configured helper"),
            ("config hotspot\noption authentication_provider h\nconfig helper h\noption exec /h\noption enabled 0",
             "/etc/config/hotspot:2: option authentication_provider: helper 'h' is disabled"),
            // config helper
            ("config helper\noption exec /h", "/etc/config/hotspot:1: config helper: needs a name: config helper 'NAME'"),
            ("config helper h\noption display_name x", "/etc/config/hotspot:1: config helper 'h': needs option exec or option builtin"),
            ("config helper h\noption exec /h\noption builtin known",
             "/etc/config/hotspot:3: option builtin: a helper has either option exec or option builtin, and exec is set"),
            ("config helper h\noption exec h.sh", "/etc/config/hotspot:2: option exec: 'h.sh' is not an absolute path"),
            ("config helper h\noption builtin 'a/b'", "/etc/config/hotspot:2: option builtin: 'a/b' is not a built-in helper name"),
            ("config helper h\noption exec /h\nlist role evaluation\nlist role admin",
             "/etc/config/hotspot:4: list role: 'admin' is not a role (evaluation, authentication)"),
            ("config helper h\noption exec /h\nlist command scan",
             "/etc/config/hotspot:3: list command: 'scan' is not a helper command (filterScanList, evaluate, authenticate, presentUI, maintain, logoff)"),
            ("config helper h\noption exec /h\noption priority high", "/etc/config/hotspot:3: option priority: 'high' is not a whole number"),
            ("config helper h\noption exec /h\noption user root", "/etc/config/hotspot:3: option user: helpers must not run as root"),
            // config network
            ("config network 'n'\noption key 'long enough'", "/etc/config/hotspot:1: config network 'n': needs option ssid, ssid_hex or ssid_prefix"),
            ("config network\noption ssid a\noption ssid_hex 61", "/etc/config/hotspot:3: option ssid_hex: a network has one of option ssid, ssid_hex or ssid_prefix"),
            ("config network\noption ssid_hex 'zz'", "/etc/config/hotspot:2: option ssid_hex: 'zz' is not an SSID in hex (2-64 hex digits)"),
            ("config network\noption ssid_hex '\(String(repeating: "00", count: 33))'",
             "/etc/config/hotspot:2: option ssid_hex: '\(String(repeating: "00", count: 32))...' is not an SSID in hex (2-64 hex digits)"),
            ("config network\noption ssid a\noption bssid 02:00:00:00:01", "/etc/config/hotspot:3: option bssid: '02:00:00:00:01' is not a MAC address (aa:bb:cc:dd:ee:ff)"),
            ("config network\noption ssid a\noption priority 1e3", "/etc/config/hotspot:3: option priority: '1e3' is not a whole number"),
            // Keys: the reason, never the key.
            ("config network\noption ssid a\noption key short", "/etc/config/hotspot:3: option key: the passphrase is shorter than 8 characters"),
            ("config network\noption ssid a\noption key '\(String(repeating: "k", count: 65))'",
             "/etc/config/hotspot:3: option key: the passphrase is longer than 63 characters (or 64 hex digits)"),
            ("config network\noption ssid a\noption key '\(String(repeating: "g", count: 64))'",
             "/etc/config/hotspot:3: option key: 64 characters must all be hex digits (a raw PSK)"),
            ("config network\noption ssid a\noption key 'pässword'", "/etc/config/hotspot:3: option key: the passphrase may only contain printable ASCII"),
            // Only the first problem is reported, in file order.
            ("config hotspot\noption scan_interval x\noption backoff_base y\nconfig helper\n",
             "/etc/config/hotspot:2: option scan_interval: 'x' is not a whole number of seconds"),
            ("config network\noption ssid_hex zz\noption key short", "/etc/config/hotspot:2: option ssid_hex: 'zz' is not an SSID in hex (2-64 hex digits)"),
            ("config helper h\noption exec x\nconfig hotspot\noption evaluation_provider nobody",
             "/etc/config/hotspot:2: option exec: 'x' is not an absolute path"),
            // HotspotConfiguration.validate(), with the file's name.
            ("config hotspot\noption backoff_base 60\noption backoff_cap 30", "/etc/config/hotspot: backoff cap is below the backoff base"),
            ("config network\noption ssid a\nconfig network\noption ssid a", "/etc/config/hotspot: network a is configured twice"),
            ("config hotspot\nlist evaluated_ssid a", "/etc/config/hotspot: configuration invalid: evaluated SSIDs need an authentication provider"),
            ("config hotspot\noption evaluation_provider h\nconfig helper h\noption exec /h\nlist command logoff",
             "/etc/config/hotspot: configuration invalid: evaluation provider \"h\" handles neither filterScanList nor evaluate"),
        ]
        for (text, message) in cases {
            #expect(failure(text) == message, "\(text)")
        }
    }

    /// Unprintable bytes in a value are escaped in the message, never written raw to a terminal.
    @Test func errorMessagesEscapeValues() {
        let raw = Array("config hotspot\noption log_level '".utf8) + [0x1b, 0x5b, 0x32, 0x4a, 0xff, 0x5c] + Array("'".utf8)
        do {
            _ = try HotspotUCI(parsing: raw, file: "f")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "f:2: option log_level: '\\x1b[2J\\xff\\x5c' is not a log level (error, warning, notice, info, debug)")
        }
    }

    /// `option lan_clash`: 'report' (the default) or 'renumber' (opt-in: it edits the router's network).
    @Test func lanClash() throws {
        #expect(try load("config hotspot").settings.renumberLAN == false)
        #expect(try load("config hotspot\noption lan_clash report").settings.renumberLAN == false)
        #expect(try load("config hotspot\noption lan_clash renumber").settings.renumberLAN == true)
        #expect(throws: HotspotUCIError.self) { try load("config hotspot\noption lan_clash move") }
        do {
            _ = try load("config hotspot\noption lan_clash move")
        } catch {
            #expect(error.description == "/etc/config/hotspot:2: option lan_clash: 'move' is not report or renumber")
        }
    }
}

extension HelperCommandSet {
    func removing(_ c: HelperCommand) -> HelperCommandSet {
        var s = self
        s.remove(c)
        return s
    }
}
