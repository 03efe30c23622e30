import HotspotCore

/// DNS over UDP for the portal client's own lookups (RFC 1035): a query for a host's A records, and the
/// addresses read back from the answer, following a CNAME chain inside it. Answers are hostile: every
/// length and compression pointer is checked against the message, and pointers must point backwards, so
/// no answer can loop or read past its end.
public enum DNSMessage {
    public enum RecordType: UInt16, Sendable {
        case a = 1
    }

    static let typeCNAME: UInt16 = 5
    static let classIN: UInt16 = 1

    /// A standard query with recursion desired, for `name` (letters, digits, `-`, `_`; one trailing dot
    /// allowed).
    public static func query(id: UInt16, name: [UInt8], type: RecordType = .a) throws(DNSError) -> [UInt8] {
        var out: [UInt8] = [UInt8(id >> 8), UInt8(id & 0xff), 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]
        out.append(contentsOf: try wireName(name[...]))
        out.append(contentsOf: [UInt8(type.rawValue >> 8), UInt8(type.rawValue & 0xff), 0, UInt8(classIN)])
        return out
    }

    public static func query(id: UInt16, name: String, type: RecordType = .a) throws(DNSError) -> [UInt8] {
        try query(id: id, name: Array(name.utf8), type: type)
    }

    /// The IPv4 addresses of `name` in the answer to the query `id` for it, in the answer's order.
    public static func parseResponse(_ message: [UInt8], id: UInt16, name: [UInt8]) throws(DNSError) -> [IPv4Address] {
        let m = message
        guard m.count >= 12 else { throw .malformed("shorter than a DNS header") }
        let received = UInt16(m[0]) << 8 | UInt16(m[1])
        guard received == id else { throw .idMismatch(expected: id, received: received) }
        // QR set, opcode 0 (a standard query's answer).
        guard m[2] & 0x80 != 0, m[2] & 0x78 == 0 else { throw .notAResponse }
        switch m[3] & 0x0f {
        case 0: break
        case 3: throw .nameNotFound
        case let rcode: throw .serverFailure(rcode: rcode)
        }
        guard m[2] & 0x02 == 0 else { throw .truncated }
        let questions = Int(m[4]) << 8 | Int(m[5])
        let answers = Int(m[6]) << 8 | Int(m[7])
        let asked = try wireName(name[...])
        guard questions == 1 else { throw .questionMismatch }
        let (qname, afterName) = try readName(m, at: 12)
        guard afterName + 4 <= m.count else { throw .malformed("the question runs past the end") }
        guard qname == asked, u16(m, afterName) == RecordType.a.rawValue, u16(m, afterName + 2) == classIN else {
            throw .questionMismatch
        }
        // Arrays of types the binary has anyway (arrays of pairs brought their own growth and copy code): a
        // CNAME as its owner then its target, an A record as its owner beside its address.
        var cnames: [[UInt8]] = []
        var owners: [[UInt8]] = []
        var addresses: [IPv4Address] = []
        var i = afterName + 4
        // A record is at least 11 bytes, so a count the message cannot hold ends in an error, not a long loop.
        for _ in 0..<answers {
            let (owner, next) = try readName(m, at: i)
            guard next + 10 <= m.count else { throw .malformed("a record runs past the end") }
            let type = u16(m, next)
            let rclass = u16(m, next + 2)
            let dataStart = next + 10
            let dataEnd = dataStart + Int(u16(m, next + 8))
            guard dataEnd <= m.count else { throw .malformed("a record's data runs past the end") }
            if rclass == classIN && type == RecordType.a.rawValue {
                guard dataEnd - dataStart == 4 else { throw .malformed("an A record that is not 4 bytes") }
                owners.append(owner)
                addresses.append(IPv4Address(m[dataStart], m[dataStart + 1], m[dataStart + 2], m[dataStart + 3]))
            } else if rclass == classIN && type == typeCNAME {
                let (target, end) = try readName(m, at: dataStart)
                guard end <= dataEnd else { throw .malformed("a CNAME runs past its record") }
                cnames.append(owner)
                cnames.append(target)
            }
            i = dataEnd
        }
        // Follow the chain from the name asked; more steps than CNAMEs would be a loop.
        var current = asked
        for _ in 0...cnames.count / 2 {
            var found: [IPv4Address] = []
            for k in owners.indices where owners[k] == current { found.append(addresses[k]) }
            if !found.isEmpty { return found }
            var next: [UInt8]? = nil
            var k = 0
            while k < cnames.count {
                if cnames[k] == current { next = cnames[k + 1]; break }
                k += 2
            }
            guard let next else { break }
            current = next
        }
        throw .noAddresses
    }

    public static func parseResponse(_ message: [UInt8], id: UInt16, name: String) throws(DNSError) -> [IPv4Address] {
        try parseResponse(message, id: id, name: Array(name.utf8))
    }

    static func u16(_ m: [UInt8], _ i: Int) -> UInt16 { UInt16(m[i]) << 8 | UInt16(m[i + 1]) }

    /// `name` as length-prefixed lowercase labels ending in a zero byte: 1–63 bytes a label, 253 at most as
    /// text.
    static func wireName(_ name: ArraySlice<UInt8>) throws(DNSError) -> [UInt8] {
        var text = name
        if text.last == HTTPURL.dot { text = text.dropLast() }
        let invalid = DNSError.invalidName(PrintfEscaping.excerpt(name))
        guard let labels = ASCII.dnsLabels(text) else { throw invalid }
        var out: [UInt8] = []
        for label in labels {
            out.append(UInt8(label.count))
            out.append(contentsOf: ASCII.lowercased(label))
        }
        out.append(0)
        return out
    }

    /// The name at `start`, uncompressed in wire form with lowercase letters, and the offset after it
    /// where it is stored (after its first pointer, if any). Each pointer must point before the name or
    /// piece it ends, so reading always ends.
    static func readName(_ m: [UInt8], at start: Int) throws(DNSError) -> (name: [UInt8], next: Int) {
        var name: [UInt8] = []
        var i = start
        var limit = start
        var next: Int? = nil
        while true {
            guard i < m.count else { throw .malformed("a name runs past the end") }
            let length = Int(m[i])
            switch length & 0xc0 {
            case 0x00:
                if length == 0 {
                    name.append(0)
                    return (name, next ?? i + 1)
                }
                guard i + 1 + length <= m.count else { throw .malformed("a name runs past the end") }
                name.append(UInt8(length))
                name.append(contentsOf: ASCII.lowercased(m[(i + 1)...(i + length)]))
                guard name.count < 255 else { throw .malformed("a name longer than 255 bytes") }
                i += 1 + length
            case 0xc0:
                guard i + 1 < m.count else { throw .malformed("a name runs past the end") }
                let target = (length & 0x3f) << 8 | Int(m[i + 1])
                guard target < limit else { throw .malformed("a compression pointer that does not point backwards") }
                if next == nil { next = i + 2 }
                limit = target
                i = target
            default:
                throw .malformed("a label type that is neither a length nor a pointer")
            }
        }
    }
}

/// Why a DNS query could not be built or its answer not used.
public indirect enum DNSError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a DNS name (escaped).
    case invalidName(String)
    /// The answer is to another query (late, or spoofed).
    case idMismatch(expected: UInt16, received: UInt16)
    case notAResponse
    /// TC: the answer did not fit in a datagram.
    case truncated
    /// NXDOMAIN: the name does not exist.
    case nameNotFound
    /// Any other response code.
    case serverFailure(rcode: UInt8)
    /// The question in the answer is not the one asked.
    case questionMismatch
    /// What is wrong with the message's structure.
    case malformed(String)
    /// The answer holds no A record for the name or its CNAME chain.
    case noAddresses

    /// The words of the cases without a value from one literal: a literal per case was code of its own.
    public var description: String {
        let place: Int
        switch self {
        case .invalidName(let n):
            return "'" + n + "' is not a DNS name (labels of 1-63 letters, digits, '-' or '_', 253 bytes at most)"
        case .idMismatch(let expected, let received):
            return "DNS answer has id " + String(received) + ", not " + String(expected) + " (an answer to another query)"
        case .notAResponse: place = 0
        case .truncated: place = 1
        case .nameNotFound: place = 2
        case .serverFailure(let rcode):
            let text = "DNS server answered with error " + String(rcode)
            switch rcode {
            case 1: return text + " (format error)"
            case 2: return text + " (server failure)"
            case 4: return text + " (not implemented)"
            case 5: return text + " (refused)"
            default: return text
            }
        case .questionMismatch: place = 3
        case .malformed(let why): return "malformed DNS answer: " + why
        case .noAddresses: place = 4
        }
        return String(decoding: ASCII.word(place, of: """
            DNS message is not an answer to a standard query|DNS answer truncated (TC): it did not fit in a datagram|\
            DNS name does not exist (NXDOMAIN)|DNS answer is for another question|DNS answer has no IPv4 address for the name
            """, separator: UInt8(ascii: "|")), as: UTF8.self)
    }
}
