import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

#if !HOTSPOTD_NO_RADIO_VERBS
/// `hotspotd radio station`.
extension RadioCommand {
    /// The associated AP as nl80211 or SIGNAL_POLL reported it.
    struct StationFacts {
        var interface: String
        var bssid: BSSID? = nil
        var rssi: Int? = nil
        var lastRSSI: Int? = nil
        var bitrateKbps: Int? = nil
        var connectedSeconds: Int? = nil
        var source = ""
        var notes: [String] = []
    }

    static func station(_ o: Options) -> Int32 {
        var notes: [String] = []
        var facts = StationFacts(interface: o.interface ?? "?")
        var name = o.interface
        var raw: [[UInt8]] = []
        if let (nl, wif) = clientInterface(o.interface, verb: "station", quiet: true, notes: &notes) {
            name = wif.name
            if o.rawFile != nil { nl.rawMessages = { raw.append($0) } }
            do {
                if let info = try nl.station(ifindex: wif.ifindex) {
                    facts.bssid = info.bssid
                    facts.rssi = info.bestSignalDBm
                    facts.lastRSSI = info.signalDBm
                    facts.bitrateKbps = info.txBitrate100kbps.map { $0 * 100 }
                    facts.connectedSeconds = info.connectedSeconds
                    facts.source = info.averageSignalDBm != nil ? "nl80211-station-average" : "nl80211-station"
                }
            } catch {
                notes.append("nl80211 station: " + error.description)
            }
        }
        // Without nl80211 (or a driver that reports no signal), ask wpa_supplicant's SIGNAL_POLL.
        if facts.rssi == nil, let name {
            do {
                let session = try SupplicantSession(controlPath: o.controlDirectory + "/" + name,
                                                    runDirectory: RunDirectory(o.runDirectory))
                defer { session.close() }
                let statusReply = try session.call(.status)
                if facts.bssid == nil { facts.bssid = (try? SupplicantStatus.parse(statusReply))?.bssid }
                let pollReply = facts.bssid == nil ? [] : try session.call(.signalPoll)
                if let poll = try? SignalPoll.parse(pollReply), let best = poll.bestRSSI {
                    facts.rssi = best
                    facts.lastRSSI = poll.rssi
                    facts.bitrateKbps = poll.linkSpeed.map { $0 * 1000 }
                    facts.source = poll.averageRSSI != nil ? "wpa-signal-poll-average" : "wpa-signal-poll"
                }
            } catch {
                notes.append(error.message)
            }
        }
        if let file = o.rawFile, !saveRaw(raw, to: file) { return 1 }
        facts.interface = name ?? "?"
        facts.notes = notes
        return stationReport(o, facts).emit()
    }

    static func stationReport(_ o: Options, _ facts: StationFacts) -> Report {
        var report = Report()
        let label = facts.interface
        guard let bssid = facts.bssid else {
            report.status = 1
            if o.json {
                var json = JSONWriter()
                json.beginObject()
                json.field("interface", label)
                json.field("associated", bool: false)
                json.field("notes", strings: facts.notes)
                json.endObject()
                report.out.append(json.text)
            } else {
                report.out.append(label + ": not associated")
                for n in facts.notes { report.err.append("note: " + n) }
            }
            return report
        }
        let signal = facts.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) }
        if o.json {
            var json = JSONWriter()
            json.beginObject()
            json.field("interface", label)
            json.field("associated", bool: true)
            json.field("bssid", bssid.description)
            json.field("rssi", int: facts.rssi)
            json.field("signal", number: signal)
            json.field("last_rssi", int: facts.lastRSSI)
            json.field("tx_bitrate_kbps", int: facts.bitrateKbps)
            json.field("connected_s", int: facts.connectedSeconds)
            json.field("source", facts.source)
            json.endObject()
            report.out.append(json.text)
        } else {
            report.out.append(label + ": associated with " + bssid.description)
            report.out.append("  rssi      " + (facts.rssi.map { $0.description + " dBm (" + facts.source + ")" } ?? "unknown"))
            report.out.append("  signal    " + (signal ?? "unknown"))
            if let r = facts.bitrateKbps {
                report.out.append("  tx rate   " + (r / 1000).description + "." + ((r % 1000) / 100).description + " Mbit/s")
            }
            if let c = facts.connectedSeconds { report.out.append("  connected " + c.description + " s") }
        }
        return report
    }
}
#endif
