/// A field the owner must fill in before a form can be sent: what to ask (`label`, or the `name` when the page
/// gives no label) and what kind of answer (`type`: text, email, password …). `value` is what the page put in
/// the field, if anything.
public struct VisibleField: Equatable, Sendable {
    public var name: [UInt8]
    public var label: [UInt8]
    public var type: HTMLControlType
    public var value: [UInt8]

    public init(name: [UInt8], label: [UInt8], type: HTMLControlType, value: [UInt8] = []) {
        self.name = name
        self.label = label
        self.type = type
        self.value = value
    }
}
