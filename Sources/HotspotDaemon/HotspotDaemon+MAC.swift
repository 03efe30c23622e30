import CLinux
import HotspotCore
import HotspotSystem

/// MAC policies (issue 22): the station's address is set through the kernel before each join, for every
/// policy. wpa_supplicant 2.10 has no per-network fixed address (`mac_value` came in 2.11), and mixing its
/// own `mac_addr=1` with ours makes it restore the hardware address under ours at the next association.
extension HotspotDaemon {
    func setAddress(for t: JoinTarget) {
        // No policy anywhere: the address is not ours to touch, unless an earlier join of this run set it.
        guard let policy = t.mac ?? (macPolicyInUse == nil ? nil : .hardware) else { return }
        let wanted = policy.address(for: t.ssid, secret: policy == .perNetwork ? macSecret() : [],
                                    random: UInt64.random(in: 0...UInt64.max))
            ?? InterfaceAddress.read(settings.interface, permanent: true)
        macPolicyInUse = policy
        guard let wanted, InterfaceAddress.read(settings.interface) != wanted else { return }
        do throws(Errno) {
            try InterfaceAddress.set(settings.interface, wanted)
            logger.log(.info, "address " + wanted.description + " (" + policy.description + ") on " + settings.interface)
        } catch {
            logger.log(.warning, "mac " + policy.description + ": cannot set " + wanted.description + " on "
                       + settings.interface + ": " + error.description)
        }
    }

    /// 16 random bytes kept beside the state file (`STATE.key`, mode 0600): per-network addresses stay the
    /// same across restarts and cannot be told from the SSID alone. Made at the first need.
    func macSecret() -> [UInt8] {
        if let s = secret { return s }
        let path = settings.stateFile + ".key"
        if let fd = try? FileDescriptor.open(path, O_RDONLY) {
            let bytes = try? fd.readAll(limit: 17)
            fd.close()
            if let bytes, bytes.count == 16 { secret = bytes; return bytes }
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        var g = SystemRandomNumberGenerator()
        for i in bytes.indices { bytes[i] = g.next() }
        do throws(Errno) { try StateFile.replace(path, with: bytes, mode: 0o600) } catch {
            logger.log(.error, "cannot keep the MAC secret in " + path + ": " + error.description
                       + "; per-network addresses change at the next start")
        }
        secret = bytes
        return bytes
    }
}
