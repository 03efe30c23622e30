import Foundation
import Testing
@testable import HotspotCore
import HotspotProtocol
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import SystemTestSupport

/// `join --eap …` through the built CLI and a real daemon (issue 22): the password from a file (never argv,
/// never status), the same rule as the configuration's (a verified server always).
@Suite(.serialized) struct ControlEAPComponentTests {
    static let password = "s3cret pa\"ss word"

    func eapArguments(_ dir: String, without: String? = nil) throws -> [String] {
        try (Self.password + "\n").write(toFile: dir + "/password", atomically: true, encoding: .utf8)
        let pairs = [("--eap", "peap"), ("--identity", "me x41\teap2=00"), ("--anonymous-identity", "anonymous@corp.example"),
                     ("--password-file", dir + "/password"), ("--ca-cert", "/etc/ssl/corp ca.pem"),
                     ("--domain-suffix-match", "radius.corp.example")]
        return pairs.filter { $0.0 != without }.flatMap { [$0.0, $0.1] }
    }

    @Test func joinTakesTheOwnersEAPSettingsAndTheirPasswordFromAFile() throws {
        let h = try ControlHarness()
        var r = try h.run(["join", "Corp"] + eapArguments(h.dir))
        #expect(r.status == 0 && r.out == "joining\n", "\(r.err)")
        let saved = try #require(h.daemon.driver.machine.hotspot.ownerNetworks.first?.eap)
        #expect(saved.values.map { String(decoding: $0, as: UTF8.self) } == [
            "peap", "me x41\teap2=00", "anonymous@corp.example", Self.password, "/etc/ssl/corp ca.pem", "radius.corp.example",
            "", "",
        ])
        #expect(h.daemon.driver.machine.hotspot.ownerNetworks.first?.security == .enterprise)
        // Kept across restarts (the state file is 0600), shown nowhere.
        #expect(spin(h.loop) { FileManager.default.fileExists(atPath: h.dir + "/state") })
        let state = try String(contentsOfFile: h.dir + "/state", encoding: .utf8)
        #expect(state.contains(" eap3=" + Hex.encode(Array(Self.password.utf8))))
        for args in [["status"], ["status", "--json"], ["networks"], ["networks", "--json"], ["scan", "--json"]] {
            r = try h.run(args)
            #expect(!r.out.contains("s3cret") && !r.out.contains(Hex.encode(Array(Self.password.utf8))), "\(args)")
        }
    }

    @Test func settingsThatWouldTrustAnyServerOrShowThePasswordAreRefused() throws {
        let h = try ControlHarness()
        var r = try h.run(["join", "Corp"] + eapArguments(h.dir, without: "--ca-cert"))
        #expect(r.status == 1 && r.err == "ca_cert is missing: hotspotd never sends credentials to an unverified server\n")
        r = try h.run(["join", "Corp"] + eapArguments(h.dir, without: "--domain-suffix-match"))
        #expect(r.status == 1 && r.err.hasPrefix("domain_suffix_match is missing"))
        r = try h.run(["join", "Corp"] + eapArguments(h.dir) + ["--passphrase-file", h.dir + "/password"])
        #expect(r.status == 1 && r.err == "give a passphrase or EAP settings, not both\n")
        #expect(h.daemon.driver.machine.hotspot.ownerNetworks.isEmpty)

        r = try h.run(["join", "Corp", "--eap", "peap", "--password", Self.password])
        #expect(r.status == 2 && r.err == "hotspotd: join: unknown option '--password'\n", "only --password-file")
        r = try h.run(["join", "Corp", "--eap", "peap", "--ca-cert"])
        #expect(r.status == 2 && r.err == "hotspotd: join: --ca-cert needs a value\n")
        r = try h.run(["join", "Corp", "--eap", "", "--identity", ""])
        #expect(r.status == 2 && r.err == "hotspotd: join: --eap needs a value\n", "not an open join of Corp")
        r = try h.run(["join", "Corp", "--eap", "peap", "--password-file", h.dir + "/missing"])
        #expect(r.status == 2 && r.err.hasPrefix("hotspotd: join: cannot read " + h.dir + "/missing"))
        r = try h.run(["status", "--eap", "peap"])
        #expect(r.status == 2 && r.err == "hotspotd: status: an option it does not take (see hotspotd --help)\n")
    }
}
