import CLinux
import HotspotCore

/// The station interface's MAC address: the one in use, the hardware one, and setting it (MAC policies).
public enum InterfaceAddress {
    /// The address in use, or with `permanent` the radio's own; nil when the kernel cannot say.
    public static func read(_ interface: String, permanent: Bool = false) -> BSSID? {
        var bytes = [UInt8](repeating: 0, count: 6)
        guard cl_if_hwaddr(interface, permanent ? 1 : 0, &bytes) == 0 else { return nil }
        return BSSID(bytes: bytes)
    }

    public static func set(_ interface: String, _ address: BSSID) throws(Errno) {
        let r = cl_if_set_hwaddr(interface, address.bytes)
        if r < 0 { throw Errno(-r) }
    }
}
