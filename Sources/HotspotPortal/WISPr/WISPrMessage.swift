import HotspotCore
import HotspotWeb
/// A WISPr 1.0 message: the `<WISPAccessGatewayParam>` XML a gateway puts in its portal page (usually inside
/// an HTML comment, after an `<?xml …?>` prolog) or returns from a login. Read tolerantly: element names
/// compare without their namespace prefix and without case, values have entities and CDATA decoded and
/// surrounding whitespace trimmed, the spec's literal `CDATA[[…]]` wrapper is removed, the first of a
/// repeated element wins and unknown elements are ignored.
public struct WISPrMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable, CustomStringConvertible {
        case redirect                 // MessageType 100: where and how to log in
        case proxy                    // 110
        case authenticationReply      // 120
        case logoffReply              // 130
        case authenticationPollReply  // 140
        case abortLoginReply          // 150

        init?(_ name: ArraySlice<UInt8>) {
            switch ASCII.index(ofWord: name, in: "redirect proxy authenticationreply logoffreply authenticationpollreply abortloginreply") {
            case 0: self = .redirect
            case 1: self = .proxy
            case 2: self = .authenticationReply
            case 3: self = .logoffReply
            case 4: self = .authenticationPollReply
            case 5: self = .abortLoginReply
            default: return nil
            }
        }

        /// The element's name as the spec writes it.
        public var description: String {
            switch self {
            case .redirect: "Redirect"
            case .proxy: "Proxy"
            case .authenticationReply: "AuthenticationReply"
            case .logoffReply: "LogoffReply"
            case .authenticationPollReply: "AuthenticationPollReply"
            case .abortLoginReply: "AbortLoginReply"
            }
        }
    }

    /// Longest value kept for one element.
    public static let valueLimit = 4096

    public var kind: Kind
    public var messageType: Int?
    public var responseCode: WISPrResponseCode?
    public var accessProcedure: [UInt8]?
    public var accessLocation: [UInt8]?
    public var locationName: [UInt8]?
    public var loginURL: [UInt8]?
    public var abortLoginURL: [UInt8]?
    public var nextURL: [UInt8]?
    public var replyMessage: [UInt8]?
    public var loginResultsURL: [UInt8]?
    public var logoffURL: [UInt8]?
    /// Seconds to wait before polling `loginResultsURL` (or following `nextURL`).
    public var delay: Int?

    public init(kind: Kind) { self.kind = kind }

    /// The WISPr message in a page (HTML with the XML in a comment, or the XML alone); nil when it has none.
    public static func find(in page: [UInt8]) throws(WISPrError) -> WISPrMessage? {
        guard var scanner = scannerAtRoot(page) else { return nil }
        return try read(&scanner)
    }

    /// A scanner just past the root's start tag: in the comment that holds it, or in the page itself.
    static func scannerAtRoot(_ page: [UInt8]) -> HTMLScanner? {
        var scanner = HTMLScanner(page)
        while let token = scanner.next() {
            switch token {
            case .comment(let text):
                guard ASCII.firstIndexIgnoringCase(of: "wispaccessgatewayparam", in: text[...]) != nil else { continue }
                var inner = HTMLScanner(text)
                while let t = inner.next() {
                    if case .startTag(let tag) = t, isRoot(tag.name[...]) { return inner }
                }
            case .startTag(let tag):
                if isRoot(tag.name[...]) { return scanner }
            case .endTag, .text, .rawText:
                continue
            }
        }
        return nil
    }

    static func localName(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let colon = ASCII.lastIndex(of: UInt8(ascii: ":"), in: name) else { return name }
        return name[(colon + 1)...]
    }

    static func isRoot(_ name: ArraySlice<UInt8>) -> Bool { ASCII.equalsIgnoringCase(localName(name), "wispaccessgatewayparam") }

    /// The message after the root's start tag: its first known child element, with one value per child.
    static func read(_ scanner: inout HTMLScanner) throws(WISPrError) -> WISPrMessage {
        // The message once its element opened (`found`): not an optional, whose unwrapping copied it.
        var message = WISPrMessage(kind: .redirect)
        var found = false
        var closed = false
        var field: [UInt8]?
        var value: [UInt8] = []
        tokens: while let token = scanner.next() {
            switch token {
            case .startTag(let tag):
                let name = localName(tag.name[...])
                if !found {
                    if let kind = Kind(name) {
                        message.kind = kind
                        found = true
                        closed = tag.isSelfClosing
                    }
                } else if !closed && field == nil {
                    if tag.isSelfClosing { try message.set(name, []) } else { field = Array(name); value = [] }
                }
            case .endTag(let tagName):
                let name = localName(tagName[...])
                if let f = field {
                    if ASCII.equal(name, f) {
                        try message.set(f[...], value)
                        field = nil
                    }
                } else if found, !closed, Kind(name) == message.kind {
                    closed = true
                } else if isRoot(name) {
                    break tokens
                }
            case .text(let text), .rawText(let text):
                if field != nil { value.append(contentsOf: text.prefix(max(0, valueLimit - value.count))) }
            case .comment:
                continue
            }
        }
        guard found else { throw .noMessage }
        guard closed else { throw .truncated(message.kind) }
        return message
    }

    /// Stores one child element's value.
    mutating func set(_ name: ArraySlice<UInt8>, _ raw: [UInt8]) throws(WISPrError) {
        var v = PortalBytes.trimmed(raw[...])
        if ASCII.hasPrefixIgnoringCase(v, "cdata[["), v.count >= 9, v[v.endIndex - 1] == 0x5D, v[v.endIndex - 2] == 0x5D {
            v = PortalBytes.trimmed(v[(v.startIndex + 7)..<(v.endIndex - 2)])
        }
        let text = Array(v)
        func keep(_ slot: inout [UInt8]?) { if slot == nil { slot = text } }
        let names: StaticString =
            "messagetype responsecode delay accessprocedure accesslocation locationname loginurl abortloginurl nexturl replymessage loginresultsurl logoffurl"
        switch ASCII.index(ofWord: name, in: names) {
        case 0: if messageType == nil { messageType = try Self.number(v, .messageType) }
        case 1: if responseCode == nil { responseCode = WISPrResponseCode(try Self.number(v, .responseCode)) }
        case 2: if delay == nil { delay = try Self.number(v, .delay) }
        case 3: keep(&accessProcedure)
        case 4: keep(&accessLocation)
        case 5: keep(&locationName)
        case 6: keep(&loginURL)
        case 7: keep(&abortLoginURL)
        case 8: keep(&nextURL)
        case 9: keep(&replyMessage)
        case 10: keep(&loginResultsURL)
        case 11: keep(&logoffURL)
        default: break
        }
    }

    static func number(_ v: ArraySlice<UInt8>, _ element: WISPrError.NumericElement) throws(WISPrError) -> Int {
        guard let n = PortalBytes.decimal(v) else { throw .invalidNumber(element, text: Array(v.prefix(valueLimit))) }
        return n
    }
}
