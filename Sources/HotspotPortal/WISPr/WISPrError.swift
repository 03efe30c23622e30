import HotspotCore
/// Why a page's WISPr XML could not be read.
public indirect enum WISPrError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The numeric elements of a message.
    public enum NumericElement: Equatable, Sendable, CustomStringConvertible {
        case messageType, responseCode, delay

        public var description: String {
            switch self {
            case .messageType: "MessageType"
            case .responseCode: "ResponseCode"
            case .delay: "Delay"
            }
        }
    }

    /// `<WISPAccessGatewayParam>` holds no Redirect, Proxy or reply element.
    case noMessage
    /// The XML ends inside the message element, so its fields may be cut.
    case truncated(WISPrMessage.Kind)
    /// A numeric element holds something else (`text`, as the page wrote it).
    case invalidNumber(NumericElement, text: [UInt8])

    public var description: String {
        switch self {
        case .noMessage: "WISPr XML without a Redirect, Proxy or reply message"
        case .truncated(let kind): "WISPr XML ends inside <" + kind.description + ">"
        case .invalidNumber(let element, let text):
            "WISPr <" + element.description + "> is not a number: '" + ASCII.printable(text[...]) + "'"
        }
    }
}
