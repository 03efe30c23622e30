import HotspotCore

/// The DNS servers of a resolv.conf-style file (`nameserver 10.42.1.1` lines), as the DHCP client wrote
/// them for the uplink: netifd's /tmp/resolv.conf.d/resolv.conf.auto on OpenWrt. Other lines, comments and
/// anything that is not an address-looking word are skipped; at most 8 servers.
public enum ResolvConf {
    public static func nameservers(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        // ASCII's byte split and loops, not the standard library's split and allSatisfy: those are code of their
        // own on the router for this one file.
        for line in ASCII.split(bytes[...], on: ASCII.newline) {
            let words = ResolvConf.words(line)
            guard words.count >= 2, ASCII.equals(words[0], "nameserver") else { continue }
            let w = words[1]
            // IPv4 or IPv6 text (letters, digits, dots, colons, a zone after %): nothing a shell would read.
            var isAddress = w.count <= 64
            for b in w where !(ASCII.isDigit(b) || ASCII.isLetter(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
                               || b == UInt8(ascii: "%")) {
                isAddress = false
            }
            guard isAddress else { continue }
            let text = String(decoding: w, as: UTF8.self)
            if !ASCII.contains(out, text) { out.append(text) }
            if out.count == 8 { break }
        }
        return out
    }

    /// A line's words: the pieces between blanks (spaces, tabs), however many there are.
    static func words(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var words: [ArraySlice<UInt8>] = []
        var start = line.startIndex
        for i in line.startIndex...line.endIndex where i == line.endIndex || ASCII.isBlank(line[i]) {
            if i > start { words.append(line[start..<i]) }
            start = i + 1
        }
        return words
    }
}
