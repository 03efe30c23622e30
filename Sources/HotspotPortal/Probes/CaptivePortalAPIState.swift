import HotspotWeb
/// An RFC 8908 captive-portal API answer (`application/captive+json`). Only `captive` is required; an
/// optional member of the wrong type (or an empty URL) counts as absent, unknown members are ignored, and the
/// first of duplicate members wins. Counts keep their integer part (a fraction is dropped, so a session is
/// never thought longer than it is); a negative count is 0; a count in exponent notation counts as absent.
public struct CaptivePortalAPIState: Equatable, Sendable {
    public var captive: Bool
    public var userPortalURL: [UInt8]?
    public var venueInfoURL: [UInt8]?
    /// False when absent.
    public var canExtendSession: Bool
    public var secondsRemaining: Int64?
    public var bytesRemaining: Int64?

    public init(captive: Bool, userPortalURL: [UInt8]? = nil, venueInfoURL: [UInt8]? = nil,
                canExtendSession: Bool = false, secondsRemaining: Int64? = nil, bytesRemaining: Int64? = nil) {
        self.captive = captive
        self.userPortalURL = userPortalURL
        self.venueInfoURL = venueInfoURL
        self.canExtendSession = canExtendSession
        self.secondsRemaining = secondsRemaining
        self.bytesRemaining = bytesRemaining
    }

    public init(parsing body: [UInt8]) throws(CaptivePortalAPIError) {
        let json: JSONValue
        do { json = try JSONValue(parsing: body) } catch { throw .invalidJSON(error) }
        guard case .object = json else { throw .notAnObject }
        guard let captive = json[member: "captive"] else { throw .missingCaptive }
        guard case .bool(let isCaptive) = captive else { throw .captiveNotBoolean }
        self.init(captive: isCaptive)
        userPortalURL = Self.url(json[member: "user-portal-url"])
        venueInfoURL = Self.url(json[member: "venue-info-url"])
        if case .bool(let can)? = json[member: "can-extend-session"] { canExtendSession = can }
        secondsRemaining = Self.count(json[member: "seconds-remaining"])
        bytesRemaining = Self.count(json[member: "bytes-remaining"])
    }

    static func url(_ value: JSONValue?) -> [UInt8]? {
        guard case .string(let s)? = value, !s.isEmpty else { return nil }
        return s
    }

    static func count(_ value: JSONValue?) -> Int64? {
        guard case .number(let n)? = value, !n.hasExponent, let whole = n.integerPart else { return nil }
        return max(0, whole)
    }
}
