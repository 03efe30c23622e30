import Testing
import TestSupport
@testable import HotspotWeb

@Suite struct HTTPResponseParserTests {
    struct Case {
        let wire: [UInt8]
        let expected: HTTPResponse
        /// The body runs to the end of the connection: complete only on `finish()`.
        var closeDelimited = false
        var respondingToHEAD = false
    }

    static func h(_ name: String, _ value: String) -> HTTPHeader { HTTPHeader(name, value) }
    static func response(_ status: Int, _ reason: String, _ headers: [HTTPHeader], _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, reason: Array(reason.utf8), headers: headers, body: Array(body.utf8))
    }

    static let cases: [Case] = [
        Case(wire: bytes("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello"),
             expected: response(200, "OK", [h("Content-Type", "text/html"), h("Content-Length", "5")], "hello")),
        // Chunked, with extensions, upper-case hex, leading zeros, and a trailer.
        Case(wire: bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=\"v\"\r\nhello\r\n00006 ; x\r\n world\r\n"
                         + "A\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n"),
             expected: response(200, "OK", [h("Transfer-Encoding", "chunked")], "hello world0123456789")),
        // A portal's redirect from an HTTP/1.0 server: no length, the body ends with the connection.
        Case(wire: bytes("HTTP/1.0 302 Found\r\nLocation: http://portal.example/login?ap=1\r\nSet-Cookie: a=1; Path=/\r\n"
                         + "set-cookie: b=2\r\n\r\n<html>moved</html>\n"),
             expected: response(302, "Found", [h("Location", "http://portal.example/login?ap=1"), h("Set-Cookie", "a=1; Path=/"),
                                                h("set-cookie", "b=2")], "<html>moved</html>\n"),
             closeDelimited: true),
        // Bare LF line ends; 204 has no body.
        Case(wire: bytes("HTTP/1.1 204 No Content\nServer:  lighttpd \n\n"),
             expected: response(204, "No Content", [h("Server", "lighttpd")], "")),
        // 304 has no body whatever Content-Length says.
        Case(wire: bytes("HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\n\r\n"),
             expected: response(304, "Not Modified", [h("Content-Length", "100")], "")),
        // Interim responses are skipped.
        Case(wire: bytes("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
                         + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"),
             expected: response(200, "OK", [h("Content-Length", "2")], "ok")),
        // A response to HEAD has no body.
        Case(wire: bytes("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n"),
             expected: response(200, "OK", [h("Content-Length", "1000")], ""), respondingToHEAD: true),
        // A repeated, equal Content-Length; no reason phrase, and no space before it.
        Case(wire: bytes("HTTP/1.1 200\r\nContent-Length: 3, 3\r\ncontent-length: 3\r\n\r\nabc"),
             expected: response(200, "", [h("Content-Length", "3, 3"), h("content-length", "3")], "abc")),
        Case(wire: bytes("HTTP/1.1 511 \r\nContent-Length: 0\r\n\r\n"),
             expected: response(511, "", [h("Content-Length", "0")], "")),
        // Transfer-Encoding overrides Content-Length.
        Case(wire: bytes("HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n"),
             expected: response(200, "OK", [h("Content-Length", "99"), h("Transfer-Encoding", "Chunked")], "hi")),
        // Binary body bytes, header values with tabs and non-ASCII bytes.
        Case(wire: bytes("HTTP/1.1 200 OK\r\nX-A:\ta\tb\t\r\nX-B: caf\u{e9}\r\nContent-Length: 4\r\n\r\n\r\n\0\n"),
             expected: response(200, "OK", [h("X-A", "a\tb"), h("X-B", "caf\u{e9}"), h("Content-Length", "4")], "\r\n\0\n")),
    ]

    /// Feeds `wire` in chunks of `size`, then finishes. The response, the number of bytes fed when `feed`
    /// returned it (nil if only `finish` did), or the error.
    static func run(_ c: Case, wire: [UInt8], chunk size: Int, finish: Bool = true)
        -> (response: HTTPResponse?, completedAt: Int?, error: HTTPParseError?) {
        var p = HTTPResponseParser(respondingToHEAD: c.respondingToHEAD)
        var offset = 0
        do throws(HTTPParseError) {
            while offset < wire.count {
                let end = min(wire.count, offset + size)
                let r = try p.feed(wire[offset..<end])
                offset = end
                if let r { return (r, offset, nil) }
            }
            if !finish { return (nil, nil, nil) }
            return (try p.finish(), nil, nil)
        } catch {
            return (nil, nil, error)
        }
    }

    /// At every chunk size, every case gives the same response, complete exactly when its last byte is fed
    /// (or at `finish` when the body runs to the end of the connection).
    @Test func everyChunkSize() {
        for (n, c) in Self.cases.enumerated() {
            for size in 1...c.wire.count {
                let (response, completedAt, error) = Self.run(c, wire: c.wire, chunk: size)
                #expect(error == nil, "case \(n) chunk \(size): \(String(describing: error))")
                #expect(response == c.expected, "case \(n) chunk \(size)")
                #expect(completedAt == (c.closeDelimited ? nil : c.wire.count), "case \(n) chunk \(size)")
            }
        }
    }

    /// Cut anywhere, a response is incomplete and `finish` fails; only a body that runs to the end of the
    /// connection may end early, and then it is exactly the bytes that came.
    @Test func truncatedAtEveryCutPoint() {
        for (n, c) in Self.cases.enumerated() {
            for cut in 0..<c.wire.count {
                let prefix = Array(c.wire[..<cut])
                for size in [1, 7, max(1, cut)] {
                    let (response, completedAt, error) = Self.run(c, wire: prefix, chunk: size)
                    #expect(completedAt == nil, "case \(n) cut \(cut): complete before its end")
                    if let response {
                        #expect(c.closeDelimited, "case \(n) cut \(cut): a cut response accepted")
                        #expect(response.body == Array(c.expected.body.prefix(response.body.count)))
                        #expect(prefix.count - response.body.count == c.wire.count - c.expected.body.count)
                    } else {
                        #expect(error == (cut == 0 ? .noResponse : .truncated), "case \(n) cut \(cut)")
                    }
                }
            }
        }
    }

    static func failure(_ text: String, head: Bool = false, maxHeadBytes: Int = HTTPResponseParser.defaultMaxHeadBytes,
                        maxHeaderCount: Int = HTTPResponseParser.defaultMaxHeaderCount,
                        maxBodyBytes: Int = HTTPResponseParser.defaultMaxBodyBytes) -> HTTPParseError? {
        failure(bytes(text), head: head, maxHeadBytes: maxHeadBytes, maxHeaderCount: maxHeaderCount, maxBodyBytes: maxBodyBytes)
    }

    static func failure(_ wire: [UInt8], head: Bool = false, maxHeadBytes: Int = HTTPResponseParser.defaultMaxHeadBytes,
                        maxHeaderCount: Int = HTTPResponseParser.defaultMaxHeaderCount,
                        maxBodyBytes: Int = HTTPResponseParser.defaultMaxBodyBytes) -> HTTPParseError? {
        var p = HTTPResponseParser(respondingToHEAD: head, maxHeadBytes: maxHeadBytes, maxHeaderCount: maxHeaderCount,
                                   maxBodyBytes: maxBodyBytes)
        do throws(HTTPParseError) {
            if try p.feed(wire) == nil { _ = try p.finish() }
            return nil
        } catch {
            return error
        }
    }

    @Test func malformedStatusLines() {
        for line in ["ICY 200 OK", "HTTP/1.1 20 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 099 Low", "HTTP/1.1 600 High",
                     "HTTP/1.1 200OK", "HTTP/1.1  200 OK", "http/1.1 200 OK", "HTTP/1.1 2x0 OK", "HTTP/1.1 200 O\u{0}K",
                     "HTTP/1.1", "HTTP/1.10 200 OK", "HTTP/1.1\t200 OK", "HTTP/ 200", ""] {
            #expect(Self.failure(line + "\r\nContent-Length: 0\r\n\r\n") == .malformedStatusLine, "\(line)")
        }
        #expect(Self.failure("HTTP/2 200\r\n\r\n") == .unsupportedVersion("2"))
        #expect(Self.failure("HTTP/0.9 200 OK\r\n\r\n") == .unsupportedVersion("0.9"))
        #expect(Self.failure("HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n") == .switchingProtocols)
    }

    @Test func malformedHeaders() {
        #expect(Self.failure("HTTP/1.1 200 OK\r\nA: 1\r\n folded\r\n\r\n") == .obsoleteLineFolding(line: 3))
        #expect(Self.failure("HTTP/1.1 200 OK\r\n\tfolded\r\n\r\n") == .obsoleteLineFolding(line: 2))
        for line in ["Content-Length : 5", "No colon", ": empty name", "Bad Name: 1", "X-A: a\u{0}b", "X-A: a\rb",
                     "X-A: \u{1b}[31m", "X\u{e9}: 1", "X-A: \u{7f}"] {
            #expect(Self.failure("HTTP/1.1 200 OK\r\nA: 1\r\n" + line + "\r\nContent-Length: 0\r\n\r\n") == .malformedHeader(line: 3),
                    "\(line)")
        }
    }

    @Test func framingErrors() {
        for value in ["abc", "-1", "+5", "", "5 5", "0x10", "1234567890123456", "5,", "5;"] {
            #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: " + value + "\r\n\r\n") == .invalidContentLength, "\(value)")
        }
        #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!") == .conflictingContentLength)
        #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nhello!") == .conflictingContentLength)
        #expect(Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n") == .unsupportedTransferEncoding("gzip"))
        #expect(Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n") == .unsupportedTransferEncoding("gzip, chunked"))
        #expect(Self.failure("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n")
            == .unsupportedTransferEncoding("chunked"))
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        for body in ["zz\r\n", "\r\n", ";ext\r\n", "5 x\r\nhello\r\n0\r\n\r\n", "-1\r\n", "3\r\nhello\r\n0\r\n\r\n",
                     "5\r\nhelloX\r\n0\r\n\r\n", "5\r\nhello\r\r\n0\r\n\r\n",
                     "1;" + String(repeating: "e", count: 2000) + "\r\n"] {
            #expect(Self.failure(chunked + body) == .malformedChunk, "\(body.prefix(30))")
        }
        // A size that would overflow is a body too large, not a trap.
        #expect(Self.failure(chunked + "ffffffffffffffffffffffffffff\r\n") == .bodyTooLarge(limit: HTTPResponseParser.defaultMaxBodyBytes))
        #expect(Self.failure(Array<UInt8>()) == .noResponse)
    }

    @Test func headCap() {
        // 17 + 10 + 2 = 29 bytes of head, capped at exactly that.
        let wire = "HTTP/1.1 204 No\r\nA: 12345\r\n\r\n"
        #expect(wire.utf8.count == 29)
        #expect(Self.failure(wire, maxHeadBytes: 29) == nil)
        #expect(Self.failure(wire, maxHeadBytes: 28) == .headTooLarge(limit: 28))
        // A head that never ends is refused once it passes the cap, fed in small pieces.
        var p = HTTPResponseParser()
        var error: HTTPParseError? = nil
        var fed = 0
        do throws(HTTPParseError) {
            _ = try p.feed(bytes("HTTP/1.1 200 OK\r\n"))
            while fed < 100_000 {
                _ = try p.feed(bytes("X-Pad: 0123456789abcdef\r\n"))
                fed += 25
            }
        } catch let e {
            error = e
        }
        #expect(error == .headTooLarge(limit: 16384))
        #expect(fed < 16384)
        // The failure sticks.
        #expect(throws: HTTPParseError.headTooLarge(limit: 16384)) { try p.feed(bytes("\r\n")) }
        #expect(throws: HTTPParseError.headTooLarge(limit: 16384)) { try p.finish() }
        // Interim responses count toward the same cap.
        let interim = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 1000)
        #expect(Self.failure(interim + "HTTP/1.1 204 No\r\n\r\n") == .headTooLarge(limit: 16384))
        // So do trailers.
        let trailers = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n" + String(repeating: "T: 1\r\n", count: 40) + "\r\n"
        #expect(Self.failure(trailers, maxHeadBytes: 100) == .headTooLarge(limit: 100))
        #expect(Self.failure(trailers, maxHeadBytes: 400) == nil)
    }

    @Test func headerCountCap() {
        func wire(_ n: Int) -> String { "HTTP/1.1 204 No\r\n" + String(repeating: "A: 1\r\n", count: n) + "\r\n" }
        #expect(Self.failure(wire(100)) == nil)
        #expect(Self.failure(wire(101)) == .tooManyHeaders(limit: 100))
        #expect(Self.failure(wire(3), maxHeaderCount: 2) == .tooManyHeaders(limit: 2))
        let trailers = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nT: 1\r\nT: 2\r\n\r\n"
        #expect(Self.failure(trailers, maxHeaderCount: 3) == nil)
        #expect(Self.failure(trailers, maxHeaderCount: 2) == .tooManyHeaders(limit: 2))
    }

    @Test func bodyCap() {
        #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789", maxBodyBytes: 10) == nil)
        // Refused from the header alone, before any body byte.
        #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", maxBodyBytes: 10) == .bodyTooLarge(limit: 10))
        #expect(Self.failure("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999\r\n\r\n") == .bodyTooLarge(limit: 262144))
        let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(Self.failure(chunked + "5\r\n01234\r\n5\r\n56789\r\n0\r\n\r\n", maxBodyBytes: 10) == nil)
        #expect(Self.failure(chunked + "5\r\n01234\r\n6\r\n", maxBodyBytes: 10) == .bodyTooLarge(limit: 10))
        #expect(Self.failure("HTTP/1.0 200 OK\r\n\r\n0123456789", maxBodyBytes: 10) == nil)
        #expect(Self.failure("HTTP/1.0 200 OK\r\n\r\n0123456789a", maxBodyBytes: 10) == .bodyTooLarge(limit: 10))
        // The default: 256 KiB.
        let big = [UInt8](repeating: 0x61, count: 262_145)
        #expect(Self.failure(bytes("HTTP/1.0 200 OK\r\n\r\n") + big) == .bodyTooLarge(limit: 262144))
        #expect(Self.failure(bytes("HTTP/1.0 200 OK\r\n\r\n") + big.dropLast()) == nil)
    }

    @Test func bytesAfterTheResponseAreIgnored() throws {
        var p = HTTPResponseParser()
        let r = try p.feed(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokGARBAGE"))
        #expect(r?.body == bytes("ok"))
        #expect(try p.feed(bytes("more")) == r)
        #expect(try p.finish() == r)
    }

    @Test func headerLookup() {
        let r = Self.cases[2].expected
        #expect(r.header("location") == bytes("http://portal.example/login?ap=1"))
        #expect(r.header("LOCATION") == r.header("Location"))
        #expect(r.headerValues("Set-Cookie") == [bytes("a=1; Path=/"), bytes("b=2")])
        #expect(r.header("Content-Length") == nil)
        #expect(r.headerValues("X-None").isEmpty)
        #expect(r.isRedirect)
        #expect(!Self.cases[0].expected.isRedirect)
    }
}
