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

    public var description: String {
        let text: String
        switch self {
        case .noError: text = "no error"
        case .loginSucceeded: text = "login succeeded"
        case .loginFailed: text = "login failed"
        case .radiusError: text = "RADIUS server error or timeout"
        case .radiusNotEnabled: text = "the gateway has no RADIUS enabled"
        case .logoffSucceeded: text = "logoff succeeded"
        case .loginAborted: text = "login aborted"
        case .proxyDetection: text = "proxy detected, repeat"
        case .authenticationPending: text = "authentication pending"
        case .gatewayError: text = "access gateway internal error"
        case .other: text = "unknown code"
        }
        return text + " (" + code.description + ")"
    }
}
