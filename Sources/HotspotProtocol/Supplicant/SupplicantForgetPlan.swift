import HotspotCore

/// Remove every network block of one SSID (`REMOVE_NETWORK` each block LIST_NETWORKS shows for it), for
/// networks no longer wanted. Finishes with the removed ids, none when wpa_supplicant had no such block.
public struct SupplicantForgetPlan: SupplicantPlan {
    public typealias Result = [NetworkID]

    public let ssid: SSID

    indirect enum State {
        case idle
        case listing(SupplicantNetworkListPlan)
        /// REMOVE_NETWORK of `remaining.first` is outstanding.
        case removing(remaining: [NetworkID])
        case done
    }

    var state = State.idle
    var removed: [NetworkID] = []

    public init(ssid: SSID) {
        self.ssid = ssid
    }

    public mutating func start() -> SupplicantPlanStep<Result> {
        removed = []
        state = .done
        guard !ssid.isEmpty else { return .failed(.emptySSID) }
        var listing = SupplicantNetworkListPlan()
        let step = listing.start()
        state = .listing(listing)
        return relay(step)
    }

    public mutating func received(_ reply: [UInt8]) -> SupplicantPlanStep<Result> {
        switch state {
        case .idle, .done:
            return .failed(.replyOutOfTurn)
        case .listing(var listing):
            let step = listing.received(reply)
            state = .listing(listing)
            return relay(step)
        case .removing(let remaining):
            guard SupplicantReply(reply).isOK else {
                state = .done
                return .failed(.refusal(.removeNetwork(.id(remaining[0])), reply))
            }
            removed.append(remaining[0])
            return remove(Array(remaining.dropFirst()))
        }
    }

    mutating func relay(_ step: SupplicantPlanStep<[ConfiguredNetwork]>) -> SupplicantPlanStep<Result> {
        switch step {
        case .send(let command): return .send(command)
        case .failed(let error):
            state = .done
            return .failed(error)
        case .finished(let networks):
            // A loop, not filter and map: no generic code of theirs for this element type.
            var ids: [NetworkID] = []
            for n in networks where n.ssid == ssid { ids.append(n.id) }
            return remove(ids)
        }
    }

    mutating func remove(_ remaining: [NetworkID]) -> SupplicantPlanStep<Result> {
        guard let next = remaining.first else {
            state = .done
            return .finished(removed)
        }
        state = .removing(remaining: remaining)
        return .send(.removeNetwork(.id(next)))
    }
}
