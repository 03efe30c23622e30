/// The commands a helper declares it handles; a helper is only ever sent those.
public struct HelperCommandSet: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ commands: [HelperCommand]) {
        self.rawValue = 0
        for c in commands { insert(c) }
    }

    static func bit(_ c: HelperCommand) -> UInt8 {
        switch c {
        case .filterScanList: return 1
        case .evaluate: return 2
        case .authenticate: return 4
        case .presentUI: return 8
        case .maintain: return 16
        case .logoff: return 32
        }
    }

    public static let all = HelperCommandSet(rawValue: 63)

    public func contains(_ c: HelperCommand) -> Bool { rawValue & HelperCommandSet.bit(c) != 0 }
    public mutating func insert(_ c: HelperCommand) { rawValue |= HelperCommandSet.bit(c) }
    public mutating func remove(_ c: HelperCommand) { rawValue &= ~HelperCommandSet.bit(c) }

    /// In HelperCommand order.
    public var commands: [HelperCommand] { HelperCommand.allCases.filter { contains($0) } }
}
