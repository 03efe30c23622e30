import HotspotCore

/// One header field as bytes: a response's as received (the value without surrounding blanks), or one a
/// request will send.
public struct HTTPHeader: Hashable, Sendable {
    public var name: [UInt8]
    public var value: [UInt8]

    public init(name: [UInt8], value: [UInt8]) {
        self.name = name
        self.value = value
    }

    public init(_ name: String, _ value: String) { self.init(name: Array(name.utf8), value: Array(value.utf8)) }
}
