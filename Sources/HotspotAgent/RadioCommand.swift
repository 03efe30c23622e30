/// `hotspotd radio …`: nl80211 facts for people and tests.
enum RadioCommand {
    static func main(_ args: [String]) -> Int32 {
        guard let verb = args.first else { return CLI.fail("radio needs probe, scan or station") }
        var interface: String? = nil
        var json = false
        var i = 1
        while i < args.count {
            switch args[i] {
            case "--interface", "-i":
                guard i + 1 < args.count else { return CLI.fail("--interface needs a name") }
                interface = args[i + 1]
                i += 2
            case "--json":
                json = true
                i += 1
            default:
                return CLI.fail("radio \(verb): unknown option '\(args[i])'")
            }
        }
        switch verb {
        case "probe": return probe(interface: interface, json: json)
        default: return CLI.fail("radio: unknown verb '\(verb)' (probe, scan, station)")
        }
    }

    static func probe(interface: String?, json: Bool) -> Int32 {
        let nl: NL80211
        do { nl = try NL80211() } catch {
            Output.err("hotspotd: radio probe: \(error.description)")
            return 1
        }
        let all: [WirelessInterface]
        do { all = try nl.interfaces() } catch {
            Output.err("hotspotd: radio probe: \(error.description)")
            return 1
        }
        let shown = interface.map { name in all.filter { $0.name == name } } ?? all
        if let interface, shown.isEmpty {
            Output.err("hotspotd: radio probe: no wireless interface named '\(interface)'")
            return 1
        }
        if json {
            var text = "{\"nl80211_family\":\(nl.family),\"interfaces\":["
            for (n, w) in shown.enumerated() {
                if n > 0 { text += "," }
                text += "{\"name\":" + JSONText.string(w.name) + ",\"ifindex\":\(w.ifindex),\"iftype\":\""
                text += w.iftypeName + "\",\"phy\":\(w.phy),\"mac\":\"" + MACAddress.text(w.mac) + "\"}"
            }
            Output.out(text + "]}")
        } else {
            Output.out("nl80211 family \(nl.family), \(shown.count) wireless interface(s)")
            for w in shown {
                Output.out("\(w.name)\tifindex \(w.ifindex)\t\(w.iftypeName)\tphy\(w.phy)\t\(MACAddress.text(w.mac))")
            }
        }
        return shown.isEmpty ? 1 : 0
    }
}

enum MACAddress {
    static func text(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ":")) }
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

enum JSONText {
    /// A JSON string literal; bytes that are not valid UTF-8 were already replaced by the decoder.
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = Array("0123456789abcdef".utf8)
                    out += "\\u00" + String(decoding: [hex[Int(u.value >> 4)], hex[Int(u.value & 15)]], as: UTF8.self)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
