/// What the driver does to the world for the station, in order: the two machines' actions that leave it.
/// The messages between them (the link machine's `submit`, the hotspot machine's `join`, `removeNetworks`
/// and `disconnect`) never do: `StationMachine` hands them over.
public enum StationAction: Hashable, Sendable {
    /// wpa_supplicant, nl80211 and the address's log, for this radio: an action that is answered (a scan
    /// read, STATUS) is answered with `.link(…, radio:)` of the same radio.
    case link(LinkAction, radio: Int)
    /// Helpers, scans, timers, the state file, the log, the owner's reply.
    case hotspot(HotspotAction)
    /// The hotspot machine took a scan in: owners waiting for a fresh scan table get it now.
    case scanTaken
}
