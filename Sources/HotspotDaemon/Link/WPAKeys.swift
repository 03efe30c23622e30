import CTLS
import HotspotCore

/// WPA keys derived ahead of the joins that use them (issue 20): the schedule says which (WPAKeySchedule),
/// the daemon runs their PBKDF2 one per turn of the loop. In memory only: never logged, never written.
struct WPAKeys {
    var schedule = WPAKeySchedule()
    /// A turn of the loop will derive the next key.
    var scheduled = false

    /// A turn to schedule: a key is due and no turn is scheduled yet (then it is). Mutating: reading the
    /// schedule in place, not a copy of it (80 bytes on aarch64).
    mutating func takeTurn() -> Bool {
        guard schedule.isDerivationDue && !scheduled else { return false }
        scheduled = true
        return true
    }

    /// PBKDF2 of the next key wanted; false when there is none.
    mutating func deriveNext() -> Bool {
        schedule.deriveNext { passphrase, ssid in
            var psk = [UInt8](repeating: 0, count: 32)
            _ = ctls_wpa_psk(passphrase.baseAddress, passphrase.count, ssid.baseAddress, ssid.count, &psk)
            return psk
        }
    }
}

extension HotspotDaemon {
    /// The passphrase a join sends (WPAKeySchedule.joinKey).
    func joinKey(_ t: JoinTarget) -> Passphrase? {
        keys.schedule.joinKey(t)
    }

    /// CTRL-EVENT-CONNECTED: the passphrase that joined is right, its key worth deriving (if not there).
    func keyJoined() {
        keys.schedule.joined()
        scheduleKeyDerivation()
    }

    /// The owner's networks whose keys to derive (WPAKeySchedule.want); `start`: the first scan request.
    func deriveKeys(_ networks: [KnownNetwork] = [], start: Bool = false) {
        keys.schedule.want(networks, start: start)
        scheduleKeyDerivation()
    }

    /// One key per turn of the loop: a turn that hashes delays what else is ready by a few ms at most.
    func scheduleKeyDerivation() {
        guard keys.takeTurn() else { return }
        // 1 ms, not 0: a timer due now would run in this same turn (fireDueTimers loops while one is due).
        loop.schedule(after: 1) { [self] in
            keys.scheduled = false
            if keys.deriveNext() { scheduleKeyDerivation() }
        }
    }
}
