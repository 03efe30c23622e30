import HotspotCore
/// What a connectivity probe's answer says about the uplink.
public indirect enum ProbeVerdict: Equatable, Sendable, CustomStringConvertible {
    /// The probe got through: the internet is reachable.
    case open
    /// A captive portal answered instead. `url` is where it sends the user (a redirect's `Location`, a meta
    /// refresh or a script redirect, raw, not resolved against the probe URL); nil when the answer itself is
    /// the portal page.
    case portal(url: [UInt8]?)
    /// Neither: an error status, so there is no usable internet and no portal to log in to.
    case noInternet

    public var description: String {
        switch self {
        case .open: "open"
        case .portal(let url?): "portal at " + ASCII.printable(url[...], limit: 200)
        case .portal(nil): "portal"
        case .noInternet: "no internet"
        }
    }
}
