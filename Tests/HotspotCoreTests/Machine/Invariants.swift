import Testing
@testable import HotspotCore

/// What must hold after every input, whatever came before.
enum Invariants {
    static func check(_ m: HotspotMachine, _ context: @autoclosure () -> String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        func expect(_ ok: Bool, _ what: @autoclosure () -> String) {
            if !ok { Issue.record("\(context()): \(what())", sourceLocation: sourceLocation) }
        }
        // The state is always one of the eight.
        expect(HotspotState.allCases.contains(m.state), "state \(m.state)")

        // At most one command in flight per helper, and the books agree.
        var helpers: [String] = []
        for r in m.requests {
            expect(!helpers.contains(r.helper), "two requests in flight for \(r.helper)")
            helpers.append(r.helper)
            if let i = m.slotIndex(r.helper) {
                expect(m.slots[i].request == r.id, "slot of \(r.helper) does not know request \(r.id)")
            }
            // Every command but presentUI has its timer; presentUI has none.
            expect((r.deadline != nil) == r.command.hasTimeLimit, "command timer of \(r.command) request \(r.id)")
        }
        for s in m.slots {
            if let id = s.request { expect(m.requests.contains { $0.id == id }, "slot \(s.name) holds a settled request") }
        }

        // The join path's requests are in flight, and only filterScanList runs beside it.
        let path = m.joinPathRequests
        for id in path { expect(m.inFlightIDs.contains(id), "join path request \(id) not in flight") }
        for r in m.requests where r.command != .filterScanList {
            expect(path.contains(r.id), "\(r.command) request \(r.id) is not on the join path")
        }
        for r in m.requests where r.command == .presentUI {
            if case .presentingUI(let h, _, let id) = m.phase {
                expect(id == r.id && h == r.helper, "presentUI request does not match the phase")
            } else {
                expect(false, "presentUI in flight outside presentingUI")
            }
        }

        // Helper states only while online.
        switch m.phase {
        case .inactive, .failure: break
        case .evaluating, .authenticating, .presentingUI, .authenticated, .maintaining, .loggingOff:
            expect(m.isOnline, "\(m.state) without an online link")
        }

        // Timers exist exactly while their reason does.
        var wantMaintain = false
        if case .authenticated(let h?) = m.phase, m.supports(h, .maintain) { wantMaintain = true }
        expect((m.deadline(of: .maintain) != nil) == wantMaintain, "maintain timer armed: \(m.deadline(of: .maintain) != nil)")
        expect((m.deadline(of: .association) != nil) == (m.linkStage == 1 || m.linkStage == 2),
               "association timer vs link stage \(m.linkStage)")

        // Never on a network that must not be joined.
        if let s = m.linkSSID {
            expect(!m.isDisabled(s), "on disabled network \(s)")
            expect(!m.isLoggedOff(s), "on logged-off network \(s)")
        }
    }
}
