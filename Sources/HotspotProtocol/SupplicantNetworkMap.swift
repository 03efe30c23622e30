import HotspotCore

/// Which wpa_supplicant network block stands for which of the core's joins. CTRL-EVENT-CONNECTED names
/// only a network id and a BSSID; this turns it back into the SSID the core asked for. Record after a
/// join plan finishes, remove on forget, and start afresh when wpa_supplicant comes back (a restarted
/// wpa_supplicant has lost the blocks, and its new ids mean other networks).
public struct SupplicantNetworkMap: Sendable {
    /// In recording order; at most one entry per id and one per SSID.
    public private(set) var entries: [(id: NetworkID, target: JoinTarget)] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    /// `target` is now configured as block `id`. Replaces what the id meant before, and any other id
    /// of the same SSID (the join plan keeps one block per SSID).
    public mutating func record(_ id: NetworkID, _ target: JoinTarget) {
        entries.removeAll { $0.id == id || $0.target.ssid == target.ssid }
        entries.append((id: id, target: target))
    }

    public func target(for id: NetworkID) -> JoinTarget? {
        for e in entries where e.id == id { return e.target }
        return nil
    }

    /// The block configured for an SSID, if any.
    public func id(for ssid: SSID) -> NetworkID? {
        for e in entries where e.target.ssid == ssid { return e.id }
        return nil
    }

    public mutating func remove(_ id: NetworkID) {
        entries.removeAll { $0.id == id }
    }

    /// Drops every block of the SSID; returns their ids.
    @discardableResult
    public mutating func forget(_ ssid: SSID) -> [NetworkID] {
        let ids = entries.filter { $0.target.ssid == ssid }.map { $0.id }
        entries.removeAll { $0.target.ssid == ssid }
        return ids
    }

    /// wpa_supplicant reconnected (or restarted): none of the ids can be trusted any more.
    public mutating func removeAll() {
        entries = []
    }

    /// The core's input for CTRL-EVENT-CONNECTED, when the id is one of ours; nil otherwise (the caller
    /// then asks STATUS what was joined).
    public func associated(networkID: NetworkID?, bssid: BSSID?) -> HotspotInput? {
        guard let networkID, let target = target(for: networkID) else { return nil }
        return .associated(ssid: target.ssid, bssid: bssid, networkID: networkID)
    }
}
