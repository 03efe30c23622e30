/// The one mapping from a received signal level in dBm to Apple's `signalStrength` (0.0–1.0).
///
/// `clamp((dBm + 100) / 60, 0, 1)`: −100 dBm and below → 0.0, −40 dBm and above → 1.0, linear between.
/// It is NetworkManager's scale (−70 dBm → 0.5) and keeps travelmate's 35 % minimum near −79 dBm.
public enum SignalStrength {
    public static let floorDBm = -100
    public static let ceilingDBm = -40

    public static func fromDBm(_ dBm: Int) -> Double {
        if dBm <= floorDBm { return 0.0 }
        if dBm >= ceilingDBm { return 1.0 }
        return Double(dBm - floorDBm) / Double(ceilingDBm - floorDBm)
    }

    /// nl80211 reports scan signals in mBm (hundredths of dBm).
    public static func fromMBm(_ mBm: Int) -> Double { fromDBm(mBm / 100) }
}
