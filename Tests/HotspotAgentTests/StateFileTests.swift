import Foundation
import Testing
import HotspotCore
@testable import HotspotAgent

@Suite struct StateFileTests {
    let dir = temporaryDirectory()
    var state: PersistentState {
        PersistentState(helperCache: [.init(ssid: SSID("Hotel")!, helper: "alpha")], loggedOff: [SSID("Lobby")!])
    }

    @Test func savesAtomicallyWithMode0600AndOnlyWhenChanged() throws {
        let file = StateFile(path: dir + "/state")
        #expect(try file.save(state))
        let attributes = try FileManager.default.attributesOfItem(atPath: dir + "/state")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let firstWrite = attributes[.modificationDate] as? Date
        // Same bytes: no write at all (flash wear).
        usleep(20_000)
        #expect(try !file.save(state))
        #expect((try FileManager.default.attributesOfItem(atPath: dir + "/state")[.modificationDate] as? Date) == firstWrite)
        #expect(!FileManager.default.fileExists(atPath: dir + "/state.tmp"))
        // A fresh process (new StateFile) reads it back.
        guard case .loaded(let back) = StateFile(path: dir + "/state").load() else {
            Issue.record("state file not loaded back"); return
        }
        #expect(back == state)
    }

    @Test func missingAndCorruptFilesAreNotFatal() throws {
        if case .missing = StateFile(path: dir + "/none").load() {} else { Issue.record("missing file not reported") }
        try Data("hotspotd-state 1\ncache zz alpha\n".utf8).write(to: URL(fileURLWithPath: dir + "/bad"))
        guard case .ignored(let why) = StateFile(path: dir + "/bad").load() else {
            Issue.record("corrupt file accepted"); return
        }
        #expect(why.contains("line 2"))
    }

    @Test func aFailedWriteLeavesTheOldFile() throws {
        let file = StateFile(path: dir + "/sub/state")
        #expect(throws: Errno.self) { try file.save(state) }
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        #expect(try file.save(state))
        // Make the temporary name a directory: the write fails, and the old file is intact.
        try FileManager.default.createDirectory(atPath: dir + "/sub/state.tmp", withIntermediateDirectories: true)
        var changed = state
        changed.loggedOff.append(SSID("Other")!)
        #expect(throws: Errno.self) { try file.save(changed) }
        guard case .loaded(let back) = StateFile(path: dir + "/sub/state").load() else {
            Issue.record("old file lost"); return
        }
        #expect(back == state)
    }
}
