import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// `hotspotd rpcd call METHOD [--config FILE]`: what rpcd's exec plugin `/usr/libexec/rpcd/hotspot` runs
/// for `PLUGIN call METHOD`, so that `ubus call hotspot METHOD '{…}'` reaches the control socket (the
/// plugin answers `PLUGIN list` itself, with the signatures of `methods`). rpcd writes the arguments as
/// one JSON object on stdin, passes on one JSON object printed on stdout and ignores the exit status. The JSON is read
/// here, not in the shell plugin: OpenWrt's jshn is not in Debian (so no test could run it), and ash alone
/// cannot turn `\u` escapes into an SSID's bytes.
enum RpcdCommand {
    /// The ubus methods, in the plugin's `list` order; the first five read, the rest act (two ACL groups).
    static var methods: StaticString { "status scan helpers networks ui ui_submit ui_cancel join forget enable logoff" }
    /// The arguments a method may have, and the bit of each in `takes`.
    static var arguments: StaticString { "ssid ssid_hex passphrase once fields" }
    /// Bytes 0, 0, 0, 0, 0, 16, 0, 15, 3, 3, 0 as one literal: no lazily initialised global array.
    static var takes: UnsafeBufferPointer<UInt8> { ASCII.bytes("\u{0}\u{0}\u{0}\u{0}\u{0}\u{10}\u{0}\u{F}\u{3}\u{3}\u{0}") }
    /// The refusal of each argument that is not what it must be, separated by `|`.
    static var rules: StaticString { """
        'ssid' must be 1 to 32 bytes|'ssid_hex' must be 1 to 32 bytes in hex|'passphrase' must be a string|\
        'once' must be true or false|\
        'fields' must be an object of field names (1-32 of A-Z a-z 0-9 _) and texts of one line, 2048 bytes at most
        """ }

    static func main(_ args: [String]) -> Int32 {
        // The plugin adds `--config FILE`: the daemon's socket is under its run_dir.
        var words = args
        var config: String? = nil
        if words.count > 2 && ControlCommand.word(words[words.count - 2], "--config") {
            config = words.removeLast()
            words.removeLast()
        }
        guard words.count == 2, ControlCommand.word(words[0], "call") else {
            return CLI.fail("rpcd: call METHOD with its arguments as a JSON object on stdin")
        }
        // One byte over JSON's limit, so that oversized input is refused, not cut.
        let input = (try? FileDescriptor(rawValue: 0).readAll(limit: JSONValue.sizeLimit + 1)) ?? []
        let path = config.flatMap(ControlCommand.socketPath) ?? ControlCommand.defaultSocket
        let (status, answer) = call(words[1], input, socket: path)
        Output.write(String(decoding: answer, as: UTF8.self), to: .standardOutput)
        return status
    }

    /// The JSON object to print, and the exit status (0 answered, 1 refused or unreachable).
    static func call(_ method: String, _ input: [UInt8], socket path: String) -> (Int32, [UInt8]) {
        var why = ""
        let m = ControlCommand.index(method, inWords: methods)
        guard m >= 0 else {
            return refusal("no method '" + method + "'")
        }
        guard let request = parse(m, input, &why) else { return refusal(why) }
        switch ControlClient.send(request, to: path) {
        case .failure(let e): return refusal(e.description)
        case .success(let reply):
            var body = reply.body
            while body.last == 0x0a { body.removeLast() }
            let text = String(decoding: body, as: UTF8.self)
            if reply.toStandardError { return refusal(text) }
            var out: [UInt8] = []
            if m >= 5 {
                ASCII.append(&out, "{\"ok\":true,\"message\":")
                JSONWriter.appendQuoted(text, to: &out)
                ASCII.append(&out, "}\n")
            } else if body.first == UInt8(ascii: "{") {
                out = body
                out.append(0x0a)
            } else {
                // rpcd passes on objects only: a list (scan, networks) or null (ui, nothing waiting) is
                // wrapped as {"METHOD": …}. Appended in place: no array literals to join.
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

    /// Method `m`'s JSON arguments → the control request, or nil and why not. JSON from ubus names each
    /// argument once (json-c keeps the last); a second SSID, by either name, is refused.
    @inline(never)
    static func parse(_ m: Int, _ input: [UInt8], _ why: inout String) -> ControlRequest? {
        var members: [JSONMember] = []
        // `ubus call hotspot status` sends {}; a plugin run by hand may get nothing.
        // Loops, not contains(where:): no specialisation per closure.
        var blank = true
        for b in input where b > 0x20 { blank = false }
        if !blank {
            guard case .object(let o)? = try? JSONValue(parsing: input) else {
                why = "the arguments are not a JSON object of at most 16 KB"
                return nil
            }
            members = o
        }
        var ssid: SSID? = nil
        var passphrase: Passphrase? = nil
        var once = false
        var answers: [UIAnswer] = []
        // The session id uhttpd adds for LuCI's calls: rpcd's business, not an argument.
        for member in members where !ASCII.equals(member.name[...], "ubus_rpc_session") {
            let a = ASCII.place(of: member.name[...], inWords: arguments)
            guard a >= 0, takes[m] & (1 << a) != 0 else {
                why = "an argument this method does not take: '" + String(decoding: member.name, as: UTF8.self) + "'"
                return nil
            }
            var fits = false
            switch member.value {
            case .bool(let b) where a == 3:
                once = b
                fits = true
            case .object(let fields) where a == 4:
                // As the helper protocol passes them on: HOTSPOT_UI_<NAME>, one line.
                fits = true
                for f in fields {
                    guard HelperProtocol.isFieldName(f.name[...]), case .string(let v) = f.value,
                          v.count <= HelperProtocol.maxLineBytes else {
                        fits = false
                        break
                    }
                    for b in v where ASCII.isControl(b) { fits = false }
                    if !fits { break }
                    answers.append(UIAnswer(key: String(decoding: f.name, as: UTF8.self), value: String(decoding: v, as: UTF8.self)))
                }
            case .string(let bytes) where a == 2:
                do throws(PassphraseError) {
                    passphrase = try Passphrase(bytes: bytes)
                    fits = true
                } catch {
                    why = error.description
                    return nil
                }
            case .string(let bytes) where a < 2:
                if ssid != nil {
                    why = "give ssid or ssid_hex, once"
                    return nil
                }
                if let b = a == 0 ? bytes : Hex.decode(bytes[...]), !b.isEmpty, let s = SSID(bytes: b) {
                    ssid = s
                    fits = true
                }
            default: break
            }
            if !fits {
                why = String(decoding: ASCII.word(a, of: rules, separator: UInt8(ascii: "|")), as: UTF8.self)
                return nil
            }
        }
        let request: ControlRequest
        switch m {
        case 0: request = .status(json: true)
        case 1: request = .scan(json: true)
        case 2: request = .helpers(json: true)
        case 3: request = .networks(json: true)
        case 4: request = .ui(json: true)
        case 5: request = .submitUI(answers)
        case 6: request = .cancelUI
        case 10: request = .logoff
        default:
            guard let s = ssid else {
                why = "give ssid or ssid_hex"
                return nil
            }
            request = m == 7 ? .join(s, passphrase: passphrase, once: once) : m == 8 ? .forget(s) : .enable(s)
        }
        // Too many answers for one request: the daemon refuses it in its words.
        if m == 5 && answers.isEmpty {
            why = "give fields"
            return nil
        }
        return request
    }
}
