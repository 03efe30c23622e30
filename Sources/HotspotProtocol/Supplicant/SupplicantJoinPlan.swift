import HotspotCore

/// Configure wpa_supplicant to join one network and select it, without ever piling up network blocks:
/// the first block whose SSID equals the target's is reused (further blocks of that SSID are removed), else
/// a block without an SSID (further ones are removed too), otherwise one is added. Then every variable
/// hotspotd relies on is set, whatever the block held before:
/// `ssid` (hex), `key_mgmt`, `psk` (personal only), `bssid` (the lock or `any`), `scan_ssid 0`,
/// `id_str "hotspotd"`; for enterprise networks `phase2` and the EAP settings given (hex); `scan_freq`; and
/// `SELECT_NETWORK <id>`.
///
/// Personal networks get `key_mgmt WPA-PSK` alone: every wpa_supplicant build accepts it and it joins
/// WPA2 and WPA2/WPA3 transition networks; SAE would be refused by builds without it and cannot use a raw PSK.
public struct SupplicantJoinPlan: SupplicantPlan {
    public struct Joined: Equatable, Sendable {
        public let networkID: NetworkID
        /// True when an existing block of this SSID, or one without an SSID, was reused (no ADD_NETWORK).
        public let reused: Bool
        /// Further blocks of the same SSID, or without one, that were removed.
        public let removedDuplicates: [NetworkID]

        public init(networkID: NetworkID, reused: Bool, removedDuplicates: [NetworkID] = []) {
            self.networkID = networkID
            self.reused = reused
            self.removedDuplicates = removedDuplicates
        }
    }

    public typealias Result = Joined

    /// The `id_str` of every block hotspotd configures (CTRL-EVENT-CONNECTED repeats it).
    public static let idString = "hotspotd"

    public let ssid: SSID
    public let security: SecurityType
    public let passphrase: Passphrase?
    /// Join only this access point; nil → `bssid any`.
    public let bssid: BSSID?
    /// An enterprise network's credentials (checked by `start()`: CA and domain always).
    public var eap: EAPSettings? = nil
    /// A hidden network: `scan_ssid 1`, wpa_supplicant probes for it by name.
    public var hidden = false
    /// `scan_freq`: the only channels wpa_supplicant's own scans for it cover (our SCANs are not limited);
    /// empty → all (`0`, sent only to a reused block).
    public var frequencies: [Int] = []

    indirect enum State {
        case idle
        case listing(SupplicantNetworkListPlan)
        /// REMOVE_NETWORK of `duplicates.first` is outstanding.
        case removing(reuse: NetworkID, duplicates: [NetworkID])
        case adding
        /// `configuration(step, id)` is outstanding; each must answer OK; the last is SELECT_NETWORK.
        case configuring(id: NetworkID, step: Int)
        /// A block this plan added could not be configured: REMOVE_NETWORK of it is outstanding, then `error`.
        case removingAdded(error: SupplicantPlanError)
        case done
    }

    var state = State.idle
    var reused = false
    var removed: [NetworkID] = []

    public init(ssid: SSID, security: SecurityType, passphrase: Passphrase?, bssid: BSSID? = nil) {
        self.ssid = ssid
        self.security = security
        self.passphrase = passphrase
        self.bssid = bssid
    }

    public mutating func start() -> SupplicantPlanStep<Result> {
        reused = false
        removed = []
        state = .done
        guard !ssid.isEmpty else { return .failed(.emptySSID) }
        switch security {
        case .open:
            guard !passphrase.isPresent else { return .failed(.passphraseForOpenNetwork) }
        case .personal:
            guard passphrase.isPresent else { return .failed(.passphraseRequired) }
        case .enterprise where eap != nil && eap?.problem() == nil: break
        case .wep, .enterprise, .unknown:
            return .failed(.unsupportedSecurity(security))
        }
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
        case .removing(let reuse, let duplicates):
            let command = SupplicantCommand.removeNetwork(.id(duplicates[0]))
            guard SupplicantReply(reply).isOK else { return fail(.refusal(command, reply)) }
            removed.append(duplicates[0])
            return removeOrConfigure(reuse: reuse, duplicates: Array(duplicates.dropFirst()))
        case .adding:
            guard let id = try? SupplicantReply.networkID(reply) else { return fail(.refusal(.addNetwork, reply)) }
            return configure(id)
        case .configuring(let id, let step):
            guard SupplicantReply(reply).isOK else {
                let error = SupplicantPlanError.refusal(configuration(step, id) ?? .selectNetwork(id), reply)
                // A half-configured block of our own would be left behind (and one without an SSID never
                // reused): take it out again. A reused block stays, it was there before.
                if reused { return fail(error) }
                state = .removingAdded(error: error)
                return .send(.removeNetwork(.id(id)))
            }
            return configure(id, from: step + 1)
        case .removingAdded(let error):
            // Whatever it answered, the error that matters is the one before.
            return fail(error)
        }
    }

    /// The list plan's steps become ours until it finishes with the table.
    mutating func relay(_ step: SupplicantPlanStep<[ConfiguredNetwork]>) -> SupplicantPlanStep<Result> {
        switch step {
        case .send(let command): return .send(command)
        case .failed(let error): return fail(error)
        case .finished(let networks):
            var same: [NetworkID] = []
            for n in networks where n.ssid == ssid { same.append(n.id) }
            // A block without an SSID is half made by a run of ours killed between ADD_NETWORK and its SSID
            // (it joins nothing): reused after the SSID's own, or removed with the duplicates.
            for n in networks where n.ssid.isEmpty { same.append(n.id) }
            guard let reuse = same.first else {
                state = .adding
                return .send(.addNetwork)
            }
            reused = true
            return removeOrConfigure(reuse: reuse, duplicates: Array(same.dropFirst()))
        }
    }

    mutating func removeOrConfigure(reuse: NetworkID, duplicates: [NetworkID]) -> SupplicantPlanStep<Result> {
        guard let next = duplicates.first else { return configure(reuse) }
        state = .removing(reuse: reuse, duplicates: duplicates)
        return .send(.removeNetwork(.id(next)))
    }

    /// Sends the first configuration command from `step` on, or finishes after the last.
    mutating func configure(_ id: NetworkID, from step: Int = 0) -> SupplicantPlanStep<Result> {
        var step = step
        while step < Self.configurationSteps {
            if let command = configuration(step, id) {
                state = .configuring(id: id, step: step)
                return .send(command)
            }
            step += 1
        }
        state = .done
        return .finished(Joined(networkID: id, reused: reused, removedDuplicates: removed))
    }

    static let configurationSteps = 17

    /// The commands that configure block `id` and select it, in order; nil for a step that does not apply.
    @inline(never)
    func configuration(_ step: Int, _ id: NetworkID) -> SupplicantCommand? {
        switch step {
        case 0: return .setNetwork(id, .ssid(ssid))
        case 1:
            // By the security start() checked (a personal network has its passphrase).
            switch security {
            case .personal: return .setNetwork(id, .keyManagement(.wpaPSK))
            case .enterprise: return .setNetwork(id, .keyManagement(.wpaEAP))
            case .open, .wep, .unknown: return .setNetwork(id, .keyManagement(.none))
            }
        case 2: return passphrase.map { .setNetwork(id, .psk($0)) }
        case 3: return .setNetwork(id, .bssid(bssid))
        case 4: return .setNetwork(id, .scanSSID(hidden))
        case 5: return .setNetwork(id, .idString(Self.idString))
        case 6..<15:
            // The EAP settings given, in `EAPSettings.Field` order, after phase2 (its index 8): PEAP with
            // MSCHAPv2 inside, TTLS with PAP, none for EAP-TLS (`start()` checked the method).
            guard let e = eap else { return nil }
            let f = step == 6 ? 8 : step - 7
            let v = f < 8 ? e.values[f] : e.phase2
            return v.isEmpty ? nil : .setNetwork(id, .eap(field: f, v))
        case 15:
            guard reused || !frequencies.isEmpty else { return nil }
            var v = frequencies.isEmpty ? "0" : ""
            for f in frequencies { v += (v.isEmpty ? "" : " ") + String(f) }
            return .setNetwork(id, .other(name: "scan_freq", value: v))
        case 16: return .selectNetwork(id)
        default: return nil
        }
    }

    mutating func fail(_ error: SupplicantPlanError) -> SupplicantPlanStep<Result> {
        state = .done
        return .failed(error)
    }
}
