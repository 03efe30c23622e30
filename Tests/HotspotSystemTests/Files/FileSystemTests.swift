import Foundation
import Testing
import TestSupport
@testable import HotspotSystem

/// Calls on a path: their errors are the system's, and removing what is not there is no failure.
@Suite struct FileSystemTests {
    @Test func modeAndRemoveOnAFile() throws {
        let path = temporaryDirectory() + "/socket-stand-in"
        try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        try FileSystem.setMode(path, 0o640)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        FileSystem.remove(path)
        #expect(!FileManager.default.fileExists(atPath: path))
        FileSystem.remove(path)  // gone already: nothing to say
    }

    @Test func aMissingPathIsNoEntry() {
        #expect(throws: Errno.noEntry) { try FileSystem.setMode("/nonexistent/hotspotd", 0o600) }
        #expect(throws: Errno.noEntry) { try FileSystem.setOwner("/nonexistent/hotspotd", uid: 0, gid: 0) }
    }

    /// The control socket's group: root gives the file away; anyone else is refused (EPERM).
    @Test func ownerIsSetByRootOnly() throws {
        let path = temporaryDirectory() + "/f"
        try Data().write(to: URL(fileURLWithPath: path))
        guard getuid() == 0 else {
            #expect(throws: Errno(EPERM)) { try FileSystem.setOwner(path, uid: 0, gid: 0) }
            return
        }
        try FileSystem.setOwner(path, uid: 65534, gid: 65533)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.ownerAccountID] as? Int == 65534)
        #expect(attributes[.groupOwnerAccountID] as? Int == 65533)
    }
}
