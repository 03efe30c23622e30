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
///   escapes) in its script and posts it with `username` to `link-login-only`, as its login form's fields
///   (the `sendin` form's). A page without that CHAP is an ordinary form.
/// - **UniFi's guest portal** (`/guest/s/SITE/…`): a script app without a form; its free access is `POST
///   /guest/s/SITE/login` of the JSON `{}` (the app keeps the terms' acceptance in a cookie of its own),
///   answered `{"meta":{"rc":"ok"},…}` or `{"meta":{"rc":"error","msg":…}}`.
/// - **TP-Link Omada's portal** (`/portal…?clientMac=…`): a script app without a form; it asks `POST
///   /portal/getPortalPageSetting` how guests get in (`authType`) and logs in with `POST /portal/auth`, both
///   JSON carrying the client's identity from the page's query; `errorCode` 0 is a login.
/// Bounded: the page's bytes as read, literals of at most `ScriptRedirect.literalLimit`, short CHAP values.
public struct PortalProduct: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case chilli, mikroTik, uniFi, omada }

    public var kind: Kind
    /// CHAP's answer is MD5(`chapID` + password + `challenge`); both empty for UniFi, whose login sends no secret.
    public var chapID: [UInt8] = []
    public var challenge: [UInt8] = []
    /// Where the login goes, as written: Chilli's logon URL, UniFi's and Omada's login path; nil for MikroTik, whose
    /// login form on the page posts the answer in place of the password.
    public var login: [UInt8]? = nil

    /// `entry`: the portal's URL as the probe's redirect named it (Chilli's parameters); `url` and `body`: the
    /// portal page as fetched.
    public init?(entry: HTTPURL, url: HTTPURL, body: [UInt8]) {
        // Chilli's values are digits, dots and hex: read as written, not decoded.
        let pieces = ASCII.split(entry.query ?? [], on: UInt8(ascii: "&"))
        func value(_ name: StaticString) -> [UInt8]? {
            for p in pieces {
                if let v = ASCII.dropPrefix(p, name), v.first == UInt8(ascii: "=") { return Array(v.dropFirst()) }
            }
            return nil
        }
        // The logon URL from an address and a port of digits (HTTPURL refuses one over 65535).
        if let res = value("res"), ASCII.equals(res[...], "notyet"), let ip = value("uamip"), IPv4Address(ip[...]) != nil,
           let port = value("uamport"), ASCII.decimal(port[...], maxDigits: 5) != nil,
           let hex = value("challenge"), let challenge = Hex.decode(hex[...]), challenge.count == 16 {
            self.init(kind: .chilli, chapID: [0], challenge: challenge, login: Array("http://".utf8) + ip + [UInt8(ascii: ":")] + port + Array("/logon".utf8))
            return
        }
        if let site = ASCII.dropPrefix(url.path, "/guest/s/"), let slash = ASCII.firstIndex(of: UInt8(ascii: "/"), in: site), slash > site.startIndex {
            self.init(kind: .uniFi, login: Array(url.path[..<(slash + 1)]) + Array("login".utf8))
            return
        }
        // Omada's page reads the client's identity from its own query.
        if ASCII.dropPrefix(url.path, "/portal") != nil, FormEncoding.value(of: "clientMac", in: url.query ?? []) != nil {
            self.init(kind: .omada, login: Array("/portal/auth".utf8))
            return
        }
        // hexMD5(ID + document.login.password.value + CHALLENGE): the literal, the password's expression, the literal.
        guard let at = ASCII.firstIndex(of: "hexMD5(", in: body[...]),
              case .url(let id) = ScriptRedirect.literal(body[...], at: PortalBytes.skipSpace(body[...], from: at + 7)),
              let plus = ASCII.firstIndex(of: UInt8(ascii: "+"), in: body[(at + 8)...]),
              let second = ASCII.firstIndex(of: UInt8(ascii: "+"), in: body[(plus + 1)...]),
              case .url(let challenge) = ScriptRedirect.literal(body[...], at: PortalBytes.skipSpace(body[...], from: second + 1)),
              id.count <= 16, challenge.count <= 64
        else { return nil }
        self.init(kind: .mikroTik, chapID: id, challenge: challenge)
    }

    /// The messages of MikroTik's errors.txt that refuse a guest's login, each without its `$(username)` part:
    /// a wrong account or voucher, a voucher used up, a voucher in use on another device. (The others name the
    /// venue's own faults, a RADIUS server down or a pool empty, which a browser shows as well as anything.)
    static let mikroTikErrors: StaticString = """
        invalid username or password|reached uptime limit|reached traffic limit|no more sessions are allowed
        """

    /// A refused MikroTik login: login.html comes back with `$(error)`, a message of its errors.txt, which v6's
    /// template shows in a red `div` after the form, an element that does not say it is an error. The text
    /// between the tags around the first such message the page holds, as one line; nil when it holds none
    /// (a venue may have reworded its errors.txt).
    public static func mikroTikError(in body: [UInt8]) -> [UInt8]? {
        for n in 0... {
            let message = ASCII.word(n, of: mikroTikErrors, separator: UInt8(ascii: "|"))
            if message.isEmpty { return nil }
            guard let at = ASCII.firstIndex(of: message, in: body[...]) else { continue }
            var start = at, end = at + message.count
            while start > 0 && body[start - 1] != UInt8(ascii: ">") { start -= 1 }
            while end < body.count && body[end] != UInt8(ascii: "<") { end += 1 }
            return HTMLPage.line(Array(body[start..<end]))
        }
        return nil
    }

    init(kind: Kind, chapID: [UInt8] = [], challenge: [UInt8] = [], login: [UInt8]? = nil) {
        self.kind = kind
        self.chapID = chapID
        self.challenge = challenge
        self.login = login
    }
}
