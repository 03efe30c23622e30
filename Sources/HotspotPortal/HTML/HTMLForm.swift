/// A `<form>`: where it goes, how, and its controls in document order.
public struct HTMLForm: Equatable, Sendable {
    public enum Method: Equatable, Sendable {
        case get, post
    }

    /// The `action` attribute, character references decoded, not resolved; nil when absent (the page's own
    /// URL, as browsers do).
    public var action: [UInt8]?
    /// POST when `method` says so (any case), else GET.
    public var method: Method
    public var controls: [HTMLFormControl]

    public init(action: [UInt8]?, method: Method, controls: [HTMLFormControl] = []) {
        self.action = action
        self.method = method
        self.controls = controls
    }
}
