// The kernel's nl80211 scan and station dumps, and the 802.11 information elements inside them, which
// any access point in range writes.
import HotspotSystem
import HotspotCore
import HotspotProtocol

let radioTargets = [
    FuzzTarget(name: "nl80211", feeds: "a netlink receive buffer of scan-dump and station messages", run: nl80211),
    FuzzTarget(name: "ies", feeds: "the information elements of a beacon or probe response", run: informationElements),
]

/// The buffer cut into messages as netlink's recv does (each starts with its length, 4-byte aligned), then
/// parsed by the code the live dumps use. The attribute walk is libnl's; what it hands over is ours.
func nl80211(_ input: [UInt8]) {
    var messages: [[UInt8]] = []
    var at = 0
    while at < input.count {
        let rest = input[at...]
        guard rest.count >= 4 else { messages.append(Array(rest)); break }
        let length = Int(rest[at]) | Int(rest[at + 1]) << 8 | Int(rest[at + 2]) << 16 | Int(rest[at + 3]) << 24
        guard length >= 16, length <= rest.count else { messages.append(Array(rest)); break }
        messages.append(Array(rest.prefix(length)))
        at += (length + 3) & ~3
    }
    let parsed = NL80211.parseCaptured(messages)
    for bss in parsed.bss {
        _ = bss.entry
    }
    for station in parsed.stations {
        _ = station.bestSignalDBm
    }
}

/// Elements and what hotspotd reads from them; the elements laid end to end again are the input (its
/// whole-element prefix when the last one was cut).
func informationElements(_ input: [UInt8]) {
    let ies = InformationElements(input)
    _ = ies.ssid
    _ = ies.rsnAKMs
    _ = ies.wpaAKMs
    for privacy in [false, true] {
        _ = ies.suites(privacy: privacy)
        _ = ies.securityType(privacy: privacy)
    }
    var again: [UInt8] = []
    for e in ies.elements {
        again.append(e.id)
        again.append(UInt8(e.body.count))
        again.append(contentsOf: e.body)
    }
    require(ies.truncated ? again.count < input.count && input.starts(with: again) : again == input,
            "elements do not lay out to the input")
}
