import CLinux
import CNetlink

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
            return "\(context): \(text) (libnl \(code))"
        case .kernel:
            return "\(context): \(Errno(code).description)"
        }
    }

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

    func u32(_ attr: nl80211_attrs) -> UInt32? { self[attr].map { nla_get_u32($0) } }
    func string(_ attr: nl80211_attrs) -> String? {
        guard let a = self[attr], let p = nla_get_string(a) else { return nil }
        return String(cString: p)
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
        var r = genl_connect(sock)
        if r < 0 {
            nl_socket_free(sock)
            throw NetlinkError(source: .libnl, code: r, context: "generic netlink unavailable")
        }
        r = genl_ctrl_resolve(sock, "nl80211")
        if r < 0 {
            nl_socket_free(sock)
            throw NetlinkError(source: .libnl, code: r, context: "nl80211 not in this kernel")
        }
        socket = sock
        family = r
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

    /// Send one request and feed every reply message to `handle` until the kernel says done (dumps)
    /// or acknowledges (plain requests). A kernel error comes back as `.kernel` with its errno.
    func transact(
        _ command: nl80211_commands, dump: Bool,
        build: (OpaquePointer) -> Int32,
        handle: @escaping (OpaquePointer) -> Void
    ) throws(NetlinkError) {
        guard let msg = nlmsg_alloc() else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nlmsg_alloc")
        }
        defer { nlmsg_free(msg) }
        guard cn_genlmsg_put(msg, family, dump ? NLM_F_DUMP : 0, UInt8(command.rawValue)) != nil,
              build(msg) >= 0 else {
            throw NetlinkError(source: .libnl, code: -NLE_MSGSIZE, context: "building nl80211 request")
        }
        guard let cb = nl_cb_alloc(NL_CB_DEFAULT) else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nl_cb_alloc")
        }
        defer { nl_cb_put(cb) }
        let exchange = Exchange(handle)
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
