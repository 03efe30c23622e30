// hotspotd's scan-path benchmark (host build, not shipped): the cost per BSS of what the daemon runs on a scan
// (nl80211's dump parsed by the daemon's own code, then the core) must stay linear, and memory must not grow
// over thousands of scan cycles. Prints `BENCH key value unit` lines (Benchmarks/run collects them); asserts
// nothing.
//   hotspotd-bench                  time per BSS at 10…4,000 BSSes, RSS over 10,000 cycles
//   hotspotd-bench cycles N ROUNDS  ROUNDS scans of N BSSes in `measuredScanCycles` (for callgrind's
//                                   --toggle-collect: Benchmarks/run divides its instructions by N × ROUNDS)
import Glibc
import HotspotCore
import HotspotProtocol
import HotspotSystem

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

// MARK: nl80211's scan dump, as the kernel sends it

/// Little-endian netlink attributes: 4-byte header (length, type), payload padded to 4.
struct Attributes {
    var bytes: [UInt8] = []
    mutating func put(_ type: UInt16, _ payload: [UInt8]) {
        let len = 4 + payload.count
        bytes += le(UInt64(len), 2) + le(UInt64(type), 2) + payload
        bytes += [UInt8](repeating: 0, count: (4 - len % 4) % 4)
    }
    mutating func u16(_ type: UInt16, _ v: UInt64) { put(type, le(v, 2)) }
    mutating func u32(_ type: UInt16, _ v: UInt64) { put(type, le(v, 4)) }
    mutating func u64(_ type: UInt16, _ v: UInt64) { put(type, le(v, 8)) }
}

func le(_ v: UInt64, _ n: Int) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: v >> (8 * UInt64($0))) } }

/// The elements hwsim's hostapd puts in a beacon: SSID, rates, DS channel, ERP, extended rates, RSN (WPA2-PSK,
/// CCMP) unless open, and the extended capabilities — the same shape as the captured
/// Tests/HotspotSystemTests/Fixtures/nl80211/scan_dump.hex.
func informationElements(ssid: [UInt8], channel: Int, open: Bool) -> [UInt8] {
    var ie: [UInt8] = [0, UInt8(ssid.count)] + ssid
    ie += [1, 8, 0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24, 3, 1, UInt8(channel), 0x2a, 1, 4]
    ie += [0x32, 4, 0x30, 0x48, 0x60, 0x6c]
    if !open { ie += [0x30, 0x14, 1, 0, 0, 0x0f, 0xac, 4, 1, 0, 0, 0x0f, 0xac, 4, 1, 0, 0, 0x0f, 0xac, 2, 0, 0] }
    ie += [0x3b, 2, 0x51, 0, 0x7f, 8, 4, 0, 0x40, 2, 0, 0, 0, 0x40]
    return ie
}

/// One NL80211_CMD_NEW_SCAN_RESULTS message of a dump (NLM_F_MULTI) for BSS number `i` of a scan: SSIDs
/// repeat (several APs of a venue), some with escapes and high bytes, a third of them open.
func scanMessage(_ i: Int, seed: Int, family: UInt16 = 0x22) -> [UInt8] {
    let b = i + seed
    let ssid: [UInt8] = i % 5 == 0 ? Array("Caf\u{e9} \"\(i % 97)\" \\".utf8) : Array("Hotel Guest \(i % 211)".utf8)
    let channel = 1 + i % 13
    let ies = informationElements(ssid: ssid, channel: channel, open: i % 3 == 0)
    var bss = Attributes()
    bss.put(1, [2, 0, 0, UInt8(truncatingIfNeeded: b >> 16), UInt8(truncatingIfNeeded: b >> 8), UInt8(truncatingIfNeeded: b)])
    bss.put(14, [])                               // PRESP_DATA: the IEs are a probe response's
    bss.u64(3, UInt64(b) * 1_000_003)             // TSF
    bss.put(6, ies)                               // INFORMATION_ELEMENTS
    bss.u64(13, UInt64(b) * 1_000_003)            // BEACON_TSF
    bss.put(11, ies)                              // BEACON_IES
    bss.u16(4, 100)                               // BEACON_INTERVAL
    bss.u16(5, i % 3 == 0 ? 0x0401 : 0x0411)      // CAPABILITY (ESS, privacy unless open)
    bss.u32(2, UInt64(2407 + 5 * channel))        // FREQUENCY
    bss.u32(20, 0)                                // FREQUENCY_OFFSET
    bss.u32(12, 0)                                // CHAN_WIDTH
    bss.u32(10, UInt64(i % 7) * 100)              // SEEN_MS_AGO
    bss.u64(15, 84_000_000_000)                   // LAST_SEEN_BOOTTIME
    bss.u32(7, UInt64(UInt32(bitPattern: Int32(-4000 - 100 * (i % 50)))))  // SIGNAL_MBM
    if i == 0 { bss.u32(9, 1) }                   // STATUS: associated
    var top = Attributes()
    top.u32(46, 6)                                // GENERATION
    top.u32(3, 9)                                 // IFINDEX
    top.u64(153, 1)                               // WDEV
    top.put(47 | 0x8000, bss.bytes)               // BSS, nested (NLA_F_NESTED, as kernels since 5.2 set it)
    let genl: [UInt8] = [34, 1, 0, 0]             // NEW_SCAN_RESULTS, version 1
    let length = 16 + genl.count + top.bytes.count
    return le(UInt64(length), 4) + le(UInt64(family), 2) + le(2, 2) + le(UInt64(seed), 4) + le(0x4e40_07c0, 4)
        + genl + top.bytes
}

func scanDump(_ n: Int, seed: Int) -> [[UInt8]] { (0..<n).map { scanMessage($0, seed: seed) } }

// MARK: wpa_supplicant's BSS table (the path without nl80211)

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


// MARK: the daemon's path

let helpers = [HelperDescriptor(name: "venue", kind: .external)]
let known = (0..<8).map { KnownNetwork(ssid: SSID("Hotel Guest \($0)")!, passphrase: try! Passphrase("password\($0)"), priority: $0) }

func newMachine() -> HotspotMachine {
    var machine = HotspotMachine(configuration: HotspotConfiguration(helpers: helpers, knownNetworks: known), now: 0)
    _ = machine.handle(.supplicantReconnected, now: 1_000)
    return machine
}

/// One scan as `hotspotd run` handles it: each message through `NL80211.scannedBSS` (what `scanDump` calls per
/// message; here via `parseCaptured`, which copies each message into a libnl message first), the BSSes the
/// core can use, then the core.
func scanCycle(_ machine: inout HotspotMachine, _ messages: [[UInt8]], clock: inout Int64) {
    clock += 30_000
    let entries = NL80211.parseCaptured(messages).bss.compactMap { $0.entry }
    _ = machine.handle(.scanResults(entries), now: clock)
}

/// What callgrind counts (`--toggle-collect=*measuredScanCycles*`): setup and the first scan stay outside.
@inline(never)
func measuredScanCycles(_ machine: inout HotspotMachine, _ messages: [[UInt8]], rounds: Int, clock: inout Int64) {
    for _ in 0..<rounds { scanCycle(&machine, messages, clock: &clock) }
}

func bench(_ key: String, _ value: String, _ unit: String) { print("BENCH " + key + " " + value + " " + unit) }

func decimal(_ v: Double, _ places: Int) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let n = Int((v * Double(scale)).rounded())
    guard places > 0 else { return String(n) }
    let frac = String(n % scale)
    return String(n / scale) + "." + String(repeating: "0", count: places - frac.count) + frac
}

let args = CommandLine.arguments
if args.count == 4, args[1] == "cycles", let n = Int(args[2]), let rounds = Int(args[3]) {
    let messages = scanDump(n, seed: 0)
    var machine = newMachine()
    var clock: Int64 = 1_000
    scanCycle(&machine, messages, clock: &clock)
    measuredScanCycles(&machine, messages, rounds: rounds, clock: &clock)
    guard NL80211.parseCaptured(messages).bss.count == n else { fatalError("the dump did not parse") }
    exit(0)
}

// Time: release build on this host (noisy when the machine is shared; callgrind's instructions are not).
print("scan path: nl80211 dump parse (the daemon's NL80211.scannedBSS) + HotspotMachine.scanResults")
for n in [10, 100, 1000, 4000] {
    let messages = scanDump(n, seed: 0)
    let parsed = NL80211.parseCaptured(messages).bss
    guard parsed.count == n, parsed.allSatisfy({ $0.entry != nil }) else {
        print("the dump of \(n) BSSes parsed to \(parsed.count): the bench's messages are wrong")
        exit(1)
    }
    var machine = newMachine()
    var clock: Int64 = 1_000
    scanCycle(&machine, messages, clock: &clock)
    let rounds = max(3, 40_000 / n)
    let start = nowNs()
    measuredScanCycles(&machine, messages, rounds: rounds, clock: &clock)
    let perScan = Double(nowNs() - start) / Double(rounds)
    bench("scan.n\(n).ns_per_bss", decimal(perScan / Double(n), 0), "ns")
    bench("scan.n\(n).ms_per_scan", decimal(perScan / 1_000_000, 3), "ms")
}

// The fallback without nl80211: wpa_supplicant's table paged by `BSS RANGE` (time only).
for n in [10, 100, 1000] {
    let pages = bssPages(n, seed: 0)
    var machine = newMachine()
    let rounds = max(3, 20_000 / n)
    var clock: Int64 = 1_000
    let start = nowNs()
    for _ in 0..<rounds {
        clock += 30_000
        _ = machine.handle(.scanResults(entries(pages)), now: clock)
    }
    bench("scan.paging.n\(n).ns_per_bss", decimal(Double(nowNs() - start) / Double(rounds * n), 0), "ns")
}

// Memory: 60 BSSes a scan, SSIDs and BSSIDs changing every cycle (the core forgets what it no longer sees).
var machine = newMachine()
var clock: Int64 = 1_000
var marks: [(Int, Int)] = []
let cycles = 10_000
for cycle in 1...cycles {
    scanCycle(&machine, scanDump(60, seed: cycle * 61), clock: &clock)
    if cycle == 1_000 || cycle == cycles / 2 || cycle == cycles { marks.append((cycle, residentKB())) }
}
for (cycle, kb) in marks { print("  RSS after \(cycle) scans of 60 changing BSSes: \(kb) kB") }
bench("scan.memory.rss_after_\(cycles)_cycles", String(marks.last!.1), "kB")
bench("scan.memory.growth_1000_to_\(cycles)_cycles", String(marks.last!.1 - marks.first!.1), "kB")
