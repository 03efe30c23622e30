/// One command of a helper run: what the driver passes to the helper process.
public struct HelperRequest: Hashable, Sendable {
    /// Unique for the daemon's life; the answer must carry it back.
    public var id: UInt64
    public var helper: String
    public var command: HelperCommand
    /// Every command but filterScanList.
    public var network: HotspotNetwork?
    /// filterScanList only.
    public var scanList: [HotspotNetwork]
    /// presentUI: the owner's answers; authenticate: the answers remembered for this venue, if any.
    public var answers: [UIAnswer]
    /// authenticate with remembered answers: the origin that accepted them and the gateway then; the helper
    /// uses them only there (`RememberedAnswers`).
    public var rememberedOrigin: String? = nil
    public var rememberedGateway: String? = nil

    public init(id: UInt64, helper: String, command: HelperCommand, network: HotspotNetwork? = nil,
                scanList: [HotspotNetwork] = [], answers: [UIAnswer] = []) {
        self.id = id
        self.helper = helper
        self.command = command
        self.network = network
        self.scanList = scanList
        self.answers = answers
    }
}
