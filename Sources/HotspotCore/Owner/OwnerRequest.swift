/// What the owner asks through the control socket.
public indirect enum OwnerRequest: Hashable, Sendable {
    /// `hotspotd logoff`: only while authenticated or maintaining.
    case logoff
    /// `hotspotd ui submit KEY=VALUE…`: only while a UI request waits for answers.
    case submitUI([UIAnswer])
    /// `hotspotd ui cancel`: gives up the login; the network's auto-join is disabled.
    case cancelUI
    /// `hotspotd enable SSID`: auto-join allowed again (disabled, backed off, logged off).
    case enable(SSID)
    /// `hotspotd join SSID [--passphrase-file F] [--once] [--mac POLICY]`: join now; remember it unless
    /// `once`. `mac` nil: the network's policy as it was, else the global one.
    /// `prefix`: `SSID` is a prefix, the strongest network in range that it starts is joined; `hidden`: a
    /// network scans do not show by name; `days`: forgotten after so many days (lifeTimeInDays); `eap`: an
    /// enterprise network's credentials (NEHotspotEAPSettings), nil for the configured ones if any.
    case join(SSID, passphrase: Passphrase?, once: Bool, mac: MACPolicy? = nil, prefix: Bool = false,
              hidden: Bool = false, days: Int? = nil, eap: EAPSettings? = nil)
    /// `hotspotd forget SSID`: drop one of the owner's own networks, and the answers remembered for it.
    case forget(SSID)
    /// `hotspotd ui forget [SSID]`: drop the answers remembered for a venue (nil: the current network's).
    case forgetAnswers(SSID?)
}

/// The answer to an owner's request, for the control socket client (`hotspotd logoff` and friends).
public indirect enum OwnerReply: Hashable, Sendable {
    case accepted(String)
    case refused(String)
}
