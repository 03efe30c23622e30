import HotspotCore

/// Why bytes are not an acceptable JSON document. Offsets count bytes from the start.
public indirect enum JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLarge(Int)
    case tooDeep
    case unexpectedEnd
    case unexpectedByte(UInt8, offset: Int)
    case invalidNumber(offset: Int)
    case invalidEscape(offset: Int)
    case invalidUTF8(offset: Int)

    public var description: String {
        switch self {
        case .tooLarge(let count):
            "JSON of " + count.description + " bytes is over the " + JSONValue.sizeLimit.description + "-byte limit"
        case .tooDeep: "JSON nests deeper than " + JSONValue.depthLimit.description + " levels"
        case .unexpectedEnd: "JSON ends too early"
        case .unexpectedByte(let byte, let offset):
            "unexpected byte 0x" + Hex.encode([byte]) + " at offset " + offset.description + " in JSON"
        case .invalidNumber(let offset): "invalid number at offset " + offset.description + " in JSON"
        case .invalidEscape(let offset): "invalid escape at offset " + offset.description + " in a JSON string"
        case .invalidUTF8(let offset): "invalid UTF-8 at offset " + offset.description + " in a JSON string"
        }
    }
}
