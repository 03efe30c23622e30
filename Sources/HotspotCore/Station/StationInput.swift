/// Everything that happens to the station, as the world says it.
public enum StationInput: Hashable, Sendable {
    /// wpa_supplicant, nl80211 or the kernel's routes said it, on this radio (nil: the uplink's).
    /// `.request` is the hotspot machine's message to the link machine, not the world's.
    case link(LinkInput, radio: Int? = nil)
    /// A helper's answer, the owner's request, a reload, a hint about the internet. The link machine's
    /// messages to the hotspot machine (`scanResults`, `associated`, …) come from `.link` events; tests
    /// send them here to drive the hotspot machine alone.
    case hotspot(HotspotInput)
    /// A deadline armed by `armTimer` passed.
    case timerFired(TimerID)
}
