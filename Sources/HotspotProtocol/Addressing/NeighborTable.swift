import HotspotCore
import HotspotWeb

/// The kernel's IPv4 neighbour table as `/proc/net/arp` prints it: one header line, then
///
///     IP address       HW type     Flags       HW address            Mask     Device
///     192.168.1.1      0x1         0x2         aa:bb:cc:dd:ee:ff     *        wlan0
///
/// What remembered portal answers key on over plain http: the gateway's MAC address (`RememberedAnswers`).
public enum NeighborTable {
    /// ATF_COM: the entry is complete (a resolved address, not one still being asked for).
    static let complete = 0x2

    /// The MAC address of `address` on `interface` (any interface when nil), lowercase; nil when there is no
    /// complete entry.
    public static func mac(of address: IPv4Address, on interface: String?, in text: [UInt8]) -> String? {
        var first = true
        for line in ASCII.lines(text[...]) {
            if first { first = false; continue }
            var words: [ArraySlice<UInt8>] = []
            for w in ASCII.split(line, on: ASCII.space) where !w.isEmpty { words.append(w) }
            guard words.count >= 6, let ip = IPv4Address(String(decoding: words[0], as: UTF8.self)), ip == address,
                  ASCII.hasPrefix(words[2], "0x"), let flags = number(words[2].dropFirst(2)), flags & complete != 0
            else { continue }
            if let i = interface, !ASCII.equals(words[5], string: i) { continue }
            let mac = String(decoding: ASCII.lowercased(words[3]), as: UTF8.self)
            guard RememberedAnswers.isMAC(mac), !ASCII.same(mac, "00:00:00:00:00:00") else { continue }
            return mac
        }
        return nil
    }

    /// Hex digits, at most four of them.
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 4 else { return nil }
        var n = 0
        for d in digits {
            guard let v = Hex.value(of: d) else { return nil }
            n = n * 16 + Int(v)
        }
        return n
    }
}
