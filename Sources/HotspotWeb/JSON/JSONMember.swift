/// One `"name": value` of a JSON object; the name is the decoded string's UTF-8.
public struct JSONMember: Equatable, Sendable {
    public var name: [UInt8]
    public var value: JSONValue

    public init(name: [UInt8], value: JSONValue) {
        self.name = name
        self.value = value
    }
}
