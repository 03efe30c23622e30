import HotspotCore

/// Reads one HTTP/1.0 or HTTP/1.1 response from a connection, in chunks of any size. `feed` returns the
/// response once it is complete; `finish` at end of stream completes a body that runs until the connection
/// closes, and fails on one cut short.
///
/// The body ends as RFC 9112 §6.3 says: none for a response to HEAD, 1xx, 204 and 304; else
/// `Transfer-Encoding: chunked` (chunk extensions and trailers skipped); else `Content-Length`; else the
/// end of the connection. Interim 1xx responses before the final one are skipped. Lines may end in a bare
/// LF. Every size is capped, so a hostile server cannot make it hold more than the caps (plus one chunk of
/// input); once it has failed it keeps failing with the same error.
public struct HTTPResponseParser {
    public static let defaultMaxHeadBytes = 16 * 1024
    public static let defaultMaxHeaderCount = 100
    public static let defaultMaxBodyBytes = 256 * 1024
    /// A chunk-size line with its extensions.
    static let maxChunkLine = 1024

    enum State {
        /// The status line and headers, up to the blank line.
        case head
        case body(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        /// The line end after a chunk's data.
        case chunkDataEnd
        case trailers
        case untilClose
        case complete
        /// `failure` says why. (No payload: a state of integers alone is copied and switched over without
        /// retains, and with no outlined copy and destroy code of its own.)
        case failed
    }

    let respondingToHEAD: Bool
    let maxHeadBytes: Int
    let maxHeaderCount: Int
    let maxBodyBytes: Int

    var state = State.head
    /// Why it failed, once `state` is `.failed`.
    var failure = HTTPParseError.noResponse
    /// Bytes not consumed yet. Only the head or a line being collected waits here; body bytes pass through.
    var pending: [UInt8] = []
    /// How far the head or line at the start of `pending` has been searched for its end (so a response fed
    /// byte by byte is searched once, not once per byte), and where the head's current line starts.
    var scanned = 0
    var lineStart = 0
    /// Head bytes so far: interim responses' heads, the final head, trailers. One cap for all of them.
    var headBytes = 0
    var trailerCount = 0
    var response = HTTPResponse(status: 0)
    var receivedAny = false

    /// `respondingToHEAD`: the request was HEAD, so the response has no body whatever its headers say.
    public init(respondingToHEAD: Bool = false, maxHeadBytes: Int = defaultMaxHeadBytes,
                maxHeaderCount: Int = defaultMaxHeaderCount, maxBodyBytes: Int = defaultMaxBodyBytes) {
        self.respondingToHEAD = respondingToHEAD
        self.maxHeadBytes = max(0, maxHeadBytes)
        self.maxHeaderCount = max(0, maxHeaderCount)
        // Keeps chunk-size arithmetic (value * 16 + digit) far from overflow.
        self.maxBodyBytes = min(max(0, maxBodyBytes), 1 << 40)
    }

    /// The response once it is complete, else nil (more bytes needed). Bytes after a complete response are
    /// ignored: the request asked the server to close.
    @discardableResult
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(HTTPParseError) -> HTTPResponse? {
        switch state {
        case .failed: throw failure
        case .complete: return response
        default: break
        }
        if !bytes.isEmpty { receivedAny = true }
        pending.append(contentsOf: bytes)
        var pos = 0
        do throws(HTTPParseError) {
            try run(&pos)
        } catch {
            fail(error)
            throw error
        }
        if case .complete = state {
            pending = []
            return response
        }
        pending.removeSubrange(0..<pos)
        return nil
    }

    /// The connection ended: the response if it is complete now.
    public mutating func finish() throws(HTTPParseError) -> HTTPResponse {
        let error: HTTPParseError
        switch state {
        case .complete: return response
        case .untilClose:
            state = .complete
            pending = []
            return response
        case .failed: throw failure
        case .head where !receivedAny: error = .noResponse
        case .head, .body, .chunkSize, .chunkData, .chunkDataEnd, .trailers: error = .truncated
        }
        fail(error)
        throw error
    }

    mutating func fail(_ error: HTTPParseError) {
        state = .failed
        failure = error
        pending = []
        response = HTTPResponse(status: 0)
    }

    mutating func run(_ pos: inout Int) throws(HTTPParseError) {
        while true {
            switch state {
            case .head:
                guard let end = headEnd(from: pos) else {
                    if headBytes + pending.count - pos > maxHeadBytes { throw .headTooLarge(limit: maxHeadBytes) }
                    return
                }
                headBytes += end - pos
                if headBytes > maxHeadBytes { throw .headTooLarge(limit: maxHeadBytes) }
                try parseHead(pending[pos..<end])
                pos = end
                scanned = 0
                lineStart = 0
            case .body(let remaining), .chunkData(let remaining):
                let n = min(remaining, pending.count - pos)
                response.body.append(contentsOf: pending[pos..<(pos + n)])
                pos += n
                let chunked: Bool
                if case .chunkData = state { chunked = true } else { chunked = false }
                if n < remaining {
                    state = chunked ? .chunkData(remaining: remaining - n) : .body(remaining: remaining - n)
                    return
                }
                state = chunked ? .chunkDataEnd : .complete
            case .untilClose:
                if response.body.count + pending.count - pos > maxBodyBytes { throw .bodyTooLarge(limit: maxBodyBytes) }
                response.body.append(contentsOf: pending[pos...])
                pos = pending.count
                return
            case .chunkSize:
                guard let line = try line(&pos, limit: HTTPResponseParser.maxChunkLine, else: .malformedChunk) else { return }
                let size = try chunkSize(line)
                if size == 0 {
                    state = .trailers
                } else {
                    if response.body.count + size > maxBodyBytes { throw .bodyTooLarge(limit: maxBodyBytes) }
                    state = .chunkData(remaining: size)
                }
            case .chunkDataEnd:
                guard let line = try line(&pos, limit: 0, else: .malformedChunk) else { return }
                _ = line
                state = .chunkSize
            case .trailers:
                let room = maxHeadBytes - headBytes
                guard let line = try line(&pos, limit: room, else: .headTooLarge(limit: maxHeadBytes)) else { return }
                headBytes += line.count + 1
                if headBytes > maxHeadBytes { throw .headTooLarge(limit: maxHeadBytes) }
                if line.isEmpty {
                    state = .complete
                    return
                }
                trailerCount += 1
                if response.headers.count + trailerCount > maxHeaderCount { throw .tooManyHeaders(limit: maxHeaderCount) }
            case .complete, .failed:
                return
            }
        }
    }

    /// The end of the head (just past its blank line) if `pending` holds all of it.
    mutating func headEnd(from pos: Int) -> Int? {
        var i = pos + scanned
        var start = pos + lineStart
        while i < pending.count {
            if pending[i] == ASCII.newline {
                let length = i - start
                if length == 0 || (length == 1 && pending[start] == ASCII.carriageReturn) { return i + 1 }
                start = i + 1
            }
            i += 1
        }
        scanned = i - pos
        lineStart = start - pos
        return nil
    }

    /// The next whole line without its line end, or nil until it has arrived. A line longer than `limit`
    /// bytes fails with `error`.
    mutating func line(_ pos: inout Int, limit: Int, else error: HTTPParseError) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        var i = pos + scanned
        while i < pending.count, pending[i] != ASCII.newline { i += 1 }
        guard i < pending.count else {
            scanned = i - pos
            if ASCII.stripCR(pending[pos...]).count > limit { throw error }
            return nil
        }
        let line = ASCII.stripCR(pending[pos..<i])
        if line.count > limit { throw error }
        pos = i + 1
        scanned = 0
        return line
    }

    /// `1*HEXDIG [BWS ";" extensions]`; the extensions are skipped.
    func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        var size = 0
        var i = line.startIndex
        while i < line.endIndex, let d = Hex.value(of: line[i]) {
            size = size * 16 + Int(d)
            if size > maxBodyBytes { throw .bodyTooLarge(limit: maxBodyBytes) }
            i += 1
        }
        guard i > line.startIndex else { throw .malformedChunk }
        let rest = ASCII.trimmingBlanks(line[i...])
        guard rest.isEmpty || rest.first == UInt8(ascii: ";") else { throw .malformedChunk }
        return size
    }

    /// The status line and headers (the blank line included); decides how the body ends.
    mutating func parseHead(_ head: ArraySlice<UInt8>) throws(HTTPParseError) {
        var lines = ASCII.lines(head)
        lines.removeLast()  // the blank line
        // A blank first line ends the head at once: there is no status line.
        guard let first = lines.first else { throw .malformedStatusLine }
        let (status, reason) = try HTTPResponseParser.statusLine(first)
        var headers: [HTTPHeader] = []
        for i in lines.indices.dropFirst() {
            let line = lines[i]
            if let first = line.first, ASCII.isBlank(first) { throw .obsoleteLineFolding(line: i + 1) }
            guard let colon = ASCII.firstIndex(of: UInt8(ascii: ":"), in: line) else { throw .malformedHeader(line: i + 1) }
            let name = line[..<colon]
            let value = ASCII.trimmingBlanks(line[(colon + 1)...])
            guard !name.isEmpty, name.allSatisfy(ASCII.isTokenByte),
                  !ASCII.hasControl(value)
            else { throw .malformedHeader(line: i + 1) }
            if headers.count == maxHeaderCount { throw .tooManyHeaders(limit: maxHeaderCount) }
            headers.append(HTTPHeader(name: Array(name), value: Array(value)))
        }
        if status == 101 { throw .switchingProtocols }
        if status < 200 {
            state = .head  // interim (100 Continue, 103 Early Hints): the final response follows
            return
        }
        response = HTTPResponse(status: status, reason: Array(reason), headers: headers)
        if respondingToHEAD || status == 204 || status == 304 {
            state = .complete
            return
        }
        let codings = response.headerValues("Transfer-Encoding")
        let lengths = response.headerValues("Content-Length")
        if !codings.isEmpty {
            // Only `chunked`, once: other codings (gzip, …) cannot be undone here. It overrides Content-Length.
            var names: [ArraySlice<UInt8>] = []
            for v in codings {
                for c in ASCII.split(v[...], on: UInt8(ascii: ",")) where !ASCII.trimmingBlanks(c).isEmpty {
                    names.append(ASCII.trimmingBlanks(c))
                }
            }
            guard names.count == 1, ASCII.equalsIgnoringCase(names[0], "chunked") else {
                throw .unsupportedTransferEncoding(PrintfEscaping.excerpt(codings[0][...], limit: 32))
            }
            state = .chunkSize
        } else if !lengths.isEmpty {
            // Repeats of one value (`5, 5` or two headers) are one length; different values are refused.
            var length: Int? = nil
            for v in lengths {
                for part in ASCII.split(v[...], on: UInt8(ascii: ",")) {
                    guard let n = ASCII.decimal(ASCII.trimmingBlanks(part), maxDigits: 15) else { throw .invalidContentLength }
                    if let l = length, l != n { throw .conflictingContentLength }
                    length = n
                }
            }
            let n = length ?? 0
            if n > maxBodyBytes { throw .bodyTooLarge(limit: maxBodyBytes) }
            state = n == 0 ? .complete : .body(remaining: n)
        } else {
            state = .untilClose
        }
    }

    /// `HTTP/1.x SP 3DIGIT [SP reason]`; the space before an empty reason may be missing.
    static func statusLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (Int, ArraySlice<UInt8>) {
        guard let rest = ASCII.dropPrefix(line, "HTTP/") else { throw .malformedStatusLine }
        // Loops, not prefix(while:) and allSatisfy with closures of their own.
        let version = rest[..<(ASCII.firstIndex(of: ASCII.space, in: rest) ?? rest.endIndex)]
        guard ASCII.equals(version, "1.1") || ASCII.equals(version, "1.0") else {
            // `2`, `0.9`: a version, not ours. Anything else is not a status line at all.
            var isVersion = version.count >= 1 && version.count <= 3
            for b in version where !(ASCII.isDigit(b) || b == UInt8(ascii: ".")) { isVersion = false }
            if isVersion { throw .unsupportedVersion(ASCII.string(version)) }
            throw .malformedStatusLine
        }
        guard rest.count > 3 else { throw .malformedStatusLine }
        let code = rest.dropFirst(4).prefix(3)
        guard let status = ASCII.decimal(code, maxDigits: 3), code.count == 3, status >= 100, status <= 599 else {
            throw .malformedStatusLine
        }
        var reason = rest.dropFirst(7)
        if let first = reason.first {
            guard first == ASCII.space else { throw .malformedStatusLine }
            reason = reason.dropFirst()
        }
        guard !ASCII.hasControl(reason) else { throw .malformedStatusLine }
        return (status, reason)
    }
}

/// Why a response could not be read.
public indirect enum HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Status line, headers (and trailers) together longer than the limit.
    case headTooLarge(limit: Int)
    case tooManyHeaders(limit: Int)
    case bodyTooLarge(limit: Int)
    case malformedStatusLine
    /// An `HTTP/x.y` other than 1.0 and 1.1.
    case unsupportedVersion(String)
    /// 101, which hotspotd never asks for.
    case switchingProtocols
    /// Not `name: value` with a token name and a value of text; lines count from the status line, 1.
    case malformedHeader(line: Int)
    /// A header line starting with a blank (continuing the previous one), which RFC 9112 retired.
    case obsoleteLineFolding(line: Int)
    case invalidContentLength
    case conflictingContentLength
    /// A Transfer-Encoding other than `chunked` (its value, escaped).
    case unsupportedTransferEncoding(String)
    /// A chunk size that is not hex, an over-long chunk-size line, or data longer than its size.
    case malformedChunk
    /// The connection closed before a single byte arrived.
    case noResponse
    /// The connection closed before the response was complete.
    case truncated

    /// The words of the cases without a value from one literal: a literal per case was code of its own.
    public var description: String {
        let place: Int
        switch self {
        case .headTooLarge(let limit): return "HTTP response headers longer than " + String(limit) + " bytes"
        case .tooManyHeaders(let limit): return "HTTP response has more than " + String(limit) + " headers"
        case .bodyTooLarge(let limit): return "HTTP response body longer than " + String(limit) + " bytes"
        case .malformedStatusLine: place = 0
        case .unsupportedVersion(let v): return "HTTP response is version " + v + ", not 1.0 or 1.1"
        case .switchingProtocols: place = 1
        case .malformedHeader(let line): return "HTTP response line " + String(line) + " is not a valid header"
        case .obsoleteLineFolding(let line):
            return "HTTP response line " + String(line) + " continues a header (obsolete line folding)"
        case .invalidContentLength: place = 2
        case .conflictingContentLength: place = 3
        case .unsupportedTransferEncoding(let te): return "HTTP response has Transfer-Encoding '" + te + "', not chunked"
        case .malformedChunk: place = 4
        case .noResponse: place = 5
        case .truncated: place = 6
        }
        return String(decoding: ASCII.word(place, of: """
            HTTP response has a malformed status line|HTTP server switched protocols (101), which was not asked for|\
            HTTP response has an invalid Content-Length|HTTP response has conflicting Content-Length values|\
            HTTP response has a malformed chunk|HTTP server closed the connection without a response|\
            HTTP response cut short (the connection closed before its end)
            """, separator: UInt8(ascii: "|")), as: UTF8.self)
    }
}
