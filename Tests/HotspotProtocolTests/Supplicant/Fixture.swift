import Foundation
import TestSupport

/// Loads fixtures from the target's `Fixtures/wpa_supplicant/`.
enum Fixture {
    static let directory: URL = packageDirectory
        .appendingPathComponent("Tests/HotspotProtocolTests/Fixtures")
        .appendingPathComponent("wpa_supplicant")

    struct Missing: Error, CustomStringConvertible {
        let name: String
        var description: String { "fixture \(name) not found in \(Fixture.directory.path)" }
    }

    /// The exact bytes of a fixture file.
    static func load(_ name: String) throws -> [UInt8] {
        let url = directory.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw Missing(name: name) }
        return [UInt8](data)
    }

    /// Fixture file names starting with `prefix`, sorted.
    static func names(prefix: String) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return all.filter { $0.hasPrefix(prefix) && !$0.hasSuffix(".md") }.sorted()
    }

    /// An `events*` fixture: one datagram per line; blank lines and `#` comments skipped.
    static func eventLines(_ name: String) throws -> [[UInt8]] {
        let bytes = try load(name)
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
            .map { Array($0) }
            .filter { !$0.isEmpty && $0.first != UInt8(ascii: "#") }
    }
}

import HotspotCore

/// Test-only: a passphrase written as a literal (a bad literal is a broken test, so `try!`).
extension Passphrase: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { try! self.init(text) }
}
