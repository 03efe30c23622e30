import HotspotCore
import HotspotProtocol
import HotspotSystem

#if !HOTSPOTD_NO_RADIO_VERBS
/// `hotspotd radio join`.
extension RadioCommand {
    /// Configure one network block for the SSID (reused when wpa_supplicant has one: joining again adds
    /// nothing), select it, and wait for CTRL-EVENT-CONNECTED or a reason it failed.
    static func join(_ o: Options) -> Int32 {
        guard let ssid = o.ssid else { return CLI.fail("radio join needs an SSID") }
        var passphrase: Passphrase? = nil
        if let file = o.passphraseFile {
            switch CLI.readPassphrase(file) {
            case .success(let p): passphrase = p
            case .failure(let why):
                Output.err("hotspotd: radio join: " + why.message)
                return 1
            }
        }
        guard let name = interfaceName(o) else { return 1 }
        let session: SupplicantSession
        do {
            session = try SupplicantSession(controlPath: o.controlDirectory + "/" + name, runDirectory: RunDirectory(o.runDirectory))
        } catch {
            Output.err("hotspotd: radio join: " + error.message)
            return 1
        }
        defer { session.close() }
        do throws(SupplicantSession.Failure) {
            let plan = SupplicantJoinPlan(ssid: ssid, security: passphrase.isPresent ? .personal : .open, passphrase: passphrase)
            let joined: SupplicantJoinPlan.Joined
            switch try session.run(plan) {
            case .success(let result): joined = result
            case .failure(let error):
                Output.err("hotspotd: radio join: \"" + ssid.description + "\": " + error.description)
                return 1
            }
            let id = joined.networkID
            Output.out("joining \"" + ssid.description + "\" (network " + id.description + (joined.reused ? ", reused" : ", added")
                       + ", ssid hex " + ssid.hex + ")")
            // SELECT_NETWORK of the network wpa_supplicant is already on changes nothing and reports nothing.
            let statusReply = try session.call(.status)
            if let status = try? SupplicantStatus.parse(statusReply), status.state == .completed, status.networkID == id {
                Output.out("connected to \"" + ssid.description + "\" via " + (status.bssid.map { $0.description } ?? "?")
                           + " (already)")
                return 0
            }
            let outcome = session.waitForEvent(timeout: Int64(o.timeoutSeconds) * 1000) { e in
                switch e {
                case .connected(_, let nid, _): return nid == nil || nid == id
                case .temporarilyDisabled(let nid, _, _, _, _): return nid == id
                default: return false
                }
            }
            switch outcome {
            case .connected(let bssid, _, _)?:
                Output.out("connected to \"" + ssid.description + "\" via " + (bssid.map { $0.description } ?? "?"))
                return 0
            case .temporarilyDisabled(_, _, _, _, let reason)?:
                Output.err("hotspotd: radio join: \"" + ssid.description + "\" temporarily disabled ("
                           + (reason.map { $0.description } ?? "no reason given") + ")")
                return 1
            default:
                Output.err("hotspotd: radio join: not connected within " + o.timeoutSeconds.description + " s")
                return 1
            }
        } catch {
            Output.err("hotspotd: radio join: " + error.message)
            return 1
        }
    }
}
#endif
