import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// `hotspotd rpcd list` and `hotspotd rpcd call METHOD [--config FILE]`: what rpcd's exec plugin
/// `/usr/libexec/rpcd/hotspot` runs for `PLUGIN list` and `PLUGIN call METHOD`, so that
/// `ubus call hotspot METHOD '{…}'` reaches the control socket. The methods, their arguments and how each
/// answers are `OwnerVerb`'s declaration. rpcd writes the arguments as one JSON object on stdin, passes on
/// one JSON object printed on stdout and ignores the exit status. The JSON is read here, not in the shell
/// plugin: OpenWrt's jshn is not in Debian (so no test could run it), and ash alone cannot turn `\u` escapes
/// into an SSID's bytes.
enum RpcdCommand {
    static func main(_ args: [String]) -> Int32 {
        if args.count == 1 && ControlCommand.word(args[0], "list") {
            Output.write(String(decoding: list(), as: UTF8.self), to: .standardOutput)
            return 0
        }
        // The plugin adds `--config FILE`: the daemon's socket is under its run_dir.
        var words = args
        var config: String? = nil
        if words.count > 2 && ControlCommand.word(words[words.count - 2], "--config") {
            // remove(at:), not removeLast: [String]'s removeLast is code of its own on the router.
            config = words.remove(at: words.count - 1)
            words.remove(at: words.count - 1)
        }
        guard words.count == 2, ControlCommand.word(words[0], "call") else {
            return CLI.fail("rpcd: list, or call METHOD with its arguments as a JSON object on stdin")
        }
        // One byte over JSON's limit, so that oversized input is refused, not cut.
        let input = (try? FileDescriptor(rawValue: 0).readAll(limit: JSONValue.sizeLimit + 1)) ?? []
        let path = config.flatMap(ControlCommand.socketPath) ?? ControlCommand.defaultSocket
        let (status, answer) = call(words[1], input, socket: path)
        Output.write(String(decoding: answer, as: UTF8.self), to: .standardOutput)
        return status
    }

    /// The plugin's `list`: each method and its arguments' types (rpcd's signatures), one JSON object.
    static func list() -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for verb in OwnerVerb.allCases {
            guard let method = verb.method else { continue }
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendQuoted(method.description, to: &out)
            ASCII.append(&out, ":{")
            for (i, argument) in verb.ubusArguments.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.appendQuoted(argument.name.description, to: &out)
                out.append(UInt8(ascii: ":"))
                ASCII.append(&out, argument.signature)
            }
            out.append(UInt8(ascii: "}"))
        }
        ASCII.append(&out, "}\n")
        return out
    }

    /// The JSON object to print, and the exit status (0 answered, 1 refused or unreachable).
    static func call(_ method: String, _ input: [UInt8], socket path: String) -> (Int32, [UInt8]) {
        guard let verb = OwnerVerb.named(method: Array(method.utf8)[...]) else {
            return refusal("no method '" + method + "'")
        }
        let request: ControlRequest
        switch self.request(verb, input) {
        case .success(let r): request = r
        case .failure(let why): return refusal(why.message)
        }
        switch ControlClient.send(request, to: path, timeoutMs: request.replyTimeoutMs) {
        case .failure(let e): return refusal(e.description)
        case .success(let reply):
            var body = reply.body
            while body.last == 0x0a { body.removeLast() }
            let text = String(decoding: body, as: UTF8.self)
            if reply.toStandardError { return refusal(text) }
            var out: [UInt8] = []
            if verb.changesState {
                ASCII.append(&out, "{\"ok\":true,\"message\":")
                JSONWriter.appendQuoted(text, to: &out)
                ASCII.append(&out, "}\n")
            } else if body.first == UInt8(ascii: "{") {
                out = body
                out.append(0x0a)
            } else {
                // rpcd passes on objects only: a list (scan, networks) or null (ui, nothing waiting) is
                // wrapped as {"METHOD": …}.
                out.append(UInt8(ascii: "{"))
                JSONWriter.appendQuoted(method, to: &out)
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: body)
                ASCII.append(&out, "}\n")
            }
            return (0, out)
        }
    }

    static func refusal(_ message: String) -> (Int32, [UInt8]) {
        var out: [UInt8] = []
        ASCII.append(&out, "{\"error\":")
        JSONWriter.appendQuoted(message, to: &out)
        ASCII.append(&out, "}\n")
        return (1, out)
    }

    /// Why the arguments of a call were refused, in words.
    struct Refusal: Error { var message: String }

    /// `verb`'s JSON arguments → the control request the CLI would send (JSON output where it has any). JSON
    /// from ubus names each argument once (json-c keeps the last); a second SSID, by either name, is refused.
    static func request(_ verb: OwnerVerb, _ input: [UInt8]) -> Result<ControlRequest, Refusal> {
        var members: [JSONMember] = []
        // `ubus call hotspot status` sends {}; a plugin run by hand may get nothing.
        var blank = true
        for b in input where b > 0x20 { blank = false }
        if !blank {
            guard case .object(let o)? = try? JSONValue(parsing: input) else {
                return .failure(Refusal(message: "the arguments are not a JSON object of at most 16 KB"))
            }
            members = o
        }
        var a = OwnerArguments()
        a.json = verb.takes(.json)
        let takes = verb.ubusArguments
        // The session id uhttpd adds for LuCI's calls: rpcd's business, not an argument.
        for member in members where !ASCII.equals(member.name[...], "ubus_rpc_session") {
            guard let argument = UbusArgument.named(member.name[...]), takes.contains(argument) else {
                return .failure(Refusal(message: "an argument this method does not take: '"
                                        + String(decoding: member.name, as: UTF8.self) + "'"))
            }
            let wrong = Refusal(message: argument.rule.description)
            switch argument {
            case .ssid, .ssidHex:
                if a.ssid != nil { return .failure(Refusal(message: "give ssid or ssid_hex, once")) }
                guard case .string(let text) = member.value,
                      let bytes = argument == .ssid ? text : Hex.decode(text[...]), !bytes.isEmpty,
                      let s = SSID(bytes: bytes) else { return .failure(wrong) }
                a.ssid = s
            case .passphrase:
                guard case .string(let bytes) = member.value else { return .failure(wrong) }
                do throws(PassphraseError) {
                    a.passphrase = try Passphrase(bytes: bytes)
                } catch {
                    return .failure(Refusal(message: error.description))
                }
            case .once:
                guard case .bool(let b) = member.value else { return .failure(wrong) }
                a.once = b
            case .now:
                guard case .bool(let b) = member.value else { return .failure(wrong) }
                a.now = b
            case .fields:
                // As the helper protocol passes them on: HOTSPOT_UI_<NAME>=value, one line of its stdin.
                guard case .object(let fields) = member.value else { return .failure(wrong) }
                for f in fields {
                    guard HelperProtocol.isFieldName(f.name[...]), case .string(let v) = f.value,
                          v.count <= HelperProtocol.maxLineBytes else { return .failure(wrong) }
                    for b in v where ASCII.isControl(b) { return .failure(wrong) }
                    a.answers.append(UIAnswer(key: String(decoding: f.name, as: UTF8.self), value: String(decoding: v, as: UTF8.self)))
                }
            }
        }
        if verb.takes(.ssid) && a.ssid == nil { return .failure(Refusal(message: "give ssid or ssid_hex")) }
        // Too many answers for one request: the daemon refuses it in its words.
        if verb.takes(.answers) && a.answers.isEmpty { return .failure(Refusal(message: "give fields")) }
        guard let request = ControlRequest(verb, a) else { return .failure(Refusal(message: "give ssid or ssid_hex")) }
        return .success(request)
    }
}
