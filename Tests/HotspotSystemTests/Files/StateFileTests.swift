import Foundation
import Testing
import HotspotCore
import TestSupport
@testable import HotspotSystem

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

    /// Issue 35, temporary files: a symlink planted at PATH.tmp (to a file, or to where one would be made) is
    /// not followed, neither by StateFile.replace nor by the MAC secret's writer (cl_secret): the target is
    /// untouched and PATH is a file of its own.
    @Test func aSymlinkPlantedAtTheTemporaryFileIsNotFollowed() throws {
        let fm = FileManager.default
        func plant(_ path: String) throws {
            try Data("victim\n".utf8).write(to: URL(fileURLWithPath: dir + "/victim"))
            try? fm.removeItem(atPath: dir + "/absent")
            try fm.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: dir + "/victim")
        }
        func check(_ path: String, _ what: String) throws {
            #expect(try String(contentsOfFile: dir + "/victim", encoding: .utf8) == "victim\n", "\(what): the link's target written")
            #expect((try fm.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular, "\(what): not a file of its own")
            #expect((try? fm.destinationOfSymbolicLink(atPath: path + ".tmp")) == nil, "\(what): the link is left")
        }
        try plant(dir + "/state")
        try StateFile.replace(dir + "/state", with: Array("new\n".utf8), mode: 0o600)
        try check(dir + "/state", "StateFile.replace")
        #expect(try String(contentsOfFile: dir + "/state", encoding: .utf8) == "new\n")
        // A dangling link: nothing is made where it points.
        try fm.createSymbolicLink(atPath: dir + "/state.tmp", withDestinationPath: dir + "/absent")
        try StateFile.replace(dir + "/state", with: Array("newer\n".utf8), mode: 0o600)
        #expect(!fm.fileExists(atPath: dir + "/absent"))
        #expect(try String(contentsOfFile: dir + "/state", encoding: .utf8) == "newer\n")

        try plant(dir + "/mac.key")
        let (secret, error) = InterfaceAddress.secret(dir + "/mac.key")
        #expect(error == nil)
        try check(dir + "/mac.key", "cl_secret")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/mac.key")) == Data(secret))
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
        // unlink cannot remove a directory, and O_EXCL refuses anything in the way.
        #expect(file.saveProblem == "cannot save \(dir)/sub/state: File exists")
        guard case .loaded(let back) = StateFile(path: dir + "/sub/state").load() else {
            Issue.record("old file lost"); return
        }
        #expect(back == state)
        // Said until a save succeeds.
        try FileManager.default.removeItem(atPath: dir + "/sub/state.tmp")
        #expect(try file.save(changed))
        #expect(file.saveProblem == nil)
    }

    /// What save would write beyond the limit is refused (the next start could not load it); a file
    /// beyond it does not load.
    @Test func loadAndSaveShareOneLimit() throws {
        let file = StateFile(path: dir + "/state")
        #expect(try file.save(state))
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/state"))
        let psk = try Passphrase(String(repeating: "ab", count: 32))
        let huge = PersistentState(ownerNetworks: (0..<500).map { KnownNetwork(ssid: SSID("Network \($0)")!, passphrase: psk) })
        #expect(huge.encoded().utf8.count > PersistentState.maxBytes)
        #expect(throws: Errno(EFBIG)) { try file.save(huge) }
        #expect(file.saveProblem == "cannot save \(dir)/state: over 64 KiB; forget some networks")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/state")) == before)
        // Padded with a comment to the limit it loads; one byte more and it does not.
        let head = "hotspotd-state 1\n#"
        let full = head + String(repeating: "x", count: PersistentState.maxBytes - head.utf8.count - 1) + "\n"
        try Data(full.utf8).write(to: URL(fileURLWithPath: dir + "/full"))
        guard case .loaded = StateFile(path: dir + "/full").load() else { Issue.record("a file at the limit refused"); return }
        try Data(("#" + full).utf8).write(to: URL(fileURLWithPath: dir + "/over"))
        guard case .ignored(let why) = StateFile(path: dir + "/over").load() else { Issue.record("over the limit, loaded"); return }
        #expect(why.contains("larger than 64 KiB"))
    }

    static let corrupt = Data("hotspotd-state 1\nnetwork 486f6d65 0 zz\n".utf8)

    @Test func aFileThatDoesNotLoadIsMovedAsideNotOverwritten() throws {
        try Self.corrupt.write(to: URL(fileURLWithPath: dir + "/state"))
        let file = StateFile(path: dir + "/state")
        guard case .ignored(let why) = file.load() else { Issue.record("corrupt file loaded"); return }
        #expect(why == "\(dir)/state did not load (line 2: bad passphrase); moved to \(dir)/state.bad")
        #expect(file.loadProblem == why)
        #expect(!FileManager.default.fileExists(atPath: dir + "/state"))
        #expect(try file.save(state))
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/state.bad")) == Self.corrupt)
        guard case .loaded(let back) = StateFile(path: dir + "/state").load() else { Issue.record("not saved"); return }
        #expect(back == state)
    }

    /// Where it cannot be moved aside (here `state.bad` is a directory; on a router, a read-only
    /// overlay), no save goes over it; once it can be moved, the next save does so first.
    @Test func aFileThatCannotBeMovedAsideIsNotSavedOver() throws {
        try Self.corrupt.write(to: URL(fileURLWithPath: dir + "/state"))
        try FileManager.default.createDirectory(atPath: dir + "/state.bad/in-the-way", withIntermediateDirectories: true)
        let file = StateFile(path: dir + "/state")
        guard case .ignored(let why) = file.load() else { Issue.record("corrupt file loaded"); return }
        #expect(why == "\(dir)/state did not load (line 2: bad passphrase); cannot move it to \(dir)/state.bad")
        #expect(throws: Errno(EISDIR)) { try file.save(state) }
        #expect(file.saveProblem == "cannot save \(dir)/state: Is a directory")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/state")) == Self.corrupt)
        try FileManager.default.removeItem(atPath: dir + "/state.bad")
        #expect(try file.save(state))
        #expect(file.saveProblem == nil)
        #expect(file.loadProblem == "\(dir)/state did not load (line 2: bad passphrase); moved to \(dir)/state.bad")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/state.bad")) == Self.corrupt)
    }
}
