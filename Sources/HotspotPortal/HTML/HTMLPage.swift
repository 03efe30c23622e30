import HotspotCore
import HotspotWeb
/// What hotspotd needs from a portal page, read in one pass of `HTMLScanner`: its forms, its `<title>`, the
/// target of a `<meta http-equiv=refresh>` and of a script redirect, and its words to the person (`message`).
/// Bounded like the scanner: at most `formLimit` forms of `controlLimit` controls each (later ones are
/// dropped), short labels, values and message.
public struct HTMLPage: Equatable, Sendable {
    public static let formLimit = 16
    public static let controlLimit = 64
    static let titleLimit = 256
    static let labelLimit = 128
    static let valueLimit = 4096
    static let idLimit = 128
    public static let messageLimit = 200

    /// The first `<title>`, whitespace collapsed; nil when the page has none.
    public var title: [UInt8]?
    /// The URL of the first `<meta http-equiv="refresh" content="N; url=…">` that names one.
    public var refreshURL: [UInt8]?
    /// The first literal redirect in an inline `<script>` (see `ScriptRedirect`).
    public var scriptRedirectURL: [UInt8]?
    public var forms: [HTMLForm]
    /// The venue's words to the person, for a refused login: the text of the first element that says it is an
    /// alert or an error (`role=alert`, or "error", "alert" or "message" in its id or class; not hidden, not
    /// around a form), else the text of the block just before the first form. One line of at most
    /// `messageLimit` bytes, control characters removed; nil when there is none.
    public var message: [UInt8]?
    /// The page was longer than `HTMLScanner.inputLimit`; the rest was not read.
    public var isTruncated: Bool
    /// The first anchor (`<a href>`) that leads on to the terms (`ClickThroughPlan.isStepAnchor`), as written.
    public var stepAnchor: [UInt8]? = nil
    /// The page has a `<script>`: without a form, its login is something a script sends.
    public var hasScript = false
    /// An attribute names a CAPTCHA (reCAPTCHA's and hCaptcha's scripts and boxes, a `captcha` field).
    public var hasCaptcha = false

    public init(title: [UInt8]? = nil, refreshURL: [UInt8]? = nil, scriptRedirectURL: [UInt8]? = nil,
                forms: [HTMLForm] = [], message: [UInt8]? = nil, isTruncated: Bool = false) {
        self.title = title
        self.message = message
        self.refreshURL = refreshURL
        self.scriptRedirectURL = scriptRedirectURL
        self.forms = forms
        self.isTruncated = isTruncated
    }

    public init(parsing bytes: [UInt8]) {
        var scanner = HTMLScanner(bytes)
        var reader = Reader()
        while let token = scanner.next() { reader.take(token) }
        reader.finish()
        // Moved out of the reader, not copied: `self = reader.page` copied the whole page, then destroyed the reader's.
        self.init()
        swap(&self, &reader.page)
        isTruncated = scanner.isTruncated
    }

    /// The URL in a refresh `content` ("5", "0;url=x", "0; URL='x'", "0, x"), after the standard's
    /// declarative-refresh steps, leniently; nil when it names none.
    public static func refreshURL(content: ArraySlice<UInt8>) -> [UInt8]? {
        var i = PortalBytes.skipSpace(content, from: content.startIndex)
        while i < content.endIndex && (ASCII.isDigit(content[i]) || content[i] == UInt8(ascii: ".")) { i += 1 }
        i = PortalBytes.skipSpace(content, from: i)
        if i < content.endIndex && (content[i] == UInt8(ascii: ";") || content[i] == UInt8(ascii: ",")) {
            i = PortalBytes.skipSpace(content, from: i + 1)
        }
        if ASCII.hasPrefixIgnoringCase(content[i...], "url") {
            let eq = PortalBytes.skipSpace(content, from: i + 3)
            if eq < content.endIndex && content[eq] == UInt8(ascii: "=") { i = PortalBytes.skipSpace(content, from: eq + 1) }
        }
        var end = content.endIndex
        if i < content.endIndex && (content[i] == UInt8(ascii: "'") || content[i] == UInt8(ascii: "\"")) {
            let quote = content[i]
            i += 1
            end = ASCII.firstIndex(of: quote, in: content[i...]) ?? content.endIndex
        }
        let url = PortalBytes.trimmed(content[i..<end])
        return url.isEmpty ? nil : Array(url)
    }

    /// Text as one line: control characters (C0, DEL, C1) count as spaces, runs of spaces become one, and
    /// at most `messageLimit` bytes are kept, cut between characters.
    static func line(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var space = false
        var i = 0
        while i < text.count {
            var b = text[i]
            if b == 0xc2 && i + 1 < text.count && text[i + 1] & 0xe0 == 0x80 { b = 0; i += 1 }  // U+0080–U+009F
            i += 1
            if b <= 0x20 || b == 0x7f { space = !out.isEmpty; continue }
            if out.count + (space ? 2 : 1) > messageLimit { break }
            if space { out.append(0x20); space = false }
            out.append(b)
        }
        // A last character that the limit cut short goes.
        var lead = out.count - 1
        while lead > 0 && out.count - lead < 4 && out[lead] & 0xc0 == 0x80 { lead -= 1 }
        if lead >= 0 && out[lead] >= 0xc0 && out.count - lead < (out[lead] >= 0xf0 ? 4 : out[lead] >= 0xe0 ? 3 : 2) {
            out.removeSubrange(lead...)
        }
        return out
    }

    /// The page's state while the tokens go by.
    struct Reader {
        var page = HTMLPage()
        var inForm = false
        var inScript = false
        var titleOpen = false
        var textareaOpen = false
        /// The open `<select>`'s control index in the last form, and whether a value came from a `selected` option.
        var select: (control: Int, hasValue: Bool, fromSelected: Bool)?
        var option: (value: [UInt8]?, text: [UInt8], selected: Bool)?
        /// The open `<label>`: its `for`, its text so far, the controls inside it (form * controlLimit + control:
        /// an array of Int, whose code the binary has anyway, rather than of pairs).
        var label: (target: [UInt8], text: [UInt8], controls: [Int])?
        /// Closed `<label for=…>`s: the id as the name, the text as the value (an array type the page has anyway).
        var labels: [HTMLAttribute] = []
        /// The open alert or error element: its name, how deep in same-named elements, its text so far.
        var notice: (name: [UInt8], depth: Int, text: [UInt8])?
        var noticeText: [UInt8]?
        /// Before the first form: the text of the block being read, and of the last one that had text.
        var block: [UInt8] = []
        var lastBlock: [UInt8] = []
        var beforeForm: [UInt8]?

        mutating func take(_ token: HTMLToken) {
            switch token {
            case .startTag(let tag):
                titleOpen = false
                textareaOpen = false
                inScript = tag.is("script")
                if inScript { page.hasScript = true }
                for a in tag.attributes where !page.hasCaptcha { page.hasCaptcha = ClickThroughPlan.mentions(a.value, "captcha") }
                noticeStart(tag)
                start(tag)
            case .endTag(let name):
                titleOpen = false
                textareaOpen = false
                inScript = false
                noticeEnd(name)
                end(name[...])
            case .text(let text):
                self.text(text)
            case .rawText(let script):
                if inScript && page.scriptRedirectURL == nil { page.scriptRedirectURL = ScriptRedirect.url(in: script[...]) }
            case .comment:
                break
            }
        }

        mutating func start(_ tag: HTMLTag) {
            switch ASCII.index(ofWord: tag.name[...], in: "form input button select option optgroup textarea label a title meta") {
            case 0:  // form
                closeSelect()
                // A form inside a form is ignored, as in browsers; past the limit, controls have nowhere to go.
                guard !inForm, page.forms.count < HTMLPage.formLimit else { return }
                notice = nil  // an element around a form is a box, not a message
                if beforeForm == nil { endBlock(); beforeForm = lastBlock }
                let method = ASCII.equalsIgnoringCase(PortalBytes.trimmed((tag.attribute("method") ?? [])[...]), "post")
                page.forms.append(HTMLForm(action: tag.attribute("action"), method: method ? .post : .get))
                inForm = true
            case 1:  // input
                closeSelect()
                addControl(tag, HTMLControlType(inputType: tag.attribute("type")), value: tag.attribute("value") ?? [])
            case 2:  // button
                closeSelect()
                addControl(tag, HTMLControlType(buttonType: tag.attribute("type")), value: tag.attribute("value") ?? [])
            case 3:  // select
                closeSelect()
                if addControl(tag, .select, value: []) { select = (page.forms[page.forms.count - 1].controls.count - 1, false, false) }
            case 4:  // option
                closeOption()
                if select != nil { option = (tag.attribute("value"), [], tag.has("selected")) }
            case 5:  // optgroup
                closeOption()
            case 6:  // textarea
                closeSelect()
                textareaOpen = addControl(tag, .textarea, value: [])
            case 7:  // label
                closeLabel()
                label = (tag.attribute("for") ?? [], [], [])
            case 8:  // a
                if page.stepAnchor == nil, let href = tag.attribute("href"), ClickThroughPlan.isStepAnchor(href) { page.stepAnchor = href }
            case 9:  // title
                titleOpen = page.title == nil
            case 10:  // meta
                guard page.refreshURL == nil, let equiv = tag.attribute("http-equiv"),
                      ASCII.equalsIgnoringCase(PortalBytes.trimmed(equiv[...]), "refresh"),
                      let content = tag.attribute("content") else { return }
                page.refreshURL = HTMLPage.refreshURL(content: content[...])
            default:
                break
            }
        }

        mutating func end(_ name: ArraySlice<UInt8>) {
            switch ASCII.index(ofWord: name, in: "form select option optgroup label") {
            case 0:
                closeSelect()
                inForm = false
            case 1: closeSelect()
            case 2, 3: closeOption()
            case 4: closeLabel()
            default: break
            }
        }

        mutating func text(_ text: [UInt8]) {
            if !titleOpen {
                if notice != nil { Self.append(text, to: &notice!.text, limit: HTMLPage.messageLimit * 4) }
                if beforeForm == nil { Self.append(text, to: &block, limit: HTMLPage.messageLimit * 4) }
            }
            if titleOpen {
                page.title = PortalBytes.collapsed(text[...], limit: HTMLPage.titleLimit)
                titleOpen = false
            }
            if textareaOpen, let f = page.forms.indices.last {
                var body = text[...]
                if body.first == 0x0d { body = body.dropFirst() }  // browsers drop one leading line break
                if body.first == 0x0a { body = body.dropFirst() }
                page.forms[f].controls[page.forms[f].controls.count - 1].value = Array(body.prefix(HTMLPage.valueLimit))
                textareaOpen = false
            }
            if option != nil { Self.append(text, to: &option!.text, limit: HTMLPage.valueLimit) }
            if label != nil { Self.append(text, to: &label!.text, limit: HTMLPage.labelLimit * 4) }
        }

        static func append(_ text: [UInt8], to out: inout [UInt8], limit: Int) {
            out.append(contentsOf: text.prefix(max(0, limit - out.count)))
        }

        /// Adds a control to the open form; false when there is none or it is full.
        @discardableResult
        mutating func addControl(_ tag: HTMLTag, _ type: HTMLControlType, value: [UInt8]) -> Bool {
            guard inForm, let f = page.forms.indices.last, page.forms[f].controls.count < HTMLPage.controlLimit else { return false }
            let id = tag.attribute("id") ?? []
            let shown = tag.attribute("aria-label") ?? tag.attribute("placeholder") ?? tag.attribute("title") ?? []
            page.forms[f].controls.append(HTMLFormControl(
                type: type, name: tag.attribute("name") ?? [], value: Array(value.prefix(HTMLPage.valueLimit)),
                isChecked: tag.has("checked"), isDisabled: tag.has("disabled"), isReadOnly: tag.has("readonly"),
                isRequired: tag.has("required"),
                id: id.count <= HTMLPage.idLimit ? id : [], label: PortalBytes.collapsed(shown[...], limit: HTMLPage.labelLimit)))
            if label != nil && label!.target.isEmpty { label!.controls.append(f * HTMLPage.controlLimit + page.forms[f].controls.count - 1) }
            return true
        }

        /// Ends the open option: a `selected` one sets the select's value, else the first option does.
        mutating func closeOption() {
            guard let o = option, let s = select, let f = page.forms.indices.last else { return }
            option = nil
            guard !s.fromSelected, o.selected || !s.hasValue else { return }
            page.forms[f].controls[s.control].value = o.value ?? PortalBytes.collapsed(o.text[...], limit: HTMLPage.valueLimit)
            select = (s.control, true, o.selected)
        }

        mutating func closeSelect() {
            closeOption()
            select = nil
        }

        mutating func closeLabel() {
            guard let l = label else { return }
            label = nil
            let text = PortalBytes.collapsed(l.text[...], limit: HTMLPage.labelLimit)
            guard !text.isEmpty else { return }
            if !l.target.isEmpty {
                if labels.count < HTMLPage.controlLimit { labels.append(HTMLAttribute(name: l.target, value: text)) }
            } else {
                for k in l.controls { page.forms[k / HTMLPage.controlLimit].controls[k % HTMLPage.controlLimit].label = text }
            }
        }

        /// An element that says it is an alert or an error opens a notice; inside one, a same-named element
        /// nests. Before the first form, any tag but an inline one ends a block of text.
        mutating func noticeStart(_ tag: HTMLTag) {
            if notice != nil {
                if tag.name == notice!.name && !tag.isSelfClosing { notice!.depth += 1 }
            } else if noticeText == nil && Self.isNotice(tag) {
                notice = (tag.name, 1, [])
            }
            if beforeForm == nil {
                if tag.is("br") { Self.append([0x20], to: &block, limit: HTMLPage.messageLimit * 4) } else if !Self.isInline(tag.name) { endBlock() }
            }
        }

        mutating func noticeEnd(_ name: [UInt8]) {
            if let n = notice, n.name == name {
                if n.depth > 1 {
                    notice!.depth -= 1
                } else {
                    notice = nil
                    if Self.hasText(n.text) { noticeText = n.text }
                }
            }
            if beforeForm == nil && !Self.isInline(name) { endBlock() }
        }

        mutating func endBlock() {
            if Self.hasText(block) { lastBlock = block }
            block = []
        }

        /// Anything but spaces and control characters.
        static func hasText(_ text: [UInt8]) -> Bool {
            for b in text where b > 0x20 { return true }
            return false
        }

        /// `role=alert`, or an id or class naming an error, alert or message; an empty or void element says
        /// nothing, and a hidden one is not shown.
        static func isNotice(_ tag: HTMLTag) -> Bool {
            if tag.isSelfClosing || tag.has("hidden") || isOne(of: "input img br hr meta link area source wbr col embed", tag.name) {
                return false
            }
            if let style = tag.attribute("style"), ClickThroughPlan.mentions(style, "none") { return false }
            if let role = tag.attribute("role"), ASCII.equalsIgnoringCase(PortalBytes.trimmed(role[...]), "alert") { return true }
            let says: StaticString = "error alert message"
            return ClickThroughPlan.mentions(tag.attribute("id") ?? [], says) || ClickThroughPlan.mentions(tag.attribute("class") ?? [], says)
        }

        /// Text-level elements: they do not end a block of text.
        static func isInline(_ name: [UInt8]) -> Bool { isOne(of: "a b i u s em strong span font small big code mark abbr br", name) }

        /// `name` (lowercase, as the scanner gives it) is one of the space-separated `words`.
        static func isOne(of words: StaticString, _ name: [UInt8]) -> Bool { ASCII.index(ofWord: name[...], in: words) != nil }

        /// Gives `<label for=…>` texts to their controls: at most `controlLimit` labels over short ids.
        mutating func finish() {
            closeLabel()
            closeSelect()
            if let n = notice { notice!.depth = 1; noticeEnd(n.name) }  // a page cut off inside its alert
            let message = HTMLPage.line(noticeText ?? beforeForm ?? [])
            page.message = message.isEmpty ? nil : message
            for l in labels {
                for f in page.forms.indices {
                    for c in page.forms[f].controls.indices where page.forms[f].controls[c].id == l.name {
                        page.forms[f].controls[c].label = l.value
                    }
                }
            }
        }
    }
}
