import HotspotCore
import HotspotProtocol

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
        case "scan": return scan(interface: interface, json: json)
        case "station": return station(interface: interface, json: json)
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

extension RadioCommand {
    /// Open nl80211 and find the client interface: the named one, or the first in station mode.
    static func clientInterface(_ name: String?, verb: String) -> (NL80211, WirelessInterface)? {
        let nl: NL80211
        let all: [WirelessInterface]
        do {
            nl = try NL80211()
            all = try nl.interfaces()
        } catch {
            Output.err("hotspotd: radio \(verb): \(error.description)")
            return nil
        }
        let pick: WirelessInterface?
        if let name { pick = all.first { $0.name == name } } else { pick = all.first { $0.iftype == 2 } }
        guard let pick else {
            Output.err("hotspotd: radio \(verb): " + (name.map { "no wireless interface named '\($0)'" } ?? "no wireless interface in station mode"))
            return nil
        }
        return (nl, pick)
    }

    static func scan(interface: String?, json: Bool) -> Int32 {
        guard let (nl, wif) = clientInterface(interface, verb: "scan") else { return 1 }
        let list: [ScannedBSS]
        do { list = try nl.scanDump(ifindex: wif.ifindex) } catch {
            Output.err("hotspotd: radio scan: \(error.description)")
            return 1
        }
        // Strongest first, as a person reads a scan.
        let sorted = list.sorted { ($0.signalDBm ?? -200) > ($1.signalDBm ?? -200) }
        if json {
            var text = "{\"interface\":" + JSONText.string(wif.name) + ",\"bss\":["
            for (n, b) in sorted.enumerated() {
                if n > 0 { text += "," }
                text += "{\"ssid\":" + (b.ssid.map { JSONText.string($0.description) } ?? "null")
                text += ",\"ssid_hex\":\"" + (b.ssid?.hex ?? "") + "\",\"bssid\":\"\(b.bssid)\",\"freq\":\(b.frequency)"
                text += ",\"rssi\":" + (b.signalDBm.map { "\($0)" } ?? "null")
                text += ",\"signal\":" + (b.signalDBm.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "null")
                text += ",\"security\":\"\(b.security.rawValue)\",\"associated\":\(b.associated),\"age_ms\":\(b.ageMilliseconds)"
                text += ",\"source\":\"nl80211-scan\"}"
            }
            Output.out(text + "]}")
        } else {
            Output.out("ssid\tbssid\tfreq\trssi\tsignal\tsecurity\tsource")
            for b in sorted {
                let rssi = b.signalDBm.map { "\($0)" } ?? "-"
                let signal = b.signalDBm.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "-"
                let name = b.ssid.map { "\"" + $0.description + "\"" } ?? "(invalid)"
                Output.out("\(name)\t\(b.bssid)\t\(b.frequency)\t\(rssi)\t\(signal)\t\(b.security.rawValue)\tnl80211-scan" + (b.associated ? "\tassociated" : ""))
            }
        }
        return 0
    }

    static func station(interface: String?, json: Bool) -> Int32 {
        guard let (nl, wif) = clientInterface(interface, verb: "station") else { return 1 }
        let info: StationInfo?
        do { info = try nl.station(ifindex: wif.ifindex) } catch {
            Output.err("hotspotd: radio station: \(error.description)")
            return 1
        }
        guard let info else {
            if json { Output.out("{\"interface\":" + JSONText.string(wif.name) + ",\"associated\":false}") }
            else { Output.out("\(wif.name): not associated") }
            return 1
        }
        let rssi = info.bestSignalDBm
        let source = info.averageSignalDBm != nil ? "nl80211-station-average" : "nl80211-station"
        if json {
            var text = "{\"interface\":" + JSONText.string(wif.name) + ",\"associated\":true,\"bssid\":\"\(info.bssid)\""
            text += ",\"rssi\":" + (rssi.map { "\($0)" } ?? "null")
            text += ",\"signal\":" + (rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "null")
            text += ",\"last_rssi\":" + (info.signalDBm.map { "\($0)" } ?? "null")
            text += ",\"tx_bitrate_kbps\":" + (info.txBitrate100kbps.map { "\($0 * 100)" } ?? "null")
            text += ",\"connected_s\":" + (info.connectedSeconds.map { "\($0)" } ?? "null")
            text += ",\"source\":\"\(source)\"}"
            Output.out(text)
        } else {
            Output.out("\(wif.name): associated with \(info.bssid)")
            Output.out("  rssi    " + (rssi.map { "\($0) dBm (\(source))" } ?? "unknown"))
            Output.out("  signal  " + (rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "unknown"))
            if let r = info.txBitrate100kbps { Output.out("  tx rate \(r / 10).\(r % 10) Mbit/s") }
            if let c = info.connectedSeconds { Output.out("  connected \(c) s") }
        }
        return 0
    }
}

/// Two-decimal text for 0.0–1.0 values without Foundation's formatters.
enum Decimal2 {
    static func text(_ value: Double) -> String {
        // Integer rounding: no libm call (values are 0.0–1.0, never negative).
        let hundredths = Int(value * 100 + 0.5)
        let whole = hundredths / 100, frac = hundredths % 100
        return "\(whole)." + (frac < 10 ? "0" : "") + "\(frac)"
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
