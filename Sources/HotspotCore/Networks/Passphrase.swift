/// A WPA passphrase or raw PSK, validated before anything is sent.
///
/// - 8–63 printable ASCII characters (0x20–0x7e) → a passphrase, sent quoted: `psk "…"`. wpa_supplicant takes
///   the text up to the *last* quote, so quotes and backslashes inside need no escaping.
/// - exactly 64 hex digits → a raw 256-bit PSK, sent unquoted (lowercased).
/// - anything else → `PassphraseError`, and nothing is sent.
///
/// Its `description` never shows the secret. Two are equal when kind and secret are: a raw PSK typed in
/// upper or lower case is the same key.
public struct Passphrase: Hashable, CustomStringConvertible, Sendable {
    public enum Kind: Hashable, Sendable {
        case passphrase
        case rawPSK
    }

    public let kind: Kind
    /// The passphrase bytes, or the 32 PSK bytes for `.rawPSK`.
    public let secret: [UInt8]

    public init(bytes: [UInt8]) throws(PassphraseError) {
        var isHex = bytes.count == 64
        for i in bytes.indices where isHex && Hex.value(of: bytes[i]) == nil { isHex = false }
        if isHex {
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
        for offset in bytes.indices where !ASCII.isPrintable(bytes[offset]) {
            throw .notPrintableASCII(offset: offset)
        }
        if bytes.count < 8 { throw .tooShort(length: bytes.count) }
        if bytes.count == 64 { throw .sixtyFourCharactersNotHex }
        if bytes.count > 63 { throw .tooLong(length: bytes.count) }
        kind = .passphrase
        secret = bytes
    }

    /// For parsers of text (configuration, state file, helper output, the owner's request).
    public init(_ text: String) throws(PassphraseError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// The text it stands for: the passphrase, or a raw PSK as 64 lowercase hex digits.
    /// `Passphrase(bytes: p.bytes) == p`.
    public var bytes: [UInt8] {
        switch kind {
        case .passphrase:
            return secret
        case .rawPSK:
            var out: [UInt8] = []
            out.reserveCapacity(64)
            for b in secret { Hex.append(b, to: &out) }
            return out
        }
    }

    public var description: String {
        switch kind {
        case .passphrase: return "passphrase(redacted)"
        case .rawPSK: return "psk(redacted)"
        }
    }
}

public enum PassphraseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than 8 characters.
    case tooShort(length: Int)
    /// More than 64 characters.
    case tooLong(length: Int)
    /// 64 characters that are not all hex digits: neither a passphrase (max 63) nor a raw PSK.
    case sixtyFourCharactersNotHex
    /// A byte outside printable ASCII (0x20–0x7e): control characters, newlines, NUL, non-ASCII.
    case notPrintableASCII(offset: Int)

    public var description: String {
        let rule = "; it needs 8–63 printable ASCII characters or 64 hex digits"
        switch self {
        case .tooShort(let n), .tooLong(let n):
            return "the passphrase is " + String(n) + (n == 1 ? " character" : " characters") + rule
        case .sixtyFourCharactersNotHex:
            return "the passphrase is 64 characters but not all hex digits" + rule
        case .notPrintableASCII(let offset):
            return "the passphrase has a character outside printable ASCII at byte " + String(offset + 1) + rule
        }
    }
}

extension Optional where Wrapped == Passphrase {
    /// Whether a passphrase is there, by pattern rather than through Equatable (one small function on the
    /// router instead of a specialised Optional ==).
    @inline(never)
    public var isPresent: Bool {
        switch self {
        case .some: return true
        case .none: return false
        }
    }
}
