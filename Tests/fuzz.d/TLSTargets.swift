// The TLS path as far as it is ours: CTLS's PEM trust-anchor loader, its byte pumps around BearSSL's
// engine, and the errors TLSClient makes of the engine's codes. BearSSL itself (Debian's build) is not
// instrumented: the fuzzer steers by our code's coverage only.
#if canImport(Glibc)
import Glibc
#endif
import HotspotPortalHelper

let tlsTargets = [
    FuzzTarget(name: "tls-anchors", feeds: "a CA bundle (PEM) for TLSClient", run: tlsAnchors),
    FuzzTarget(name: "tls-records", feeds: "a server's records, in reads cut at the separator", run: tlsRecords),
]

/// A file without a name, for a path-taking API to read the input from: no leftovers, whatever happens.
final class ScratchFile {
    let fd: CInt
    var path: String { "/proc/self/fd/" + String(fd) }

    init() {
        var template = Array("/tmp/hotspotd-fuzz-XXXXXX".utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        require(fd >= 0, "mkstemp failed")
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
    }

    func write(_ bytes: [UInt8]) {
        _ = ftruncate(fd, 0)
        let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        require(n == bytes.count, "memfd write failed")
    }
}

let anchorFile = ScratchFile()

/// When the certificates in tls-records' seed were valid.
let captureTime: Int64 = 1_795_627_954

func tlsAnchors(_ input: [UInt8]) {
    anchorFile.write(input)
    do throws(TLSError) {
        let client = try TLSClient(serverName: "portal.example", trustAnchorsPath: anchorFile.path, validationTime: captureTime)
        require(client.trustAnchorCount > 0, "a client without trust anchors")
    } catch {
        require(!error.description.isEmpty, "an error without a description")
    }
}

/// The test CA that signed the server certificate of tls-records' seed (Tests/fuzz.d/Fixtures/seeds/README.md).
let testCA: ScratchFile = {
    let file = ScratchFile()
    file.write(Array(testCAPEM.utf8))
    return file
}()

/// A client's handshake with the input as the server's side: the pumps move what the engine takes, and
/// the session ends open, closed or failed with an error that reads well.
func tlsRecords(_ input: [UInt8]) {
    var client: TLSClient
    do throws(TLSError) {
        client = try TLSClient(serverName: "portal.example", trustAnchorsPath: testCA.path, validationTime: captureTime)
    } catch {
        require(false, "the test CA does not load: " + error.description)
        return
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    func drain() {
        while client.pullCiphertext(into: &buffer) > 0 {}
        while client.pullPlaintext(into: &buffer) > 0 {}
    }
    drain()
    for read in pieces(input, separator: datagramSeparator) {
        var offset = 0
        while offset < read.count {
            let taken = client.pushCiphertext(Array(read[offset...]))
            require(taken <= read.count - offset, "the engine took more than it was given")
            drain()
            if taken == 0 { break }
            offset += taken
        }
    }
    if case .open(let ready) = client.state, ready.contains(.canSendPlaintext) {
        let request = Array("GET / HTTP/1.1\r\nHost: portal.example\r\n\r\n".utf8)
        _ = client.pushPlaintext(request)
        drain()
    }
    client.close()
    drain()
    do throws(TLSError) { try client.transportEnded() } catch {
        require(!error.description.isEmpty, "an error without a description")
    }
}

/// A throwaway P-256 CA (its key is gone), valid 2026–2126, made for the seed with the openssl CLI.
let testCAPEM = """
-----BEGIN CERTIFICATE-----
MIIBpzCCAU2gAwIBAgIUCbb6pXswoKhiKznHQzL4ypK8Lu8wCgYIKoZIzj0EAwIw
IDEeMBwGA1UEAwwVaG90c3BvdGQgZnV6eiB0ZXN0IENBMCAXDTI2MTEyNTE3MzIz
NFoYDzIxMjYxMTAxMTczMjM0WjAgMR4wHAYDVQQDDBVob3RzcG90ZCBmdXp6IHRl
c3QgQ0EwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAASdMP77ACvsSLOUFHoZEOSY
SJalla/gLjnSRGMGy1vcyNe8BDWs6rONmwmFjGCoVTfX9/TTl5xf2W/6fxPgKURL
o2MwYTAdBgNVHQ4EFgQUBr5YJ2HOgUqorrPEw38m2wcw5sMwHwYDVR0jBBgwFoAU
Br5YJ2HOgUqorrPEw38m2wcw5sMwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8E
BAMCAgQwCgYIKoZIzj0EAwIDSAAwRQIgfnqDdAolpBdVvmZfCWgAhH4tIFZund84
Fi1vo874/2wCIQDC96jPJVtX/S3fD/3OHxTgGwzSYTaDAKotpkGVQVa0sw==
-----END CERTIFICATE-----
"""
