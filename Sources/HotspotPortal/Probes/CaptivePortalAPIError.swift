import HotspotWeb
/// Why an RFC 8908 captive-portal API answer cannot be used.
public indirect enum CaptivePortalAPIError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidJSON(JSONError)
    case notAnObject
    /// The required `captive` member is missing.
    case missingCaptive
    case captiveNotBoolean

    public var description: String {
        switch self {
        case .invalidJSON(let error): "captive-portal API answer is not JSON: " + error.description
        case .notAnObject: "captive-portal API answer is not a JSON object"
        case .missingCaptive: "captive-portal API answer has no \"captive\" member"
        case .captiveNotBoolean: "captive-portal API answer's \"captive\" is not true or false"
        }
    }
}
