import HotspotCore
import HotspotSystem

/// MAC policies (issue 22): the station's address is set through the kernel before each join, for every
/// policy. wpa_supplicant 2.10 has no per-network fixed address (`mac_value` came in 2.11), and mixing its
/// own `mac_addr=1` with ours makes it restore the hardware address under ours at the next association.
extension HotspotDaemon {
    @inline(never)
    func setAddress(for t: JoinTarget) {
        // No policy anywhere: the address is not ours to touch, unless an earlier join of this run set it.
        guard let policy = t.mac ?? (macPolicyInUse == nil ? nil : .hardware) else { return }
        macPolicyInUse = policy
        // Beside the state file, on flash: per-network addresses stay the same across restarts.
        let (secret, lost) = policy == .perNetwork ? InterfaceAddress.secret(settings.stateFile + ".key") : ([], nil)
        var random = SystemRandomNumberGenerator()
        let wanted = policy.address(for: t.ssid, secret: secret, random: random.next())
            ?? InterfaceAddress.read(uplinkInterface, permanent: true)
        if let e = lost ?? wanted.flatMap({ InterfaceAddress.set(uplinkInterface, $0) }) {
            logger.log(.warning, "mac " + policy.description + ": " + e.description)
        }
    }
}
