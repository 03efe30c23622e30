/// The one rule for WPA passphrases, applied before anything reaches wpa_supplicant: 8–63 printable ASCII
/// characters, or exactly 64 hex digits (a raw PSK).
public enum Passphrase {
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        if bytes.count == 64 { return bytes.allSatisfy { Hex.value(of: $0) != nil } }
        guard bytes.count >= 8 && bytes.count <= 63 else { return false }
        return bytes.allSatisfy { $0 >= 0x20 && $0 <= 0x7e }
    }
}
