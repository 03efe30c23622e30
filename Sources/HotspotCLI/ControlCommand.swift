import HotspotCore
import HotspotDaemon
import HotspotProtocol
import HotspotSystem

/// The client subcommands (`status`, `scan`, `join`, …): argv → `ControlRequest`, sent to the daemon's
/// control socket; the daemon's reply is printed as it comes. Exit status: the daemon's (0 success or
/// usable uplink, 1 refused or not usable), 2 for usage errors and an unreachable daemon.
///
/// Which words name a request, and what it takes, is `OwnerVerb`'s declaration; this file spells its
/// parameters as options and operands.
enum ControlCommand {
    static let defaultSocket = "/var/run/hotspotd/control"

    /// The options of the client subcommands. Each sets one `OwnerParameter`, but `--socket` and `--config`,
    /// which every subcommand takes.
    enum Option: CaseIterable {
        case socket, config, configShort
        case json, once, prefix, hidden, now, ssidHex, passphraseFile, mac, days
        // join's enterprise credentials: the UCI options' names, but the password only from a file (a command
        // line shows in `ps`). The daemon checks them together (`EAPSettings.problem()`).
        case eap, identity, anonymousIdentity, passwordFile, caCert, domainSuffixMatch, clientCert, privateKey
        // config save's preferences: a value, or the --no- form (back to the default).
        case enabled, evaluationProvider, noEvaluationProvider, authenticationProvider, noAuthenticationProvider
        case portalDomain, noPortalDomains, evaluatedSSID, evaluatedSSIDHex, noEvaluatedSSIDs

        var spelling: StaticString {
            switch self {
            case .socket: "--socket"
            case .config: "--config"
            case .configShort: "-c"
            case .json: "--json"
            case .once: "--once"
            case .prefix: "--prefix"
            case .hidden: "--hidden"
            case .now: "--now"
            case .ssidHex: "--ssid-hex"
            case .passphraseFile: "--passphrase-file"
            case .mac: "--mac"
            case .days: "--days"
            case .eap: "--eap"
            case .identity: "--identity"
            case .anonymousIdentity: "--anonymous-identity"
            case .passwordFile: "--password-file"
            case .caCert: "--ca-cert"
            case .domainSuffixMatch: "--domain-suffix-match"
            case .clientCert: "--client-cert"
            case .privateKey: "--private-key"
            case .enabled: "--enabled"
            case .evaluationProvider: "--evaluation-provider"
            case .noEvaluationProvider: "--no-evaluation-provider"
            case .authenticationProvider: "--authentication-provider"
            case .noAuthenticationProvider: "--no-authentication-provider"
            case .portalDomain: "--portal-domain"
            case .noPortalDomains: "--no-portal-domains"
            case .evaluatedSSID: "--evaluated-ssid"
            case .evaluatedSSIDHex: "--evaluated-ssid-hex"
            case .noEvaluatedSSIDs: "--no-evaluated-ssids"
            }
        }

        /// The parameter it sets; nil: every subcommand takes it.
        var parameter: OwnerParameter? {
            switch self {
            case .socket, .config, .configShort: nil
            case .json: .json
            case .once: .once
            case .prefix: .prefix
            case .hidden: .hidden
            case .now: .now
            case .ssidHex: .ssid
            case .passphraseFile: .passphrase
            case .mac: .mac
            case .days: .days
            case .eap, .identity, .anonymousIdentity, .passwordFile, .caCert, .domainSuffixMatch, .clientCert, .privateKey:
                .eap
            case .enabled, .evaluationProvider, .noEvaluationProvider, .authenticationProvider, .noAuthenticationProvider,
                 .portalDomain, .noPortalDomains, .evaluatedSSID, .evaluatedSSIDHex, .noEvaluatedSSIDs:
                .preferences
            }
        }

        /// What its value must be, as the refusal of a missing or unusable one says it; nil for a flag.
        var needs: StaticString? {
            switch self {
            case .json, .once, .prefix, .hidden, .now, .noEvaluationProvider, .noAuthenticationProvider, .noPortalDomains,
                 .noEvaluatedSSIDs:
                nil
            case .socket: "needs a path"
            case .config, .configShort: "needs a file"
            case .ssidHex: "needs hex digits"
            case .passphraseFile: "needs a file"
            case .mac: "needs hardware, per-network, per-join or a unicast aa:bb:cc:dd:ee:ff"
            case .days: "needs a whole number of days from 1 to 99999"
            case .eap, .identity, .anonymousIdentity, .passwordFile, .caCert, .domainSuffixMatch, .clientCert, .privateKey:
                "needs a value"
            case .enabled, .evaluationProvider, .authenticationProvider, .portalDomain, .evaluatedSSID, .evaluatedSSIDHex:
                "needs a value (see hotspotd --help)"
            }
        }

        /// The `EAPSettings` field an enterprise option sets.
        var eapField: EAPSettings.Field? {
            switch self {
            case .eap: .method
            case .identity: .identity
            case .anonymousIdentity: .anonymousIdentity
            case .passwordFile: .password
            case .caCert: .caCert
            case .domainSuffixMatch: .domain
            case .clientCert: .clientCert
            case .privateKey: .privateKey
            default: nil
            }
        }

        /// The preference a `config save` option sets, and how.
        var preference: (field: ManagerPreferences.Field, reset: Bool, hex: Bool)? {
            switch self {
            case .enabled: (.isEnabled, false, false)
            case .evaluationProvider: (.evaluationProvider, false, false)
            case .noEvaluationProvider: (.evaluationProvider, true, false)
            case .authenticationProvider: (.authenticationProvider, false, false)
            case .noAuthenticationProvider: (.authenticationProvider, true, false)
            case .portalDomain: (.safariDomains, false, false)
            case .noPortalDomains: (.safariDomains, true, false)
            case .evaluatedSSID: (.evaluatedSSIDs, false, false)
            case .evaluatedSSIDHex: (.evaluatedSSIDs, false, true)
            case .noEvaluatedSSIDs: (.evaluatedSSIDs, true, false)
            default: nil
            }
        }

        static func named(_ s: String) -> Option? {
            for o in allCases where ASCII.equals(s, o.spelling) { return o }
            return nil
        }
    }

    static func main(_ subcommand: String, _ args: [String]) -> Int32 {
        // 1. The options as given (a value never starts with "-"), and the words.
        var given: [(option: Option, value: String?)] = []
        var words = [subcommand]
        var i = 0
        while i < args.count {
            let a = args[i]
            if word(a, "--") {
                words += args[(i + 1)...]
                break
            } else if let o = Option.named(a) {
                var value: String? = nil
                if o.needs != nil, i + 1 < args.count, !ASCII.hasPrefix(args[i + 1], "-") {
                    i += 1
                    value = args[i]
                }
                given.append((o, value))
            } else if a.utf8.first == UInt8(ascii: "-") {
                return CLI.fail(subcommand + ": unknown option '" + a + "'")
            } else {
                words.append(a)
            }
            i += 1
        }

        // 2. The request the words name; the words after its own are its operands.
        guard let (verb, count) = request(named: words) else {
            return CLI.fail(subcommand + ": unexpected arguments (see hotspotd --help)")
        }
        let name = verb.words.description
        let operands = words[count...]

        // 3. Its options, each one it takes with a value it can use.
        var a = OwnerArguments()
        var socket: String? = nil
        var config: String? = nil
        var ssidHex: String? = nil
        // config save: the values given for each preference, as ManagerPreferences.values(of:).
        var values: [[[UInt8]]] = Array(repeating: [], count: ManagerPreferences.Field.allCases.count)
        for (o, value) in given {
            // --ssid-hex gives the SSID of a request whose SSID is optional, too.
            if let p = o.parameter, !(p == .ssid ? verb.takesSSID : verb.takes(p)) {
                return CLI.fail(name + ": an option it does not take (see hotspotd --help)")
            }
            func refused() -> Int32 {
                // -c is --config's short form; the refusal names the long one.
                let named = o == .configShort ? Option.config : o
                return CLI.fail(name + ": " + named.spelling.description + " " + (o.needs?.description ?? ""))
            }
            if o.needs != nil && value == nil { return refused() }
            let v = value ?? ""
            switch o {
            case .socket: socket = v
            case .config, .configShort: config = v
            case .json: a.json = true
            case .once: a.once = true
            case .prefix: a.prefix = true
            case .hidden: a.hidden = true
            case .now: a.now = true
            case .ssidHex: ssidHex = v
            case .passphraseFile:
                switch CLI.readPassphrase(v) {
                case .success(let p): a.passphrase = p
                case .failure(let why): return CLI.fail(name + ": " + why.message)
                }
            case .mac:
                guard let m = MACPolicy(v) else { return refused() }
                a.mac = m
            case .days:
                guard let d = ASCII.integer(Array(v.utf8)[...], maxDigits: 5), d > 0 else { return refused() }
                a.days = d
            case .eap, .identity, .anonymousIdentity, .passwordFile, .caCert, .domainSuffixMatch, .clientCert, .privateKey:
                // Not empty either: EAP options that all came out empty ("$UNSET") would join the name unencrypted.
                guard let f = o.eapField, !v.isEmpty else { return refused() }
                a.eap.values[f.rawValue] = Array(v.utf8)
                if f == .password {
                    switch CLI.readSecret(v) {
                    case .success(let b): a.eap.values[f.rawValue] = b
                    case .failure(let why): return CLI.fail(name + ": " + why.message)
                    }
                }
            case .enabled, .evaluationProvider, .noEvaluationProvider, .authenticationProvider, .noAuthenticationProvider,
                 .portalDomain, .noPortalDomains, .evaluatedSSID, .evaluatedSSIDHex, .noEvaluatedSSIDs:
                guard let (f, reset, hex) = o.preference else { return refused() }
                a.fields.insert(f.bit)
                // A single value is replaced, a list grows; the --no- form empties either.
                if reset || !f.isList { values[f.rawValue] = [] }
                if !reset {
                    guard let b = hex ? Hex.decode(v) : Array(v.utf8) else { return refused() }
                    values[f.rawValue].append(b)
                }
            }
        }
        for f in ManagerPreferences.Field.allCases where a.fields.contains(f.bit) {
            if !a.preferences.set(f, values[f.rawValue]) { return CLI.fail(name + ": a value it cannot take (see hotspotd --help)") }
        }

        // 4. Its operands: an SSID (as a word or --ssid-hex), a login's answers, or none.
        if verb.takesSSID {
            var bytes: [UInt8]? = nil
            if let h = ssidHex {
                guard operands.isEmpty, let b = Hex.decode(h) else { return needsSSID(name) }
                bytes = b
            } else if let only = operands.first {
                guard operands.count == 1 else { return needsSSID(name) }
                bytes = Array(only.utf8)
            }
            if let b = bytes {
                guard !b.isEmpty, let s = SSID(bytes: b) else { return needsSSID(name) }
                a.ssid = s
            } else if verb.takes(.ssid) {
                return needsSSID(name)
            }
        } else if verb.takes(.answers) {
            for pair in operands {
                let b = Array(pair.utf8)
                guard let eq = ASCII.firstIndex(of: ASCII.equals, in: b[...]), eq > 0 else {
                    return CLI.fail(name + ": answers are KEY=VALUE (see hotspotd --help)")
                }
                a.answers.append(UIAnswer(key: String(decoding: b[..<eq], as: UTF8.self),
                                          value: String(decoding: b[(eq + 1)...], as: UTF8.self)))
            }
            if a.answers.isEmpty { return CLI.fail(name + ": answers are KEY=VALUE (see hotspotd --help)") }
        } else if !operands.isEmpty {
            return CLI.fail(name + ": unexpected arguments (see hotspotd --help)")
        }
        guard let request = ControlRequest(verb, a) else { return needsSSID(name) }

        let path = socket ?? config.flatMap(socketPath) ?? defaultSocket
        switch ControlClient.send(request, to: path, timeoutMs: request.replyTimeoutMs) {
        case .failure(let e):
            Output.err("hotspotd: " + e.description)
            return 2
        case .success(let reply):
            Output.write(String(decoding: reply.body, as: UTF8.self), to: reply.toStandardError ? .standardError : .standardOutput)
            return Int32(reply.exitStatus)
        }
    }

    static func needsSSID(_ name: String) -> Int32 { CLI.fail(name + ": needs one SSID of 1–32 bytes (or --ssid-hex HEX)") }

    /// The request whose words start `words` (the longest: `ui submit` before `ui`), and how many words it has.
    static func request(named words: [String]) -> (OwnerVerb, Int)? {
        var best: (OwnerVerb, Int)? = nil
        for verb in OwnerVerb.allCases {
            let own = wordsOf(verb)
            guard own.count <= words.count, own.count > (best?.1 ?? 0) else { continue }
            var same = true
            for k in own.indices where !ASCII.same(own[k], words[k]) { same = false }
            if same { best = (verb, own.count) }
        }
        return best
    }

    /// Whether `s` is the first word of a request: a client subcommand.
    static func isSubcommand(_ s: String) -> Bool {
        for verb in OwnerVerb.allCases where ASCII.same(wordsOf(verb)[0], s) { return true }
        return false
    }

    /// A request's words on the command line: `["ui", "submit"]`.
    static func wordsOf(_ verb: OwnerVerb) -> [String] {
        ASCII.split(Array(verb.words.description.utf8)[...], on: ASCII.space).map { String(decoding: $0, as: UTF8.self) }
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

    /// The control socket under the configuration's run_dir.
    static func socketPath(_ config: String) -> String? {
        guard case .loaded(let l) = HotspotDaemon.loadConfiguration(config) else { return nil }
        return l.settings.runDirectory + "/" + ControlServer.socketName
    }
}
