import HotspotCore
import HotspotSystem
import HotspotWeb

#if !HOTSPOTD_NO_RADIO_VERBS
/// `hotspotd radio probe`.
extension RadioCommand {
    /// What nl80211 answered.
    enum ProbeFacts {
        case unavailable(NetlinkError)
        case listed(family: Int32, interfaces: [WirelessInterface])
    }

    static func probe(_ o: Options) -> Int32 {
        let facts: ProbeFacts
        do {
            let nl = try NL80211()
            facts = .listed(family: nl.family, interfaces: try nl.interfaces())
        } catch {
            facts = .unavailable(error)
        }
        return probeReport(o, facts).emit()
    }

    static func probeReport(_ o: Options, _ facts: ProbeFacts) -> Report {
        var report = Report()
        switch facts {
        case .unavailable(let error):
            report.status = 1
            report.err.append("hotspotd: radio probe: " + error.description)
        case .listed(let family, let all):
            let shown = o.interface.map { name in all.filter { ASCII.same($0.name, name) } } ?? all
            if let name = o.interface, shown.isEmpty {
                report.status = 1
                report.err.append("hotspotd: radio probe: no wireless interface named '" + name + "'")
                return report
            }
            if o.json {
                var json = JSONWriter()
                json.beginObject()
                json.field("nl80211_family", int: Int(family))
                json.name("interfaces")
                json.beginArray()
                for w in shown {
                    json.beginObject()
                    json.field("name", w.name)
                    json.field("ifindex", int: Int(w.ifindex))
                    json.field("iftype", w.iftypeName)
                    json.field("phy", int: Int(w.phy))
                    json.field("mac", MACAddress.text(w.mac))
                    json.endObject()
                }
                json.endArray()
                json.endObject()
                report.out.append(json.text)
            } else {
                report.out.append("nl80211 family " + family.description + ", " + shown.count.description + " wireless interface(s)")
                for w in shown {
                    report.out.append(w.name + "\tifindex " + w.ifindex.description + "\t" + w.iftypeName + "\tphy" + w.phy.description
                                      + "\t" + MACAddress.text(w.mac))
                }
            }
            report.status = shown.isEmpty ? 1 : 0
        }
        return report
    }
}
#endif
