import CLinux
import CNetlink
import HotspotCore
import HotspotProtocol

/// A libnl or kernel error from an nl80211 exchange, with what we were doing.
public struct NetlinkError: Error, CustomStringConvertible {
    public enum Source: Sendable { case libnl, kernel }
    public let source: Source
    public let code: Int32
    public let context: String

    public var description: String {
        switch source {
        case .libnl:
            let text = nl_geterror(code).map { String(cString: $0) } ?? "libnl error"
            return context + ": " + text + " (libnl " + String(code) + ")"
        case .kernel:
            return context + ": " + Errno(code).description
        }
    }

    /// The kernel's table changed during a dump (NLE_DUMP_INTR): read it again.
    public var isDumpInterrupted: Bool { source == .libnl && code == -NLE_DUMP_INTR }

    /// libnl says the nl80211 family is unknown to this kernel.
    public var isFamilyMissing: Bool { source == .libnl && (code == -NLE_OBJ_NOTFOUND || code == -NLE_PROTO_MISMATCH) }
}

/// A wireless interface as nl80211's GET_INTERFACE reports it.
public struct WirelessInterface: Equatable {
    public var name: String
    public var ifindex: UInt32
    public var iftype: UInt32
    public var phy: UInt32
    public var mac: [UInt8]

    public var iftypeName: String {
        switch iftype {
        case 1: return "adhoc"
        case 2: return "station"
        case 3: return "ap"
        case 4: return "ap-vlan"
        case 5: return "wds"
        case 6: return "monitor"
        case 7: return "mesh"
        case 8: return "p2p-client"
        case 9: return "p2p-go"
        case 10: return "p2p-device"
        case 11: return "ocb"
        case 12: return "nan"
        default: return "type-\(iftype)"
        }
    }
}

/// One BSS of nl80211's scan dump.
public struct ScannedBSS: Equatable {
    public var bssid: BSSID
    /// nil when the IEs carry no valid SSID element (hidden networks carry an empty one).
    public var ssid: SSID?
    /// MHz; 0 when the kernel gave none.
    public var frequency: Int
    public var signalDBm: Int?
    public var ageMilliseconds: Int
    public var security: SecurityType
    /// The kernel reports this BSS as the one we are associated with.
    public var associated: Bool

    /// The core's view of this BSS; nil without an SSID, a frequency or a signal level.
    public var entry: ScanEntry? {
        guard let ssid, frequency > 0, let signalDBm else { return nil }
        return ScanEntry(ssid: ssid, bssid: bssid, rssi: signalDBm, frequency: frequency, security: security)
    }
}

/// The associated AP as nl80211 reports it (NL80211_CMD_GET_STATION on a client interface).
public struct StationInfo: Equatable {
    public var bssid: BSSID
    public var signalDBm: Int?
    /// The kernel's running average: steadier than the last frame's level, so preferred for signalStrength.
    public var averageSignalDBm: Int?
    public var txBitrate100kbps: Int?
    public var connectedSeconds: Int?

    /// Average when the driver keeps one, else the last level.
    public var bestSignalDBm: Int? { averageSignalDBm ?? signalDBm }
}

/// The top-level attributes of one nl80211 message, indexed by attribute number.
struct NetlinkAttributes {
    var table: [UnsafeMutablePointer<nlattr>?]

    init(message: OpaquePointer) {
        table = Array(repeating: nil, count: Int(cn_attr_max()) + 1)
        let ok = table.withUnsafeMutableBufferPointer { cn_parse_nl80211(message, $0.baseAddress) }
        if ok < 0 { table = Array(repeating: nil, count: table.count) }
    }

    /// Parse a nested attribute into a table of `max + 1` slots; nil if absent or malformed.
    static func nested(_ attr: UnsafeMutablePointer<nlattr>?, max: Int32) -> [UnsafeMutablePointer<nlattr>?]? {
        guard let attr else { return nil }
        var out = [UnsafeMutablePointer<nlattr>?](repeating: nil, count: Int(max) + 1)
        let r = out.withUnsafeMutableBufferPointer { nla_parse_nested($0.baseAddress, max, attr, nil) }
        return r < 0 ? nil : out
    }

    subscript(_ attr: nl80211_attrs) -> UnsafeMutablePointer<nlattr>? { table[Int(attr.rawValue)] }

    func u32(_ attr: nl80211_attrs) -> UInt32? { NetlinkAttributes.u32(self[attr]) }

    // Length-checked getters: a short attribute reads as absent, never past its end.
    static func u32(_ a: UnsafeMutablePointer<nlattr>?) -> UInt32? {
        guard let a, nla_len(a) >= 4 else { return nil }
        return nla_get_u32(a)
    }
    static func u16(_ a: UnsafeMutablePointer<nlattr>?) -> UInt16? {
        guard let a, nla_len(a) >= 2 else { return nil }
        return nla_get_u16(a)
    }
    static func u8(_ a: UnsafeMutablePointer<nlattr>?) -> UInt8? {
        guard let a, nla_len(a) >= 1 else { return nil }
        return nla_get_u8(a)
    }
    func string(_ attr: nl80211_attrs) -> String? {
        // Up to the first NUL, within the attribute: never trust the terminator to be there.
        guard let b = bytes(attr) else { return nil }
        return String(decoding: b.prefix { $0 != 0 }, as: UTF8.self)
    }
    func bytes(_ attr: nl80211_attrs) -> [UInt8]? { NetlinkAttributes.bytes(self[attr]) }

    static func bytes(_ attr: UnsafeMutablePointer<nlattr>?) -> [UInt8]? {
        guard let attr, let data = nla_data(attr) else { return nil }
        let n = Int(nla_len(attr))
        let p = data.assumingMemoryBound(to: UInt8.self)
        return Array(UnsafeBufferPointer(start: p, count: n))
    }
}

/// One generic-netlink socket bound to the nl80211 family. Requests are synchronous: the kernel answers
/// them at once, unlike wpa_supplicant, so they never stall the poll loop.
public final class NL80211 {
    let socket: OpaquePointer
    public let family: Int32

    public init() throws(NetlinkError) {
        guard let sock = nl_socket_alloc() else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nl_socket_alloc")
        }
        let r = genl_connect(sock)
        if r < 0 {
            nl_socket_free(sock)
            throw NetlinkError(source: .libnl, code: r, context: "generic netlink unavailable")
        }
        var id: Int32 = -1
        do throws(NetlinkError) {
            try NL80211.transact(sock, build: { cn_ctrl_getfamily_put($0, "nl80211") }) { id = cn_ctrl_family_id($0) }
        } catch {
            nl_socket_free(sock)
            throw NetlinkError(source: error.source, code: error.code, context: "nl80211 not in this kernel")
        }
        guard id >= 0 else {
            nl_socket_free(sock)
            throw NetlinkError(source: .libnl, code: -NLE_OBJ_NOTFOUND, context: "nl80211 not in this kernel")
        }
        socket = sock
        family = id
    }

    deinit { nl_socket_free(socket) }

    /// Every wireless interface the kernel knows, in dump order.
    public func interfaces() throws(NetlinkError) -> [WirelessInterface] {
        var found: [WirelessInterface] = []
        try transact(NL80211_CMD_GET_INTERFACE, dump: true, build: { _ in 0 }) { msg in
            let a = NetlinkAttributes(message: msg)
            guard let ifindex = a.u32(NL80211_ATTR_IFINDEX) else { return }
            found.append(WirelessInterface(
                name: a.string(NL80211_ATTR_IFNAME) ?? "",
                ifindex: ifindex,
                iftype: a.u32(NL80211_ATTR_IFTYPE) ?? 0,
                phy: a.u32(NL80211_ATTR_WIPHY) ?? 0,
                mac: a.bytes(NL80211_ATTR_MAC) ?? []))
        }
        return found
    }

    /// Every reply message's raw bytes go here too when set: how the radio tests capture fixtures.
    public var rawMessages: (([UInt8]) -> Void)? = nil

    /// The kernel's scan results for `ifindex` (NL80211_CMD_GET_SCAN dump): every BSS it remembers.
    public func scanDump(ifindex: UInt32) throws(NetlinkError) -> [ScannedBSS] {
        var found: [ScannedBSS] = []
        try transact(NL80211_CMD_GET_SCAN, dump: true, build: { msg in
            nla_put_u32(msg, Int32(NL80211_ATTR_IFINDEX.rawValue), ifindex)
        }) { msg in
            if let bss = NL80211.scannedBSS(msg) { found.append(bss) }
        }
        return found
    }

    /// The associated access point as a station entry (NL80211_CMD_GET_STATION dump on a client
    /// interface yields exactly the AP), or nil when not associated.
    public func station(ifindex: UInt32) throws(NetlinkError) -> StationInfo? {
        var found: StationInfo? = nil
        try transact(NL80211_CMD_GET_STATION, dump: true, build: { msg in
            nla_put_u32(msg, Int32(NL80211_ATTR_IFINDEX.rawValue), ifindex)
        }) { msg in
            if found == nil { found = NL80211.stationInfo(msg) }
        }
        return found
    }

    /// One NEW_SCAN_RESULTS message → a BSS; nil without a BSS or BSSID attribute.
    static func scannedBSS(_ msg: OpaquePointer) -> ScannedBSS? {
        let a = NetlinkAttributes(message: msg)
        // If-lets, not Optional.flatMap: no specialisation per closure.
        guard let bss = NetlinkAttributes.nested(a[NL80211_ATTR_BSS], max: cn_bss_max()),
              let bssidBytes = NetlinkAttributes.bytes(bss[Int(NL80211_BSS_BSSID.rawValue)]),
              let bssid = BSSID(bytes: bssidBytes)
        else { return nil }
        // Probe-response IEs first; beacon IEs when that is all the kernel has.
        let ieBytes = NetlinkAttributes.bytes(bss[Int(NL80211_BSS_INFORMATION_ELEMENTS.rawValue)])
            ?? NetlinkAttributes.bytes(bss[Int(NL80211_BSS_BEACON_IES.rawValue)]) ?? []
        let ies = InformationElements(ieBytes)
        let capability = NetlinkAttributes.u16(bss[Int(NL80211_BSS_CAPABILITY.rawValue)]) ?? 0
        var signal: Int? = nil
        if let mbm = NetlinkAttributes.u32(bss[Int(NL80211_BSS_SIGNAL_MBM.rawValue)]) {
            signal = Int(Int32(bitPattern: mbm)) / 100
        }
        let status = NetlinkAttributes.u32(bss[Int(NL80211_BSS_STATUS.rawValue)])
        return ScannedBSS(
            bssid: bssid,
            ssid: ies.ssid,
            frequency: Int(NetlinkAttributes.u32(bss[Int(NL80211_BSS_FREQUENCY.rawValue)]) ?? 0),
            signalDBm: signal,
            ageMilliseconds: Int(NetlinkAttributes.u32(bss[Int(NL80211_BSS_SEEN_MS_AGO.rawValue)]) ?? 0),
            security: ies.securityType(privacy: capability & 0x0010 != 0),
            associated: status == NL80211_BSS_STATUS_ASSOCIATED.rawValue)
    }

    /// One NEW_STATION message → the station's signal and rate; nil without MAC or STA_INFO.
    static func stationInfo(_ msg: OpaquePointer) -> StationInfo? {
        let a = NetlinkAttributes(message: msg)
        guard let mac = a.bytes(NL80211_ATTR_MAC), let bssid = BSSID(bytes: mac),
              let info = NetlinkAttributes.nested(a[NL80211_ATTR_STA_INFO], max: cn_sta_info_max())
        else { return nil }
        func dBm(_ attr: nl80211_sta_info) -> Int? {
            NetlinkAttributes.u8(info[Int(attr.rawValue)]).map { Int(Int8(bitPattern: $0)) }
        }
        var bitrate: Int? = nil  // units of 100 kbit/s
        if let rate = NetlinkAttributes.nested(info[Int(NL80211_STA_INFO_TX_BITRATE.rawValue)], max: cn_rate_info_max()) {
            if let r32 = NetlinkAttributes.u32(rate[Int(NL80211_RATE_INFO_BITRATE32.rawValue)]) {
                bitrate = Int(r32)
            } else if let r16 = NetlinkAttributes.u16(rate[Int(NL80211_RATE_INFO_BITRATE.rawValue)]) {
                bitrate = Int(r16)
            }
        }
        return StationInfo(
            bssid: bssid,
            signalDBm: dBm(NL80211_STA_INFO_SIGNAL),
            averageSignalDBm: dBm(NL80211_STA_INFO_SIGNAL_AVG),
            txBitrate100kbps: bitrate,
            connectedSeconds: NetlinkAttributes.u32(info[Int(NL80211_STA_INFO_CONNECTED_TIME.rawValue)]).map { Int($0) })
    }

    /// Parse captured raw messages (as `rawMessages` saw them) with the same code the live dumps use.
    /// Messages shorter than their header claims, or otherwise malformed, are skipped.
    public static func parseCaptured(_ messages: [[UInt8]]) -> (bss: [ScannedBSS], stations: [StationInfo]) {
        var bss: [ScannedBSS] = [], stations: [StationInfo] = []
        for m in messages {
            guard m.count >= 20 else { continue }  // nlmsghdr (16) + genlmsghdr (4)
            let claimed = Int(m[0]) | Int(m[1]) << 8 | Int(m[2]) << 16 | Int(m[3]) << 24
            guard claimed >= 20, claimed <= m.count else { continue }
            var copy = m
            let msg = copy.withUnsafeMutableBytes { raw in
                nlmsg_convert(raw.baseAddress!.assumingMemoryBound(to: nlmsghdr.self))
            }
            guard let msg else { continue }
            defer { nlmsg_free(msg) }
            switch cn_genl_cmd(msg) {
            case UInt8(NL80211_CMD_NEW_SCAN_RESULTS.rawValue): if let b = scannedBSS(msg) { bss.append(b) }
            case UInt8(NL80211_CMD_NEW_STATION.rawValue): if let s = stationInfo(msg) { stations.append(s) }
            default: continue
            }
        }
        return (bss, stations)
    }

    /// Send one request and feed every reply message to `handle` until the kernel says done (dumps)
    /// or acknowledges (plain requests). A kernel error comes back as `.kernel` with its errno.
    func transact(
        _ command: nl80211_commands, dump: Bool,
        build: (OpaquePointer) -> Int32,
        handle: @escaping (OpaquePointer) -> Void
    ) throws(NetlinkError) {
        let family = self.family
        try NL80211.transact(socket, build: { msg in
            cn_genlmsg_put(msg, family, dump ? NLM_F_DUMP : 0, UInt8(command.rawValue)) == nil ? -NLE_MSGSIZE : build(msg)
        }, handle: handle, capture: rawMessages)
    }

    /// One request on `socket`, built by `build` (header included), its replies to `handle`.
    static func transact(
        _ socket: OpaquePointer, build: (OpaquePointer) -> Int32,
        handle: @escaping (OpaquePointer) -> Void, capture: (([UInt8]) -> Void)? = nil
    ) throws(NetlinkError) {
        guard let msg = nlmsg_alloc() else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nlmsg_alloc")
        }
        defer { nlmsg_free(msg) }
        guard build(msg) >= 0 else {
            throw NetlinkError(source: .libnl, code: -NLE_MSGSIZE, context: "building nl80211 request")
        }
        guard let cb = nl_cb_alloc(NL_CB_DEFAULT) else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nl_cb_alloc")
        }
        defer { nl_cb_put(cb) }
        let exchange = Exchange { msg in
            if let capture, let hdr = nlmsg_hdr(msg) {
                let n = Int(hdr.pointee.nlmsg_len)
                capture(Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(hdr), count: n)))
            }
            handle(msg)
        }
        let arg = Unmanaged.passUnretained(exchange).toOpaque()
        nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, { msg, arg in
            Unmanaged<Exchange>.fromOpaque(arg!).takeUnretainedValue().handle(msg!)
            return Int32(NL_OK.rawValue)
        }, arg)
        nl_cb_set(cb, NL_CB_FINISH, NL_CB_CUSTOM, { _, arg in
            Unmanaged<Exchange>.fromOpaque(arg!).takeUnretainedValue().status = 0
            return Int32(NL_STOP.rawValue)
        }, arg)
        nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, { _, arg in
            Unmanaged<Exchange>.fromOpaque(arg!).takeUnretainedValue().status = 0
            return Int32(NL_STOP.rawValue)
        }, arg)
        nl_cb_err(cb, NL_CB_CUSTOM, { _, err, arg in
            Unmanaged<Exchange>.fromOpaque(arg!).takeUnretainedValue().status = err!.pointee.error
            return Int32(NL_STOP.rawValue)
        }, arg)
        var r = nl_send_auto(socket, msg)
        if r < 0 { throw NetlinkError(source: .libnl, code: r, context: "sending nl80211 request") }
        while exchange.status > 0 {
            r = nl_recvmsgs(socket, cb)
            if r < 0 { throw NetlinkError(source: .libnl, code: r, context: "reading nl80211 reply") }
        }
        withExtendedLifetime(exchange) {}
        if exchange.status < 0 {
            throw NetlinkError(source: .kernel, code: -exchange.status, context: "nl80211 request refused")
        }
    }
}

/// The state of one request/reply exchange, reached from libnl's C callbacks through an opaque pointer.
final class Exchange {
    let handle: (OpaquePointer) -> Void
    /// 1 while waiting, 0 when done, a negative errno when the kernel refused.
    var status: Int32 = 1
    init(_ handle: @escaping (OpaquePointer) -> Void) { self.handle = handle }
}
