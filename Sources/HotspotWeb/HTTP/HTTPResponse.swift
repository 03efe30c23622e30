import HotspotCore

/// A complete response, as `HTTPResponseParser` assembled it: the body is de-chunked, trailers are dropped.
public struct HTTPResponse: Hashable, Sendable {
    /// 100–599; never 1xx (interim responses are skipped).
    public var status: Int
    /// The reason phrase as sent (it may be empty; it means nothing).
    public var reason: [UInt8]
    /// In the order received, duplicates kept.
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(status: Int, reason: [UInt8] = [], headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (compared without case), nil when there is none.
    public func header(_ name: StaticString) -> [UInt8]? {
        for h in headers where ASCII.equalsIgnoringCase(h.name[...], name) { return h.value }
        return nil
    }

    /// Every value of the header `name` in order: each `Set-Cookie`, or a list split over several lines.
    public func headerValues(_ name: StaticString) -> [[UInt8]] {
        var out: [[UInt8]] = []
        for h in headers where ASCII.equalsIgnoringCase(h.name[...], name) { out.append(h.value) }
        return out
    }

    /// 301, 302, 303, 307, 308: a `Location` header says where to go next.
    public var isRedirect: Bool { status == 301 || status == 302 || status == 303 || status == 307 || status == 308 }
}
