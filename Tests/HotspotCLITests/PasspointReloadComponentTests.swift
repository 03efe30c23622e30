import Foundation
import Testing
import HotspotCore
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import SystemTestSupport

/// Passpoint credentials and `hotspotd reload` (issue 22), through the built CLI and a real daemon.
@Suite(.serialized) struct PasspointReloadComponentTests {
    /// `reload` after a change to a `config passpoint` section gives wpa_supplicant the new credentials
    /// (REMOVE_CRED all first); a reload that changed none sends nothing, and removing the last one
    /// removes it from wpa_supplicant too.
    @Test func reloadGivesChangedPasspointCredentialsAgain() throws {
        func section(_ realm: String) -> String {
            "config passpoint\n\toption eap 'ttls'\n\toption realm '\(realm)'\n\toption identity 'me'\n"
                + "\toption password 'pw'\n\toption ca_cert '/ca.pem'\n\toption domain_suffix_match 'radio.test'\n"
        }
        let h = try ControlHarness(extra: section("first.test"))
        for c in ["REMOVE_CRED all", "SET interworking 1", "SET hs20 1", "SET auto_interworking 1"] { h.supplicant.script[c] = "OK\n" }
        h.supplicant.script["ADD_CRED"] = "0\n"
        let realm = { (r: String) in "SET_CRED 0 realm " + Hex.encode(Array(r.utf8)) }
        // phase2 is the last command (TTLS/PAP).
        let phase2 = "SET_CRED 0 phase2 " + Hex.encode(Array("auth=PAP".utf8))
        #expect(spin(h.loop) { h.supplicant.received.contains(phase2) }, "given at the attach")
        #expect(h.supplicant.received.contains(realm("first.test")))

        func reload(_ extra: String) throws -> [String] {
            let file = try String(contentsOfFile: h.config, encoding: .utf8)
            let main = file.components(separatedBy: "config passpoint")[0]
            try (main + extra).write(toFile: h.config, atomically: true, encoding: .utf8)
            h.supplicant.received = []
            let r = try h.run(["reload"])
            #expect(r.status == 0 && r.out == "configuration reloaded\n", "\(r.err)")
            spin(h.loop, timeout: 300) { false }
            return h.supplicant.received.filter { $0 != "PING" }
        }
        var sent = try reload(section("second.test"))
        #expect(sent.first == "REMOVE_CRED all")
        #expect(sent.contains(realm("second.test")) && sent.contains("ADD_CRED"))
        sent = try reload(section("second.test"))
        #expect(sent.isEmpty, "the same credentials: nothing sent, the association kept")
        sent = try reload("")
        #expect(sent == ["REMOVE_CRED all"], "none left: wpa_supplicant forgets them too")
    }
}
