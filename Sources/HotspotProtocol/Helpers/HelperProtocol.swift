import HotspotCore

/// The external helper protocol's fixed words and bounds, shared by `HelperInvocation` (what a helper is
/// given) and `HelperOutput` (what its answer means). examples/helpers/README.md documents it for users.
public enum HelperProtocol {
    /// `HOTSPOT_PROTOCOL`: raised only when a helper written for an older version could misread something.
    /// 2: the answers come on stdin, no longer in the environment (issue 35).
    public static let version = 2
    /// `option builtin 'portal'` in a `config helper` section: the portal helper in hotspotd's own binary.
    public static let builtinPortalHelper = "portal"
    /// The whole environment a helper gets besides `HOTSPOT_*`: nothing of the daemon's own leaks through.
    public static let baseEnvironment = ["PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/var/empty", "LANG=C"]
    /// As many as a scan list can hold (`ScanList.maxEntries`).
    public static let maxClaims = 512
    public static let maxUIFields = 16
    /// `probe=` lines kept of one answer, and the bytes of each.
    public static let maxProbeLines = 8
    public static let maxProbeLineBytes = 1000
    /// A UI field name: `[A-Za-z0-9_]`, so that it is also a shell variable name (`HOTSPOT_UI_<NAME>`).
    public static let maxFieldNameBytes = 32
    /// Every output line (and every UI answer) at most this long.
    public static let maxLineBytes = 2048
    /// `maintain_after` bound: one day.
    public static let maxMaintainAfterSeconds = 86_400
    /// A venue session of up to 30 days.
    public static let maxSessionSeconds = 2_592_000
    /// sysexits.h EX_TEMPFAIL: `exit 75` means `temporaryFailure` for commands that accept it.
    public static let temporaryFailureStatus: Int32 = 75
    /// sysexits.h EX_NOHOST, as `hotspotd fetch` exits when the uplink's DNS gave no address: a temporary
    /// failure too, and a hint that the uplink's internet is worth checking now.
    public static let dnsFailureStatus: Int32 = 68

    /// Text a shell can print and a terminal cannot be steered by: invalid UTF-8 becomes U+FFFD, control
    /// characters (C0, DEL, C1, so also tab and newline) become `?`.
    public static func printable(_ bytes: [UInt8]) -> String {
        // String's own repair gives the U+FFFD the UTF-8 decoder would; then controls by their bytes: C0 and
        // DEL are one byte, C1 is `C2 80`–`C2 9F` (its lead replaced). No decoder of our own on the router.
        var out: [UInt8] = []
        var previous: UInt8 = 0
        for b in String(decoding: bytes, as: UTF8.self).utf8 {
            if b < 0x20 || b == 0x7f {
                out.append(UInt8(ascii: "?"))
            } else if previous == 0xc2 && b <= 0x9f {
                out[out.count - 1] = UInt8(ascii: "?")
            } else {
                out.append(b)
            }
            previous = b
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// 1–32 bytes of `[A-Za-z0-9_]`.
    public static func isFieldName(_ name: ArraySlice<UInt8>) -> Bool {
        guard !name.isEmpty, name.count <= maxFieldNameBytes else { return false }
        // A loop, not allSatisfy: no specialisation for the closure.
        for b in name where !isWordByte(b) { return false }
        return true
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    public static func upper(_ b: UInt8) -> UInt8 {
        b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") ? b - 32 : b
    }

    /// True when the UTF-8 `text` has a C0 control, DEL or a C1 control (U+0080–U+009F, `C2 80`–`C2 9F`).
    static func hasControl(_ text: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for b in text {
            if b < 0x20 || b == 0x7f || (previous == 0xc2 && b >= 0x80 && b <= 0x9f) { return true }
            previous = b
        }
        return false
    }
}
