import HotspotCore

/// The DNS servers of a resolv.conf-style file (`nameserver 10.42.1.1` lines), as the DHCP client wrote
/// them for the uplink: netifd's /tmp/resolv.conf.d/resolv.conf.auto on OpenWrt. Other lines, comments and
/// anything that is not an address-looking word are skipped; at most 8 servers.
public enum ResolvConf {
    public static func nameservers(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let words = line.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
            guard words.count >= 2, ASCII.equals(words[0], "nameserver") else { continue }
            let w = words[1]
            // IPv4 or IPv6 text (letters, digits, dots, colons, a zone after %): nothing a shell would read.
            guard w.count <= 64, w.allSatisfy({ b in
                (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z"))
                    || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: ".")
                    || b == UInt8(ascii: ":") || b == UInt8(ascii: "%")
            }) else { continue }
            let text = String(decoding: w, as: UTF8.self)
            if !ASCII.contains(out, text) { out.append(text) }
            if out.count == 8 { break }
        }
        return out
    }
}
