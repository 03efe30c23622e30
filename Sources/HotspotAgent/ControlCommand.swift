import CLinux
import HotspotCore
import HotspotProtocol

/// The client subcommands (`status`, `scan`, `join`, …): argv → `ControlRequest`, sent to the daemon's
/// control socket; the daemon's reply is printed as it comes. Exit status: the daemon's (0 success or
/// usable uplink, 1 refused or not usable), 2 for usage errors and an unreachable daemon.
enum ControlCommand {
    static let defaultSocket = "/var/run/hotspotd/control"

    static func main(_ subcommand: String, _ args: [String]) -> Int32 {
        var socket: String? = nil
        var config: String? = nil
        var json = false
        var once = false
        var ssidHex: String? = nil
        var passphraseFile: String? = nil
        var words: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            func value() -> String? {
                guard i + 1 < args.count, !args[i + 1].utf8.starts(with: "-".utf8) else { return nil }
                i += 1
                return args[i]
            }
            let b = Array(a.utf8)
            if b == Array("--json".utf8) {
                json = true
            } else if b == Array("--once".utf8) {
                once = true
            } else if b == Array("--socket".utf8) {
                guard let v = value() else { return CLI.fail(subcommand + ": --socket needs a path") }
                socket = v
            } else if b == Array("--config".utf8) || b == Array("-c".utf8) {
                guard let v = value() else { return CLI.fail(subcommand + ": --config needs a file") }
                config = v
            } else if b == Array("--ssid-hex".utf8) {
                guard let v = value() else { return CLI.fail(subcommand + ": --ssid-hex needs hex digits") }
                ssidHex = v
            } else if b == Array("--passphrase-file".utf8) {
                guard let v = value() else { return CLI.fail(subcommand + ": --passphrase-file needs a file") }
                passphraseFile = v
            } else if b == Array("--".utf8) {
                words += args[(i + 1)...]
                break
            } else if b.first == UInt8(ascii: "-") {
                return CLI.fail(subcommand + ": unknown option '" + a + "'")
            } else {
                words.append(a)
            }
            i += 1
        }

        // SSID-taking subcommands: one SSID, as text or --ssid-hex.
        func ssid() -> SSID? {
            if let h = ssidHex {
                guard words.isEmpty, let bytes = Hex.decode(h), !bytes.isEmpty else { return nil }
                return SSID(bytes: bytes)
            }
            guard words.count == 1, !words[0].isEmpty else { return nil }
            return SSID(words[0])
        }
        let name = Array(subcommand.utf8)
        let request: ControlRequest
        var extra = false
        if name == Array("join".utf8) {
            guard let s = ssid() else { return CLI.fail("join: needs one SSID of 1–32 bytes (or --ssid-hex HEX)") }
            var passphrase: Passphrase? = nil
            if let file = passphraseFile {
                switch readPassphrase(file) {
                case .success(let p): passphrase = p
                case .failure(let why): return CLI.fail("join: " + why.message)
                }
            }
            request = .join(s, passphrase: passphrase, once: once)
            extra = json
        } else {
            extra = once || passphraseFile != nil
            if name == Array("enable".utf8) || name == Array("forget".utf8) {
                guard let s = ssid() else { return CLI.fail(subcommand + ": needs one SSID of 1–32 bytes (or --ssid-hex HEX)") }
                request = name == Array("enable".utf8) ? .enable(s) : .forget(s)
                extra = extra || json
            } else {
                extra = extra || ssidHex != nil
                guard let r = parse(name, words, json: json) else {
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

    /// Subcommands without an SSID: their words after the name.
    static func parse(_ name: [UInt8], _ words: [String], json: Bool) -> ControlRequest? {
        let w = words.map { Array($0.utf8) }
        func none(_ r: ControlRequest) -> ControlRequest? { w.isEmpty ? r : nil }
        func plain(_ r: ControlRequest) -> ControlRequest? { w.isEmpty && !json ? r : nil }
        switch name {
        case Array("status".utf8): return none(.status(json: json))
        case Array("scan".utf8): return none(.scan(json: json))
        case Array("helpers".utf8): return none(.helpers(json: json))
        case Array("networks".utf8): return none(.networks(json: json))
        case Array("logoff".utf8): return plain(.logoff)
        case Array("reload".utf8): return plain(.reload)
        case Array("version".utf8): return plain(.version)
        case Array("ui".utf8):
            guard let first = w.first else { return .ui(json: json) }
            if json { return nil }
            if first == Array("cancel".utf8) { return w.count == 1 ? .cancelUI : nil }
            guard first == Array("submit".utf8) else { return nil }
            var answers: [UIAnswer] = []
            for pair in w.dropFirst() {
                guard let eq = pair.firstIndex(of: UInt8(ascii: "=")), eq > 0 else { return nil }
                answers.append(UIAnswer(key: String(decoding: pair[..<eq], as: UTF8.self),
                                        value: String(decoding: pair[(eq + 1)...], as: UTF8.self)))
            }
            return answers.isEmpty ? nil : .submitUI(answers)
        case Array("config".utf8):
            guard w.count == 1 else { return nil }
            let verbs: [ControlRequest.ConfigVerb] = [.check, .show, .save, .remove]
            let names = ["check", "show", "save", "remove"]
            for (i, n) in names.enumerated() where w[0] == Array(n.utf8) { return .config(verbs[i], json: json) }
            return nil
        default:
            return nil
        }
    }

    struct Problem: Error { var message: String }

    /// One line; a trailing newline (echo > file) is not part of the passphrase.
    static func readPassphrase(_ file: String) -> Result<Passphrase, Problem> {
        var bytes: [UInt8]
        do {
            let fd = try FileDescriptor.open(file, O_RDONLY)
            defer { fd.close() }
            bytes = try fd.readAll(limit: 256)
        } catch {
            return .failure(Problem(message: "cannot read " + file + ": " + error.description))
        }
        while let last = bytes.last, last == 0x0a || last == 0x0d { bytes.removeLast() }
        do throws(PassphraseError) {
            return .success(try Passphrase(bytes: bytes))
        } catch {
            return .failure(Problem(message: "unusable passphrase: " + error.description))
        }
    }

    /// The control socket under the configuration's run_dir.
    static func socketPath(_ config: String) -> String? {
        guard case .loaded(let l) = HotspotDaemon.loadConfiguration(config) else { return nil }
        return l.settings.runDirectory + "/" + ControlServer.socketName
    }
}
