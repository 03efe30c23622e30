import HotspotCore
/// Which form of a portal page to send by itself, and with what: a pure decision over `HTMLPage.forms`.
///
/// A form is sent without asking when the only fields a person would touch are checkboxes (terms ticked;
/// never an unticked newsletter or marketing box: see `ticks`), radios, selects, textareas and buttons, plus hidden fields; read-only text fields keep their
/// value. A form with text, email, password, number, tel, search or file fields needs the owner, unless
/// `answers` fill every one of them (by name). Disabled and unnamed controls are never sent, as in browsers.
/// Search forms (GET, one typed field named q/search/s or of type search) are never the login form.
///
/// Choice, first match in page order: a form whose typed fields all have answers; a form without typed
/// fields that has a submit button; a form that needs the owner (`needsUser`); a form without typed fields
/// and without a button (it relies on a script). No other form → `noForm`.
public enum ClickThroughPlan: Equatable, Sendable {
    /// Send `form` with `fields` (in document order, the first submit button as the one pressed).
    case submit(HTMLForm, fields: [FormField])
    /// The owner must answer `visibleFields` first (then plan again with the answers).
    case needsUser(HTMLForm, visibleFields: [VisibleField])
    case noForm

    public init(forms: [HTMLForm], answers: [FormField] = []) {
        var autoWithButton: HTMLForm?, needsUser: (HTMLForm, [VisibleField])?, autoWithoutButton: HTMLForm?
        for form in forms where !Self.isSearch(form) {
            let open = Self.unanswered(form, answers)
            let typed = form.controls.contains { Self.isSent($0) && Self.needsAnswer($0) }
            if typed && open.isEmpty {
                self = .submit(form, fields: Self.fields(form, answers))
                return
            }
            if !open.isEmpty {
                if needsUser == nil { needsUser = (form, open) }
            } else if form.controls.contains(where: { !$0.isDisabled && ($0.type == .submit || $0.type == .image) }) {
                if autoWithButton == nil { autoWithButton = form }
            } else if autoWithoutButton == nil {
                autoWithoutButton = form
            }
        }
        if let form = autoWithButton {
            self = .submit(form, fields: Self.fields(form, answers))
        } else if let (form, open) = needsUser {
            self = .needsUser(form, visibleFields: open)
        } else if let form = autoWithoutButton {
            self = .submit(form, fields: Self.fields(form, answers))
        } else {
            self = .noForm
        }
    }

    static func isSent(_ c: HTMLFormControl) -> Bool { !c.isDisabled && !c.name.isEmpty }

    /// A typed field the page did not settle itself (a read-only field with a value is settled).
    static func needsAnswer(_ c: HTMLFormControl) -> Bool { c.type.isTyped && !(c.isReadOnly && !c.value.isEmpty) }

    static func answer(_ name: [UInt8], _ answers: [FormField]) -> [UInt8]? {
        for a in answers where a.name == name { return a.value }
        return nil
    }

    /// The typed fields of `form` that no answer fills.
    static func unanswered(_ form: HTMLForm, _ answers: [FormField]) -> [VisibleField] {
        var out: [VisibleField] = []
        for c in form.controls where isSent(c) && needsAnswer(c) && answer(c.name, answers) == nil {
            out.append(VisibleField(name: c.name, label: c.label.isEmpty ? c.name : c.label, type: c.type, value: c.value))
        }
        return out
    }

    static func isSearch(_ form: HTMLForm) -> Bool {
        guard form.method == .get else { return false }
        var typed: [HTMLFormControl] = []
        for c in form.controls where isSent(c) && c.type.isTyped { typed.append(c) }
        guard typed.count == 1, let only = typed.first else { return false }
        let name = only.name[...]
        return only.type == .search || ASCII.equalsIgnoringCase(name, "q") || ASCII.equalsIgnoringCase(name, "search") || ASCII.equalsIgnoringCase(name, "s")
    }

    /// What a browser would send after ticking every checkbox and pressing the first submit button.
    static func fields(_ form: HTMLForm, _ answers: [FormField]) -> [FormField] {
        var out: [FormField] = []
        var pressed = false
        for (i, c) in form.controls.enumerated() where !c.isDisabled {
            switch c.type {
            case .hidden, .select, .textarea:
                if !c.name.isEmpty { out.append(FormField(name: c.name, value: c.value)) }
            case .text, .search, .password, .email, .number, .tel, .file:
                if !c.name.isEmpty { out.append(FormField(name: c.name, value: answer(c.name, answers) ?? c.value)) }
            case .checkbox:
                if !c.name.isEmpty && ticks(c) { out.append(FormField(name: c.name, value: c.value.isEmpty ? Array("on".utf8) : c.value)) }
            case .radio:
                if !c.name.isEmpty && chosenRadio(form, group: c.name) == i {
                    out.append(FormField(name: c.name, value: c.value.isEmpty ? Array("on".utf8) : c.value))
                }
            case .submit:
                if !pressed && !c.name.isEmpty { out.append(FormField(name: c.name, value: c.value)) }
                pressed = true
            case .image:
                // An image button sends where it was clicked: name.x and name.y (just x and y without a name).
                if !pressed {
                    let prefix = c.name.isEmpty ? [] : c.name + [UInt8(ascii: ".")]
                    out.append(FormField(name: prefix + [UInt8(ascii: "x")], value: [UInt8(ascii: "1")]))
                    out.append(FormField(name: prefix + [UInt8(ascii: "y")], value: [UInt8(ascii: "1")]))
                }
                pressed = true
            case .reset, .button:
                break
            }
        }
        return out
    }

    /// A checkbox a person logging in would tick: one already ticked or required, or any other but an
    /// offer of news(letters), marketing, offers or partners (owners asked for Wi-Fi, not mail).
    static func ticks(_ c: HTMLFormControl) -> Bool {
        if c.isChecked || c.isRequired { return true }
        for text in [c.name, c.label, c.id] {
            let t = text[...]
            if ASCII.firstIndexIgnoringCase(of: "news", in: t) != nil || ASCII.firstIndexIgnoringCase(of: "marketing", in: t) != nil
                || ASCII.firstIndexIgnoringCase(of: "subscri", in: t) != nil || ASCII.firstIndexIgnoringCase(of: "offer", in: t) != nil
                || ASCII.firstIndexIgnoringCase(of: "promo", in: t) != nil || ASCII.firstIndexIgnoringCase(of: "partner", in: t) != nil {
                return false
            }
        }
        return true
    }

    /// The radio sent for a group: its first checked one, else its first one (so a required group is answered).
    static func chosenRadio(_ form: HTMLForm, group: [UInt8]) -> Int? {
        var first: Int?
        for (i, c) in form.controls.enumerated() where c.type == .radio && !c.isDisabled && c.name == group {
            if c.isChecked { return i }
            if first == nil { first = i }
        }
        return first
    }
}
