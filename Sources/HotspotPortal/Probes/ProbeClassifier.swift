import HotspotCore
/// Classifies a connectivity probe's HTTP answer, after Android's NetworkMonitor and travelmate:
///
/// - 204: open.
/// - 200 with a body of at most 4 bytes: open (an empty 200 is not a portal; Android counts it as a
///   204 for the same reason, some networks strip the body).
/// - 200 whose body is `expectedBody` (Firefox's `success\n`, Apple's Success page), ignoring whitespace at
///   either end (proxies re-wrap lines): open. Any other 200 body is a portal even with no form in it, since
///   the probe URL's own content never changes.
/// - 3xx with a `Location`: portal at that URL. Whether it points back at the probe's own host (an
///   upgrade to HTTPS) is the driver's to decide, which has the URLs.
/// - any other 200–399 answer, and 511 (RFC 6585 "Network Authentication Required", sent by portals): portal,
///   at the body's meta refresh or script redirect when it has one.
/// - everything else (1xx, 4xx, other 5xx, nonsense): no internet.
public struct ProbeClassifier: Equatable, Sendable {
    /// The body the probe URL serves when nothing is in the way; nil to accept any 200 of ≤ 4 bytes only.
    public var expectedBody: [UInt8]?

    public init(expectedBody: [UInt8]? = nil) { self.expectedBody = expectedBody }

    /// `location` is the raw `Location` header value, if any; `body` the answer's body bytes (only the first
    /// `HTMLScanner.inputLimit` are read).
    public func classify(status: Int, location: [UInt8]?, body: [UInt8]) -> ProbeVerdict {
        if status == 204 { return .open }
        if status == 200 {
            if body.count <= 4 { return .open }
            if let expected = expectedBody, PortalBytes.trimmed(body[...]).elementsEqual(PortalBytes.trimmed(expected[...])) {
                return .open
            }
        }
        guard (200...399).contains(status) || status == 511 else { return .noInternet }
        if (300...399).contains(status), let location {
            let target = PortalBytes.trimmed(location[...])
            if !target.isEmpty { return .portal(url: Array(target)) }
        }
        let page = HTMLPage(parsing: body)
        return .portal(url: page.refreshURL ?? page.scriptRedirectURL)
    }
}
