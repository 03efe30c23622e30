/// The 802.1X credentials of an enterprise network: PEAP/MSCHAPv2, TTLS/PAP or EAP-TLS, always with the
/// server's CA file and the domain its certificate must carry, so an unverified server is never sent them.
///
/// One set of names for UCI options, helper claim fields and `hotspotd join` flags (`names`, wpa_supplicant's
/// own but `eap`'s values); the values are bytes, sent to wpa_supplicant as hex whatever they hold. Its
/// `description` never shows them.
public struct EAPSettings: Hashable, Sendable, CustomStringConvertible {
    public enum Field: Int, CaseIterable, Sendable {
        case method, identity, anonymousIdentity, password, caCert, domain, clientCert, privateKey
    }

    public static let names: [StaticString] = [
        "eap", "identity", "anonymous_identity", "password", "ca_cert", "domain_suffix_match", "client_cert",
        "private_key",
    ]
    /// `eap`'s values, in `method` order.
    public static let methods: [StaticString] = ["peap", "ttls", "tls"]

    /// Indexed by `Field`; empty when not given.
    public private(set) var values: [[UInt8]] = Array(repeating: [], count: 8)

    public init() {}

    public subscript(_ field: Field) -> [UInt8] { values[field.rawValue] }

    public var isEmpty: Bool { values.allSatisfy { $0.isEmpty } }

    /// The index in `methods`, or nil when `eap` is not one of them.
    public var method: Int? {
        let i = Self.methods.firstIndex { ASCII.equals(self[.method][...], $0) }
        return i
    }

    /// Sets the field called `name` (as bytes); false when no field has that name.
    @inline(never)
    public mutating func set(_ name: ArraySlice<UInt8>, _ value: [UInt8]) -> Bool {
        guard let i = Self.names.firstIndex(where: { ASCII.equals(name, $0) }) else { return false }
        values[i] = value
        return true
    }

    /// Why these settings cannot join a network safely, or nil when they can: a method, an identity, the CA
    /// file and domain, then a password (PEAP, TTLS) or a certificate and key (TLS); files as absolute paths.
    @inline(never)
    public func problem() -> String? {
        guard let m = method else { return "eap must be peap, ttls or tls" }
        let needed: [Field] = m == 2 ? [.identity, .caCert, .domain, .clientCert, .privateKey]
                                     : [.identity, .caCert, .domain, .password]
        for f in needed where self[f].isEmpty {
            let why = f == .caCert || f == .domain ? " (hotspotd never sends credentials to an unverified server)" : ""
            return "an enterprise network needs " + Self.names[f.rawValue].description + why
        }
        for f in [Field.caCert, .clientCert, .privateKey] where !self[f].isEmpty && self[f].first != UInt8(ascii: "/") {
            return Self.names[f.rawValue].description + " is not an absolute path"
        }
        for v in values where v.count > 255 { return "an EAP value is longer than 255 bytes" }
        return nil
    }

    public var description: String {
        (method.map { Self.methods[$0].description } ?? "eap") + "(redacted)"
    }
}
