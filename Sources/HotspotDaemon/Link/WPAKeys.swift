import CTLS
import HotspotCore

/// WPA keys derived ahead of the joins that use them (issue 20): given `psk "passphrase"`, wpa_supplicant
/// runs PBKDF2-SHA1 (4096 rounds) between our SET_NETWORK and its association, on the path to online;
/// given the key, it does not. In memory only: never logged, never written.
struct WPAKeys {
    static let capacity = 16
    /// `name(ssid, passphrase)` of each key, and its 32 bytes in `psks` (empty until derived). Byte arrays:
    /// code the router binary has already.
    var names: [[UInt8]] = []
    var psks: [[UInt8]] = []
    /// The entry a new name replaces once all are taken: the oldest.
    var oldest = 0
    /// The name the latest join sent as a passphrase (empty: none): derived once that join connects.
    var joining: [UInt8] = []
    /// Nothing is derived before the first scan request.
    var started = false
    var scheduled = false

    /// The SSID's length, its bytes, then the passphrase's.
    static func name(_ ssid: SSID, _ passphrase: Passphrase) -> [UInt8] {
        [UInt8(ssid.count)] + ssid.bytes + passphrase.secret
    }

    /// The key as a raw-PSK Passphrase, once derived.
    func key(_ name: [UInt8]) -> Passphrase? {
        for i in names.indices where names[i] == name && !psks[i].isEmpty { return try? Passphrase(Hex.encode(psks[i])) }
        return nil
    }

    /// A key to derive, unless it is here already; beyond `capacity` it replaces the oldest.
    mutating func want(_ name: [UInt8]) {
        if names.contains(name) { return }
        if names.count < Self.capacity {
            names.append(name)
            psks.append([])
        } else {
            names[oldest] = name
            psks[oldest] = []
            oldest = (oldest + 1) % Self.capacity
        }
    }

    /// PBKDF2 of the first name not derived yet; false when there is none.
    mutating func deriveNext() -> Bool {
        for i in names.indices where psks[i].isEmpty {
            var psk = [UInt8](repeating: 0, count: 32)
            let n = Int(names[i][0])
            _ = names[i].withUnsafeBufferPointer { b in
                ctls_wpa_psk(b.baseAddress! + 1 + n, b.count - 1 - n, b.baseAddress! + 1, n, &psk)
            }
            psks[i] = psk
            return true
        }
        return false
    }
}

extension HotspotDaemon {
    /// The passphrase a join sends: the derived key when there is one, else the passphrase, derived once
    /// the join connects (a helper's key: a re-join skips the hashing).
    func joinKey(_ t: JoinTarget) -> Passphrase? {
        keys.joining = []
        guard let p = t.passphrase, p.kind == .passphrase else { return t.passphrase }
        keys.joining = WPAKeys.name(t.ssid, p)
        return keys.key(keys.joining) ?? p
    }

    /// CTRL-EVENT-CONNECTED: the passphrase that joined is right, its key worth deriving (if not there).
    func keyJoined() {
        if keys.joining.isEmpty { return }
        keys.want(keys.joining)
        scheduleKeyDerivation()
    }

    /// The owner's networks of exact SSID (a prefix's is unknown until a scan), the first `capacity` of
    /// them (more would push each other out): the configured and restored ones at the start, hashed from
    /// the first scan request on (`start`) so the hashing overlaps the radio's scan; new ones after a
    /// reload or an owner's save.
    func deriveKeys(_ networks: [KnownNetwork] = [], start: Bool = false) {
        // Only the first scan request: later ones would push out keys of the first 16 again and again.
        if start {
            if keys.started { return }
            keys.started = true
        }
        var n = 0
        for k in networks where !k.isPrefix {
            guard let p = k.passphrase, p.kind == .passphrase, n < WPAKeys.capacity else { continue }
            n += 1
            keys.want(WPAKeys.name(k.ssid, p))
        }
        scheduleKeyDerivation()
    }

    /// One key per turn of the loop: a turn that hashes delays what else is ready by a few ms at most.
    func scheduleKeyDerivation() {
        guard keys.started && !keys.scheduled && keys.psks.contains([]) else { return }
        keys.scheduled = true
        // 1 ms, not 0: a timer due now would run in this same turn (fireDueTimers loops while one is due).
        loop.schedule(after: 1) { [self] in
            keys.scheduled = false
            if keys.deriveNext() { scheduleKeyDerivation() }
        }
    }
}
