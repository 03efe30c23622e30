import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// `hotspotd rpcd list | call METHOD`: what rpcd's exec plugin `/usr/libexec/rpcd/hotspot` runs, so that
/// `ubus call hotspot METHOD '{…}'` reaches the control socket. rpcd runs `PLUGIN list` once for the methods
/// and their argument types, and `PLUGIN call METHOD` with the arguments as one JSON object on stdin; it
/// passes on one JSON object printed on stdout and ignores the exit status. The JSON is read here, not in
/// the shell plugin: OpenWrt's jshn is not in Debian (so no test could run it), and ash alone cannot turn
/// `\u` escapes into an SSID's bytes.
enum RpcdCommand {
    /// The ubus methods; the first five read, the rest act (two ACL groups).
    static let methods: [StaticString] = [
        "status", "scan", "helpers", "networks", "ui", "ui_submit", "ui_cancel", "join", "forget", "enable", "logoff",
    ]
    /// The arguments a method may have, and the bit of each in `takes`.
    static let arguments: [StaticString] = ["ssid", "ssid_hex", "passphrase", "once", "fields"]
    static let takes: [UInt8] = [0, 0, 0, 0, 0, 16, 0, 15, 3, 3, 0]

    /// rpcd's signatures: "str" a string, true a boolean, {} a table.
    static let list = """
        {"status":{},"scan":{},"helpers":{},"networks":{},"ui":{},"ui_submit":{"fields":{}},"ui_cancel":{},\
        "join":{"ssid":"str","ssid_hex":"str","passphrase":"str","once":true},"forget":{"ssid":"str","ssid_hex":"str"},\
        "enable":{"ssid":"str","ssid_hex":"str"},"logoff":{}}
        """

    static func main(_ args: [String]) -> Int32 {
        var socket: String? = nil
        var config: String? = nil
        var words: [String] = []
        var i = 0
        while i < args.count {
            if i + 1 < args.count && ControlCommand.word(args[i], "--socket") {
                socket = args[i + 1]
                i += 1
            } else if i + 1 < args.count && ControlCommand.word(args[i], "--config") {
                config = args[i + 1]
                i += 1
            } else {
                words.append(args[i])
            }
            i += 1
        }
        if words.count == 1 && ControlCommand.word(words[0], "list") {
            Output.out(list)
            return 0
        }
        guard words.count == 2, ControlCommand.word(words[0], "call") else {
            return CLI.fail("rpcd: list, or call METHOD with its arguments as a JSON object on stdin")
        }
        // One byte over JSON's limit, so that oversized input is refused, not cut.
        let input = (try? FileDescriptor(rawValue: 0).readAll(limit: JSONValue.sizeLimit + 1)) ?? []
        let path = socket ?? config.flatMap(ControlCommand.socketPath) ?? ControlCommand.defaultSocket
        let (status, answer) = call(words[1], input, socket: path)
        Output.out(answer)
        return status
    }

    /// The JSON object to print, and the exit status (0 answered, 1 refused or unreachable).
    static func call(_ method: String, _ input: [UInt8], socket path: String) -> (Int32, String) {
        let m: Int
        let request: ControlRequest
        switch parse(method, input) {
        case .failure(let problem): return (1, error(problem.message))
        case .success(let parsed): (m, request) = parsed
        }
        switch ControlClient.send(request, to: path) {
        case .failure(let e): return (1, error(e.description))
        case .success(let reply):
            var body = reply.body
            while body.last == 0x0a { body.removeLast() }
            if reply.toStandardError { return (1, error(String(decoding: body, as: UTF8.self))) }
            var out = JSONWriter()
            if m >= 5 {
                out.beginObject()
                out.field("ok", bool: true)
                out.field("message", String(decoding: body, as: UTF8.self))
                out.endObject()
                return (0, out.text)
            }
            // rpcd passes on objects only: a list (scan, networks) or null (ui, nothing waiting) is wrapped
            // as {"METHOD": …}.
            if body.first == UInt8(ascii: "{") { return (0, String(decoding: body, as: UTF8.self)) }
            return (0, "{\"" + method + "\":" + String(decoding: body, as: UTF8.self) + "}")
        }
    }

    static func error(_ message: String) -> String {
        var out = JSONWriter()
        out.beginObject()
        out.field("error", message)
        out.endObject()
        return out.text
    }

    /// METHOD and its JSON arguments → the method's index and the control request, or why not. JSON from
    /// ubus has each name once (json-c keeps the last); a second SSID, by either name, is refused.
    @inline(never)
    static func parse(_ method: String, _ input: [UInt8]) -> Result<(Int, ControlRequest), CLI.Problem> {
        func refuse(_ why: String) -> Result<(Int, ControlRequest), CLI.Problem> { .failure(CLI.Problem(message: why)) }
        guard let m = methods.firstIndex(where: { ControlCommand.word(method, $0) }) else {
            return refuse("no method '" + method + "'")
        }
        var members: [JSONMember] = []
        // `ubus call hotspot status` sends {}; a plugin run by hand may get nothing.
        if input.contains(where: { $0 > 0x20 }) {
            guard case .object(let o)? = try? JSONValue(parsing: input) else {
                return refuse("the arguments are not a JSON object of at most 16 KB")
            }
            members = o
        }
        var ssid: SSID? = nil
        var passphrase: Passphrase? = nil
        var once = false
        var answers: [UIAnswer] = []
        for member in members {
            let name = String(decoding: member.name, as: UTF8.self)
            // The session id uhttpd adds for LuCI's calls: rpcd's business, not an argument.
            if ControlCommand.word(name, "ubus_rpc_session") { continue }
            guard let a = arguments.firstIndex(where: { ControlCommand.word(name, $0) }), takes[m] & (1 << a) != 0 else {
                return refuse(method + " takes no argument '" + name + "'")
            }
            let must = "'" + name + "' must be "
            switch (a, member.value) {
            case (3, .bool(let b)): once = b
            case (4, .object(let fields)):
                for f in fields {
                    let key = String(decoding: f.name, as: UTF8.self)
                    // As the helper protocol passes them on (HOTSPOT_UI_<NAME>, one line).
                    guard HelperProtocol.isFieldName(f.name[...]), case .string(let v) = f.value,
                          v.count <= HelperProtocol.maxLineBytes, !v.contains(where: { $0 < 0x20 || $0 == 0x7f }) else {
                        return refuse("field '" + key + "': a name of 1-32 A-Z a-z 0-9 _, a text of at most 2048 bytes on one line")
                    }
                    answers.append(UIAnswer(key: key, value: String(decoding: v, as: UTF8.self)))
                }
            case (2, .string(let bytes)):
                do throws(PassphraseError) {
                    passphrase = try Passphrase(bytes: bytes)
                } catch {
                    return refuse(error.description)
                }
            case (_, .string(let bytes)) where a < 2:
                guard ssid == nil else { return refuse("give ssid or ssid_hex, once") }
                guard let b = a == 0 ? bytes : Hex.decode(bytes[...]), !b.isEmpty, let s = SSID(bytes: b) else {
                    return refuse(must + "1 to 32 bytes" + (a == 0 ? "" : ", in hex"))
                }
                ssid = s
            default:
                return refuse(must + (a == 3 ? "true or false" : a == 4 ? "an object of field names and values" : "a string"))
            }
        }
        let request: ControlRequest
        switch m {
        case 0: request = .status(json: true)
        case 1: request = .scan(json: true)
        case 2: request = .helpers(json: true)
        case 3: request = .networks(json: true)
        case 4: request = .ui(json: true)
        case 5:
            if answers.isEmpty { return refuse("ui_submit needs fields: {\"fields\":{\"NAME\":\"VALUE\"}}") }
            request = .submitUI(answers)
        case 6: request = .cancelUI
        case 10: request = .logoff
        default:
            guard let s = ssid else { return refuse(method + " needs ssid or ssid_hex") }
            request = m == 7 ? .join(s, passphrase: passphrase, once: once) : m == 8 ? .forget(s) : .enable(s)
        }
        if request.encoded.count > ControlRequest.maxBytes { return refuse("the answers are too long for one request") }
        return .success((m, request))
    }
}
