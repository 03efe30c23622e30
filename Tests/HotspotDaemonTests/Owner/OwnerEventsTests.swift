import Foundation
import Testing
import HotspotCore
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import DaemonTestSupport

private func snapshot(_ state: HotspotState, _ link: StatusSnapshot.Link? = nil, ui: UIRequest? = nil, sent: Bool = false,
                      failure: FailureRecord? = nil) -> StatusSnapshot {
    StatusSnapshot(now: 0, state: state, stateSince: 0, isUsable: false, link: link, chosenHelper: ui == nil ? nil : "room",
                   uiRequest: ui, uiAnswersSent: sent, lastFailure: failure, helpers: [], disabled: [], backedOff: [],
                   loggedOff: [], ownerNetworks: [], preferences: ManagerPreferences(), visibleNetworks: 0)
}

private func link(_ ssid: SSID, _ stage: StatusSnapshot.LinkStage) -> StatusSnapshot.Link {
    StatusSnapshot.Link(ssid: ssid, stage: stage, security: .open, didAutoJoin: true, isOwnerChoice: false, since: 0)
}

/// The events.d runs of the daemon (OwnerEventClassifierTests has which event a change is).
@Suite(.serialized) struct OwnerEventsTests {
    /// The helper user the scripts run as: this process's, or nobody's when that is root.
    static var user: UInt32 { geteuid() == 0 ? 65534 : geteuid() }

    /// A daemon with events.d in a temporary directory; each script's run recorded in `dir/out`.
    final class Harness {
        let loop = EventLoop()
        let dir = temporaryDirectory()
        let daemon: HotspotDaemon
        var out: String { dir + "/out" }

        init(scripts: [String: String]) throws {
            daemon = try TestDaemon.make(dir, loop: loop)
            // Never root (issue 35: uid 0 is refused at spawn): as root, nobody, who must write `out`.
            daemon.settings.helperUser = .uid(OwnerEventsTests.user)
            chmod(dir, 0o777)
            daemon.events.directory = dir + "/events.d"
            try FileManager.default.createDirectory(atPath: dir + "/events.d", withIntermediateDirectories: true)
            for (name, text) in scripts {
                let path = dir + "/events.d/" + name
                try ("#!/bin/sh\n" + text.replacingOccurrences(of: "OUT", with: out)).write(toFile: path, atomically: true, encoding: .utf8)
                chmod(path, 0o755)
            }
        }

        func recorded() -> String { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }

        func turn(until done: () -> Bool, seconds: Double = 10) {
            let end = Date().addingTimeInterval(seconds)
            while !done() && Date() < end { loop.runOnce(maxWait: 20) }
        }
    }

    @Test func scriptsRunInNameOrderAsTheHelpersUserAFailureStopsNone() throws {
        let h = try Harness(scripts: [
            "20-second": "echo \"second $HOTSPOT_EVENT $HOTSPOT_SSID_HEX\" >> OUT",
            "10-first": "echo \"first $HOTSPOT_EVENT $HOTSPOT_STATE $(id -u)\" >> OUT; exit 3",
            "30-not-executable": "echo never >> OUT",
        ])
        chmod(h.dir + "/events.d/30-not-executable", 0o644)
        h.daemon.raiseEvent(snapshot(.inactive), changed: true, before: nil)
        h.turn { h.daemon.events.running == nil && h.recorded().contains("second") }
        #expect(h.recorded() == "first state inactive \(OwnerEventsTests.user)\nsecond state \n")
    }

    /// The daemon's latest transition says which network was online: Hotel online, then down, is the uplink
    /// lost; Hotel only associated, then down, is a change of state.
    @Test func theNetworkOnlineBeforeIsTheLatestTransitions() throws {
        let h = try Harness(scripts: ["log": "echo \"$HOTSPOT_EVENT $HOTSPOT_STATE $HOTSPOT_SSID\" >> OUT"])
        for link in ["online", "associated"] {
            let before = ControlReport.Transition(state: .authenticated, link: link, ssid: SSID("Hotel")!, at: 0)
            h.daemon.raiseEvent(snapshot(.inactive), changed: true, before: before)
            h.turn { h.daemon.events.running == nil && h.daemon.events.queue.isEmpty }
        }
        #expect(h.recorded() == "uplink-lost inactive Hotel\nstate inactive \n")
    }

    @Test func noDirectoryOrAnEmptyOneStartsNothing() throws {
        let h = try Harness(scripts: [:])
        h.daemon.raiseEvent(snapshot(.inactive), changed: true, before: nil)
        #expect(h.daemon.events.running == nil && h.daemon.events.queue.isEmpty)
        h.daemon.events.directory = h.dir + "/missing"
        h.daemon.raiseEvent(snapshot(.authenticated), changed: true, before: nil)
        #expect(h.daemon.events.running == nil && h.daemon.events.queue.isEmpty)
    }

    @Test func aStormOfChangesRunsOneAtATimeAndKeepsTheLatest() throws {
        let h = try Harness(scripts: ["log": "echo \"$HOTSPOT_STATE $HOTSPOT_SSID\" >> OUT"])
        for i in 0..<40 {
            h.daemon.raiseEvent(snapshot(i % 2 == 0 ? .inactive : .evaluating, link(SSID("n\(i)")!, .joining)), changed: true, before: nil)
            #expect(h.daemon.events.queue.count <= OwnerEvents.queueLimit)
        }
        h.turn { h.daemon.events.running == nil && h.daemon.events.queue.isEmpty }
        let lines = h.recorded().split(separator: "\n")
        // The first started at once; of the 39 after it, the last 8 waited.
        #expect(lines.count == 1 + OwnerEvents.queueLimit)
        #expect(lines.first == "inactive n0" && lines.last == "evaluating n39")
    }

    @Test func aScriptThatHangsIsStoppedAtTheTimeLimit() throws {
        let h = try Harness(scripts: ["hang": "echo started >> OUT; sleep 30; echo finished >> OUT"])
        h.daemon.events.timeLimitMs = 300
        let start = Date()
        h.daemon.raiseEvent(snapshot(.inactive), changed: true, before: nil)
        h.turn { h.daemon.events.running == nil }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(h.recorded() == "started\n")
    }
}
