import Foundation
import Glibc
import Testing
@testable import TestSupport

/// `hotspotd fetch` as a helper script runs it: the binary, the helper environment, the fake portal.
@Suite(.serialized) struct FetchCommandTests {
    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    func fetch(_ arguments: [String], _ environment: [String: String], stdin: String? = nil) throws -> Run {
        let r = try runHotspotd(["fetch"] + arguments, environment, stdin: Array((stdin ?? "").utf8))
        return Run(status: r.status, out: String(decoding: r.out, as: UTF8.self), err: r.err)
    }

    /// A script's whole login: the portal page with its cookie kept in a file, the form posted from a file
    /// (no answer in argv) with that cookie, then the probe through.
    @Test func aScriptLogsInWithCookiesAndAPostedForm() throws {
        let portal = try PortalServer(mode: "click")
        let jar = temporaryDirectory() + "/jar"
        let page = try fetch(["--cookies", jar, "http://probe.test:\(portal.http)/generate_204"], portal.environment)
        #expect(page.status == 0, "\(page.err)")
        #expect(page.out.contains("name=\"token\" value=\"t0k3n-42\""))
        #expect(try String(contentsOfFile: jar, encoding: .utf8).contains("portal.test\tFALSE\t/\tFALSE\t0\tsession\tabc123"))
        let form = temporaryDirectory() + "/form"
        try "token=t0k3n-42&terms=yes".write(toFile: form, atomically: true, encoding: .utf8)
        let login = try fetch(["--cookies", jar, "--data", "@" + form, "http://portal.test:\(portal.http)/accept"], portal.environment)
        #expect(login.status == 0 && login.out.contains("You are online"), "\(login.err)")
        let probe = try fetch(["--head", "http://probe.test:\(portal.http)/generate_204"], portal.environment)
        #expect(probe.status == 0 && probe.out.hasPrefix("HTTP/1.1 204 "))
        // Every name went to the uplink's DNS server; the POST carried the cookie and the body.
        #expect(portal.entries.contains { $0["dns"] as? String == "portal.test" })
        let post = portal.entries.first { $0["method"] as? String == "POST" }
        #expect(post?["cookie"] as? String == "session=abc123" && post?["body"] as? String == "token=t0k3n-42&terms=yes")
        #expect((post?["agent"] as? String)?.hasPrefix("hotspotd/") == true)
    }

    @Test func theBodyMayComeOnStdin() throws {
        let portal = try PortalServer(mode: "click")
        let r = try fetch(["--data", "@-", "http://portal.test:\(portal.http)/accept"], portal.environment, stdin: "token=wrong")
        #expect(r.status == 1 && r.out == "refused" && r.err.contains("HTTP 403"))
        #expect(portal.entries.contains { $0["body"] as? String == "token=wrong" })
    }

    /// `--head` shows where a redirect chain ended: the portal's page, not the probe's 204.
    @Test func headShowsTheFinalAnswer() throws {
        let portal = try PortalServer(mode: "click")
        let r = try fetch(["--head", "http://probe.test:\(portal.http)/generate_204"], portal.environment)
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("HTTP/1.1 200 "))
        #expect(r.out.contains("Set-Cookie: session=abc123"))
        #expect(!r.out.contains("<form"))
    }

    /// The owner's portal domains hold for scripts too: no byte to another host, redirects included.
    @Test func hostsOutsideThePortalDomainsAreNeverAsked() throws {
        let portal = try PortalServer(mode: "click")
        var environment = portal.environment
        environment["HOTSPOT_PORTAL_DOMAINS"] = "example.net"
        let r = try fetch(["--data", "secret=1", "http://other.test:\(portal.http)/accept"], environment)
        #expect(r.status == 3 && r.err.contains("other.test is not one of the portal domains"))
        // The probe host is trusted, but its redirect to portal.test is not followed.
        let redirected = try fetch(["http://probe.test:\(portal.http)/generate_204"], environment)
        #expect(redirected.status == 3 && redirected.err.contains("portal.test is not one of the portal domains"))
        #expect(!portal.entries.contains { $0["dns"] as? String == "other.test" })
        #expect(!portal.requests.contains("POST /accept"))
        #expect(!portal.requests.contains("GET /terms"))
    }

    /// Issue 35, the router's own addresses: a helper script's fetch never reaches the router itself (uhttpd
    /// and LuCI answer on loopback). Only the component tests' interface `lo` may talk to 127.0.0.1; without
    /// it the same portal, the same name, is refused after DNS and before any connection.
    @Test func theRoutersLoopbackIsRefusedOffTheTestInterface() throws {
        let portal = try PortalServer(mode: "click")
        var environment = portal.environment
        environment["HOTSPOT_INTERFACE"] = nil
        let r = try fetch(["http://probe.test:\(portal.http)/generate_204"], environment)
        #expect(r.status == 3 && r.err.contains("probe.test (127.0.0.1) is loopback: not followed"), "\(r.err)")
        let literal = try fetch(["http://0.0.0.0:\(portal.http)/generate_204"], environment)
        #expect(literal.status == 3 && literal.err.contains("(0.0.0.0) is this host (0.0.0.0/8): not followed"), "\(literal.err)")
        #expect(portal.requests.isEmpty)
    }

    /// Bound to the uplink: an interface that is not there is an error, never the default route.
    @Test func noUplinkNoRequest() throws {
        let portal = try PortalServer(mode: "click")
        var environment = portal.environment
        environment["HOTSPOT_INTERFACE"] = "nosuch0"
        // Not loopback: off the test interface `lo` that is refused before any socket (DestinationPolicy).
        let r = try fetch(["http://198.51.100.7:\(portal.http)/generate_204"], environment)
        #expect(r.status == 3 && r.err.contains("nosuch0"), "\(r.err)")
        #expect(portal.requests.isEmpty)
    }

    /// A name the uplink's DNS does not resolve: exit 68 (EX_NOHOST), which a helper passes on so that the
    /// daemon checks the uplink's internet at once (issue 24).
    @Test func aNameTheUplinksDNSCannotResolveExits68() throws {
        let portal = try PortalServer(mode: "click")
        let r = try fetch(["http://nowhere.test:\(portal.http)/"], portal.environment)
        #expect(r.status == 68 && r.err.contains("cannot resolve nowhere.test"), "\(r.status) \(r.err)")
    }

    @Test func usageErrors() throws {
        let env = ["HOTSPOT_INTERFACE": "lo"]
        for args in [[], ["--data"], ["--max-time", "0", "http://x/"], ["--bogus", "http://x/"], ["http://a/", "http://b/"],
                     ["ftp://x/"], ["--data", "@/nonexistent/file", "http://x/"]] {
            let r = try fetch(args, env)
            #expect(r.status == 2 && r.err.hasPrefix("hotspotd fetch: ") && r.out.isEmpty, "\(args)")
        }
    }
}
