/// The 802.1X credentials of an enterprise network: PEAP/MSCHAPv2, TTLS/PAP, TTLS/MSCHAPv2 (eduroam's
/// other usual one) or EAP-TLS, always with the
/// server's CA file and the domain its certificate must carry, so an unverified server is never sent them.
///
/// One set of names for UCI options and helper claim fields (`names`, wpa_supplicant's own); the values are
/// bytes, sent to wpa_supplicant as hex whatever they hold. Its `description` never shows them.
public struct EAPSettings: Hashable, Sendable, CustomStringConvertible {
    public enum Field: Int, Sendable {
        case method, identity, anonymousIdentity, password, caCert, domain, clientCert, privateKey
    }

    public static let names: [StaticString] = [
        "eap", "identity", "anonymous_identity", "password", "ca_cert", "domain_suffix_match", "client_cert",
        "private_key",
    ]

    /// Indexed by `Field`; empty when not given.
    public var values: [[UInt8]] = Array(repeating: [], count: 8)

    public init() {}

    /// Not inlined: one copy for its callers (the CLI, the control socket, UCI, the state file).
    @inline(never)
    public var isEmpty: Bool { !values.contains { !$0.isEmpty } }

    /// Why these settings cannot join a network safely, or nil when they can: a method, an identity, the CA
    /// file and domain (of two labels at least), then a password (PEAP, TTLS) or a certificate and key (TLS);
    /// files as absolute paths, every value at most 255 bytes.
    @inline(never)
    public func problem() -> String? {
        let m = values[0][...]
        let tls = ASCII.equals(m, "tls")
        guard tls || ASCII.equals(m, "peap") || ASCII.equals(m, "ttls") || ASCII.equals(m, "ttls-mschapv2") else {
            return "eap must be peap, ttls, ttls-mschapv2 or tls"
        }
        // Bits by `Field`: what the method needs, and which values are files.
        let needed = tls ? 0b1111_0010 : 0b0011_1010
        for i in values.indices {
            let v = values[i]
            let why: StaticString
            if v.isEmpty {
                guard needed & 1 << i != 0 else { continue }
                why = i == 4 || i == 5 ? " is missing: hotspotd never sends credentials to an unverified server"
                                       : " is missing"
            } else if v.count > 255 {
                why = " is longer than 255 bytes"
            } else if 0b1101_0000 & 1 << i != 0 && v[0] != UInt8(ascii: "/") {
                why = " is not an absolute path"
            } else if i == 5 && !Self.namesDomains(v) {
                why = " must name a domain of at least two labels (radius.example.edu), not a top-level domain"
            } else {
                continue
            }
            return Self.names[i].description + why.description
        }
        return nil
    }

    /// `domain_suffix_match`: each of its `;`-separated names (wpa_supplicant takes a list) has at least two
    /// labels, none empty (a trailing dot aside). `com` would trust any server under .com the CA signed (issue 35).
    static func namesDomains(_ v: [UInt8]) -> Bool {
        for name in ASCII.split(v[...], on: UInt8(ascii: ";")) {
            var n = name
            // dropLast, not removeLast: a slice's removeLast is code of its own on the router.
            if n.last == UInt8(ascii: ".") { n = n.dropLast() }
            let labels = ASCII.split(n, on: UInt8(ascii: "."))
            if labels.count < 2 { return false }
            for l in labels where l.isEmpty { return false }
        }
        return true
    }

    /// wpa_supplicant's `phase2` for the method: MSCHAPv2 inside PEAP and ttls-mschapv2, PAP inside ttls,
    /// none for TLS. Empty for no method too (a credential not checked yet).
    public var phase2: [UInt8] {
        let m = values[0]
        if m.first == UInt8(ascii: "p") || m.count > 4 { return Array("auth=MSCHAPV2".utf8) }
        return m.count == 4 ? Array("auth=PAP".utf8) : []
    }

    /// wpa_supplicant's `eap` for a method `problem()` accepted: its word up to a `-` in upper case
    /// (`ttls-mschapv2` is TTLS with MSCHAPv2 inside, which `phase2` says).
    public static func appendMethod(_ method: [UInt8], to out: inout [UInt8]) {
        for b in method {
            if b == UInt8(ascii: "-") { return }
            out.append(b & 0xdf)
        }
    }

    /// ` eapN=HEX` for each value given, N its `Field`: the words of a `join` request and of an owner network
    /// in the state file, hex so that no byte of a value can end or split either.
    public func appendWords(to out: inout [UInt8]) {
        for i in values.indices where !values[i].isEmpty {
            let v = values[i]
            ASCII.append(&out, " eap")
            out.append(UInt8(ascii: "0") + UInt8(i))
            out.append(UInt8(ascii: "="))
            for b in v { Hex.append(b, to: &out) }
        }
    }

    /// Takes one `eapN=HEX` word; false when it is not one, names a field already given or holds no value.
    public mutating func take(_ w: ArraySlice<UInt8>) -> Bool {
        guard ASCII.hasPrefix(w, "eap"), w.count > 5, w[w.startIndex + 4] == UInt8(ascii: "="),
              case let f = Int(w[w.startIndex + 3]) - 48, (0..<8).contains(f), values[f].isEmpty,
              let v = Hex.decode(w.dropFirst(5)) else { return false }
        values[f] = v
        return true
    }

    public var description: String { "eap(redacted)" }
}
