import Foundation
import Testing
@testable import TestSupport

/// Issue 35, answers in follow-up URLs: a GET form's answers are in the URL of the page that answers it (and of
/// what it redirects to), so that URL stays out of the log and of `Referer`, and the forms after it are still
/// judged as carrying the owner's answers.
extension PortalHelperComponentTests {
    /// The pin form's answers, as presentUI gets them.
    func pinAnswers(_ portal: PortalServer) -> [String: String] {
        var environment = portal.trustingEnvironment
        environment["HOTSPOT_UI_ROOM"] = "412"
        environment["HOTSPOT_UI_PIN"] = "s3cr3t-pin"
        return environment
    }

    /// The answered page's Continue form has no action: it goes to that page's URL, answers and all, as a
    /// browser sends it; the log names it without its query, and its Referer is the page's origin and path.
    @Test func theAnsweredPagesURLStaysOutOfTheLogAndTheReferer() throws {
        for (mode, path) in [("pin-next", "/accept"), ("pin-redirect", "/next")] {
            let portal = try PortalServer(httpsMode: mode)
            let p = try run("presentUI", pinAnswers(portal))
            #expect(p.lines == ["maintain_after=30", "answers_accepted=https://portal.test:\(portal.https)", "result=success"],
                    "\(mode): \(p.err)")
            let next = try #require(portal.entries.first { $0["method"] as? String == "POST" }, "\(mode)")
            #expect((next["path"] as? String)?.hasPrefix(path + "?") == true && next["body"] as? String == "step=2", "\(mode): \(next)")
            #expect(next["referer"] as? String == "https://portal.test:\(portal.https)\(path)", "\(mode): \(next)")
            #expect(!p.err.contains("s3cr3t") && !p.err.contains("room=412"), "\(mode): \(p.err)")
            #expect(p.err.contains("sending the form to https://portal.test:\(portal.https)\(path)?… (1 field(s))"), "\(mode): \(p.err)")
            // The URLs before the answers, whole as ever.
            #expect(p.err.contains("portal page https://portal.test:\(portal.https)/terms: 1 form(s)"), "\(mode): \(p.err)")
            #expect(p.err.contains("sending the form to https://portal.test:\(portal.https)/accept (5 field(s))"), "\(mode): \(p.err)")
        }
    }

    /// The answered page's Continue form goes to another host (where the portal may have put the answers, in
    /// hidden fields): judged as the answers themselves, it is not sent.
    @Test func theAnsweredPagesNextFormIsJudgedAsCarryingTheAnswers() throws {
        let portal = try PortalServer(httpsMode: "pin-elsewhere")
        let p = try run("presentUI", pinAnswers(portal))
        #expect(p.lines == ["result=failure"], "\(p.err)")
        #expect(p.err.contains("the owner's answers are not sent"), "\(p.err)")
        #expect(!portal.requests.contains { $0.hasPrefix("POST /activate") }, "\(portal.requests)")
        #expect(portal.requests.contains { $0.hasPrefix("GET /accept?") }, "\(portal.requests)")
    }

    /// ...and so is its link to another host (where the portal may have put the answers, in its query).
    @Test func theAnsweredPagesLinkIsJudgedAsCarryingTheAnswers() throws {
        let portal = try PortalServer(httpsMode: "pin-link")
        let p = try run("presentUI", pinAnswers(portal))
        #expect(p.lines == ["result=failure"], "\(p.err)")
        #expect(p.err.contains("leads on to https://localhost:\(portal.https)/continue?…\n") && !p.err.contains("step=2"), "\(p.err)")
        #expect(p.err.contains("the owner's answers are not sent"), "\(p.err)")
        #expect(!portal.requests.contains { $0.hasPrefix("GET /continue") }, "\(portal.requests)")
    }

    /// A link's target on a page reached without answers is still logged whole, query and all.
    @Test func aURLThatCarriedNoAnswersIsLoggedWhole() throws {
        let portal = try PortalServer(mode: "steps-link")
        let r = try run("authenticate", portal.environment)
        #expect(r.lines == PortalHelperComponentTests.loggedIn, "\(r.err)")
        #expect(r.err.contains("portal page http://portal.test:\(portal.http)/start leads on to http://portal.test:\(portal.http)/terms?accept=1"),
                "\(r.err)")
    }
}
