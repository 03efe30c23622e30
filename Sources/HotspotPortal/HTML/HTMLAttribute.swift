/// One attribute of a start tag: the name in lowercase, the value with character references decoded
/// (empty for a valueless attribute such as `checked`).
public struct HTMLAttribute: Equatable, Sendable {
    public var name: [UInt8]
    public var value: [UInt8]

    public init(name: [UInt8], value: [UInt8]) {
        self.name = name
        self.value = value
    }
}
