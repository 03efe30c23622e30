/// A WPA passphrase or raw PSK, validated before anything is sent.
///
/// - 8–63 printable ASCII characters (0x20–0x7e) → a passphrase, sent quoted: `psk "…"`. wpa_supplicant takes
///   the text up to the *last* quote, so quotes and backslashes inside need no escaping.
/// - exactly 64 hex digits → a raw 256-bit PSK, sent unquoted (lowercased).
/// - anything else → `PassphraseError`, and nothing is sent.
///
/// Its `description` never shows the secret.
public struct Passphrase: Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Equatable, Sendable {
        case passphrase
        case rawPSK
    }

    public let kind: Kind
    /// The passphrase bytes, or the 32 PSK bytes for `.rawPSK`.
    public let secret: [UInt8]

    public init(bytes: [UInt8]) throws(PassphraseError) {
        if bytes.count == 64, bytes.allSatisfy({ Hex.value(of: $0) != nil }) {
            var psk: [UInt8] = []
            psk.reserveCapacity(32)
            var i = 0
            while i < 64 {
                psk.append(Hex.value(of: bytes[i])! << 4 | Hex.value(of: bytes[i + 1])!)
                i += 2
            }
            kind = .rawPSK
            secret = psk
            return
        }
        for (offset, b) in bytes.enumerated() where b < 0x20 || b > 0x7e {
            throw .notPrintableASCII(offset: offset)
        }
        if bytes.count < 8 { throw .tooShort(length: bytes.count) }
        if bytes.count == 64 { throw .sixtyFourCharactersNotHex }
        if bytes.count > 63 { throw .tooLong(length: bytes.count) }
        kind = .passphrase
        secret = bytes
    }

    public init(_ text: String) throws(PassphraseError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// The one rule, for text that must be a passphrase or PSK before anything else happens to it.
    public static func isValid(_ text: String) -> Bool { (try? Passphrase(text)) != nil }

    public var description: String {
        switch kind {
        case .passphrase: return "passphrase(redacted)"
        case .rawPSK: return "psk(redacted)"
        }
    }
}

public enum PassphraseError: Error, Equatable, Sendable {
    /// Fewer than 8 characters.
    case tooShort(length: Int)
    /// More than 64 characters (or 64 that are not all hex).
    case tooLong(length: Int)
    /// 64 characters that are not all hex digits: neither a passphrase (max 63) nor a raw PSK.
    case sixtyFourCharactersNotHex
    /// A byte outside printable ASCII (0x20–0x7e): control characters, newlines, NUL, non-ASCII.
    case notPrintableASCII(offset: Int)
}

