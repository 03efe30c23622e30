/// What the router learned about one network: its helper, whether auto-join is disabled or the owner
/// logged off, helpers that do not support it, and its backoff.
struct NetworkRecord {
    var ssid: SSID
    var cachedHelper: String? = nil
    var disabledReason: DisableReason? = nil
    /// With `disabledReason`: nil means until the owner enables it.
    var disabledUntil: Int64? = nil
    var loggedOff = false
    var excluded: [String] = []
    var backoff: Backoff.Entry? = nil
    /// The latest internet check's verdict (RAM only: a restart checks again).
    var internet: InternetCheck? = nil
    /// How long the venue's last session lasted at least (HotspotMachine+Stay), in ms.
    var sessionMs: Int64? = nil

    init(ssid: SSID) { self.ssid = ssid }

    var isEmpty: Bool {
        cachedHelper == nil && disabledReason == nil && !loggedOff && excluded.isEmpty && backoff == nil
            && internet == nil && sessionMs == nil
    }

    func isDisabled(now: Int64) -> Bool {
        guard disabledReason != nil else { return false }
        guard let until = disabledUntil else { return true }
        return now < until
    }
}
