import HotspotCore
import HotspotWeb

/// A captive-portal product whose own login hotspotd performs, in place of the script its page would run
/// (issue 19; each from the product's public documentation):
/// - **CoovaChilli's UAM**: its redirect to the UAM server carries `res=notyet`, `uamip` (an IPv4 address),
///   `uamport` and `challenge` (16 bytes in hex). The login is `GET http://uamip:uamport/logon` with `username`
///   and `response`, CHAP's answer: hex MD5(0 + password + challenge). Chilli answers with a redirect to the UAM
///   server (`res=success`, or `res=failed` and its `reply`). PAP (`password=`, the password XOR the challenge)
///   is never sent: the challenge travels in clear, so anyone who saw both reads the password back.
/// - **MikroTik's Hotspot**: login.html computes `hexMD5('<chap-id>' + password + '<chap-challenge>')` (octal
///   escapes) in its script and posts it with `username` in its form to `link-login-only`; the form taken is
///   the first with a `password` field (the `sendin` form). A page without that CHAP is an ordinary form.
/// - **UniFi's guest portal** (`/guest/s/SITE/…`): a script app without a form; its free access is `POST
///   /guest/s/SITE/login` of the JSON `{}` (the app keeps the terms' acceptance in a cookie of its own),
///   answered `{"meta":{"rc":"ok"},…}` or `{"meta":{"rc":"error","msg":…}}`.
/// Bounded: the page's bytes as read, literals of at most `ScriptRedirect.literalLimit`, short CHAP values.
public struct PortalProduct: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case chilli, mikroTik, uniFi }

    public var kind: Kind
    /// CHAP's answer is MD5(`chapID` + password + `challenge`); both empty for UniFi, whose login sends no secret.
    public var chapID: [UInt8] = []
    public var challenge: [UInt8] = []
    /// Where the login goes (its action, as written) and its fields; `fields(user:answer:)` fills them in.
    public var form: HTMLForm

    /// `entry`: the portal's URL as the probe's redirect named it (Chilli's parameters); `url`, `html`, `body`:
    /// the portal page as fetched.
    public init?(entry: HTTPURL, url: HTTPURL, html: HTMLPage, body: [UInt8]) {
        let pairs = entry.query.flatMap { try? FormEncoding.decode($0) } ?? []
        func value(_ name: StaticString) -> [UInt8]? {
            for p in pairs where ASCII.equals(p.name[...], name) { return p.value }
            return nil
        }
        if let res = value("res"), ASCII.equals(res[...], "notyet"), let ip = value("uamip").flatMap({ IPv4Address($0[...]) }),
           let port = value("uamport").flatMap({ Int(String(decoding: $0, as: UTF8.self)) }), port > 0, port < 65536,
           let challenge = value("challenge").flatMap({ Hex.decode($0[...]) }), challenge.count == 16 {
            let hidden = { (name: StaticString) in HTMLFormControl(type: .hidden, name: Array(ASCII.bytes(name))) }
            self.init(kind: .chilli, chapID: [0], challenge: challenge,
                      form: HTMLForm(action: Array(("http://" + ip.description + ":" + String(port) + "/logon").utf8), method: .get,
                                     controls: [hidden("username"), hidden("response")]))
            return
        }
        if let site = ASCII.dropPrefix(url.path, "/guest/s/"), let slash = site.firstIndex(of: UInt8(ascii: "/")), slash > site.startIndex {
            self.init(kind: .uniFi, form: HTMLForm(action: Array(url.path[..<(slash + 1)]) + Array("login".utf8), method: .post))
            return
        }
        // hexMD5(ID + document.login.password.value + CHALLENGE): the literal, the password's expression, the literal.
        guard let at = ASCII.firstIndex(of: "hexMD5(", in: body[...]),
              case .url(let id) = ScriptRedirect.literal(body[...], at: PortalBytes.skipSpace(body[...], from: at + 7)),
              let plus = body[(at + 8)...].firstIndex(of: UInt8(ascii: "+")),
              let second = body[(plus + 1)...].firstIndex(of: UInt8(ascii: "+")),
              case .url(let challenge) = ScriptRedirect.literal(body[...], at: PortalBytes.skipSpace(body[...], from: second + 1)),
              id.count <= 16, challenge.count <= 64,
              let form = html.forms.first(where: { $0.controls.contains { ASCII.equals($0.name[...], "password") } })
        else { return nil }
        self.init(kind: .mikroTik, chapID: id, challenge: challenge, form: form)
    }

    init(kind: Kind, chapID: [UInt8] = [], challenge: [UInt8] = [], form: HTMLForm) {
        self.kind = kind
        self.chapID = chapID
        self.challenge = challenge
        self.form = form
    }

    public var name: String { kind == .chilli ? "CoovaChilli" : kind == .mikroTik ? "MikroTik" : "UniFi" }

    /// The form's fields as a browser would send them, `username` set to `user` and `password` or `response`
    /// to the CHAP `answer`.
    public func fields(user: [UInt8], answer: [UInt8]) -> [FormField] {
        var out = ClickThroughPlan.fields(form, [])
        for i in out.indices {
            let name = out[i].name[...]
            if ASCII.equals(name, "username") { out[i].value = user }
            if ASCII.equals(name, "password") || ASCII.equals(name, "response") { out[i].value = answer }
        }
        return out
    }
}
