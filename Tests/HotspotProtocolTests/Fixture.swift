import Foundation

/// Loads fixtures from `Fixtures/wpa_supplicant/` next to this file.
enum Fixture {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
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

/// Test shorthand: the UTF-8 bytes of a string.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Deterministic PRNG (SplitMix64) so fuzz-style tests are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

import HotspotCore

/// Test-only: a passphrase written as a literal (a bad literal is a broken test, so `try!`).
extension Passphrase: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { try! self.init(text) }
}
