import HotspotCore

/// A WISPr 1.0 `<ResponseCode>`.
public enum WISPrResponseCode: Equatable, Sendable, CustomStringConvertible {
    case noError                // 0, in a Redirect
    case loginSucceeded         // 50
    case loginFailed            // 100
    case radiusError            // 102, RADIUS server error or timeout
    case radiusNotEnabled       // 105
    case logoffSucceeded        // 150
    case loginAborted           // 151
    case proxyDetection         // 200
    case authenticationPending  // 201: poll LoginResultsURL after Delay
    case gatewayError           // 255, access gateway internal error
    case other(Int)

    public init(_ code: Int) {
        switch code {
        case 0: self = .noError
        case 50: self = .loginSucceeded
        case 100: self = .loginFailed
        case 102: self = .radiusError
        case 105: self = .radiusNotEnabled
        case 150: self = .logoffSucceeded
        case 151: self = .loginAborted
        case 200: self = .proxyDetection
        case 201: self = .authenticationPending
        case 255: self = .gatewayError
        default: self = .other(code)
        }
    }

    public var code: Int {
        switch self {
        case .noError: 0
        case .loginSucceeded: 50
        case .loginFailed: 100
        case .radiusError: 102
        case .radiusNotEnabled: 105
        case .logoffSucceeded: 150
        case .loginAborted: 151
        case .proxyDetection: 200
        case .authenticationPending: 201
        case .gatewayError: 255
        case .other(let code): code
        }
    }

    /// The words from one literal, in the cases' order: a literal per case was code of its own.
    public var description: String {
        let place: Int
        switch self {
        case .noError: place = 0
        case .loginSucceeded: place = 1
        case .loginFailed: place = 2
        case .radiusError: place = 3
        case .radiusNotEnabled: place = 4
        case .logoffSucceeded: place = 5
        case .loginAborted: place = 6
        case .proxyDetection: place = 7
        case .authenticationPending: place = 8
        case .gatewayError: place = 9
        case .other: place = 10
        }
        let words = ASCII.word(place, of: """
            no error|login succeeded|login failed|RADIUS server error or timeout|the gateway has no RADIUS enabled|\
            logoff succeeded|login aborted|proxy detected, repeat|authentication pending|access gateway internal error|unknown code
            """, separator: UInt8(ascii: "|"))
        return String(decoding: words, as: UTF8.self) + " (" + code.description + ")"
    }
}
