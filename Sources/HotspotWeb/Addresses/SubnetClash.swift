import HotspotCore

/// An interface's IPv4 address with its prefix length (192.168.1.1/24), as the kernel's RTM_NEWADDR has it.
public struct IPv4Subnet: Equatable, Sendable, CustomStringConvertible {
    public var address: IPv4Address
    public var prefix: UInt8

    public init(address: IPv4Address, prefix: UInt8) {
        self.address = address
        self.prefix = prefix
    }

    /// The network mask (a prefix over 32 counts as 32).
    public var mask: UInt32 { prefix == 0 ? 0 : ~UInt32(0) << (32 - UInt32(min(prefix, 32))) }

    /// They share addresses: the shorter prefix's network holds the other.
    public func overlaps(_ other: IPv4Subnet) -> Bool {
        let m = mask & other.mask
        return address.value & m == other.address.value & m
    }

    /// `192.168.1.0/24`: the network, not the interface's own address.
    public var description: String { IPv4Address(value: address.value & mask).description + "/" + String(Int(prefix)) }

    /// The first of `list` that overlaps this one (a loop: small on the router).
    func firstOverlap(in list: [IPv4Subnet]) -> IPv4Subnet? {
        for s in list where overlaps(s) { return s }
        return nil
    }
}

/// The uplink's lease against the router's other interfaces (OpenWrt's LAN 192.168.1.0/24 behind a venue's
/// 192.168.1.x): routing breaks for every device behind the router. Pure: the daemon feeds the kernel's
/// addresses at every change and performs the renumbering this asks for (`option lan_clash 'renumber'`).
public struct SubnetClash {
    /// The uplink's subnet and the router's other subnet it overlaps; nil when none does.
    public private(set) var uplink: IPv4Subnet? = nil
    public private(set) var router: IPv4Subnet? = nil
    /// A renumbering runs; its outcome comes with `renumbered`.
    public private(set) var isRenumbering = false
    /// What the last renumbering did, for `status`: "moved from … to …" or why not.
    public private(set) var renumberNote: String? = nil
    /// Uplink networks the LAN was moved away from: each only once, so two venues can never make the
    /// router renumber in a loop (the latest 16).
    var movedFor: [UInt32] = []
    /// The renumberings of the last day, by venue (its SSID): a venue that hands out another subnet
    /// at each reconnect would otherwise rewrite /etc/config/network and reload the LAN each time (issue 35).
    var moves: [Move] = []

    struct Move {
        var venue: SSID
        var at: Int64
    }

    public static let dayMs: Int64 = 86_400_000
    public static let movesPerVenuePerDay = 2
    public static let movesPerDay = 4

    public init() {}

    /// The kernel's addresses now; true when the clash appeared, changed or went away (say it in the log).
    public mutating func update(uplink addresses: [IPv4Subnet], others: [IPv4Subnet]) -> Bool {
        var u: IPv4Subnet? = nil
        var r: IPv4Subnet? = nil
        for a in addresses where r == nil {
            r = a.firstOverlap(in: others)
            u = r == nil ? nil : a
        }
        guard u != uplink || r != router else { return false }
        uplink = u
        router = r
        return true
    }

    /// The LAN's new address when the clash should be renumbered now: a clash, nothing running, the LAN
    /// never moved for this uplink network, and fewer than `movesPerVenuePerDay` moves for `venue` and
    /// `movesPerDay` in all in the last day (`now`: monotonic ms); past those, `renumberNote` says why not.
    /// Marks it running.
    public mutating func renumber(avoiding uplinkAddresses: [IPv4Subnet], _ others: [IPv4Subnet], venue: SSID,
                                  now: Int64) -> IPv4Subnet? {
        guard let u = uplink, let r = router, !isRenumbering else { return nil }
        let network = u.address.value & u.mask
        guard !movedFor.contains(network) else { return nil }
        // Only the latest `movesPerDay` moves are kept: either bound can be decided from them, since an older
        // move counts only when all of them are within the day, and then the day's total is reached anyway.
        var today = 0
        var forVenue = 0
        for m in moves where now - m.at < SubnetClash.dayMs {
            today += 1
            if m.venue == venue { forVenue += 1 }
        }
        if forVenue >= SubnetClash.movesPerVenuePerDay {
            renumberNote = "the LAN was not moved: it moved twice for this network in the last 24 h, the most"
            return nil
        }
        if today >= SubnetClash.movesPerDay {
            renumberNote = "the LAN was not moved: it moved 4 times in the last 24 h, the most"
            return nil
        }
        guard let target = SubnetClash.freeLAN(keeping: r.address, avoiding: uplinkAddresses, others) else { return nil }
        if movedFor.count == 16 { movedFor.remove(at: 0) }
        movedFor.append(network)
        if moves.count == SubnetClash.movesPerDay { moves.remove(at: 0) }
        moves.append(Move(venue: venue, at: now))
        isRenumbering = true
        return target
    }

    /// The renumbering's end: what it did or why not, for `status`.
    public mutating func renumbered(_ note: String) {
        isRenumbering = false
        renumberNote = note
    }

    /// The first 192.168.N.0/24 (N from 2) that overlaps none of `uplink` and `others`, with the LAN's host
    /// number (.1 when it has none that fits a /24).
    public static func freeLAN(keeping lan: IPv4Address, avoiding uplink: [IPv4Subnet], _ others: [IPv4Subnet]) -> IPv4Subnet? {
        var host = lan.value & 0xff
        if host == 0 || host == 255 { host = 1 }
        var n: UInt32 = 2
        while n < 255 {
            let s = IPv4Subnet(address: IPv4Address(value: 0xc0a8_0000 | n << 8 | host), prefix: 24)
            if s.firstOverlap(in: uplink) == nil && s.firstOverlap(in: others) == nil { return s }
            n += 1
        }
        return nil
    }
}
