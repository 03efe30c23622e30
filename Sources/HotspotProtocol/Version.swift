/// The version string `hotspotd version` prints, the control socket reports and the portal helper's
/// User-Agent carries (cross/package asks the binary).
public let hotspotdVersion = "0.1.0"
