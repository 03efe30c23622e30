// hotspotd's benchmark (host build, not shipped): scan handling must stay linear in the number of
// BSSes and must not grow memory over thousands of scan cycles. Prints figures; asserts nothing.
//   swift run -c release hotspotd-bench
import Glibc
import HotspotCore
import HotspotProtocol

func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func residentKB() -> Int {
    guard let f = fopen("/proc/self/statm", "r") else { return -1 }
    defer { fclose(f) }
    var size = 0, resident = 0
    withUnsafeMutablePointer(to: &size) { s in
        withUnsafeMutablePointer(to: &resident) { r in _ = withVaList([s, r]) { vfscanf(f, "%d %d", $0) } }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// A SCAN_RESULTS reply with `n` rows: SSIDs with escapes, spaces and high bytes, as wpa_supplicant prints them.
func scanResultsReply(_ n: Int, seed: Int) -> [UInt8] {
    var text = "bssid / frequency / signal level / flags / ssid\n"
    for i in 0..<n {
        let b = i + seed
        let bssid = "02:00:00:\(hex2(b >> 16)):\(hex2(b >> 8)):\(hex2(b))"
        let flags = i % 3 == 0 ? "[ESS]" : "[WPA2-PSK-CCMP][ESS]"
        let ssid = i % 5 == 0 ? "Caf\\xc3\\xa9 \\\"\(i % 97)\\\" \\\\" : "Hotel Guest \(i % 211)"
        text += "\(bssid)\t\(2412 + 5 * (i % 13))\t\(-40 - (i % 50))\t\(flags)\t\(ssid)\n"
    }
    return Array(text.utf8)
}

func hex2(_ v: Int) -> String {
    let d = Array("0123456789abcdef".utf8)
    return String(decoding: [d[(v >> 4) & 15], d[v & 15]], as: UTF8.self)
}

func entries(_ reply: [UInt8]) -> [ScanEntry] {
    (try? ScanResultsTable.parse(reply))?.entries ?? []
}

let helpers = [HelperDescriptor(name: "venue", kind: .external)]
let known = (0..<8).map { KnownNetwork(ssid: SSID("Hotel Guest \($0)")!, passphrase: try! Passphrase("password\($0)"), priority: $0) }

print("scan handling (parse SCAN_RESULTS + HotspotMachine.scanResults), release build on this host")
print("   BSSes   ns/BSS   ms/scan")
for n in [10, 100, 1000, 4000] {
    let reply = scanResultsReply(n, seed: 0)
    var machine = HotspotMachine(configuration: HotspotConfiguration(helpers: helpers, knownNetworks: known), now: 0)
    let rounds = max(3, 20_000 / n)
    var clock: Int64 = 1_000
    _ = machine.handle(.supplicantReconnected, now: clock)
    let start = nowNs()
    for _ in 0..<rounds {
        clock += 30_000
        _ = machine.handle(.scanResults(entries(reply)), now: clock)
    }
    let per = Double(nowNs() - start) / Double(rounds)
    let nsPerBSS = Int(per / Double(n))
    let msPerScan = Int(per / 1_000_000 * 100) 
    print(String(repeating: " ", count: max(0, 8 - String(n).count)) + "\(n)" +
          String(repeating: " ", count: max(0, 9 - String(nsPerBSS).count)) + "\(nsPerBSS)" +
          "   \(msPerScan / 100).\(msPerScan % 100 < 10 ? "0" : "")\(msPerScan % 100)")
}

print("\nmemory over scan cycles (60 BSSes a scan, SSIDs and BSSIDs changing every cycle)")
var machine = HotspotMachine(configuration: HotspotConfiguration(helpers: helpers, knownNetworks: known), now: 0)
var clock: Int64 = 1_000
_ = machine.handle(.supplicantReconnected, now: clock)
var marks: [(Int, Int)] = []
for cycle in 1...5_000 {
    clock += 30_000
    _ = machine.handle(.scanResults(entries(scanResultsReply(60, seed: cycle * 61))), now: clock)
    if cycle == 500 || cycle == 1_000 || cycle == 2_500 || cycle == 5_000 { marks.append((cycle, residentKB())) }
}
for (cycle, kb) in marks { print("  after \(cycle) cycles: RSS \(kb) KB") }
print("  growth from 500 to 5000 cycles: \(marks.last!.1 - marks.first!.1) KB")
