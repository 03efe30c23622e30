import Foundation
import Glibc
import Testing
@testable import TestSupport

/// Found by captivity-cli's portal simulator (Tests/peer): portals that answer for every name.
extension PortalHelperComponentTests {
    /// A portal that answers the probe's own name (its DNS names itself for every host) and sends the probe
    /// to another page there (`Location: /login`) is a portal, not the probe upgraded to https.
    @Test func aPortalAnsweringForTheProbesOwnHostIsFollowed() throws {
        let portal = try PortalServer(mode: "click")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_PROBE_URLS"] = "http://portal.test:\(portal.http)/generate_204"
        let r = try run("authenticate", environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(portal.requests == ["GET /generate_204", "GET /terms", "POST /accept", "GET /welcome", "GET /generate_204"])
    }

    /// The probe sent to its own URL on https (a network that upgrades every request) is still no portal.
    @Test func aProbeUpgradedToHTTPSIsNoPortal() throws {
        let portal = try PortalServer(mode: "open")  // its DNS names probe.test
        let upgrade = Process()
        upgrade.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        upgrade.arguments = ["-c", """
            import http.server, sys
            class H(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    self.send_response(301); self.send_header("Location", "https://probe.test" + self.path); self.end_headers()
            s = http.server.HTTPServer(("127.0.0.1", 0), H); print(s.server_address[1], flush=True); s.serve_forever()
            """]
        let out = Pipe()
        upgrade.standardOutput = out
        try upgrade.run()
        defer { kill(upgrade.processIdentifier, SIGKILL); upgrade.waitUntilExit() }
        let port = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_PROBE_URLS"] = "http://probe.test:\(port)/generate_204"
        let r = try run("authenticate", environment)
        #expect(r.lines == ["result=temporaryFailure"], "\(r.err)")
        #expect(r.err.contains("redirected to itself"), "\(r.err)")
    }
}
