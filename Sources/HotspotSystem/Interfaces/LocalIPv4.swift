import CLinux
import HotspotWeb

/// This host's own IPv4 addresses, as the kernel has them now (SIOCGIFCONF): the interfaces that are up
/// and have one.
/// Not `@_transparent`, unlike the other wrappers: its arrays would then be specialised apart from the rest
/// of the binary's (serialised) and no longer merged with them, which cost bytes on aarch64.
public enum LocalIPv4 {
    /// Calls `body` with each address (at most 64), its netmask (host order) and whether its interface is
    /// `uplink`. A closure, not an array of its own: the caller builds the one list it keeps.
    public static func forEach(uplink: String?, _ body: (IPv4Address, UInt32, Bool) -> Void) {
        var addresses = [UInt32](repeating: 0, count: 64), masks = [UInt32](repeating: 0, count: 64)
        var onUplink = [UInt8](repeating: 0, count: 64)
        // "" for none: no optional String bridged to C.
        let n = cl_local_ipv4(uplink ?? "", &addresses, &masks, &onUplink, 64)
        for i in 0..<max(0, Int(n)) {
            body(IPv4Address(value: addresses[i]), masks[i], onUplink[i] != 0)
        }
    }
}
