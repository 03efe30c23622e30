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
    /// presentUI only: the owner's answers.
    public var answers: [UIAnswer]

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
