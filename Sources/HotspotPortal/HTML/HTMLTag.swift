import HotspotCore
/// A start tag: its name in lowercase, its attributes in order (the first of duplicates kept, as browsers do).
public struct HTMLTag: Equatable, Sendable {
    public var name: [UInt8]
    public var attributes: [HTMLAttribute]
    /// Written as `<x/>`. HTML ignores it on most elements; XML (WISPr) needs it.
    public var isSelfClosing: Bool

    public init(name: [UInt8], attributes: [HTMLAttribute] = [], isSelfClosing: Bool = false) {
        self.name = name
        self.attributes = attributes
        self.isSelfClosing = isSelfClosing
    }

    /// Whether this is the element `name` (lowercase).
    public func `is`(_ name: StaticString) -> Bool { ASCII.equalsIgnoringCase(self.name[...], name) }

    /// The value of attribute `name` (lowercase), nil when the tag has none.
    public func attribute(_ name: StaticString) -> [UInt8]? {
        for a in attributes where ASCII.equalsIgnoringCase(a.name[...], name) { return a.value }
        return nil
    }

    public func has(_ name: StaticString) -> Bool { attribute(name) != nil }
}
