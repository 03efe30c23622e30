/// Answers the owner typed for a venue's portal that the portal accepted (the probe got through after them),
/// kept for the stay so that the next login there (a session's end, a reboot, another of the venue's APs)
/// fills a fresh page by itself instead of asking again.
///
/// They are for one venue and one page: the SSID, the helper that asked, and the exact origin (scheme, host,
/// port) that accepted them; over plain http, where any look-alike can answer for the name, also the
/// gateway's MAC address at the time. The helper uses them only when the portal asks again at that origin for
/// the same fields. Values are kept like passphrases (hex in the 0600 state file) and never logged, shown or
/// passed to anyone but that helper.
public struct RememberedAnswers: Hashable, Sendable {
    public var ssid: SSID
    public var helper: String
    /// `http://host[:port]` or `https://host[:port]` (`HTTPURL.origin`).
    public var origin: String
    /// `aa:bb:cc:dd:ee:ff`, lowercase; nil for a verified https origin, which needs no gateway to trust it.
    public var gateway: String?
    public var answers: [UIAnswer]
    /// Unix seconds when the portal accepted them; nil while the wall clock was not synchronised then (fixed at
    /// its first synchronised reading, like an owner network's lifetime).
    public var givenAt: Int64?

    public init(ssid: SSID, helper: String, origin: String, gateway: String? = nil, answers: [UIAnswer],
                givenAt: Int64? = nil) {
        self.ssid = ssid
        self.helper = helper
        self.origin = origin
        self.gateway = gateway
        self.answers = answers
        self.givenAt = givenAt
    }

    /// Venues kept at once; the oldest goes first.
    public static let maxEntries = 8
    /// Fields of one venue, and their values' bytes together: a hotel asks a name and a room, a café a code.
    /// Bounded so that a full table stays a small part of the state file's 64 KiB.
    public static let maxFields = 8
    public static let maxValueBytes = 512
    public static let maxOriginBytes = 256

    /// Why these answers cannot be kept, or nil: too many or too long for the state file.
    public var problem: String? {
        if answers.isEmpty { return "no answers" }
        if answers.count > RememberedAnswers.maxFields { return "more than 8 fields" }
        var bytes = 0
        for i in answers.indices {
            guard RememberedAnswers.isFieldName(answers[i].key) else { return "a field name that is not A-Z a-z 0-9 _" }
            bytes += answers[i].value.utf8.count
        }
        if bytes > RememberedAnswers.maxValueBytes { return "answers longer than 512 bytes together" }
        if !RememberedAnswers.isOrigin(origin) { return "not an origin" }
        if let g = gateway, !RememberedAnswers.isMAC(g) { return "not a MAC address" }
        return nil
    }

    /// The answers' field names as the helper protocol has them: `[A-Za-z0-9_]{1,32}`.
    static func isFieldName(_ s: String) -> Bool {
        let b = s.utf8
        guard !b.isEmpty, b.count <= 32 else { return false }
        for c in b where !(ASCII.isLetter(c) || ASCII.isDigit(c) || c == UInt8(ascii: "_")) { return false }
        return true
    }

    /// `http://` or `https://` and visible ASCII after it, no path: what `HTTPURL.origin` writes.
    public static func isOrigin(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count <= maxOriginBytes else { return false }
        let rest: ArraySlice<UInt8>
        if ASCII.hasPrefix(b[...], "http://") { rest = b[7...] } else if ASCII.hasPrefix(b[...], "https://") { rest = b[8...] } else { return false }
        guard !rest.isEmpty else { return false }
        for c in rest where !ASCII.isVisible(c) || c == UInt8(ascii: "/") { return false }
        return true
    }

    /// Six pairs of lowercase hex digits separated by colons.
    public static func isMAC(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count == 17 else { return false }
        for i in b.indices {
            if i % 3 == 2 {
                if b[i] != UInt8(ascii: ":") { return false }
            } else if !(ASCII.isDigit(b[i]) || (b[i] >= UInt8(ascii: "a") && b[i] <= UInt8(ascii: "f"))) {
                return false
            }
        }
        return true
    }

    /// `YYYY-MM-DD` (UTC) of `givenAt`, for "logged in with the answers you gave on DATE".
    public var givenDate: String? {
        guard let t = givenAt, t >= 0 else { return nil }
        return RememberedAnswers.date(t)
    }

    /// Howard Hinnant's days-to-civil: the proleptic Gregorian date of Unix seconds, no calendar library.
    static func date(_ unixSeconds: Int64) -> String {
        let z = unixSeconds / 86_400 + 719_468
        let era = z / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0" + String(n) : String(n) }
        return String(y) + "-" + two(m) + "-" + two(d)
    }
}
