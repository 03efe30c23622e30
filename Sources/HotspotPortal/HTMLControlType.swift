import HotspotCore
/// What kind of form control an element is: an `<input>` by its `type`, or `<select>`, `<textarea>` and
/// `<button>` (whose `type` makes it submit, reset or a plain button).
public enum HTMLControlType: Equatable, Sendable, CustomStringConvertible {
    case hidden, text, search, password, email, number, tel, file
    case checkbox, radio, submit, image, reset, button
    case select, textarea

    /// An `<input type=…>`, any case. Unknown types (and date, url, color …) are text fields, as in browsers.
    public init(inputType: [UInt8]?) {
        let t = PortalBytes.trimmed((inputType ?? [])[...])
        if ASCII.equalsIgnoringCase(t, "hidden") { self = .hidden
        } else if ASCII.equalsIgnoringCase(t, "search") { self = .search
        } else if ASCII.equalsIgnoringCase(t, "password") { self = .password
        } else if ASCII.equalsIgnoringCase(t, "email") { self = .email
        } else if ASCII.equalsIgnoringCase(t, "number") { self = .number
        } else if ASCII.equalsIgnoringCase(t, "tel") { self = .tel
        } else if ASCII.equalsIgnoringCase(t, "file") { self = .file
        } else if ASCII.equalsIgnoringCase(t, "checkbox") { self = .checkbox
        } else if ASCII.equalsIgnoringCase(t, "radio") { self = .radio
        } else if ASCII.equalsIgnoringCase(t, "submit") { self = .submit
        } else if ASCII.equalsIgnoringCase(t, "image") { self = .image
        } else if ASCII.equalsIgnoringCase(t, "reset") { self = .reset
        } else if ASCII.equalsIgnoringCase(t, "button") { self = .button
        } else { self = .text }
    }

    /// A `<button type=…>`: submit unless it says reset or button.
    public init(buttonType: [UInt8]?) {
        let t = PortalBytes.trimmed((buttonType ?? [])[...])
        self = ASCII.equalsIgnoringCase(t, "reset") ? .reset : ASCII.equalsIgnoringCase(t, "button") ? .button : .submit
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
