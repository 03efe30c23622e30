import CLinux
import CTLS
import HotspotSystem

/// A TLS 1.2 client session with no I/O of its own (BearSSL's engine through CTLS): the owner moves
/// ciphertext between its socket and the session in its poll loop, and plaintext in and out.
/// The server's chain is always verified against the PEM bundle's CAs and the server name; there is no
/// way to turn that off. TLS 1.3 is not available (BearSSL has none): a 1.3-only server fails cleanly.
///
/// Memory: one 16709-byte half-duplex buffer (BearSSL's mono mode; a request/response client never
/// sends and receives at once) plus the engine (about 7 KB) and the trust anchors.
public struct TLSClient: ~Copyable {
    private let handle: OpaquePointer
    public let serverName: String

    /// What the session can do next; several at once while it is open.
    public struct Readiness: OptionSet, Equatable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Ciphertext waits for the socket: `pullCiphertext`.
        public static let wantsToSend = Readiness(rawValue: UInt32(CTLS_WANTS_SEND))
        /// The session takes ciphertext from the socket: `pushCiphertext`.
        public static let canReceive = Readiness(rawValue: UInt32(CTLS_CAN_RECEIVE))
        /// Decrypted application data waits: `pullPlaintext`.
        public static let hasPlaintext = Readiness(rawValue: UInt32(CTLS_HAS_PLAINTEXT))
        /// The handshake is done and application data is taken: `pushPlaintext`.
        public static let canSendPlaintext = Readiness(rawValue: UInt32(CTLS_CAN_WRITE_PLAINTEXT))
    }

    public enum State: Equatable {
        case open(Readiness)
        /// Closed in order (close_notify both ways).
        case closed
        case failed(TLSError)
    }

    /// A session for `serverName` (SNI and the certificate's name) trusting the CERTIFICATE blocks of the
    /// PEM file at `trustAnchorsPath` (other blocks are skipped; at most 512 KiB). Certificates are checked
    /// at `validationTime` (Unix seconds), the wall clock unless given. `verifying` false: no certificate is
    /// checked at all (a venue page whose certificate did not verify; its caller treats it like plain http).
    public init(serverName: String, trustAnchorsPath: String, validationTime: Int64? = nil, verifying: Bool = true) throws(TLSError) {
        // A NUL would cut the name C sees short, and the name check with it.
        if Self.hasNUL(serverName) { throw .invalidServerName(serverName) }
        if Self.hasNUL(trustAnchorsPath) { throw .trustAnchorsUnreadable(path: trustAnchorsPath, Errno(EINVAL)) }
        var code: Int32 = 0
        var errno: Int32 = 0
        let now = validationTime ?? SystemClock.realtimeSeconds
        let client = ctls_client_new(serverName, trustAnchorsPath, now, verifying ? 1 : 0, &code, &errno)
        guard let client else {
            throw TLSError(code: code, serverName: serverName, path: trustAnchorsPath, errno: errno)
        }
        self.handle = client
        self.serverName = serverName
    }

    deinit { ctls_client_free(handle) }

    /// Over an array of the bytes: `utf8.contains(0)`, or a loop over `utf8`, brought a specialisation of its own.
    static func hasNUL(_ s: String) -> Bool {
        for b in Array(s.utf8) where b == 0 { return true }
        return false
    }

    public var state: State {
        let bits = ctls_client_state(handle)
        if bits & UInt32(CTLS_CLOSED) != 0 {
            let code = ctls_client_error(handle)
            if code == 0 { return .closed }
            return .failed(TLSError(code: code, serverName: serverName, path: "", errno: 0))
        }
        return .open(Readiness(rawValue: bits))
    }

    /// How many trust anchors the bundle gave.
    public var trustAnchorCount: Int { ctls_client_trust_anchor_count(handle) }

    // Arrays, not raw buffers: a closure for `withUnsafe…Bytes` at each call was code of its own.

    /// Ciphertext for the socket into `buffer` from its start: the count.
    public mutating func pullCiphertext(into buffer: inout [UInt8]) -> Int {
        ctls_client_pull_ciphertext(handle, &buffer, buffer.count)
    }

    /// Ciphertext read from the socket: the count taken. Offer the rest again once the state changes.
    public mutating func pushCiphertext(_ bytes: [UInt8]) -> Int {
        ctls_client_push_ciphertext(handle, bytes, bytes.count)
    }

    /// Decrypted application data into `buffer` from its start: the count.
    public mutating func pullPlaintext(into buffer: inout [UInt8]) -> Int {
        ctls_client_pull_plaintext(handle, &buffer, buffer.count)
    }

    /// Application data to encrypt: the count taken, sealed into a record at once.
    public mutating func pushPlaintext(_ bytes: [UInt8]) -> Int {
        ctls_client_push_plaintext(handle, bytes, bytes.count)
    }

    /// Begin an orderly close (close_notify); `.closed` follows when the server answers.
    public mutating func close() { ctls_client_close(handle) }

    /// The socket reached end of file: fine after the server's close_notify, `.truncated` before it
    /// (unless the session had already failed, which is the error then).
    public func transportEnded() throws(TLSError) {
        switch state {
        case .closed: return
        case .failed(let error): throw error
        case .open: throw .truncated
        }
    }
}
