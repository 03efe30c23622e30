import HotspotCore

/// A helper's answer as it writes it on stdout: `key=value` lines, then `result=…` — the encoder beside
/// `HelperOutput`, which reads them back, with the same keys (`HelperOutputKey`). The built-in portal
/// helper answers through it.
public struct HelperAnswer: Equatable {
    public var result: HelperResult
    public var lines: [String] = []

    public init(_ result: HelperResult) { self.result = result }

    /// evaluate's answer.
    public init(_ result: HelperResult, confidence: Confidence) {
        self.result = result
        add(.confidence, confidence.rawValue)
    }

    public mutating func add(_ key: HelperOutputKey, _ value: String) { lines.append(key.text + "=" + value) }

    /// What the helper prints.
    public var text: String {
        var out = ""
        for line in lines { out += line + "\n" }
        return out + HelperOutputKey.result.text + "=" + result.rawValue + "\n"
    }
}
