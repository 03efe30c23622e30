/// A network block's id in wpa_supplicant's configuration (what ADD_NETWORK answers). Never negative.
public struct NetworkID: Hashable, Comparable, CustomStringConvertible, Sendable {
    public let rawValue: Int

    public init?(_ rawValue: Int) {
        guard rawValue >= 0, rawValue <= Int(Int32.max) else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue.description }
    public static func < (a: NetworkID, b: NetworkID) -> Bool { a.rawValue < b.rawValue }
}
