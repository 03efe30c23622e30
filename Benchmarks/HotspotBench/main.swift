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

/// wpa_supplicant's BSS table of `n` entries as `BSS RANGE=<from>- MASK=…` answers it (the fields of
/// `BSSMask.scanListing`), keyed by `from`: as many whole entries as fit in its 4 KB reply, `####` after the
/// table's last. SSIDs with escapes, spaces and high bytes, as wpa_supplicant prints them.
func bssPages(_ n: Int, seed: Int) -> [Int: [UInt8]] {
    let table = (0..<n).map { i in
        let b = i + seed
        let bssid = "02:00:00:\(hex2(b >> 16)):\(hex2(b >> 8)):\(hex2(b))"
        let flags = i % 3 == 0 ? "[ESS]" : "[WPA2-PSK-CCMP][ESS]"
        let ssid = i % 5 == 0 ? "Caf\\xc3\\xa9 \\\"\(i % 97)\\\" \\\\" : "Hotel Guest \(i % 211)"
        return Array("id=\(i)\nbssid=\(bssid)\nfreq=\(2412 + 5 * (i % 13))\nlevel=\(-40 - (i % 50))\nage=\(i % 7)\nflags=\(flags)\nssid=\(ssid)\n".utf8)
    }
    var pages: [Int: [UInt8]] = [:]
    var from = 0
    repeat {
        var page: [UInt8] = []
        var i = from
        while i < n, page.count + table[i].count + 5 < SupplicantLimits.replySize {
            page += table[i] + Array((i == n - 1 ? "####\n" : "====\n").utf8)
            i += 1
        }
        pages[from] = page
        from = i
    } while from < n
    return pages
}

func hex2(_ v: Int) -> String {
    let d = Array("0123456789abcdef".utf8)
    return String(decoding: [d[(v >> 4) & 15], d[v & 15]], as: UTF8.self)
}

/// What the daemon runs when nl80211 is not there: `BSSPagingPlan` over the pages, each entry to a `ScanEntry`.
func entries(_ pages: [Int: [UInt8]]) -> [ScanEntry] {
    var plan = BSSPagingPlan()
    var step = plan.start()
    while true {
        switch step {
        case .send(.bss(.range(let from, _), _)): step = plan.received(pages[from] ?? [])
        case .finished(let infos): return infos.compactMap { $0.entry }
        default: fatalError("unexpected paging step")
        }
    }
}

let helpers = [HelperDescriptor(name: "venue", kind: .external)]
let known = (0..<8).map { KnownNetwork(ssid: SSID("Hotel Guest \($0)")!, passphrase: try! Passphrase("password\($0)"), priority: $0) }

print("scan handling (page the BSS table + HotspotMachine.scanResults), release build on this host")
print("   BSSes   ns/BSS   ms/scan")
// wpa_supplicant keeps 200 BSSes by default (bss_max_count); 1,000 fill 25 of the 64 pages a scan may take.
for n in [10, 100, 1000] {
    let pages = bssPages(n, seed: 0)
    var machine = HotspotMachine(configuration: HotspotConfiguration(helpers: helpers, knownNetworks: known), now: 0)
    let rounds = max(3, 20_000 / n)
    var clock: Int64 = 1_000
    _ = machine.handle(.supplicantReconnected, now: clock)
    let start = nowNs()
    for _ in 0..<rounds {
        clock += 30_000
        _ = machine.handle(.scanResults(entries(pages)), now: clock)
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
    _ = machine.handle(.scanResults(entries(bssPages(60, seed: cycle * 61))), now: clock)
    if cycle == 500 || cycle == 1_000 || cycle == 2_500 || cycle == 5_000 { marks.append((cycle, residentKB())) }
}
for (cycle, kb) in marks { print("  after \(cycle) cycles: RSS \(kb) KB") }
print("  growth from 500 to 5000 cycles: \(marks.last!.1 - marks.first!.1) KB")
