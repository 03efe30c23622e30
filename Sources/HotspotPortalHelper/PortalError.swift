import HotspotWeb

/// Why the portal's page or form could not be used.
indirect enum PortalError: Error, CustomStringConvertible {
    case http(HTTPClientError)
    case unusableURL(HTTPURLError)
    /// The owner's answers would go where `PortalHostPolicy` sends no secret.
    case answersNotSent

    /// Worth trying again later (the network), rather than a portal this helper cannot handle.
    var isTemporary: Bool {
        switch self {
        case .http(let e):
            switch e {
            case .hostNotAllowed, .destinationNotAllowed, .request, .redirect, .tooManyRedirects, .response: return false
            case .resolve, .socket, .connect, .connectTimedOut, .timedOut, .io, .tls: return true
            }
        case .unusableURL, .answersNotSent: return false
        }
    }

    var description: String {
        switch self {
        case .http(let e): return e.description
        case .unusableURL(let e): return e.description
        case .answersNotSent: return "the owner's answers are not sent, as " + PortalHelper.answersGo
        }
    }
}
