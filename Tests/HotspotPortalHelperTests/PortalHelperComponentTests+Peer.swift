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
        #expect(r.lines == ["result=success"], "\(r.err)")
        #expect(portal.requests == ["GET /generate_204", "GET /terms", "POST /accept", "GET /welcome", "GET /generate_204"])
    }
}
