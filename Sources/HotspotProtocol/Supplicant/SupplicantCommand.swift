import HotspotCore

/// One network or all of them (ENABLE_NETWORK, DISABLE_NETWORK, REMOVE_NETWORK).
public enum NetworkTarget: Hashable, Sendable {
    case id(NetworkID)
    case all
}

extension Passphrase {
    /// The value of `SET_NETWORK <id> psk <value>`: quoted passphrase (wpa_supplicant takes the text up to
    /// the last quote, so quotes and backslashes inside need no escaping), or the raw PSK as hex.
    public var encodedValue: [UInt8] {
        var out: [UInt8] = []
        switch kind {
        case .passphrase:
            out.append(ASCII.quote)
            out.append(contentsOf: secret)
            out.append(ASCII.quote)
        case .rawPSK:
            for b in secret { WpaBytes.appendHex(&out, b) }
        }
        return out
    }
}

/// `key_mgmt` values hotspotd sets.
/// The `key_mgmt` suites of a network, as a bit set (written in this order). A set rather than an array of
/// enum cases: the router build (Embedded Swift 6.3.1, -Osize) read `[.wpaPSK]` inside the command enum's
/// payload back as NONE, joining WPA2 networks as open ones.
public struct KeyManagement: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let none = KeyManagement(rawValue: 1 << 0)
    public static let wpaPSK = KeyManagement(rawValue: 1 << 1)
    public static let wpaPSKSHA256 = KeyManagement(rawValue: 1 << 2)
    public static let sae = KeyManagement(rawValue: 1 << 3)
    public static let ftPSK = KeyManagement(rawValue: 1 << 4)
    public static let ftSAE = KeyManagement(rawValue: 1 << 5)
    public static let wpaEAP = KeyManagement(rawValue: 1 << 6)
    public static let owe = KeyManagement(rawValue: 1 << 7)

    public static let all = KeyManagement(rawValue: 0xff)

    /// The words wpa_supplicant reads, one per bit in bit order.
    static var words: StaticString { "NONE WPA-PSK WPA-PSK-SHA256 SAE FT-PSK FT-SAE WPA-EAP OWE" }
}

/// `ieee80211w`: protected management frames.
public enum ManagementFrameProtection: Int, Hashable, Sendable {
    case disabled = 0
    case optional = 1
    case required = 2
}

/// A network variable for SET_NETWORK.
public enum NetworkField: Equatable, Sendable {
    /// Always sent as unquoted hex (`ssid 6869`), whatever the bytes. Must not be empty.
    case ssid(SSID)
    case psk(Passphrase)
    /// Sent space-separated (`key_mgmt WPA-PSK SAE`). Must not be empty.
    case keyManagement(KeyManagement)
    /// nil → `bssid any` (no BSSID lock).
    case bssid(BSSID?)
    case scanSSID(Bool)
    /// Any Int32.
    case priority(Int)
    case managementFrameProtection(ManagementFrameProtection)
    /// `id_str "…"`: 1–64 printable ASCII characters, no `"` or `\`. Appears in CTRL-EVENT-CONNECTED.
    case idString(String)
    /// An 802.1X setting by `EAPSettings.Field` index: `eap PEAP|TTLS|TLS` for the method, else the field's
    /// wpa_supplicant name and the value as unquoted hex, whatever its bytes (1-255 of them).
    case eap(field: Int, [UInt8])
    /// Any other variable, as is. The name must be 1–32 of `[a-z0-9_]` and not `ssid`, `psk`, `sae_password`,
    /// `password` or `wep_key0`…`wep_key3` (those go through typed cases or not at all); the value must not
    /// be empty and must not contain control bytes (newline, CR, NUL, TAB, DEL, …).
    case other(name: String, value: String)
}

/// What the BSS command selects.
public enum BSSSelector: Equatable, Sendable {
    /// `BSS <n>`: the n-th entry in wpa_supplicant's list (0-based), not an id.
    case index(Int)
    /// `BSS ID-<id>`.
    case id(Int)
    /// `BSS <bssid>`.
    case bssid(BSSID)
    case first
    case last
    /// `BSS NEXT-<id>`: the entry after the one with this id.
    case next(afterID: Int)
    /// `BSS RANGE=<from>-` or `RANGE=<from>-<to>`: ids in the range (paging through large lists).
    case range(from: Int, to: Int?)
    /// `BSS RANGE=ALL`.
    case all
}

/// The MASK of the BSS command: which key=value lines wpa_supplicant prints (WPA_BSS_MASK_* in wpa_ctrl.h).
/// An empty mask is not sent (wpa_supplicant then prints everything).
public struct BSSMask: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let id = BSSMask(rawValue: 1 << 0)
    public static let bssid = BSSMask(rawValue: 1 << 1)
    public static let frequency = BSSMask(rawValue: 1 << 2)
    public static let beaconInterval = BSSMask(rawValue: 1 << 3)
    public static let capabilities = BSSMask(rawValue: 1 << 4)
    public static let quality = BSSMask(rawValue: 1 << 5)
    public static let noise = BSSMask(rawValue: 1 << 6)
    public static let level = BSSMask(rawValue: 1 << 7)
    public static let tsf = BSSMask(rawValue: 1 << 8)
    public static let age = BSSMask(rawValue: 1 << 9)
    public static let ie = BSSMask(rawValue: 1 << 10)
    public static let flags = BSSMask(rawValue: 1 << 11)
    public static let ssid = BSSMask(rawValue: 1 << 12)
    /// `====` after each entry, `####` after the last entry of the whole list.
    public static let delimiter = BSSMask(rawValue: 1 << 17)
    public static let snr = BSSMask(rawValue: 1 << 19)
    public static let estimatedThroughput = BSSMask(rawValue: 1 << 20)

    /// What hotspotd pages through the BSS table with: `0x21a87`.
    /// id, bssid, frequency, level, age, flags, ssid, delimiter; computed: no global to initialise on the router.
    public static var scanListing: BSSMask { BSSMask(rawValue: 0x21a87) }
}

/// Optional parameters of SCAN.
public struct ScanRequest: Equatable, Sendable {
    /// `freq=2412,2437`: only these channels (MHz, 1–100000). Empty → all.
    public var frequencies: [Int]
    /// `ssid <hex>` for each: probe for these (hidden networks). Each must be non-empty.
    public var ssids: [SSID]

    public init(frequencies: [Int] = [], ssids: [SSID] = []) {
        self.frequencies = frequencies
        self.ssids = ssids
    }
}

/// A request on wpa_supplicant's control socket, encoded to the exact bytes it expects (no trailing newline).
public indirect enum SupplicantCommand: Equatable, Sendable {
    case ping
    case attach
    case detach
    /// `LEVEL <n>`: the lowest message level sent to this ATTACHed monitor (0 = MSG_EXCESSIVE … 5 = MSG_ERROR).
    case level(Int)
    case scan(ScanRequest)
    case scanResults
    /// `BSS <selector> [MASK=0x…]`.
    case bss(BSSSelector, mask: BSSMask)
    case status
    case signalPoll
    /// `LIST_NETWORKS` or `LIST_NETWORKS LAST_ID=<id>` (the page after that id).
    case listNetworks(after: NetworkID?)
    case addNetwork
    case setNetwork(NetworkID, NetworkField)
    /// nil → `SELECT_NETWORK any`.
    case selectNetwork(NetworkID?)
    case enableNetwork(NetworkTarget)
    case disableNetwork(NetworkTarget)
    case removeNetwork(NetworkTarget)
    case disconnect
    case reconnect
    case reassociate
    /// Passpoint by `passpointWords` index: `REMOVE_CRED all`, `SET interworking 1`, `SET hs20 1`,
    /// `SET auto_interworking 1`, `ADD_CRED`.
    case passpoint(Int)
    /// `SET_CRED <id> <name> <value>` by `Passpoint.name(_:)` index: the method as its upper-case word,
    /// every other value as unquoted hex, whatever its bytes (the OI list too: wpa_supplicant 2.10 reads
    /// `roaming_consortiums` as a string first and refuses its bare text).
    case setCredential(Int, field: Int, [UInt8])

    static var passpointWords: StaticString { "REMOVE_CRED all|SET interworking 1|SET hs20 1|SET auto_interworking 1|ADD_CRED" }

    /// The bytes to send as one datagram. Throws, and nothing must be sent, when a value cannot be expressed
    /// safely.
    public func encoded() throws(SupplicantCommandError) -> [UInt8] {
        var out: [UInt8] = []
        switch self {
        case .ping: ASCII.append(&out, "PING")
        case .attach: ASCII.append(&out, "ATTACH")
        case .detach: ASCII.append(&out, "DETACH")
        case .level(let n):
            guard n >= 0, n <= 5 else { throw .invalidLevel(n) }
            ASCII.append(&out, "LEVEL ")
            ASCII.append(&out, decimal: n)
        case .scan(let request):
            ASCII.append(&out, "SCAN")
            if !request.frequencies.isEmpty {
                ASCII.append(&out, " freq=")
                // Loops over indices, not enumerated(): no enumerated sequence's code for each element type.
                for i in request.frequencies.indices {
                    let f = request.frequencies[i]
                    guard f >= 1, f <= 100_000 else { throw .invalidFrequency(f) }
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    ASCII.append(&out, decimal: f)
                }
            }
            for ssid in request.ssids {
                guard !ssid.isEmpty else { throw .emptySSID }
                ASCII.append(&out, " ssid ")
                for b in ssid.bytes { WpaBytes.appendHex(&out, b) }
            }
        case .scanResults: ASCII.append(&out, "SCAN_RESULTS")
        case .bss(let selector, let mask):
            ASCII.append(&out, "BSS ")
            switch selector {
            case .index(let n):
                guard n >= 0, n <= Int(Int32.max) else { throw .invalidBSSSelector }
                ASCII.append(&out, decimal: n)
            case .id(let n):
                guard n >= 0, n <= Int(UInt32.max) else { throw .invalidBSSSelector }
                ASCII.append(&out, "ID-")
                ASCII.append(&out, decimal: n)
            case .bssid(let b): out.append(contentsOf: b.description.utf8)
            case .first: ASCII.append(&out, "FIRST")
            case .last: ASCII.append(&out, "LAST")
            case .next(let n):
                guard n >= 0, n <= Int(UInt32.max) else { throw .invalidBSSSelector }
                ASCII.append(&out, "NEXT-")
                ASCII.append(&out, decimal: n)
            case .range(let from, let to):
                guard from >= 0, from <= Int(Int32.max) else { throw .invalidBSSSelector }
                ASCII.append(&out, "RANGE=")
                ASCII.append(&out, decimal: from)
                out.append(UInt8(ascii: "-"))
                if let to {
                    guard to >= from, to <= Int(Int32.max) else { throw .invalidBSSSelector }
                    ASCII.append(&out, decimal: to)
                }
            case .all: ASCII.append(&out, "RANGE=ALL")
            }
            if mask.rawValue != 0 {
                ASCII.append(&out, " MASK=0x")
                // Lower-case hex digits, leading zeros dropped (wpa_supplicant reads it with strtol): one loop,
                // no array of digits.
                let v = mask.rawValue
                var shift: UInt32 = 28
                while shift > 0 && v >> shift == 0 { shift -= 4 }
                while true {
                    let d = UInt8(truncatingIfNeeded: v >> shift) & 0xf
                    out.append(d < 10 ? d + UInt8(ascii: "0") : d - 10 + UInt8(ascii: "a"))
                    if shift == 0 { break }
                    shift -= 4
                }
            }
        case .status: ASCII.append(&out, "STATUS")
        case .signalPoll: ASCII.append(&out, "SIGNAL_POLL")
        case .listNetworks(let after):
            ASCII.append(&out, "LIST_NETWORKS")
            if let after {
                ASCII.append(&out, " LAST_ID=")
                ASCII.append(&out, decimal: after.rawValue)
            }
        case .addNetwork: ASCII.append(&out, "ADD_NETWORK")
        case .setNetwork(let id, let field):
            ASCII.append(&out, "SET_NETWORK ")
            ASCII.append(&out, decimal: id.rawValue)
            out.append(ASCII.space)
            try Self.appendField(field, to: &out)
        case .selectNetwork(let id):
            ASCII.append(&out, "SELECT_NETWORK ")
            if let id { ASCII.append(&out, decimal: id.rawValue) } else { ASCII.append(&out, "any") }
        case .enableNetwork(let target):
            ASCII.append(&out, "ENABLE_NETWORK ")
            Self.appendTarget(target, to: &out)
        case .disableNetwork(let target):
            ASCII.append(&out, "DISABLE_NETWORK ")
            Self.appendTarget(target, to: &out)
        case .removeNetwork(let target):
            ASCII.append(&out, "REMOVE_NETWORK ")
            Self.appendTarget(target, to: &out)
        case .disconnect: ASCII.append(&out, "DISCONNECT")
        case .reconnect: ASCII.append(&out, "RECONNECT")
        case .reassociate: ASCII.append(&out, "REASSOCIATE")
        case .passpoint(let n): out.append(contentsOf: ASCII.word(n, of: Self.passpointWords, separator: UInt8(ascii: "|")))
        case .setCredential(let id, let f, let value):
            ASCII.append(&out, "SET_CRED ")
            ASCII.append(&out, decimal: id)
            out.append(ASCII.space)
            ASCII.append(&out, Passpoint.name(f))
            out.append(ASCII.space)
            if f == 0 { EAPSettings.appendMethod(value, to: &out) } else { for b in value { WpaBytes.appendHex(&out, b) } }
        }
        return out
    }

    /// For logs: the command as text with secrets replaced (`SET_NETWORK 0 psk [redacted]`). nil when the
    /// command would not encode.
    public var logDescription: String? {
        if case .setNetwork(let id, .psk) = self {
            return "SET_NETWORK " + id.description + " psk [redacted]"
        }
        if case .setNetwork(let id, .eap(3, _)) = self {
            return "SET_NETWORK " + id.description + " password [redacted]"
        }
        if case .setCredential(let id, 3, _) = self { return "SET_CRED " + String(id) + " password [redacted]" }
        guard let bytes = try? encoded() else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Not inlined: three commands share one copy.
    @inline(never)
    static func appendTarget(_ target: NetworkTarget, to out: inout [UInt8]) {
        switch target {
        case .id(let id): ASCII.append(&out, decimal: id.rawValue)
        case .all: ASCII.append(&out, "all")
        }
    }

    static func appendField(_ field: NetworkField, to out: inout [UInt8]) throws(SupplicantCommandError) {
        switch field {
        case .ssid(let ssid):
            guard !ssid.isEmpty else { throw .emptySSID }
            ASCII.append(&out, "ssid ")
            for b in ssid.bytes { WpaBytes.appendHex(&out, b) }
        case .psk(let passphrase):
            ASCII.append(&out, "psk ")
            out.append(contentsOf: passphrase.encodedValue)
        case .keyManagement(let suites):
            guard !suites.isEmpty else { throw .emptyKeyManagement }
            ASCII.append(&out, "key_mgmt")
            for bit in 0..<8 where suites.rawValue & (1 << UInt16(bit)) != 0 {
                out.append(ASCII.space)
                out.append(contentsOf: ASCII.word(bit, of: KeyManagement.words))
            }
        case .bssid(let bssid):
            ASCII.append(&out, "bssid ")
            if let bssid { out.append(contentsOf: bssid.description.utf8) } else { ASCII.append(&out, "any") }
        case .scanSSID(let on):
            ASCII.append(&out, on ? "scan_ssid 1" : "scan_ssid 0")
        case .priority(let p):
            guard p >= Int(Int32.min), p <= Int(Int32.max) else { throw .invalidPriority(p) }
            ASCII.append(&out, "priority ")
            ASCII.append(&out, decimal: p)
        case .managementFrameProtection(let pmf):
            ASCII.append(&out, "ieee80211w ")
            ASCII.append(&out, decimal: pmf.rawValue)
        case .idString(let text):
            let bytes = Array(text.utf8)
            guard !bytes.isEmpty else { throw .invalidValue(field: "id_str", problem: .empty) }
            guard bytes.count <= 64 else { throw .invalidValue(field: "id_str", problem: .tooLong(bytes.count)) }
            for offset in bytes.indices {
                let b = bytes[offset]
                if !ASCII.isPrintable(b) || b == ASCII.quote || b == ASCII.backslash {
                    throw .invalidValue(field: "id_str", problem: .forbiddenByte(b, offset: offset))
                }
            }
            ASCII.append(&out, "id_str \"")
            out.append(contentsOf: bytes)
            out.append(ASCII.quote)
        case .eap(let f, let value):
            // Hex of at most 255 bytes (`EAPSettings.problem()`) fits any command buffer.
            ASCII.append(&out, f < 8 ? EAPSettings.names[f] : "phase2")
            out.append(ASCII.space)
            if f == 0 {
                EAPSettings.appendMethod(value, to: &out)
            } else {
                for b in value { WpaBytes.appendHex(&out, b) }
            }
        case .other(let name, let value):
            let nameBytes = Array(name.utf8)
            guard !nameBytes.isEmpty, nameBytes.count <= 32 else { throw .invalidFieldName(name) }
            for b in nameBytes where !Self.isFieldNameByte(b) { throw .invalidFieldName(name) }
            if Self.isReservedField(nameBytes[...]) { throw .reservedField(name) }
            let valueBytes = Array(value.utf8)
            guard !valueBytes.isEmpty else { throw .invalidValue(field: name, problem: .empty) }
            guard valueBytes.count <= 1024 else {
                throw .invalidValue(field: name, problem: .tooLong(valueBytes.count))
            }
            for offset in valueBytes.indices where ASCII.isControl(valueBytes[offset]) {
                throw .invalidValue(field: name, problem: .forbiddenByte(valueBytes[offset], offset: offset))
            }
            out.append(contentsOf: nameBytes)
            out.append(ASCII.space)
            out.append(contentsOf: valueBytes)
        }
    }

    static func isFieldNameByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
            || b == UInt8(ascii: "_")
    }

    static func isReservedField(_ name: ArraySlice<UInt8>) -> Bool {
        ASCII.equals(name, "ssid") || ASCII.equals(name, "psk") || ASCII.equals(name, "sae_password")
            || ASCII.equals(name, "password") || ASCII.hasPrefix(name, "wep_key")
    }
}

public indirect enum SupplicantCommandError: Error, Equatable, Sendable {
    /// An SSID to set or probe is empty: it would match nothing.
    case emptySSID
    /// A scan frequency outside 1–100000 MHz.
    case invalidFrequency(Int)
    case invalidLevel(Int)
    case invalidPriority(Int)
    case invalidBSSSelector
    case emptyKeyManagement
    /// A `NetworkField.other` name that is not 1–32 of `[a-z0-9_]`.
    case invalidFieldName(String)
    /// A `NetworkField.other` name that must go through a typed case (ssid, psk) or is a secret we do not set.
    case reservedField(String)
    case invalidValue(field: String, problem: ValueProblem)

    public enum ValueProblem: Equatable, Sendable {
        case empty
        case tooLong(Int)
        /// A byte that cannot travel in a command: newline, CR, NUL, other controls, DEL (or `"`/`\` in a
        /// quoted value).
        case forbiddenByte(UInt8, offset: Int)
    }
}

// Hand-written: the router build prints "(cannot print value in embedded Swift)" for anything else.
extension SupplicantCommandError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .emptySSID: return "empty SSID (it would match no network)"
        case .invalidFrequency(let f): return "scan frequency " + String(f) + " MHz is not in 1-100000"
        case .invalidLevel(let n): return "monitor level " + String(n) + " is not in 0-5"
        case .invalidPriority(let p): return "network priority " + String(p) + " does not fit in 32 bits"
        case .invalidBSSSelector: return "BSS id or range out of bounds"
        case .emptyKeyManagement: return "no key management given"
        // Field names come from hotspotd's own code, not from the air: printed as they are.
        case .invalidFieldName(let name): return "network field name '" + name + "' is not 1-32 of a-z, 0-9, _"
        case .reservedField(let name):
            return "network field '" + name + "' is reserved (SSID and secrets have their own)"
        case .invalidValue(let field, let problem):
            return "value of network field '" + field + "' " + problem.description
        }
    }
}

extension SupplicantCommandError.ValueProblem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty: return "is empty"
        case .tooLong(let n): return "is too long (" + String(n) + " bytes)"
        case .forbiddenByte(let b, let offset):
            var hex: [UInt8] = []
            Hex.append(b, to: &hex)
            return "has byte 0x" + String(decoding: hex, as: UTF8.self) + " at offset " + String(offset)
                + ", which cannot be sent"
        }
    }
}
