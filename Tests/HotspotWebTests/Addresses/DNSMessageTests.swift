import Testing
@testable import TestSupport
@testable import HotspotWeb

@Suite struct DNSMessageTests {
    /// Labels of a dotted name, uncompressed, with the root's zero byte unless `pointer` ends it instead.
    static func name(_ text: String, pointer: Int? = nil) -> [UInt8] {
        var out: [UInt8] = []
        for label in text.split(separator: ".") {
            out.append(UInt8(label.utf8.count))
            out.append(contentsOf: label.utf8)
        }
        if let p = pointer { out.append(contentsOf: [0xc0 | UInt8(p >> 8), UInt8(p & 0xff)]) } else { out.append(0) }
        return out
    }

    static func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }

    static func header(id: Int = 0xbeef, flags: Int = 0x8180, qd: Int = 1, an: Int, ar: Int = 0) -> [UInt8] {
        u16(id) + u16(flags) + u16(qd) + u16(an) + u16(0) + u16(ar)
    }

    static func record(_ owner: [UInt8], type: Int, ttl: Int = 300, _ data: [UInt8]) -> [UInt8] {
        owner + u16(type) + u16(1) + u16(ttl >> 16) + u16(ttl) + u16(data.count) + data
    }

    static let question = name("captive.apple.com") + u16(1) + u16(1)

    /// The shape of a real answer (as `dig captive.apple.com` shows it from a home router's resolver): a
    /// two-step CNAME chain, then two A records, names compressed as BIND and dnsmasq compress them, and
    /// an EDNS OPT record in the additional section.
    static let captured: (message: [UInt8], answersEnd: Int) = {
        var m = header(an: 4, ar: 1) + question
        // "com" of the question: 12 + 1 + 7 + 1 + 5 = 26.
        let cname1Data = name("captive-cdn.origin-apple.com.akadns.net")
        m += record([0xc0, 0x0c], type: 5, cname1Data)
        let cname1Target = m.count - cname1Data.count
        let cname2Data = name("captive.g.aaplimg", pointer: 26)
        m += record([0xc0 | UInt8(cname1Target >> 8), UInt8(cname1Target & 0xff)], type: 5, cname2Data)
        let cname2Target = m.count - cname2Data.count
        let owner: [UInt8] = [0xc0 | UInt8(cname2Target >> 8), UInt8(cname2Target & 0xff)]
        m += record(owner, type: 1, ttl: 20, [17, 253, 109, 201])
        m += record(owner, type: 1, ttl: 20, [17, 253, 109, 202])
        let end = m.count
        m += [0] + u16(41) + u16(1232) + u16(0) + u16(0) + u16(0)
        return (m, end)
    }()

    static func error(_ message: [UInt8], id: UInt16 = 0xbeef, name: String = "captive.apple.com") -> DNSError? {
        do throws(DNSError) {
            _ = try DNSMessage.parseResponse(message, id: id, name: name)
            return nil
        } catch {
            return error
        }
    }

    @Test func query() throws {
        let q = try DNSMessage.query(id: 0x1234, name: "Example.COM.")
        #expect(q == [0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0, 7] + Array("example".utf8) + [3] + Array("com".utf8)
            + [0, 0, 1, 0, 1])
        #expect(try DNSMessage.query(id: 7, name: "a", type: .a).count == 12 + 3 + 4)
        let label63 = String(repeating: "a", count: 63)
        let name253 = [label63, label63, label63, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(name253.utf8.count == 253)
        #expect(try DNSMessage.query(id: 1, name: name253).count == 12 + 255 + 4)
        #expect(try DNSMessage.query(id: 1, name: "_dns.xn--caf-dma.example").count > 12)
        for bad in ["", ".", "..", "a..b", ".a", String(repeating: "a", count: 64) + ".example", name253 + "b", "exa mple.com",
                    "ex\u{0}.com", "caf\u{e9}.example", "a/b", "1.2.3.4:53"] {
            #expect(throws: DNSError.self, "\(bad)") { try DNSMessage.query(id: 1, name: bad) }
        }
        #expect(throws: DNSError.invalidName("a..b")) { try DNSMessage.query(id: 1, name: "a..b") }
    }

    @Test func capturedAnswerFollowsTheCNAMEChain() throws {
        let addresses = try DNSMessage.parseResponse(Self.captured.message, id: 0xbeef, name: "captive.apple.com")
        #expect(addresses == [IPv4Address(17, 253, 109, 201), IPv4Address(17, 253, 109, 202)])
        #expect(addresses.map { "\($0)" } == ["17.253.109.201", "17.253.109.202"])
        // Names compare without case and a trailing dot.
        #expect(try DNSMessage.parseResponse(Self.captured.message, id: 0xbeef, name: "Captive.APPLE.com.") == addresses)
    }

    @Test func plainAnswer() throws {
        let q = try DNSMessage.query(id: 0x0102, name: "portal.example")
        // A server's answer echoes the question, with the flags set; the owner names point to it.
        var m = Array(q)
        m[2] = 0x81
        m[3] = 0x80
        m[7] = 2
        m += Self.record([0xc0, 0x0c], type: 1, [10, 0, 0, 1])
        m += Self.record(Self.name("PORTAL.example"), type: 1, [10, 0, 0, 2])
        m += Self.record([0xc0, 0x0c], type: 28, Array(repeating: 0, count: 16))  // AAAA: skipped
        m[7] = 3
        #expect(try DNSMessage.parseResponse(m, id: 0x0102, name: "portal.example") == [IPv4Address(10, 0, 0, 1), IPv4Address(10, 0, 0, 2)])
    }

    @Test func refusedAnswers() {
        let good = Self.captured.message
        func with(_ edit: (inout [UInt8]) -> Void) -> [UInt8] {
            var m = good
            edit(&m)
            return m
        }
        #expect(Self.error(good, id: 0xbeee) == .idMismatch(expected: 0xbeee, received: 0xbeef))
        #expect(Self.error(with { $0[2] &= 0x7f }) == .notAResponse)
        #expect(Self.error(with { $0[2] |= 0x08 }) == .notAResponse)  // opcode 1
        #expect(Self.error(with { $0[2] |= 0x02 }) == .truncated)
        #expect(Self.error(with { $0[3] = 0x83 }) == .nameNotFound)
        #expect(Self.error(with { $0[3] = 0x82 }) == .serverFailure(rcode: 2))
        #expect(Self.error(with { $0[3] = 0x85 }) == .serverFailure(rcode: 5))
        #expect(Self.error(good, name: "captive.apple.org") == .questionMismatch)
        #expect(Self.error(with { $0[5] = 0 }) == .questionMismatch)
        #expect(Self.error(with { $0[5] = 2 }) == .questionMismatch)
        #expect(Self.error(with { $0[32] = 28 }) == .questionMismatch)  // AAAA asked
        #expect(Self.error(with { $0[7] = 0 }) == .noAddresses)
        #expect(Self.error(with { $0[7] = 2 }) == .noAddresses)  // the chain's A records not read
        #expect(Self.error(good, name: "bad name") == .invalidName("bad name"))
        // A records of another owner are not the name's.
        let other = Self.header(an: 1) + Self.question + Self.record(Self.name("evil.example"), type: 1, [6, 6, 6, 6])
        #expect(Self.error(other) == .noAddresses)
        // A CNAME loop ends.
        let loop = Self.header(an: 2) + Self.question + Self.record([0xc0, 0x0c], type: 5, Self.name("b.example"))
            + Self.record(Self.name("b.example"), type: 5, [0xc0, 0x0c])
        #expect(Self.error(loop) == .noAddresses)
        // Class CH records are not addresses.
        var chaos = Self.header(an: 1) + Self.question + Self.record([0xc0, 0x0c], type: 1, [1, 2, 3, 4])
        chaos[chaos.count - 11] = 3
        #expect(Self.error(chaos) == .noAddresses)
    }

    @Test func hostileStructure() {
        func malformed(_ m: [UInt8]) -> Bool {
            if case .malformed = Self.error(m) { return true }
            return false
        }
        let q = Self.header(an: 1) + Self.question
        #expect(malformed([]))
        #expect(malformed(Array(Self.captured.message.prefix(11))))
        // Counts the message cannot hold.
        #expect(malformed(Self.header(an: 0xffff) + Self.question + Self.record([0xc0, 0x0c], type: 1, [1, 2, 3, 4])))
        #expect(malformed(Self.header(an: 0xffff) + Self.question))
        // An A record that is not 4 bytes; data past the end; a CNAME longer than its record.
        #expect(malformed(q + Self.record([0xc0, 0x0c], type: 1, [1, 2, 3, 4, 5])))
        #expect(malformed(Array((q + Self.record([0xc0, 0x0c], type: 1, [1, 2, 3, 4])).dropLast())))
        #expect(malformed(q + [0xc0, 0x0c] + Self.u16(1) + Self.u16(1) + Self.u16(0) + Self.u16(0) + Self.u16(400) + [1, 2, 3, 4]))
        #expect(malformed(q + Self.record([0xc0, 0x0c], type: 5, [1]) + Array("abc".utf8) + [0]))
        // Pointers: to itself, forward, into a loop of two, past the end.
        let at = q.count
        #expect(malformed(q + [0xc0 | UInt8(at >> 8), UInt8(at & 0xff)] + Self.u16(1) + Self.u16(1) + [0, 0, 0, 0] + Self.u16(4) + [1, 2, 3, 4]))
        #expect(malformed(q + [0xc0, 0xff] + Self.u16(1) + Self.u16(1) + [0, 0, 0, 0] + Self.u16(4) + [1, 2, 3, 4]))
        #expect(malformed(q + [0xff, 0xff]))
        let two = q + [1, UInt8(ascii: "a"), 0xc0, UInt8(at + 4)] + [1, UInt8(ascii: "b"), 0xc0, UInt8(at)]
        #expect(malformed(two + Self.u16(1) + Self.u16(1) + [0, 0, 0, 0] + Self.u16(4) + [1, 2, 3, 4]))
        // A question name pointing into itself.
        #expect(malformed(Self.header(an: 0) + [0xc0, 0x0c] + Self.u16(1) + Self.u16(1)))
        // Label types 0x40 and 0x80; a label past the end.
        #expect(malformed(q + [0x40, 0]))
        #expect(malformed(q + [0x80, 0]))
        #expect(malformed(q + [63, 1, 2]))
        // A name longer than 255 bytes, built from backward pointers: six 50-byte labels, each pointing to the
        // one before, kept in the data of a TXT record, then an owner name pointing to the last.
        var long = Self.header(an: 2) + Self.question
        var segments: [UInt8] = []
        var previous = 12
        let dataStart = long.count + 12
        for _ in 0..<6 {
            let start = dataStart + segments.count
            segments += [50] + Array(repeating: UInt8(ascii: "x"), count: 50) + [0xc0 | UInt8(previous >> 8), UInt8(previous & 0xff)]
            previous = start
        }
        long += Self.record([0xc0, 0x0c], type: 16, segments)
        long += Self.record([0xc0 | UInt8(previous >> 8), UInt8(previous & 0xff)], type: 1, [1, 2, 3, 4])
        #expect(Self.error(long) == .malformed("a name longer than 255 bytes"))
    }

    /// Cut anywhere before the end of its answers, the captured answer is an error, never a list of
    /// addresses. (Bytes after the answers, the OPT record here, are not read.)
    @Test func truncatedAtEveryCutPoint() {
        let (m, end) = Self.captured
        for cut in 0..<end {
            #expect(Self.error(Array(m.prefix(cut))) != nil, "cut at \(cut)")
        }
        #expect(Self.error(Array(m.prefix(end))) == nil)
    }

    @Test func mutatedAnswersNeverTrap() {
        var rng = SplitMix64(seed: 0x5eed_d115)
        let seed = Self.captured.message
        for _ in 0..<5000 {
            var m = seed
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Int.random(in: 0..<m.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: m[i] = UInt8.random(in: 0...255, using: &rng)
                case 1: m[i] = [0xc0, 0x00, 0x3f, 0xff, 0x0c][Int.random(in: 0..<5, using: &rng)]
                case 2: m.insert(UInt8.random(in: 0...255, using: &rng), at: i)
                default: if m.count > 13 { m.remove(at: i) }
                }
            }
            _ = Self.error(m)
        }
    }
}
