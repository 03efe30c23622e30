import HotspotCore
import HotspotWeb
/// What kind of form control an element is: an `<input>` by its `type`, or `<select>`, `<textarea>` and
/// `<button>` (whose `type` makes it submit, reset or a plain button).
public enum HTMLControlType: Equatable, Sendable, CustomStringConvertible {
    case hidden, text, search, password, email, number, tel, file
    case checkbox, radio, submit, image, reset, button
    case select, textarea

    /// An `<input type=…>`, any case. Unknown types (and date, url, color …) are text fields, as in browsers.
    public init(inputType: [UInt8]?) {
        let t = PortalBytes.trimmed((inputType ?? [])[...])
        switch ASCII.index(ofWord: t, in: "hidden search password email number tel file checkbox radio submit image reset button") {
        case 0: self = .hidden
        case 1: self = .search
        case 2: self = .password
        case 3: self = .email
        case 4: self = .number
        case 5: self = .tel
        case 6: self = .file
        case 7: self = .checkbox
        case 8: self = .radio
        case 9: self = .submit
        case 10: self = .image
        case 11: self = .reset
        case 12: self = .button
        default: self = .text
        }
    }

    /// A `<button type=…>`: submit unless it says reset or button.
    public init(buttonType: [UInt8]?) {
        let t = PortalBytes.trimmed((buttonType ?? [])[...])
        switch ASCII.index(ofWord: t, in: "reset button") {
        case 0: self = .reset
        case 1: self = .button
        default: self = .submit
        }
    }

    /// A field a person types into: the owner has to answer it.
    public var isTyped: Bool {
        switch self {
        case .text, .search, .password, .email, .number, .tel, .file: true
        case .hidden, .checkbox, .radio, .submit, .image, .reset, .button, .select, .textarea: false
        }
    }

    /// The HTML name of the type.
    public var description: String {
        switch self {
        case .hidden: "hidden"
        case .text: "text"
        case .search: "search"
        case .password: "password"
        case .email: "email"
        case .number: "number"
        case .tel: "tel"
        case .file: "file"
        case .checkbox: "checkbox"
        case .radio: "radio"
        case .submit: "submit"
        case .image: "image"
        case .reset: "reset"
        case .button: "button"
        case .select: "select"
        case .textarea: "textarea"
        }
    }
}
