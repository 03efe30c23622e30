import Foundation

/// A fresh directory under /tmp, removed when the test process exits.
public func temporaryDirectory() -> String {
    let dir = NSTemporaryDirectory() + "hotspotd-test-\(UUID().uuidString.prefix(8))"
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    TemporaryDirectories.shared.add(dir)
    return dir
}

/// The directories `temporaryDirectory()` made (the suite used to leave them all in /tmp).
private final class TemporaryDirectories: @unchecked Sendable {
    static let shared: TemporaryDirectories = {
        atexit { TemporaryDirectories.shared.removeAll() }
        return TemporaryDirectories()
    }()
    private let lock = NSLock()
    private var paths: [String] = []

    func add(_ path: String) { lock.withLock { paths.append(path) } }

    func removeAll() {
        for p in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: p) }
    }
}


/// The package's own directory (this file is Tests/TestSupport/TemporaryDirectory.swift), for tests that read
/// the project's files wherever in their target's folders they sit.
public let packageDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The hotspotd binary `swift build` made, for tests that run it as the router does.
public let hotspotdBinary = packageDirectory.appendingPathComponent(".build/debug/hotspotd").path
