
/// wpa_supplicant's `printf_encode` / `printf_decode` (src/utils/common.c), which it uses for every SSID it
/// prints as text (`wpa_ssid_txt`): SCAN_RESULTS, BSS `ssid=`, STATUS `ssid=`, LIST_NETWORKS and the quoted
/// `ssid="…"` of events.
///
/// Encoding (exactly as wpa_supplicant 2.10): `"` → `\"`, `\` → `\\`, ESC (0x1b) → `\e`, LF → `\n`,
/// CR → `\r`, TAB → `\t`, other bytes 0x20–0x7e as they are, every other byte → `\xNN` (lowercase hex).
///
/// Decoding follows `printf_decode` byte for byte, so hostile or odd text decodes to what wpa_supplicant
/// itself would make of it, deterministically:
/// - `\\` `\"` `\n` `\r` `\t` `\e` → the byte they name;
/// - `\xHH` → that byte; `\x` followed by a single hex digit → that digit's value (0–15), the next character is
///   read normally; `\x` followed by no hex digit → nothing (both characters vanish);
/// - `\` followed by 1–3 octal digits (`\0`…`\777`) → that value modulo 256;
/// - `\` followed by any other byte → the backslash is dropped and the byte is kept (`\q` → `q`);
/// - a lone `\` at the very end → dropped;
/// - any other byte, including raw control bytes and bytes ≥ 0x80, → itself.
///
/// The one deliberate difference from C: a raw NUL byte does not end the text (C strings cannot carry it;
/// wpa_supplicant never prints one raw), it decodes to 0x00 like any other raw byte.
public enum PrintfEscaping {
    public static func encode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        // The escape's letter by a switch, then one pair of appends for all (a pair each was code each).
        for b in bytes {
            var letter = UInt8(ascii: "x")
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): letter = b
            case 0x1b: letter = UInt8(ascii: "e")
            case UInt8(ascii: "\n"): letter = UInt8(ascii: "n")
            case UInt8(ascii: "\r"): letter = UInt8(ascii: "r")
            case UInt8(ascii: "\t"): letter = UInt8(ascii: "t")
            case 0x20...0x7e:
                out.append(b)
                continue
            default:
                break
            }
            out.append(ASCII.backslash)
            out.append(letter)
            if letter == UInt8(ascii: "x") { Hex.append(b, to: &out) }
        }
        return out
    }

    public static func encode(_ bytes: [UInt8]) -> [UInt8] { encode(bytes[...]) }

    /// The escaped text as a `String` (always ASCII).
    public static func encodeToString(_ bytes: [UInt8]) -> String {
        String(decoding: encode(bytes[...]), as: UTF8.self)
    }

    public static func decode(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = text.startIndex
        let end = text.endIndex
        while i < end {
            let c = text[i]
            guard c == ASCII.backslash else {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard i < end else { break }  // lone trailing backslash
            let e = text[i]
            switch e {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "e"):
                // One append for the six: the byte each names.
                var named = e
                switch e {
                case UInt8(ascii: "n"): named = UInt8(ascii: "\n")
                case UInt8(ascii: "r"): named = UInt8(ascii: "\r")
                case UInt8(ascii: "t"): named = UInt8(ascii: "\t")
                case UInt8(ascii: "e"): named = 0x1b
                default: break
                }
                out.append(named)
                i += 1
            case UInt8(ascii: "x"):
                i += 1
                if i < end, let high = Hex.value(of: text[i]) {
                    if i + 1 < end, let low = Hex.value(of: text[i + 1]) {
                        out.append(high << 4 | low)
                        i += 2
                    } else {
                        out.append(high)
                        i += 1
                    }
                }
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(e - UInt8(ascii: "0"))
                i += 1
                var more = 0
                while more < 2, i < end, text[i] >= UInt8(ascii: "0"), text[i] <= UInt8(ascii: "7") {
                    value = value * 8 + Int(text[i] - UInt8(ascii: "0"))
                    i += 1
                    more += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
            default:
                break  // backslash dropped; the byte is read again as an ordinary one
            }
        }
        return out
    }

    public static func decode(_ text: [UInt8]) -> [UInt8] { decode(text[...]) }
    public static func decode(_ text: String) -> [UInt8] { decode(Array(text.utf8)[...]) }

    /// The SSID the escaped text stands for; nil when it decodes to more than 32 bytes.
    public static func decodeSSID(_ text: ArraySlice<UInt8>) -> SSID? {
        SSID(bytes: decode(text))
    }

    public static func decodeSSID(_ text: String) -> SSID? { decodeSSID(Array(text.utf8)[...]) }

    /// True when the text is exactly what `printf_encode` would print for its decoding, that is, it uses
    /// no irregular escape and no raw byte that wpa_supplicant would have escaped.
    public static func isCanonical(_ text: ArraySlice<UInt8>) -> Bool {
        let again = encode(decode(text)[...])
        return again.count == text.count && again.elementsEqual(text)
    }

    /// For diagnostics: at most `limit` bytes, printf-escaped so that hostile bytes cannot reach a log raw.
    /// Not inlined: about 25 callers share one copy on the router.
    @inline(never)
    public static func excerpt(_ s: ArraySlice<UInt8>, limit: Int = 64) -> String {
        let cut = s.count > limit ? s.prefix(limit) : s
        var text = PrintfEscaping.encode(cut)
        if s.count > limit { ASCII.append(&text, "...") }
        return String(decoding: text, as: UTF8.self)
    }
}
