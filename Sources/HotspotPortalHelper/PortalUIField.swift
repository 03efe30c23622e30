import HotspotProtocol
import HotspotPortal
import HotspotCore

/// A form field the owner fills in, as the helper protocol carries it: `ui_field=NAME<TAB>LABEL` out, and
/// the answer back as `HOTSPOT_UI_<NAME>` (on stdin). A form's own field names may be anything (`user[room]`,
/// `last-name`, 200 bytes); the helper name must be 1-32 of `A-Z a-z 0-9 _`, unique ignoring case. So a
/// form name that fits is kept (the owner recognises it), and any other becomes `fieldN` (N its place
/// among the form's visible fields). The same page gives the same names, so the answers to
/// `authenticate`'s question find their fields again in `presentUI`.
public struct PortalUIField: Equatable, Sendable {
    /// The name the form sends.
    public var formName: [UInt8]
    /// The helper protocol's field name.
    public var name: String
    /// What the owner sees: the page's label, printable, at most `labelLimit` bytes of it.
    public var label: String
    /// Shown masked (a password field).
    public var isSecret: Bool

    public static let labelLimit = 120

    public static func fields(for visible: [VisibleField]) -> [PortalUIField] {
        var out: [PortalUIField] = []
        var taken: [[UInt8]] = []  // upper-cased names in use
        // By index, and `isTaken` a loop: prefix, enumerated() and contains brought code of their own.
        func isTaken(_ name: [UInt8]) -> Bool {
            let upperName = upper(name)
            for k in taken.indices where taken[k] == upperName { return true }
            return false
        }
        for i in visible.indices where i < HelperProtocol.maxUIFields {
            let field = visible[i]
            var name = field.name
            if !HelperProtocol.isFieldName(name[...]) || isTaken(name) {
                name = Array(("field" + String(i + 1)).utf8)
                while isTaken(name) { name.append(UInt8(ascii: "_")) }
            }
            taken.append(upper(name))
            out.append(PortalUIField(
                formName: field.name, name: String(decoding: name, as: UTF8.self),
                label: HelperProtocol.printable(Array(field.label.prefix(labelLimit))), isSecret: field.type == .password))
        }
        return out
    }

    /// A name upper-cased, as names compare without case (a loop: `map` with a closure brought its own copy).
    static func upper(_ name: [UInt8]) -> [UInt8] {
        var out = name
        for i in out.indices { out[i] = HelperProtocol.upper(out[i]) }
        return out
    }

    /// `HOTSPOT_UI_<NAME>`: the name of the owner's answer on `presentUI`'s stdin.
    public var environmentName: String {
        var bytes = Array(HelperVariable.uiPrefix.utf8)
        let start = bytes.count
        bytes.append(contentsOf: name.utf8)
        for i in start..<bytes.count { bytes[i] = HelperProtocol.upper(bytes[i]) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
