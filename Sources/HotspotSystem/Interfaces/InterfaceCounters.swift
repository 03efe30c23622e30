/// The kernel's packet counters of a network interface (/sys/class/net/IF/statistics): what the stack
/// received and sent. Data only: beacons and other management frames, which the station's own counters
/// include (ten a second from any access point), never reach them.
public enum InterfaceCounters {
    /// Packets received and sent, or nil when the kernel cannot say.
    public static func packets(_ interface: String) -> (rx: UInt64, tx: UInt64)? {
        let dir = "/sys/class/net/" + interface + "/statistics/"
        guard let rx = number(dir + "rx_packets"), let tx = number(dir + "tx_packets") else { return nil }
        return (rx, tx)
    }

    /// A file holding one decimal number and a newline.
    static func number(_ path: String) -> UInt64? {
        guard let bytes = try? FileDescriptor.readFile(path, limit: 32) else { return nil }
        var value: UInt64 = 0, digits = 0
        for b in bytes {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { break }
            value = value &* 10 &+ UInt64(b - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 && digits <= 20 ? value : nil
    }
}
