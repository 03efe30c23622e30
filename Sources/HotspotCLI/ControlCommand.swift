import CLinux
import HotspotCore
import HotspotDaemon
import HotspotProtocol
import HotspotSystem

/// The client subcommands (`status`, `scan`, `join`, …): argv → `ControlRequest`, sent to the daemon's
/// control socket; the daemon's reply is printed as it comes. Exit status: the daemon's (0 success or
/// usable uplink, 1 refused or not usable), 2 for usage errors and an unreachable daemon.
enum ControlCommand {
    static let defaultSocket = "/var/run/hotspotd/control"

    static func main(_ subcommand: String, _ args: [String]) -> Int32 {
        var socket: String? = nil
        var config: String? = nil
        // Bits of `options`' first four: --json, --once, --prefix, --hidden.
        var flags = 0
        var ssidHex: String? = nil
        var passphraseFile: String? = nil
        var mac: MACPolicy? = nil
        var days: Int? = nil
        var eap = EAPSettings()
        var words: [String] = []
        // config save: the preferences it changes, as ManagerPreferences.values(of:).
        var fields = ManagerPreferences.Fields()
        var given: [[[UInt8]]] = Array(repeating: [], count: ManagerPreferences.Fields.count)
        var i = 0
        while i < args.count {
            let a = args[i]
            func value() -> String? {
                guard i + 1 < args.count, !ASCII.hasPrefix(args[i + 1], "-") else { return nil }
                i += 1
                return args[i]
            }
            if case let k = index(a, inWords: options), k >= 0 {
                if k < 4 {
                    flags |= 1 << k
                } else if k < 11 {
                    // One refusal for a missing or unusable value: what the option needs.
                    var taken = false
                    if let v = value() {
                        taken = true
                        switch k {
                        case 4: socket = v
                        case 5, 6: config = v
                        case 7: ssidHex = v
                        case 8: passphraseFile = v
                        case 9:
                            mac = MACPolicy(v)
                            taken = mac != nil
                        default:
                            if let d = ASCII.integer(Array(v.utf8)[...], maxDigits: 5), d > 0 { days = d } else { taken = false }
                        }
                    }
                    guard taken else { return CLI.fail(subcommand + String(decoding: ASCII.word(k - 4, of: needs, separator: UInt8(ascii: "|")), as: UTF8.self)) }
                } else {
                    // saveFields: the field's bit number; 8: the --no- form (back to the default), 16: hex.
                    let s = saveFields[k - 11]
                    let f = Int(s & 7)
                    fields.insert(.init(rawValue: 1 << f))
                    given[f] = f < 3 ? [] : given[f]
                    if s & 8 != 0 {
                        given[f] = []
                    } else {
                        guard let v = value(), let b = s & 16 != 0 ? Hex.decode(v) : Array(v.utf8) else {
                            return CLI.fail("config save: " + a + " needs a value (see hotspotd --help)")
                        }
                        given[f].append(b)
                    }
                }
            } else if let f = eapField(a) {
                // Not empty either: EAP options that all came out empty ("$UNSET") would join the name unencrypted.
                guard let v = value(), !v.isEmpty else { return CLI.fail(subcommand + ": " + a + " needs a value") }
                eap.values[f] = Array(v.utf8)
                if f == 3 {
                    switch CLI.readSecret(v) {
                    case .success(let b): eap.values[3] = b
                    case .failure(let why): return CLI.fail(subcommand + ": " + why.message)
                    }
                }
            } else if word(a, "--") {
                words += args[(i + 1)...]
                break
            } else if a.utf8.first == UInt8(ascii: "-") {
                return CLI.fail(subcommand + ": unknown option '" + a + "'")
            } else {
                words.append(a)
            }
            i += 1
        }

        let json = flags & 1 != 0, once = flags & 2 != 0, prefix = flags & 4 != 0, hidden = flags & 8 != 0
        // SSID-taking subcommands: one SSID, as text or --ssid-hex.
        func ssid() -> SSID? {
            if let h = ssidHex {
                guard words.isEmpty, let bytes = Hex.decode(h), !bytes.isEmpty else { return nil }
                return SSID(bytes: bytes)
            }
            guard words.count == 1, !words[0].isEmpty else { return nil }
            return SSID(words[0])
        }
        let request: ControlRequest
        let saving = word(subcommand, "config") && words.count == 1 && word(words[0], "save")
        // config save's options belong to it alone.
        var extra = !fields.isEmpty && !saving
        if word(subcommand, "join") {
            guard let s = ssid() else { return CLI.fail("join: needs one SSID of 1–32 bytes (or --ssid-hex HEX)") }
            var passphrase: Passphrase? = nil
            if let file = passphraseFile {
                switch CLI.readPassphrase(file) {
                case .success(let p): passphrase = p
                case .failure(let why): return CLI.fail("join: " + why.message)
                }
            }
            request = .join(s, passphrase: passphrase, once: once, mac: mac, prefix: prefix, hidden: hidden, days: days,
                            eap: eap.isEmpty ? nil : eap)
            extra = extra || json
        } else {
            extra = extra || once || passphraseFile != nil || mac != nil || prefix || hidden || days != nil || !eap.isEmpty
            if word(subcommand, "enable") || word(subcommand, "forget") {
                guard let s = ssid() else { return CLI.fail(subcommand + ": needs one SSID of 1–32 bytes (or --ssid-hex HEX)") }
                request = word(subcommand, "enable") ? .enable(s) : .forget(s)
                extra = extra || json
            } else if saving {
                var p = ManagerPreferences()
                for f in 0..<ManagerPreferences.Fields.count where fields.contains(.init(rawValue: 1 << f)) {
                    if !p.set(f, given[f]) { return CLI.fail("config save: a value it cannot take (see hotspotd --help)") }
                }
                request = .saveConfig(p, fields)
                extra = extra || json || ssidHex != nil
            } else {
                extra = extra || ssidHex != nil
                guard let r = parse(subcommand, words, json: json) else {
                    return CLI.fail(subcommand + ": unexpected arguments (see hotspotd --help)")
                }
                request = r
            }
        }
        if extra { return CLI.fail(subcommand + ": an option it does not take (see hotspotd --help)") }

        let path = socket ?? config.flatMap(socketPath) ?? defaultSocket
        switch ControlClient.send(request, to: path) {
        case .failure(let e):
            Output.err("hotspotd: " + e.description)
            return 2
        case .success(let reply):
            Output.write(String(decoding: reply.body, as: UTF8.self), to: reply.toStandardError ? .standardError : .standardOutput)
            return Int32(reply.exitStatus)
        }
    }

    /// The options in one table, looked up as bytes: four flags, seven that take a value (what each needs is in
    /// `needs`), then `config save`'s (the `ManagerPreferences.Fields` bit each sets is in `saveFields`).
    static var options: StaticString { """
        --json --once --prefix --hidden \
        --socket --config -c --ssid-hex --passphrase-file --mac --days \
        --enabled --evaluation-provider --no-evaluation-provider --authentication-provider \
        --no-authentication-provider --portal-domain --no-portal-domains --evaluated-ssid \
        --evaluated-ssid-hex --no-evaluated-ssids
        """ }
    static var needs: StaticString { """
        : --socket needs a path|: --config needs a file|: --config needs a file|: --ssid-hex needs hex digits|\
        : --passphrase-file needs a file|\
        : --mac needs hardware, per-network, per-join or a unicast aa:bb:cc:dd:ee:ff|\
        : --days needs a whole number of days from 1 to 99999
        """ }
    /// Bytes 0, 1, 9, 2, 10, 3, 11, 4, 20, 12 as one literal: no lazily initialised global array.
    static var saveFields: UnsafeBufferPointer<UInt8> { ASCII.bytes("\u{0}\u{1}\u{9}\u{2}\u{A}\u{3}\u{B}\u{4}\u{14}\u{C}") }

    /// The `EAPSettings.Field` that a `join` option sets, or nil: the UCI options' names, but the password only
    /// from a file (a command line shows in `ps`). The daemon checks them together (`EAPSettings.problem()`).
    static func eapField(_ a: String) -> Int? {
        let f = index(a, inWords: "--eap --identity --anonymous-identity --password-file --ca-cert --domain-suffix-match --client-cert --private-key")
        return f < 0 ? nil : f
    }

    /// Byte equality: keeps Unicode string comparison out of the router build (`ASCII.equals`, not
    /// elementsEqual: no specialisation of its own).
    @inline(never)
    static func word(_ s: String, _ word: StaticString) -> Bool {
        ASCII.equals(s, word)
    }

    /// The place of `s` among the space-separated `words`, or -1.
    @inline(never)
    static func index(_ s: String, inWords words: StaticString) -> Int { ASCII.place(of: Array(s.utf8)[...], inWords: words) }

    /// Subcommands without an SSID: their words after the name.
    @inline(never)
    static func parse(_ name: String, _ w: [String], json: Bool) -> ControlRequest? {
        // No words after these; the last three take no --json either. Tested in place rather than by functions
        // given the request: smaller on the router.
        let none = w.isEmpty, plain = w.isEmpty && !json
        switch index(name, inWords: "status scan helpers networks logoff reload version ui config") {
        case 0: return none ? .status(json: json) : nil
        case 1: return none ? .scan(json: json) : nil
        case 2: return none ? .helpers(json: json) : nil
        case 3: return none ? .networks(json: json) : nil
        case 4: return plain ? .logoff : nil
        case 5: return plain ? .reload : nil
        case 6: return plain ? .version : nil
        case 7:
            guard let first = w.first else { return .ui(json: json) }
            if json { return nil }
            if word(first, "cancel") { return w.count == 1 ? .cancelUI : nil }
            guard word(first, "submit") else { return nil }
            var answers: [UIAnswer] = []
            for pair in w.dropFirst() {
                let b = Array(pair.utf8)
                guard let eq = ASCII.firstIndex(of: ASCII.equals, in: b[...]), eq > 0 else { return nil }
                answers.append(UIAnswer(key: String(decoding: b[..<eq], as: UTF8.self),
                                        value: String(decoding: b[(eq + 1)...], as: UTF8.self)))
            }
            return answers.isEmpty ? nil : .submitUI(answers)
        case 8 where w.count == 1:
            switch index(w[0], inWords: "check show remove") {
            case 0: return .config(.check, json: json)
            case 1: return .config(.show, json: json)
            case 2 where !json: return .config(.remove, json: false)
            default: return nil
            }
        default: return nil
        }
    }

    /// The control socket under the configuration's run_dir.
    static func socketPath(_ config: String) -> String? {
        guard case .loaded(let l) = HotspotDaemon.loadConfiguration(config) else { return nil }
        return l.settings.runDirectory + "/" + ControlServer.socketName
    }
}
