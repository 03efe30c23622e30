/// One name/value pair to send in a form submission (or an owner's answer for a field), as bytes: the driver
/// encodes them for the body or the query.
public struct FormField: Equatable, Sendable {
    public var name: [UInt8]
    public var value: [UInt8]

    public init(name: [UInt8], value: [UInt8]) {
        self.name = name
        self.value = value
    }
}
