import Foundation
import Glibc
import Testing
@testable import TestSupport
@testable import HotspotPortalHelper
@testable import SystemTestSupport

/// TLSClient (BearSSL through CTLS) against real `openssl s_server` processes on localhost, with a
/// throwaway PKI made by the openssl CLI: handshakes that must succeed, and each way one must fail.
@Suite struct TLSClientTests {
    let pki = TestPKI.shared

    @Test func ecdsaCertificateOverTLS12RoundTripsARequest() throws {
        let server = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_2"])
        var client = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.caBundle)
        let result = try exchange(&client, port: server.port)
        #expect(result.state == .closed)
        #expect(result.response.hasPrefix("HTTP/1.0 200 ok"))
        #expect(result.response.contains("TLSv1.2"))
        #expect(result.response.contains("ECDHE-ECDSA-"))
        try client.transportEnded()
    }

    /// A server that also speaks TLS 1.3 settles on 1.2 with BearSSL.
    @Test func rsaCertificateOnATLS13CapableServerFallsBackTo12() throws {
        let server = try TLSServer(certificate: pki.rsaCertificate, key: pki.rsaKey, options: [])
        var client = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.caBundle)
        let result = try exchange(&client, port: server.port)
        #expect(result.state == .closed)
        #expect(result.response.hasPrefix("HTTP/1.0 200 ok"))
        #expect(result.response.contains("TLSv1.2"))
        #expect(result.response.contains("ECDHE-RSA-"))
    }

    @Test func tls13OnlyServerFailsWithAClearError() throws {
        let server = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_3"])
        var client = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.caBundle)
        let result = try exchange(&client, port: server.port)
        #expect(result.state == .failed(.serverRefusedTLS12))
        #expect(result.response.isEmpty)
        #expect(throws: TLSError.serverRefusedTLS12) { try client.transportEnded() }
    }

    @Test func wrongServerNameFails() throws {
        let server = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_2"])
        var client = try TLSClient(serverName: "portal.example", trustAnchorsPath: pki.caBundle)
        let result = try exchange(&client, port: server.port)
        #expect(result.state == .failed(.certificateNameMismatch(serverName: "portal.example")))
        #expect(result.response.isEmpty)
    }

    @Test func anotherCAFailsAsUntrusted() throws {
        let server = try TLSServer(certificate: pki.rsaCertificate, key: pki.rsaKey, options: ["-tls1_2"])
        var client = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.otherCABundle)
        let result = try exchange(&client, port: server.port)
        #expect(result.state == .failed(.certificateUntrusted))
        #expect(result.response.isEmpty)
    }

    /// Ten years on, the two-day certificates have expired: checked at the time given, not skipped.
    @Test func expiredAtTheValidationTimeFails() throws {
        let server = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_2"])
        let later = Int64(Date().timeIntervalSince1970) + 10 * 365 * 86_400
        var client = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.caBundle, validationTime: later)
        let result = try exchange(&client, port: server.port)
        #expect(result.state == .failed(.certificateExpired))
    }

    /// Keys, a broken block and a second CA around the right one: only the certificates count.
    @Test func bundleSkipsKeysAndBrokenBlocks() throws {
        let server = try TLSServer(certificate: pki.ecdsaCertificate, key: pki.ecdsaKey, options: ["-tls1_2"])
        var client = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.mixedBundle)
        #expect(client.trustAnchorCount == 2)
        let result = try exchange(&client, port: server.port)
        #expect(result.state == .closed)
        #expect(result.response.hasPrefix("HTTP/1.0 200 ok"))
    }

    /// Found by Tests/fuzz (tls-anchors): a CERTIFICATE block with bytes after the certificate made the
    /// loader feed BearSSL's decoder after it had stopped, which then read through a NULL pointer. The
    /// block is skipped; the CA after it counts.
    @Test func certificateBlockWithTrailingBytesIsSkipped() throws {
        let pem = try String(contentsOfFile: pki.caBundle, encoding: .utf8)
        var der = try #require(Data(base64Encoded: pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()))
        der.append(Data(repeating: 0, count: 1024))
        let block = der.base64EncodedString(options: .lineLength64Characters).replacingOccurrences(of: "\r\n", with: "\n")
        let path = pki.dir + "/trailing.pem"
        try ("-----BEGIN CERTIFICATE-----\n" + block + "\n-----END CERTIFICATE-----\n" + pem)
            .write(toFile: path, atomically: true, encoding: .utf8)
        let client = try TLSClient(serverName: "localhost", trustAnchorsPath: path)
        #expect(client.trustAnchorCount == 1)
    }

    @Test func emptyBundleIsRefused() throws {
        let path = pki.dir + "/empty.pem"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        #expect(throws: TLSError.noTrustAnchors(path: path)) {
            _ = try TLSClient(serverName: "localhost", trustAnchorsPath: path)
        }
        #expect(throws: TLSError.noTrustAnchors(path: pki.ecdsaKey)) {
            _ = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.ecdsaKey)
        }
    }

    @Test func missingBundleReportsTheErrno() {
        let path = pki.dir + "/missing.pem"
        #expect(throws: TLSError.trustAnchorsUnreadable(path: path, .noEntry)) {
            _ = try TLSClient(serverName: "localhost", trustAnchorsPath: path)
        }
    }

    @Test func oversizedBundleIsRefused() throws {
        let path = pki.dir + "/large.pem"
        let ca = try Data(contentsOf: URL(fileURLWithPath: pki.caBundle))
        var large = Data()
        while large.count <= 512 * 1024 { large.append(ca) }
        try large.write(to: URL(fileURLWithPath: path))
        #expect(throws: TLSError.trustAnchorsTooLarge(path: path)) {
            _ = try TLSClient(serverName: "localhost", trustAnchorsPath: path)
        }
    }

    /// BearSSL checks no name at all when given none: there must be no way to ask for that.
    @Test func emptyOrNULServerNamesAreRefused() {
        #expect(throws: TLSError.invalidServerName("")) {
            _ = try TLSClient(serverName: "", trustAnchorsPath: pki.caBundle)
        }
        #expect(throws: TLSError.invalidServerName("localhost\0.evil")) {
            _ = try TLSClient(serverName: "localhost\0.evil", trustAnchorsPath: pki.caBundle)
        }
        let long = String(repeating: "a", count: 256)
        #expect(throws: TLSError.invalidServerName(long)) {
            _ = try TLSClient(serverName: long, trustAnchorsPath: pki.caBundle)
        }
    }

    /// The connection dropped before any close_notify: an error, not a short read taken as the whole.
    @Test func endOfTransportBeforeCloseNotifyIsTruncation() throws {
        let listener = try TCPListener()
        var client = try TLSClient(serverName: "localhost", trustAnchorsPath: pki.caBundle)
        let fd = try LocalSocket.connect(port: listener.port)
        defer { close(fd) }
        close(listener.acceptOne())
        let result = try pump(&client, fd: fd, request: [])
        #expect(result.endOfFile)
        #expect(throws: TLSError.truncated) { try client.transportEnded() }
    }

    @Test func debiansCABundleLoads() throws {
        let path = "/etc/ssl/certs/ca-certificates.crt"
        try #require(FileManager.default.fileExists(atPath: path), "ca-certificates is not installed")
        let client = try TLSClient(serverName: "example.org", trustAnchorsPath: path)
        #expect(client.trustAnchorCount > 100)
    }

    @Test func descriptionsNameTheCause() {
        // The words of the cases without a value, whole.
        let fixed: [(TLSError, String)] = [
            (.outOfMemory, "out of memory for TLS"),
            (.certificateUntrusted, "the server's certificate is not trusted: no chain to a CA in the bundle (unknown CA)"),
            (.certificateExpired, "the server's certificate is expired or not yet valid (is the router's clock right?)"),
            (.serverRefusedTLS12, "the server refused TLS 1.2 (protocol_version alert): it may speak only TLS 1.3, which BearSSL lacks"),
            (.truncated, "the TLS connection ended without close_notify: the data may be cut short"),
        ]
        for (error, text) in fixed { #expect(error.description == text) }
        #expect(TLSError.certificateUntrusted.description.contains("unknown CA"))
        #expect(TLSError.certificateExpired.description.contains("clock"))
        #expect(TLSError.certificateNameMismatch(serverName: "a.example").description.contains("'a.example'"))
        #expect(TLSError.serverRefusedTLS12.description.contains("TLS 1.3"))
        #expect(TLSError.trustAnchorsUnreadable(path: "/x.pem", .noEntry).description
            == "cannot read the CA bundle /x.pem: No such file or directory")
        #expect(TLSError.noTrustAnchors(path: "/x.pem").description.contains("/x.pem"))
        // 40 + 256: the server's handshake_failure alert, named by ctls_error_name.
        #expect(TLSError.failed(code: 296).description
            == "TLS failed: the server refused the handshake (no common cipher suite or curve?) (BearSSL error 296)")
        #expect(TLSError.failed(code: 7).description.contains("bad record MAC"))
    }
}

// MARK: - Driving a session over a socket

struct ExchangeResult {
    var state: TLSClient.State
    var response: String
    var endOfFile: Bool
}

/// Connect to 127.0.0.1:port, send an HTTP GET through the session and collect the answer until the
/// session closes or fails, or the socket ends.
func exchange(_ client: inout TLSClient, port: UInt16) throws -> ExchangeResult {
    let fd = try LocalSocket.connect(port: port)
    defer { close(fd) }
    return try pump(&client, fd: fd, request: Array("GET / HTTP/1.0\r\nHost: localhost\r\n\r\n".utf8))
}

/// The poll loop a helper would run, with blocking I/O: ciphertext out first, plaintext up, request in,
/// then ciphertext from the socket (what the session does not take yet is offered again later).
func pump(_ client: inout TLSClient, fd: Int32, request: [UInt8]) throws -> ExchangeResult {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var pending: [UInt8] = []
    var response: [UInt8] = []
    var sent = 0
    var endOfFile = false
    for _ in 0..<10_000 {
        guard case .open(let readiness) = client.state else { break }
        if readiness.contains(.wantsToSend) {
            let n = client.pullCiphertext(into: &buffer)
            var off = 0
            while off < n {
                let w = buffer.withUnsafeBytes { write(fd, $0.baseAddress! + off, n - off) }
                if w <= 0 { endOfFile = true; break }
                off += w
            }
            if endOfFile { break }
        } else if readiness.contains(.hasPlaintext) {
            let n = client.pullPlaintext(into: &buffer)
            response += buffer[0..<n]
        } else if readiness.contains(.canSendPlaintext) && sent < request.count {
            sent += client.pushPlaintext(Array(request[sent...]))
        } else if readiness.contains(.canReceive) {
            if pending.isEmpty {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
                if n == 0 { endOfFile = true; break }
                pending = Array(buffer[0..<n])
            }
            let taken = client.pushCiphertext(pending)
            pending.removeFirst(taken)
        } else {
            Issue.record("the session can do nothing: \(readiness)")
            break
        }
    }
    return ExchangeResult(state: client.state, response: String(decoding: response, as: UTF8.self), endOfFile: endOfFile)
}

/// A listening TCP socket on a free localhost port.
final class TCPListener {
    let fd: Int32
    let port: UInt16

    init() throws { (fd, port) = try LocalSocket.bound(SOCK_STREAM) }

    func acceptOne() -> Int32 { accept(fd, nil, nil) }

    deinit { close(fd) }
}

// MARK: - openssl

/// `openssl s_server -www` on a free localhost port, for one test: answers each GET with a status page
/// naming the protocol and cipher suite, then closes the session with close_notify.
final class TLSServer {
    let process = Process()
    let port: UInt16

    init(certificate: String, key: String, options: [String]) throws {
        // A port free a moment ago (a race other tests could only lose by chance).
        port = try TCPListener().port
        let log = TestPKI.shared.dir + "/s_server-\(port).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", certificate, "-key", key, "-www"] + options
        process.standardOutput = FileHandle(forWritingAtPath: log)
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // s_server prints ACCEPT once it listens.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("ACCEPT") { return }
            if !process.isRunning { break }
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw TestPKI.Failure(message: "s_server did not start: " + ((try? String(contentsOfFile: log, encoding: .utf8)) ?? ""))
    }

    // SIGKILL: the child inherits the test runner's blocked signals, SIGTERM among them.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Made once per test run: a test CA (RSA), an ECDSA (P-256) and an RSA server certificate for
/// "localhost" (also portal.test and evil.example, for PortalServer) signed by it, both valid for two days,
/// and a second CA (ECDSA) that signed neither.
final class TestPKI: Sendable {
    struct Failure: Error, CustomStringConvertible { let message: String; var description: String { message } }

    static let shared = try! TestPKI()

    let dir: String
    var caBundle: String { dir + "/ca.pem" }
    var otherCABundle: String { dir + "/other-ca.pem" }
    var ecdsaCertificate: String { dir + "/ecdsa.pem" }
    var ecdsaKey: String { dir + "/ecdsa.key" }
    var rsaCertificate: String { dir + "/rsa.pem" }
    var rsaKey: String { dir + "/rsa.key" }
    /// A key, a CERTIFICATE block that does not decode, the other CA and the right CA.
    var mixedBundle: String { dir + "/mixed.pem" }

    init() throws {
        dir = temporaryDirectory()
        let ca = ["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"]
        try Self.openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", dir + "/ca.key", "-out", dir + "/ca.pem",
                          "-days", "2", "-subj", "/CN=hotspotd test CA"] + ca)
        try Self.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                          "-keyout", dir + "/other-ca.key", "-out", dir + "/other-ca.pem", "-days", "2",
                          "-subj", "/CN=hotspotd other CA"] + ca)
        try "subjectAltName=DNS:localhost,DNS:portal.test,DNS:evil.example\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
            .write(toFile: dir + "/server.ext", atomically: true, encoding: .utf8)
        for (name, key, serial) in [("ecdsa", ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"], "2"),
                                    ("rsa", ["-newkey", "rsa:2048"], "3")] {
            try Self.openssl(["req"] + key + ["-nodes", "-keyout", dir + "/\(name).key", "-out", dir + "/\(name).csr",
                                              "-subj", "/CN=localhost"])
            try Self.openssl(["x509", "-req", "-in", dir + "/\(name).csr", "-CA", dir + "/ca.pem", "-CAkey", dir + "/ca.key",
                              "-set_serial", serial, "-days", "2", "-extfile", dir + "/server.ext", "-out", dir + "/\(name).pem"])
        }
        let broken = "-----BEGIN CERTIFICATE-----\nMIIB!!not base64!!\n-----END CERTIFICATE-----\n"
        let mixed = try String(contentsOfFile: dir + "/ecdsa.key", encoding: .utf8) + "garbage between blocks\n" + broken
            + String(contentsOfFile: dir + "/other-ca.pem", encoding: .utf8)
            + String(contentsOfFile: dir + "/ca.pem", encoding: .utf8)
        try mixed.write(toFile: mixedBundle, atomically: true, encoding: .utf8)
    }

    static func openssl(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        if p.terminationStatus != 0 { throw Failure(message: "openssl " + arguments.joined(separator: " ") + " failed") }
    }
}
