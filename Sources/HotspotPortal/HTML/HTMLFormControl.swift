/// One control of a form, as the page wrote it.
public struct HTMLFormControl: Equatable, Sendable {
    public var type: HTMLControlType
    /// Empty when the element has no name: such a control is never sent.
    public var name: [UInt8]
    /// The `value` attribute; for a `<select>` the selected option's value (else the first option's), for a
    /// `<textarea>` its text.
    public var value: [UInt8]
    public var isChecked: Bool
    public var isDisabled: Bool
    public var isReadOnly: Bool
    /// `required`: the page will not submit without it (for a checkbox: ticked).
    public var isRequired: Bool
    /// The element's `id` (empty when it has none or it is over 128 bytes), to match `<label for=…>`.
    public var id: [UInt8]
    /// What a person sees for it: its `<label>`'s text, else `aria-label`, `placeholder` or `title`; may be empty.
    public var label: [UInt8]

    public init(type: HTMLControlType, name: [UInt8], value: [UInt8] = [], isChecked: Bool = false,
                isDisabled: Bool = false, isReadOnly: Bool = false, isRequired: Bool = false, id: [UInt8] = [],
                label: [UInt8] = []) {
        self.isRequired = isRequired
        self.type = type
        self.name = name
        self.value = value
        self.isChecked = isChecked
        self.isDisabled = isDisabled
        self.isReadOnly = isReadOnly
        self.id = id
        self.label = label
    }
}
