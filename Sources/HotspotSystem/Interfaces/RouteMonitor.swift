import CLinux
import CNetlink
import HotspotProtocol
import HotspotWeb

/// What the kernel says of one interface's IPv4 configuration: its addresses and the main table's default
/// route through it; and the other interfaces' addresses (a LAN that clashes with the uplink, SubnetClash).
/// Kept from route netlink messages, never polled.
public struct InterfaceAddressing: Equatable, Sendable {
    public typealias Address = IPv4Subnet

    public var addresses: [Address] = []
    public var gateway: IPv4Address? = nil
    public var others: [Address] = []

    public init() {}

    public var hasAddress: Bool { !addresses.isEmpty }

    /// Applies one RTM_NEWADDR / RTM_DELADDR; returns whether anything changed.
    mutating func apply(address: Address, added: Bool) -> Bool { InterfaceAddressing.apply(address, added, &addresses) }

    /// The same, of another interface.
    mutating func apply(other: Address, added: Bool) -> Bool { InterfaceAddressing.apply(other, added, &others) }

    static func apply(_ address: Address, _ added: Bool, _ list: inout [Address]) -> Bool {
        // A loop, not firstIndex(where:): no specialisation for the closure.
        var i: Int? = nil
        for k in list.indices where list[k].address == address.address {
            i = k
            break
        }
        if added {
            if let i {
                if list[i] == address { return false }
                list[i] = address
            } else {
                list.append(address)
            }
            return true
        }
        guard let i else { return false }
        list.remove(at: i)
        return true
    }

    mutating func apply(gateway new: IPv4Address?, added: Bool) -> Bool {
        let next = added ? new : nil
        if !added, let g = gateway, let n = new, g != n { return false }
        if next == gateway { return false }
        gateway = next
        return true
    }
}

/// The uplink interface's IPv4 addresses and default gateway (and the other interfaces' addresses), learned from the kernel through a
/// NETLINK_ROUTE socket (libnl-3): a dump at start and after a lost message, then RTM_NEWADDR /
/// RTM_DELADDR / RTM_NEWROUTE / RTM_DELROUTE as they happen, in the poll loop.
public final class RouteMonitor {
    /// Settable: the uplink moves between radios (call `resync` after).
    public var ifindex: UInt32
    public private(set) var addressing = InterfaceAddressing()
    /// Called on the loop after the addressing changed.
    public var onChange: () -> Void = {}

    let loop: EventLoop
    let events: OpaquePointer
    let callbacks: OpaquePointer
    var watch = 0
    var receiver: RouteReceiver? = nil

    public init(ifindex: UInt32, loop: EventLoop) throws(NetlinkError) {
        self.ifindex = ifindex
        self.loop = loop
        guard let sock = nl_socket_alloc() else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nl_socket_alloc")
        }
        // Multicast notifications carry no sequence numbers of ours.
        nl_socket_disable_seq_check(sock)
        var r = nl_connect(sock, cn_netlink_route())
        if r >= 0 {
            r = nl_socket_add_membership(sock, cn_rtnlgrp_ipv4_ifaddr())
        }
        if r >= 0 {
            r = nl_socket_add_membership(sock, cn_rtnlgrp_ipv4_route())
        }
        if r >= 0 { r = nl_socket_set_nonblocking(sock) }
        guard r >= 0, let cb = nl_cb_alloc(NL_CB_DEFAULT) else {
            nl_socket_free(sock)
            throw NetlinkError(source: .libnl, code: r < 0 ? r : -NLE_NOMEM, context: "route netlink socket")
        }
        events = sock
        callbacks = cb
        let receiver = RouteReceiver { [self] msg in handle(msg) }
        self.receiver = receiver
        let arg = Unmanaged.passUnretained(receiver).toOpaque()
        nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, { msg, arg in
            Unmanaged<RouteReceiver>.fromOpaque(arg!).takeUnretainedValue().handle(msg!)
            return Int32(NL_OK.rawValue)
        }, arg)
        watch = loop.watch(FileDescriptor(rawValue: nl_socket_get_fd(sock))) { [self] _ in readable() }
        try resync()
    }

    public func close() {
        loop.unwatch(watch)
        nl_cb_put(callbacks)
        nl_socket_free(events)
        receiver = nil
    }

    /// Reads the current state with dumps on a short-lived socket (the kernel answers at once).
    public func resync() throws(NetlinkError) {
        var fresh = InterfaceAddressing()
        guard let sock = nl_socket_alloc() else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nl_socket_alloc")
        }
        defer { nl_socket_free(sock) }
        var r = nl_connect(sock, cn_netlink_route())
        if r < 0 { throw NetlinkError(source: .libnl, code: r, context: "route netlink socket") }
        guard let cb = nl_cb_alloc(NL_CB_DEFAULT) else {
            throw NetlinkError(source: .libnl, code: -NLE_NOMEM, context: "nl_cb_alloc")
        }
        defer { nl_cb_put(cb) }
        let target = ifindex
        let collector = RouteReceiver { msg in
            _ = RouteMonitor.apply(msg, ifindex: target, to: &fresh)
        }
        let arg = Unmanaged.passUnretained(collector).toOpaque()
        nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, { msg, arg in
            Unmanaged<RouteReceiver>.fromOpaque(arg!).takeUnretainedValue().handle(msg!)
            return Int32(NL_OK.rawValue)
        }, arg)
        for dump in 0..<2 {
            let type = dump == 0 ? cn_rtm_getaddr() : cn_rtm_getroute()
            r = cn_rtgen_dump(sock, Int32(type), AF_INET)
            if r < 0 { throw NetlinkError(source: .libnl, code: r, context: "route netlink dump request") }
            // nl_recvmsgs returns after NLMSG_DONE of the dump.
            r = nl_recvmsgs(sock, cb)
            if r < 0 { throw NetlinkError(source: .libnl, code: r, context: "route netlink dump") }
        }
        withExtendedLifetime(collector) {}
        if fresh != addressing {
            addressing = fresh
            loop.post { [self] in onChange() }
        }
    }

    func readable() {
        while true {
            let r = nl_recvmsgs(events, callbacks)
            if r >= 0 { continue }
            if r == -NLE_AGAIN { return }
            // The socket's buffer overflowed (ENOBUFS) or a message was bad: read the state afresh.
            do { try resync() } catch {}
            return
        }
    }

    func handle(_ msg: OpaquePointer) {
        if RouteMonitor.apply(msg, ifindex: ifindex, to: &addressing) {
            loop.post { [self] in onChange() }
        }
    }

    /// One message into the table of interface `ifindex`; true when it changed.
    static func apply(_ msg: OpaquePointer, ifindex: UInt32, to table: inout InterfaceAddressing) -> Bool {
        var index: UInt32 = 0
        var bytes: [UInt8] = [0, 0, 0, 0]
        var prefix: UInt8 = 0
        let addrType = bytes.withUnsafeMutableBufferPointer { cn_parse_ifaddr(msg, &index, $0.baseAddress, &prefix) }
        if addrType >= 0 {
            let a = InterfaceAddressing.Address(address: IPv4Address(bytes: bytes), prefix: prefix)
            guard index == ifindex else { return table.apply(other: a, added: addrType == cn_rtm_newaddr()) }
            return table.apply(address: a, added: addrType == cn_rtm_newaddr())
        }
        let routeType = bytes.withUnsafeMutableBufferPointer { cn_parse_default_route(msg, &index, $0.baseAddress) }
        guard routeType >= 0, index == ifindex else { return false }
        let gateway = IPv4Address(bytes: bytes)
        return table.apply(gateway: gateway.isZero ? nil : gateway, added: routeType == cn_rtm_newroute())
    }
}

/// Reached from libnl's C callback through an opaque pointer.
final class RouteReceiver {
    let handle: (OpaquePointer) -> Void
    init(_ handle: @escaping (OpaquePointer) -> Void) { self.handle = handle }
}
