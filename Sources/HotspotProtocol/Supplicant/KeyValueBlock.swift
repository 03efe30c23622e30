import HotspotCore

/// One `key=value` line. The key is text; the value stays bytes because some values (`ssid=`) are
/// printf-escaped and must be decoded, not read as text.
public struct KeyValue: Equatable, Sendable {
    public let key: String
    public let value: [UInt8]

    public var text: String { String(decoding: value, as: UTF8.self) }
}

/// A `key=value` per line reply: STATUS, SIGNAL_POLL, one BSS entry. Splits at the first `=`, so values may
/// contain `=`; keys may contain spaces (`Supplicant PAE state=…`). Lines that are not key=value are dropped
/// and reported; duplicate keys are kept, lookups return the first. A last line without its `\n` was cut short
/// and is dropped (`.truncated`): a cut `ssid=\xff` would read as another SSID.
public struct KeyValueBlock: Equatable, Sendable {
    public let entries: [KeyValue]
    public let skipped: [SkippedLine]

    public init(entries: [KeyValue], skipped: [SkippedLine] = []) {
        self.entries = entries
        self.skipped = skipped
    }

    /// Parses any bytes; never fails.
    public init(parsing bytes: [UInt8]) {
        let (lines, cut) = WpaBytes.wholeLines(bytes[...])
        self.init(lines: lines, firstLine: 1, cut: cut)
    }

    /// Whole lines, numbered from `firstLine` in `skipped`; `cut`, the unterminated rest of the reply right
    /// after them, is reported as truncated.
    init(lines: [ArraySlice<UInt8>], firstLine: Int, cut: ArraySlice<UInt8>? = nil) {
        var entries: [KeyValue] = []
        var skipped: [SkippedLine] = []
        // Over indices, not enumerated(): no enumerated sequence's code on the router.
        for i in lines.indices {
            let line = lines[i]
            if let kv = Self.parseLine(line) {
                entries.append(kv)
            } else {
                skipped.append(SkippedLine(line: firstLine + i, problem: line.isEmpty ? .blankLine : .notKeyValue, bytes: line))
            }
        }
        if let cut { skipped.append(SkippedLine(line: firstLine + lines.count, problem: .truncated, bytes: cut)) }
        self.entries = entries
        self.skipped = skipped
    }

    static func parseLine(_ line: ArraySlice<UInt8>) -> KeyValue? {
        guard let eq = ASCII.firstIndex(of: ASCII.equals, in: line), eq > line.startIndex else { return nil }
        let key = line[line.startIndex..<eq]
        for b in key where !ASCII.isPrintable(b) { return nil }
        return KeyValue(key: ASCII.string(key), value: Array(line[(eq + 1)..<line.endIndex]))
    }

    /// The first value for the key (exact, case-sensitive), as bytes.
    public func value(_ key: StaticString) -> [UInt8]? {
        for e in entries where ASCII.equals(e.key, key) { return e.value }
        return nil
    }

    /// The first value for a key given at run time. Compared by `ASCII.same`, the one byte loop: not
    /// elementsEqual, a specialisation of its own.
    public subscript(key: String) -> [UInt8]? {
        for e in entries where ASCII.same(e.key, key) { return e.value }
        return nil
    }

    // If-lets, not Optional.map/flatMap: no specialisation per closure.
    public func text(_ key: StaticString) -> String? {
        guard let v = value(key) else { return nil }
        return String(decoding: v, as: UTF8.self)
    }

    public func int(_ key: StaticString) -> Int? {
        guard let v = value(key) else { return nil }
        return WpaBytes.parseInt(v[...])
    }

    public func bssid(_ key: StaticString) -> BSSID? {
        guard let v = value(key) else { return nil }
        return BSSID(String(decoding: v, as: UTF8.self))
    }

    /// A printf-escaped SSID value (`ssid=`), decoded; nil if absent or longer than 32 bytes once decoded.
    public func ssid(_ key: StaticString) -> SSID? {
        guard let v = value(key) else { return nil }
        return PrintfEscaping.decodeSSID(v[...])
    }
}
