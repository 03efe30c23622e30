/// One answer from `hotspotd ui submit KEY=VALUE`.
public struct UIAnswer: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
