import HotspotCore
import HotspotWeb
/// Which form of a portal page to send by itself, and with what: a pure decision over `HTMLPage.forms`.
///
/// A form is sent without asking when the only fields a person would touch are checkboxes (terms ticked;
/// never an unticked newsletter or marketing box: see `ticks`), radios, selects, textareas and buttons, plus hidden fields; read-only text fields keep their
/// value. A form with text, email, password, number, tel, search or file fields needs the owner, unless
/// `answers` fill every one of them (by name). Disabled and unnamed controls are never sent, as in browsers.
/// Search forms (GET, one typed field named q/search/s or of type search) are never the login form.
///
/// A form that logs out (its action or its button says logout, logoff or disconnect) is never sent either.
///
/// Choice, first match in page order: a form whose typed fields all have answers; a form without typed
/// fields that has a submit button; a form that needs the owner (`needsUser`); a form without typed fields
/// and without a button (it relies on a script). No other form → `noForm`.
///
/// `init(page:)` plans one step of a venue's flow from a whole page (see there): it adds `follow` and
/// `cannotFill`.
public indirect enum ClickThroughPlan: Equatable, Sendable {
    /// Send `form` with `fields` (in document order, the first submit button as the one pressed).
    case submit(HTMLForm, fields: [FormField])
    /// The owner must answer `visibleFields` first (then plan again with the answers).
    case needsUser(HTMLForm, visibleFields: [VisibleField])
    case noForm
    /// Fetch this URL next (as written: resolve it against the page's URL).
    case follow([UInt8])
    /// The page asks for what hotspotd will not fill in for the owner: a person finishes in a browser.
    case cannotFill(Obstacle)

    public indirect enum Obstacle: Equatable, Sendable {
        /// A script sends the login: the page has no form, or its form goes only to a script.
        case script
        case captcha
        /// A payment card's number or security code.
        case payment
    }

    /// One step of a flow: a page with a CAPTCHA stops it; a form to send whose action is a script (or
    /// missing, with no button to press) stops it; a form that needs the owner's card stops it; a page
    /// without a form moves on through its refresh, its script redirect or its link on to the terms, else
    /// relies on its script when it has one.
    public init(page: HTMLPage, answers: [FormField] = []) {
        self.init(forms: page.forms, answers: answers)
        if page.hasCaptcha { self = .cannotFill(.captcha); return }
        switch self {
        case .submit(let form, _), .needsUser(let form, _):
            for c in form.controls where Self.says(c, "card cvv cvc") {
                self = .cannotFill(.payment)
                return
            }
            guard case .submit = self else { return }
            let action = PortalBytes.trimmed((form.action ?? [])[...])
            let button = Self.hasButton(form)
            if ASCII.hasPrefixIgnoringCase(action, "javascript:") || (action.isEmpty && !button) { self = .cannotFill(.script) }
        case .noForm:
            if let next = page.refreshURL ?? page.scriptRedirectURL ?? page.stepAnchor {
                self = .follow(next)
            } else if page.hasScript {
                self = .cannotFill(.script)
            }
        case .follow, .cannotFill:
            break
        }
    }

    /// An anchor (`<a href>`) a person follows on to the terms: it says accept, agree, connect or continue, and does not
    /// log out or run a script.
    public static func isStepAnchor(_ href: [UInt8]) -> Bool {
        mentions(href, "accept agree connect continue") && !mentions(href, "disconnect logout logoff javascript:")
    }

    /// Whether a control's name, id or label `mentions` one of `words`.
    static func says(_ c: HTMLFormControl, _ words: StaticString) -> Bool {
        mentions(c.name, words) || mentions(c.id, words) || mentions(c.label, words)
    }

    /// Whether `text` contains one of the space-separated lowercase `words`, in any case.
    public static func mentions(_ text: [UInt8], _ words: StaticString) -> Bool {
        let w = ASCII.bytes(words)
        var start = 0
        for end in 0...w.count where end == w.count || w[end] == 0x20 {
            let n = end - start
            var at = 0
            while n > 0 && at + n <= text.count {
                var i = 0
                while i < n && ASCII.lowercased(text[at + i]) == w[start + i] { i += 1 }
                if i == n { return true }
                at += 1
            }
            start = end + 1
        }
        return false
    }

    public init(forms: [HTMLForm], answers: [FormField] = []) {
        var autoWithButton: HTMLForm?, needsUser: (HTMLForm, [VisibleField])?, autoWithoutButton: HTMLForm?
        for form in forms where !Self.isSearch(form) && !Self.logsOut(form) {
            let open = Self.unanswered(form, answers)
            var typed = false
            for c in form.controls where Self.isSent(c) && Self.needsAnswer(c) {
                typed = true
                break
            }
            if typed && open.isEmpty {
                self = .submit(form, fields: Self.fields(form, answers))
                return
            }
            if !open.isEmpty {
                if needsUser == nil { needsUser = (form, open) }
            } else if Self.hasButton(form) {
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

    static func logsOut(_ form: HTMLForm) -> Bool {
        let exit: StaticString = "logout logoff disconnect"
        if mentions(form.action ?? [], exit) { return true }
        for c in form.controls where c.type == .submit && (mentions(c.value, exit) || says(c, exit)) { return true }
        return false
    }

    static func isSent(_ c: HTMLFormControl) -> Bool { !c.isDisabled && !c.name.isEmpty }

    /// A submit or image button that is not disabled. (Loops here, not `contains(where:)`: each closure
    /// brought its own copy of it; by index, as an iterator over the controls was code of its own.)
    static func hasButton(_ form: HTMLForm) -> Bool {
        for i in form.controls.indices {
            let c = form.controls[i]
            if !c.isDisabled && (c.type == .submit || c.type == .image) { return true }
        }
        return false
    }

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
        // The only typed field's place, counted by a loop (an array of them brought copies of each control).
        var at = -1
        for i in form.controls.indices where isSent(form.controls[i]) && form.controls[i].type.isTyped {
            if at >= 0 { return false }
            at = i
        }
        guard at >= 0 else { return false }
        let only = form.controls[at]
        let name = only.name[...]
        return only.type == .search || ASCII.index(ofWord: name, in: "q search s") != nil
    }

    /// What a browser would send after ticking every checkbox and pressing the first submit button.
    static func fields(_ form: HTMLForm, _ answers: [FormField]) -> [FormField] {
        var out: [FormField] = []
        var pressed = false
        for i in form.controls.indices where !form.controls[i].isDisabled {
            let c = form.controls[i]
            // What a named control sends, if anything: one append below for every kind.
            var value: [UInt8]? = nil
            switch c.type {
            case .hidden, .select, .textarea:
                value = c.value
            case .text, .search, .password, .email, .number, .tel, .file:
                value = answer(c.name, answers) ?? c.value
            case .checkbox, .radio:
                if c.type == .checkbox ? ticks(c) : chosenRadio(form, group: c.name) == i {
                    value = c.value.isEmpty ? Array("on".utf8) : c.value
                }
            case .submit:
                if !pressed { value = c.value }
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
            if let value, !c.name.isEmpty { out.append(FormField(name: c.name, value: value)) }
        }
        return out
    }

    /// A checkbox a person logging in would tick: one already ticked or required, or any other but an
    /// offer of news(letters), marketing, offers or partners (owners asked for Wi-Fi, not mail).
    static func ticks(_ c: HTMLFormControl) -> Bool {
        c.isChecked || c.isRequired || !says(c, "news marketing subscri offer promo partner")
    }

    /// The radio sent for a group: its first checked one, else its first one (so a required group is answered).
    static func chosenRadio(_ form: HTMLForm, group: [UInt8]) -> Int? {
        var first: Int?
        for i in form.controls.indices {
            let c = form.controls[i]
            guard c.type == .radio && !c.isDisabled && c.name == group else { continue }
            if c.isChecked { return i }
            if first == nil { first = i }
        }
        return first
    }
}
