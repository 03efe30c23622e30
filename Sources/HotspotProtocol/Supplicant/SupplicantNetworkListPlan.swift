import HotspotCore

/// Every network block wpa_supplicant has, however many: `LIST_NETWORKS`, then `LIST_NETWORKS LAST_ID=<id>`
/// while a page comes back so close to the reply limit that rows may have been left off.
public struct SupplicantNetworkListPlan: SupplicantPlan {
    public typealias Result = [ConfiguredNetwork]

    public static let maximumPages = 64
    /// wpa_supplicant drops the rows that do not fit in `SupplicantLimits.replySize`. The longest row is
    /// 209 bytes (10-digit id, a 32-byte SSID escaped to 128, a BSSID, all four flags): a shorter page is whole.
    static let fullPage = SupplicantLimits.replySize - 256

    var networks: [ConfiguredNetwork] = []
    var pages = 0
    var outstanding: SupplicantCommand? = nil

    public init() {}

    public mutating func start() -> SupplicantPlanStep<Result> {
        networks = []
        pages = 0
        return send(.listNetworks(after: nil))
    }

    public mutating func received(_ reply: [UInt8]) -> SupplicantPlanStep<Result> {
        guard let command = outstanding else { return .failed(.replyOutOfTurn) }
        outstanding = nil
        let page: NetworkList
        do { page = try NetworkList.parse(reply) } catch { return .failed(.refusal(command, reply)) }
        guard page.sawHeader else { return .failed(.unreadable(command, reply)) }
        pages += 1
        let previous = networks.last?.id
        networks += page.networks
        guard reply.count >= Self.fullPage, let last = page.networks.last?.id else { return .finished(networks) }
        // Each page must move on, or a confused peer would keep us asking forever.
        if let previous, last <= previous { return .failed(.unreadable(command, reply)) }
        guard pages < Self.maximumPages else { return .failed(.tooManyPages(command: "LIST_NETWORKS", pages: pages)) }
        return send(.listNetworks(after: last))
    }

    mutating func send(_ command: SupplicantCommand) -> SupplicantPlanStep<Result> {
        outstanding = command
        return .send(command)
    }
}
