import HotspotCore

/// The cookies of one portal login (RFC 6265, the parts a login needs): `store` takes each `Set-Cookie`
/// of a response, `cookieHeader` gives the `Cookie` value for the next request.
///
/// Domain must domain-match the host it came from, and a one-label domain (`com`, as a stand-in for a
/// public-suffix list) is refused; Path scopes it; Secure keeps it to https (and is refused from http);
/// Max-Age ≤ 0 or an Expires before `now` removes it. Nothing else about time is kept: the jar lives for
/// one login. At most `maxCookies` (the oldest go first), each `Set-Cookie` at most `maxSetCookieBytes`.
public struct HTTPCookieJar: Hashable, Sendable {
    public static let maxCookies = 50
    public static let maxSetCookieBytes = 4096

    struct Cookie: Hashable, Sendable {
        var name: [UInt8]
        var value: [UInt8]
        /// Lowercase; the origin host itself when `hostOnly`.
        var domain: [UInt8]
        var hostOnly: Bool
        var path: [UInt8]
        var secure: Bool
    }

    /// Oldest first.
    var cookies: [Cookie] = []
    let now: Int64

    /// `now`: seconds since 1970, for `Expires`. A router may not know the time before the portal lets it
    /// reach NTP: a time that is late rather than early (the build date at least) keeps live cookies.
    public init(now: Int64) { self.now = now }

    public var count: Int { cookies.count }

    /// What `store` did with a `Set-Cookie`.
    public indirect enum Outcome: Hashable, Sendable, CustomStringConvertible {
        case stored
        /// Max-Age ≤ 0 or expired: the cookie of that name, domain and path is gone (if there was one).
        case removed
        /// No `name=`, an empty name, or a control byte (not tab) in name or value.
        case malformed
        case tooLarge
        /// The Domain attribute does not cover the host it came from, or is a single label.
        case domainRefused
        /// Secure, but from an http URL.
        case secureFromInsecureOrigin

        public var description: String {
            switch self {
            case .stored: return "cookie stored"
            case .removed: return "cookie removed"
            case .malformed: return "cookie ignored: malformed Set-Cookie"
            case .tooLarge: return "cookie ignored: Set-Cookie longer than " + String(HTTPCookieJar.maxSetCookieBytes) + " bytes"
            case .domainRefused: return "cookie ignored: its Domain does not cover the host it came from"
            case .secureFromInsecureOrigin: return "cookie ignored: Secure cookie from an http URL"
            }
        }
    }

    @discardableResult
    public mutating func store(setCookie: [UInt8], from url: HTTPURL) -> Outcome {
        guard setCookie.count <= HTTPCookieJar.maxSetCookieBytes else { return .tooLarge }
        let parts = ASCII.split(setCookie[...], on: UInt8(ascii: ";"))
        guard let eq = ASCII.firstIndex(of: ASCII.equals, in: parts[0]) else { return .malformed }
        let name = ASCII.trimmingBlanks(parts[0][..<eq])
        let value = ASCII.trimmingBlanks(parts[0][(eq + 1)...])
        // Control bytes other than tab are refused (RFC 6265bis §5.6): they would go back in a Cookie header.
        guard !name.isEmpty, !ASCII.hasControl(name), !ASCII.hasControl(value) else { return .malformed }
        let host = url.host.bytes
        var cookie = Cookie(name: Array(name), value: Array(value), domain: host, hostOnly: true,
                            path: HTTPCookieJar.defaultPath(url.path), secure: false)
        var expired = false
        var maxAgeSeen = false
        for attribute in parts.dropFirst() {
            let aeq = ASCII.firstIndex(of: ASCII.equals, in: attribute) ?? attribute.endIndex
            let key = ASCII.trimmingBlanks(attribute[..<aeq])
            let v = aeq < attribute.endIndex ? ASCII.trimmingBlanks(attribute[(aeq + 1)...]) : attribute[aeq...]
            switch ASCII.index(ofWord: key, in: "max-age expires domain path secure") {
            case 0:
                // Max-Age wins over Expires, whichever comes first (§5.3 step 3).
                let digits = v.first == UInt8(ascii: "-") ? v.dropFirst() : v
                guard !digits.isEmpty, digits.allSatisfy(ASCII.isDigit) else { continue }
                maxAgeSeen = true
                expired = v.first == UInt8(ascii: "-") || digits.allSatisfy { $0 == UInt8(ascii: "0") }
            case 1:
                if !maxAgeSeen, let t = HTTPCookieJar.parseDate(v) { expired = t < now }
            case 2:
                var d = v
                if d.first == HTTPURL.dot { d = d.dropFirst() }
                guard !d.isEmpty else { continue }
                cookie.domain = ASCII.lowercased(d)
                cookie.hostOnly = false
            case 3:
                cookie.path = v.first == HTTPURL.slash ? Array(v) : HTTPCookieJar.defaultPath(url.path)
            case 4:
                cookie.secure = true
            default:
                break
            }
        }
        if !cookie.hostOnly {
            if cookie.domain == host {
                cookie.hostOnly = true
            } else if case .ipv4 = url.host {
                return .domainRefused
            } else if !HTTPCookieJar.domainMatches(host, cookie.domain) || !cookie.domain.contains(HTTPURL.dot) {
                return .domainRefused
            }
        }
        if cookie.secure && url.scheme == .http { return .secureFromInsecureOrigin }
        if expired {
            if let i = index(of: cookie) { cookies.remove(at: i) }
            return .removed
        }
        insert(cookie)
        return .stored
    }

    /// The cookie of the same name, domain and path.
    func index(of cookie: Cookie) -> Int? {
        for i in cookies.indices where cookies[i].name == cookie.name && cookies[i].domain == cookie.domain && cookies[i].path == cookie.path {
            return i
        }
        return nil
    }

    /// In place of the cookie of the same name, domain and path, which keeps its place (its creation time
    /// counts for order, §5.4); else last, the oldest going when the jar is full.
    mutating func insert(_ cookie: Cookie) {
        if let i = index(of: cookie) {
            cookies[i] = cookie
        } else {
            if cookies.count == HTTPCookieJar.maxCookies { cookies.remove(at: 0) }
            cookies.append(cookie)
        }
    }

    /// The `Cookie` header's value for a request to `url` (`a=1; b=2`, longer paths first), nil if none.
    public func cookieHeader(for url: HTTPURL) -> [UInt8]? {
        let host = url.host.bytes
        let path = url.path
        var matching: [Int] = []
        for i in cookies.indices {
            let c = cookies[i]
            let domainOK: Bool
            if c.hostOnly {
                domainOK = c.domain == host
            } else if case .ipv4 = url.host {
                domainOK = c.domain == host
            } else {
                domainOK = HTTPCookieJar.domainMatches(host, c.domain)
            }
            if domainOK && HTTPCookieJar.pathMatches(path, c.path) && (!c.secure || url.scheme == .https) {
                // Longer paths first, equal ones in the jar's order: inserted in place (at most maxCookies; the
                // stdlib's sort brought over a kilobyte of merge code for this one list).
                var at = matching.count
                while at > 0 && cookies[matching[at - 1]].path.count < c.path.count { at -= 1 }
                matching.insert(i, at: at)
            }
        }
        guard !matching.isEmpty else { return nil }
        var out: [UInt8] = []
        for i in matching {
            if !out.isEmpty { ASCII.append(&out, "; ") }
            out.append(contentsOf: cookies[i].name)
            out.append(ASCII.equals)
            out.append(contentsOf: cookies[i].value)
        }
        return out
    }

    /// §5.1.3: the host is the domain or ends with `.domain`. Also the portal domains' rule (`PortalHostPolicy`).
    public static func domainMatches(_ host: [UInt8], _ domain: [UInt8]) -> Bool {
        if host == domain { return true }
        guard host.count > domain.count, host[host.count - domain.count - 1] == HTTPURL.dot else { return false }
        return ASCII.equal(host[(host.count - domain.count)...], domain)
    }

    /// §5.1.4: the same path, or the cookie's path is a prefix ending at a `/` of the request's.
    static func pathMatches(_ requestPath: ArraySlice<UInt8>, _ cookiePath: [UInt8]) -> Bool {
        guard requestPath.count >= cookiePath.count, ASCII.equal(requestPath.prefix(cookiePath.count), cookiePath) else {
            return false
        }
        return requestPath.count == cookiePath.count || cookiePath.last == HTTPURL.slash
            || requestPath[requestPath.startIndex + cookiePath.count] == HTTPURL.slash
    }

    /// §5.1.4: the request path up to (not including) its last `/`, or `/`.
    static func defaultPath(_ path: ArraySlice<UInt8>) -> [UInt8] {
        guard let last = ASCII.lastIndex(of: HTTPURL.slash, in: path), last > path.startIndex,
              path.first == HTTPURL.slash else { return [HTTPURL.slash] }
        return Array(path[..<last])
    }

    /// An RFC 6265 §5.1.1 cookie date (`Wed, 21 Oct 2015 07:28:00 GMT` and the other forms servers send),
    /// as seconds since 1970; nil when it is not one.
    public static func parseDate(_ text: ArraySlice<UInt8>) -> Int64? {
        var time: (Int, Int, Int)? = nil
        var day: Int? = nil
        var month: Int? = nil
        var year: Int? = nil
        // The leading 1...max digits of a token and whether a non-digit or the end follows them.
        func number(_ t: ArraySlice<UInt8>, _ min: Int, _ max: Int) -> Int? {
            var end = t.startIndex
            while end < t.endIndex && ASCII.isDigit(t[end]) { end += 1 }
            let digits = t[..<end]
            guard digits.count >= min, digits.count <= max else { return nil }
            return ASCII.decimal(digits, maxDigits: max)
        }
        func isDelimiter(_ b: UInt8) -> Bool {
            b == 0x09 || (b >= 0x20 && b <= 0x2f) || (b >= 0x3b && b <= 0x40) || (b >= 0x5b && b <= 0x60) || (b >= 0x7b && b <= 0x7e)
        }
        // Tokens between delimiters, and a time's fields between its first two colons, found by loops: the
        // stdlib's split(whereSeparator:) and split(separator:maxSplits:…) brought specialisations of their own.
        var next = text.startIndex
        while next < text.endIndex {
            if isDelimiter(text[next]) { next += 1; continue }
            var end = next
            while end < text.endIndex && !isDelimiter(text[end]) { end += 1 }
            let token = text[next..<end]
            next = end
            if time == nil, let c1 = ASCII.firstIndex(of: UInt8(ascii: ":"), in: token),
               let c2 = ASCII.firstIndex(of: UInt8(ascii: ":"), in: token[(c1 + 1)...]) {
                if let h = ASCII.decimal(token[..<c1], maxDigits: 2), let m = ASCII.decimal(token[(c1 + 1)..<c2], maxDigits: 2),
                   let s = number(token[(c2 + 1)...], 1, 2) {
                    time = (h, m, s)
                    continue
                }
            }
            if day == nil, let d = number(token, 1, 2) {
                day = d
                continue
            }
            if month == nil, token.count >= 3, let m = ASCII.index(ofWord: token.prefix(3), in: "jan feb mar apr may jun jul aug sep oct nov dec") {
                month = m + 1
                continue
            }
            if year == nil, let y = number(token, 2, 4) { year = y }
        }
        guard let (h, mi, s) = time, let d = day, let m = month, var y = year else { return nil }
        if y >= 70 && y <= 99 { y += 1900 } else if y <= 69 { y += 2000 }
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
        // 31 days in January, March, May, July, August, October and December, 30 in the other months but February.
        let monthDays = m == 2 ? (leap ? 29 : 28) : 30 + (m + m / 8) % 2
        guard y >= 1601, d >= 1, d <= monthDays, h <= 23, mi <= 59, s <= 59 else { return nil }
        // Days from 1970-01-01 to y-m-d (Howard Hinnant's days_from_civil; y > 0 here).
        let yy = m <= 2 ? y - 1 : y
        let era = yy / 400
        let yoe = yy - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let days = era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468
        return Int64(days) * 86400 + Int64(h * 3600 + mi * 60 + s)
    }
}
