/// Which WPA keys to derive ahead of the joins that use them (issue 20), and what a join sends: given
/// `psk "passphrase"`, wpa_supplicant runs PBKDF2-SHA1 (4096 rounds) between our SET_NETWORK and its
/// association, on the path to online; given the key, it does not. The daemon runs the PBKDF2 (`deriveNext`).
/// In memory only: never logged, never written.
public struct WPAKeySchedule {
    public static let capacity = 16
    /// `name(ssid, passphrase)` of each key, and its 32 bytes in `psks` (empty until derived). Byte arrays:
    /// code the router binary has already.
    private(set) var names: [[UInt8]] = []
    private(set) var psks: [[UInt8]] = []
    /// The entry a new name replaces once all are taken: the oldest.
    private var oldest = 0
    /// The name the latest join sent as a passphrase (empty: none): derived once that join connects.
    private(set) var joining: [UInt8] = []
    /// Nothing is derived before the first scan request.
    private(set) var started = false

    public init() {}

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

    /// The passphrase a join sends: the derived key when there is one, else the passphrase, derived once
    /// the join connects (a helper's key: a re-join skips the hashing).
    public mutating func joinKey(_ t: JoinTarget) -> Passphrase? {
        joining = []
        guard let p = t.passphrase, p.kind == .passphrase else { return t.passphrase }
        joining = Self.name(t.ssid, p)
        return key(joining) ?? p
    }

    /// CTRL-EVENT-CONNECTED: the passphrase that joined is right, its key worth deriving (if not there).
    public mutating func joined() {
        if !joining.isEmpty { want(joining) }
    }

    /// The owner's networks of exact SSID (a prefix's is unknown until a scan), the first `capacity` of
    /// them (more would push each other out): the configured and restored ones at the start, derived from
    /// the first scan request on (`start`) so the hashing overlaps the radio's scan; new ones after a
    /// reload or an owner's save.
    public mutating func want(_ networks: [KnownNetwork], start: Bool) {
        // Only the first scan request: later ones would push out keys of the first 16 again and again.
        if start {
            if started { return }
            started = true
        }
        var n = 0
        for k in networks where !k.isPrefix {
            guard let p = k.passphrase, p.kind == .passphrase, n < Self.capacity else { continue }
            n += 1
            want(Self.name(k.ssid, p))
        }
    }

    /// A key is wanted and not derived yet, and the first scan request came.
    public var isDerivationDue: Bool { started && psks.contains([]) }

    /// Derives the first key wanted and not derived yet: `pbkdf2(passphrase, ssid)` gives its 32 bytes. False
    /// when none is left. Pointers into the key's name: no copy of the passphrase.
    public mutating func deriveNext(
        _ pbkdf2: (_ passphrase: UnsafeBufferPointer<UInt8>, _ ssid: UnsafeBufferPointer<UInt8>) -> [UInt8]
    ) -> Bool {
        for i in names.indices where psks[i].isEmpty {
            let end = 1 + Int(names[i][0])
            psks[i] = names[i].withUnsafeBufferPointer { name in
                pbkdf2(UnsafeBufferPointer(rebasing: name[end...]), UnsafeBufferPointer(rebasing: name[1..<end]))
            }
            return true
        }
        return false
    }
}
