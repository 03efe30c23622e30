import HotspotCore

/// Byte-level helpers shared by the text protocols hotspotd speaks.
public enum ASCII {
    /// True for bytes 0x20–0x7e.
    public static func isPrintable(_ b: UInt8) -> Bool { b >= 0x20 && b <= 0x7e }
}
