import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

#if !HOTSPOTD_NO_RADIO_VERBS
/// `hotspotd radio scan`.
extension RadioCommand {
    /// One row of the merged scan: nl80211's view when the kernel has the BSS, else wpa_supplicant's.
    struct Row {
        var bssid: BSSID
        var ssid: SSID?
        var frequency: Int
        var rssi: Int?
        var security: SecurityType
        var source: String
        var associated: Bool
    }

    static func scan(_ o: Options) -> Int32 {
        var notes: [String] = []
        var rows: [Row] = []
        var raw: [[UInt8]] = []
        let found = clientInterface(o.interface, verb: "scan", quiet: true, notes: &notes)
        let interfaceName = o.interface ?? found?.1.name
        var session: SupplicantSession? = nil
        if let name = interfaceName {
            do {
                session = try SupplicantSession(controlPath: o.controlDirectory + "/" + name,
                                                runDirectory: RunDirectory(o.runDirectory))
            } catch {
                notes.append(error.message)
            }
        }
        defer { session?.close() }
        // A fresh scan first, if asked: it refreshes the kernel's table and wpa_supplicant's alike.
        if o.trigger, let session {
            do {
                try session.callExpectingOK(.scan(ScanRequest()))
                if session.waitForEvent(timeout: Int64(o.timeoutSeconds) * 1000, { e in
                    if case .scanResults = e { return true }
                    return false
                }) == nil {
                    notes.append("no CTRL-EVENT-SCAN-RESULTS within " + o.timeoutSeconds.description + " s")
                }
            } catch {
                notes.append(error.message)
            }
        }
        // The kernel's dump: no size limit, exact SSID bytes and IEs.
        if let (nl, wif) = found {
            if o.rawFile != nil { nl.rawMessages = { raw.append($0) } }
            do {
                for b in try nl.scanDump(ifindex: wif.ifindex) {
                    rows.append(Row(bssid: b.bssid, ssid: b.ssid, frequency: b.frequency, rssi: b.signalDBm,
                                    security: b.security, source: "nl80211-scan", associated: b.associated))
                }
            } catch {
                notes.append("nl80211 scan dump: " + error.description)
            }
        }
        // wpa_supplicant's BSS table fills in what nl80211 could not give.
        if let session {
            var known: [BSSID: Int] = [:]
            for (n, r) in rows.enumerated() { known[r.bssid] = n }
            do {
                switch try session.run(BSSPagingPlan()) {
                case .success(let table):
                    for b in table where known[b.bssid] == nil {
                        rows.append(Row(bssid: b.bssid, ssid: b.ssid, frequency: b.frequency ?? 0, rssi: b.level,
                                        security: b.security, source: "wpa-scan", associated: false))
                    }
                case .failure(let error):
                    notes.append("wpa_supplicant's BSS table: " + error.description)
                }
            } catch {
                notes.append(error.message)
            }
        }
        if let file = o.rawFile, !saveRaw(raw, to: file) { return 1 }
        return scanReport(o, interface: interfaceName, rows: rows, notes: notes).emit()
    }

    static func scanReport(_ o: Options, interface: String?, rows: [Row], notes: [String]) -> Report {
        var report = Report()
        if rows.isEmpty && !notes.isEmpty {
            report.status = 1
            for n in notes { report.err.append("hotspotd: radio scan: " + n) }
            return report
        }
        // Strongest first, as a person reads a scan.
        let rows = rows.sorted { ($0.rssi ?? -200) > ($1.rssi ?? -200) }
        if o.json {
            var json = JSONWriter()
            json.beginObject()
            json.field("interface", interface)
            json.name("bss")
            json.beginArray()
            for r in rows {
                json.beginObject()
                json.ssidFields(r.ssid)
                json.field("bssid", r.bssid.description)
                json.field("freq", int: r.frequency)
                json.field("rssi", int: r.rssi)
                json.field("signal", number: r.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) })
                json.field("security", r.security.rawValue)
                json.field("associated", bool: r.associated)
                json.field("source", r.source)
                json.endObject()
            }
            json.endArray()
            json.field("notes", strings: notes)
            json.endObject()
            report.out.append(json.text)
        } else {
            report.out.append("ssid\tbssid\tfreq\trssi\tsignal\tsecurity\tsource")
            for r in rows {
                let rssi = r.rssi?.description ?? "-"
                let signal = r.rssi.map { Decimal2.text(SignalStrength.fromDBm($0)) } ?? "-"
                let name = r.ssid.map { "\"" + $0.description + "\"" } ?? "(invalid)"
                report.out.append(name + "\t" + r.bssid.description + "\t" + r.frequency.description + "\t" + rssi + "\t" + signal + "\t"
                                  + r.security.rawValue + "\t" + r.source + (r.associated ? "\tassociated" : ""))
            }
            for n in notes { report.err.append("note: " + n) }
        }
        return report
    }
}
#endif
