import HotspotCore
import HotspotWeb

/// What a venue controller's login page does with its script, done by hotspotd to the page as parsed, so
/// the ordinary flow (`ClickThroughPlan`, the owner's answers, the rules for where answers go) sends what
/// the product's page would (issue 34; each from the product's documentation, docs/portal-products.md).
/// The script reads the page's own URL, so the values come from its query:
/// - **Cisco WLC web-auth**: a form with `buttonClicked` is sent with it set to 4 (the Submit button's
///   `submitAction()`), `redirect_url` set to the query's `redirect`, and, on an external page whose
///   query names `switch_url`, to that URL.
/// - **FortiGate**: the disclaimer's form (`magic` beside `answer`) goes with `answer` 1, its accept button's.
/// - **Aruba**: a form to `/cgi-bin/login` or `/auth/index.html/u` carries `cmd=authenticate` and the
///   query's `url`, which its script adds.
/// - **Ruckus SmartZone**: a form without an action, on a page whose query names `sip` and `uip`, goes to
///   `https://SIP:9997/SubscriberPortal/hotspotlogin` with the query's `uip`, `client_mac` and `url`.
/// - **Cisco Meraki**: a sign-on form without an action goes to the query's `login_url`, `success_url` the
///   query's `continue_url`; a click-through page (no form) leads on to `base_grant_url?continue_url=…`,
///   as its Continue link's script does.
/// A value the page already holds is kept, except `buttonClicked` and `answer`, which the script always sets.
public enum ProductScript: Equatable, Sendable {
    case ciscoWLC, fortiGate, aruba, ruckus, meraki

    /// The product whose script `page` (at `url`) relies on, after doing what it would; nil for none.
    public static func run(on page: inout HTMLPage, at url: HTTPURL) -> ProductScript? {
        func value(_ name: StaticString) -> [UInt8]? { FormEncoding.value(of: name, in: url.query ?? []) }
        if page.forms.isEmpty, let grant = value("base_grant_url"), let next = value("continue_url") {
            var pair: [UInt8] = []
            FormEncoding.append(name: Array("continue_url".utf8), value: next, to: &pair)
            page.scriptRedirectURL = grant + [UInt8(ascii: ASCII.firstIndex(of: UInt8(ascii: "?"), in: grant[...]) == nil ? "?" : "&")] + pair
            return .meraki
        }
        var found: ProductScript? = nil
        for i in page.forms.indices {
            var form = page.forms[i]
            let hasNoAction = PortalBytes.trimmed((form.action ?? [])[...]).isEmpty
            if has(form, "buttonClicked") {
                set(&form, "buttonClicked", to: Array("4".utf8), always: true)
                if let redirect = value("redirect") { set(&form, "redirect_url", to: redirect) }
                if let switchURL = value("switch_url") { form.action = switchURL }
                found = .ciscoWLC
            } else if has(form, "magic") && has(form, "answer") {
                set(&form, "answer", to: Array("1".utf8), always: true)
                found = .fortiGate
            } else if let target = try? url.resolve((form.action ?? [])[...]),
                      ASCII.equals(target.path, "/cgi-bin/login") || ASCII.equals(target.path, "/auth/index.html/u") {
                set(&form, "cmd", to: Array("authenticate".utf8))
                if let next = value("url") { set(&form, "url", to: next) }
                found = .aruba
            } else if hasNoAction, let sip = value("sip"), (try? HTTPURL.host(sip[...])) != nil, let uip = value("uip"),
                      let login = try? HTTPURL(parsing: (Array("https://".utf8) + sip + Array(":9997/SubscriberPortal/hotspotlogin".utf8))[...]) {
                form.action = login.bytes
                set(&form, "uip", to: uip)
                if let mac = value("client_mac") { set(&form, "client_mac", to: mac) }
                if let next = value("url") { set(&form, "url", to: next) }
                found = .ruckus
            } else if hasNoAction, let login = value("login_url") {
                form.action = login
                if let next = value("continue_url") { set(&form, "success_url", to: next) }
                found = .meraki
            } else {
                continue
            }
            page.forms[i] = form
        }
        return found
    }

    /// What the log calls it.
    public var name: String {
        switch self {
        case .ciscoWLC: return "Cisco WLC web-auth"
        case .fortiGate: return "FortiGate"
        case .aruba: return "Aruba"
        case .ruckus: return "Ruckus SmartZone"
        case .meraki: return "Cisco Meraki"
        }
    }

    static func has(_ form: HTMLForm, _ name: StaticString) -> Bool {
        for c in form.controls where ASCII.equals(c.name[...], name) { return true }
        return false
    }

    /// The named control's value, as the script sets it: a hidden field added when the page has none; one
    /// the page filled in kept unless `always`.
    static func set(_ form: inout HTMLForm, _ name: StaticString, to value: [UInt8], always: Bool = false) {
        for i in form.controls.indices where ASCII.equals(form.controls[i].name[...], name) {
            if always || form.controls[i].value.isEmpty { form.controls[i].value = value }
            return
        }
        form.controls.append(HTMLFormControl(type: .hidden, name: Array(ASCII.bytes(name)), value: value))
    }
}
