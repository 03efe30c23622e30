/// How a helper runs: compiled into hotspotd, or an external executable (one process per command).
public enum HelperKind: String, CaseIterable, Hashable, Sendable {
    case builtin, external
}

/// A helper as the configuration declares it. The core only needs its name, what it handles and how it
/// ranks; `program` is for the driver (a path, or the name of a built-in).
public struct HelperDescriptor: Hashable, Sendable {
    public var name: String
    public var kind: HelperKind
    public var program: String
    public var commands: HelperCommandSet
    /// Uplink ranking of the networks it claims (higher first); known networks carry their own.
    public var priority: Int
    /// For people, beside the networks it claims (kNEHotspotHelperOptionDisplayName); nil: its name.
    public var displayName: String? = nil

    public init(name: String, kind: HelperKind, program: String = "", commands: HelperCommandSet = .all,
                priority: Int = 0) {
        self.name = name
        self.kind = kind
        self.program = program
        self.commands = commands
        self.priority = priority
    }

    public func supports(_ command: HelperCommand) -> Bool { commands.contains(command) }

    /// Names travel in logs, state files and environment variables: 1–32 of `A–Z a–z 0–9 . _ -`.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty && bytes.count <= 32 else { return false }
        for b in bytes {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                continue
            default:
                return false
            }
        }
        return true
    }
}
