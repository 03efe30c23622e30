import Foundation
import Glibc
import Testing
@testable import HotspotSystem

/// A DNS server on a free UDP port of 127.0.0.1 for tests: each query goes to `respond`, whose datagrams
/// (any number, none to stay silent) are sent back. Queries are kept for the test to look at.
public final class FakeDNSServer {
    public let fd: Int32
    public let port: UInt16
    private let received = Recorder<[UInt8]>()

    public var queries: [[UInt8]] { received.items }

    public init(respond: @escaping @Sendable ([UInt8]) -> [[UInt8]]) throws {
        let (fd, port) = try LocalSocket.bound(SOCK_DGRAM)
        (self.fd, self.port) = (fd, port)
        let received = self.received
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 1500)
            while true {
                var peer = sockaddr_in()
                var peerLength = socklen_t(MemoryLayout<sockaddr_in>.size)
                let n = withUnsafeMutablePointer(to: &peer) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { recvfrom(fd, &buffer, buffer.count, 0, $0, &peerLength) }
                }
                if n <= 0 { close(fd); return }  // shut down by deinit
                let query = Array(buffer[0..<n])
                received.append(query)
                for reply in respond(query) {
                    _ = withUnsafePointer(to: &peer) {
                        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { sendto(fd, reply, reply.count, 0, $0, peerLength) }
                    }
                }
            }
        }
    }

    // Shut down, not closed: the thread closes it once it is out of recvfrom, so that the number cannot
    // be reused by another test's socket while this thread still reads from it.
    deinit { shutdown(fd, Int32(SHUT_RDWR)) }

    /// The answer to `query` (its id and question echoed): the addresses as A records, or `rcode` (3: NXDOMAIN).
    static func answer(_ query: [UInt8], addresses: [[UInt8]], rcode: UInt8 = 0, id: [UInt8]? = nil) -> [UInt8] {
        var i = 12
        while query[i] != 0 { i += Int(query[i]) + 1 }
        let question = query[12..<(i + 5)]
        var out = (id ?? Array(query[0..<2])) + [0x81, 0x80 | rcode, 0, 1, 0, UInt8(addresses.count), 0, 0, 0, 0]
        out += question
        for a in addresses { out += [0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4] + a }
        return out
    }

    /// The name asked in `query`, dotted.
    static func name(_ query: [UInt8]) -> String {
        var labels: [String] = []
        var i = 12
        while query[i] != 0 {
            labels.append(String(decoding: query[(i + 1)...(i + Int(query[i]))], as: UTF8.self))
            i += Int(query[i]) + 1
        }
        return labels.joined(separator: ".")
    }
}

/// An HTTP server on a free TCP port of 127.0.0.1 for tests: reads each request (head and a
/// Content-Length body), keeps it, and writes what `respond` returns (nil: stays silent until the
/// client gives up), then closes the connection.
public final class ScriptedHTTPServer {
    public let fd: Int32
    public let port: UInt16
    private let received = Recorder<String>()

    public var requests: [String] { received.items }

    public init(respond: @escaping @Sendable (_ index: Int, _ request: String) -> [UInt8]?) throws {
        let (fd, port) = try LocalSocket.bound(SOCK_STREAM)
        (self.fd, self.port) = (fd, port)
        let received = self.received
        Thread.detachNewThread {
            var index = 0
            while true {
                let c = accept(fd, nil, nil)
                if c < 0 { close(fd); return }  // shut down by deinit
                let request = ScriptedHTTPServer.readRequest(c)
                received.append(request)
                if let reply = respond(index, request) {
                    var sent = 0
                    while sent < reply.count {
                        let n = reply[sent...].withUnsafeBytes { write(c, $0.baseAddress, $0.count) }
                        if n <= 0 { break }
                        sent += n
                    }
                } else {
                    var byte: UInt8 = 0
                    _ = read(c, &byte, 1)  // until the client closes
                }
                close(c)
                index += 1
            }
        }
    }

    // As FakeDNSServer: the thread closes the socket once accept fails.
    deinit { shutdown(fd, Int32(SHUT_RDWR)) }

    static func readRequest(_ fd: Int32) -> String {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: data, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                var length = 0
                if let r = head.range(of: "content-length: ") {
                    length = Int(head[r.upperBound...].prefix { $0.isNumber }) ?? 0
                }
                if data.count >= text.utf8.distance(from: text.startIndex, to: end.upperBound) + length { return text }
            }
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { return String(decoding: data, as: UTF8.self) }
            data += buffer[0..<n]
        }
    }
}

/// An HTTP/1.1 response with a Content-Length body.
public func httpResponse(_ status: String, headers: [String] = [], body: String = "") -> [UInt8] {
    var text = "HTTP/1.1 " + status + "\r\n"
    for h in headers { text += h + "\r\n" }
    text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    return Array(text.utf8)
}

/// What a fake server's thread saw, for the test's thread.
public final class Recorder<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [T] = []

    public var items: [T] { lock.withLock { list } }
    public func append(_ item: T) { lock.withLock { list.append(item) } }
}
