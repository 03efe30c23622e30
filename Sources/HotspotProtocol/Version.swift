/// The version string `hotspotd version` prints, the control socket reports and the portal helper's
/// User-Agent carries (cross/package asks the binary).
public let hotspotdVersion = "0.1.0"

/// While the clock is not set, certificates are checked no earlier than this (README, "The clock"): the Unix
/// time of the commit the router binary was built from, which cross/build writes here; host builds keep this.
public let hotspotdBuildTime: Int64 = 1_795_564_800
