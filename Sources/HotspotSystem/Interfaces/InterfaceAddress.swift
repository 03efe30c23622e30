import CLinux
import HotspotCore

/// The station interface's MAC address: the one in use, the hardware one, and setting it (MAC policies).
public enum InterfaceAddress {
    /// The address in use, or with `permanent` the radio's own; nil when the kernel cannot say.
    public static func read(_ interface: String, permanent: Bool = false) -> BSSID? {
        let a = cl_if_hwaddr(interface, permanent ? 1 : 0)
        return a == 0 ? nil : BSSID(value: a)
    }

    /// Sets the address unless the interface has it already; the error, if any.
    public static func set(_ interface: String, _ address: BSSID) -> Errno? {
        let r = cl_if_set_hwaddr(interface, address.value)
        return r < 0 ? Errno(-r) : nil
    }

    /// The per-router secret kept in `path` (16 bytes, made at the first need); on failure, random bytes
    /// and the error.
    public static func secret(_ path: String) -> ([UInt8], Errno?) {
        var bytes = [UInt8](repeating: 0, count: 16)
        let r = cl_secret(path, &bytes)
        return (bytes, r < 0 ? Errno(-r) : nil)
    }
}
