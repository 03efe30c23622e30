/// Changing a few options of a UCI file the way a person would: every other byte (comments, blank lines,
/// other options and sections, quoting style) stays as it was, so the owner's file keeps its comments.
extension UCIFile {
    /// One option of an edit: every `option` and `list` statement of these names in the section goes, and
    /// `statements` (made by `statement(_:_:list:)`) take the place of the first of them, or follow the
    /// last statement of the section's first block when there was none. No statements: the option goes.
    public struct Edit {
        public var names: [StaticString]
        public var statements: [[UInt8]]

        public init(names: [StaticString], statements: [[UInt8]]) {
            self.names = names
            self.statements = statements
        }
    }

    /// `option NAME 'VALUE'` or `list NAME 'VALUE'`, quoted as `uci export` quotes: in single quotes, where
    /// nothing escapes, and a single quote as `'\''` (close, a backslash-escaped quote, reopen).
    public static func statement(_ name: StaticString, _ value: [UInt8], list: Bool) -> [UInt8] {
        var out = Array((list ? "list " : "option ").utf8)
        out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        out.append(contentsOf: " '".utf8)
        for b in value {
            if b == UInt8(ascii: "'") { out.append(contentsOf: "'\\''".utf8) } else { out.append(b) }
        }
        out.append(UInt8(ascii: "'"))
        return out
    }

    /// `input` with `edits` applied to the sections of type `sectionType` (every block of them: a named
    /// section may be reopened). A removed statement takes its line with it (and a comment after it) when
    /// it is alone on it; a replaced one keeps its indentation and trailing comment. nil when the input
    /// does not parse, or when statements must be added and there is no such section.
    @inline(never)
    public static func editing(_ input: [UInt8], sectionType: StaticString, _ edits: [Edit]) -> [UInt8]? {
        typealias Place = (firstByte: Int, wordsEnd: Int, terminator: Int)
        var lexer = UCILexer(input)
        var inSection = false
        var blocks = 0
        /// The last statement of the first block that stays: new options go after it.
        var anchor: Place? = nil
        var anchorIsConfig = false
        var found: [(edit: Int, place: Place)] = []
        while true {
            let words: [[UInt8]]
            do throws(UCIError) {
                guard let s = try lexer.statement() else { break }
                words = s.words
            } catch {
                return nil
            }
            let place: Place = (lexer.firstByte, lexer.wordsEnd, lexer.terminator)
            let name = words.count > 1 ? words[1] : []
            if isCommand(words[0], "config") {
                inSection = equals(name, sectionType)
                if inSection { blocks += 1 }
                if inSection && blocks == 1 { (anchor, anchorIsConfig) = (place, true) }
            } else if inSection && (isCommand(words[0], "option") || isCommand(words[0], "list")) {
                if let k = edits.firstIndex(where: { $0.names.contains { equals(name, $0) } }) {
                    found.append((k, place))
                } else if blocks == 1 {
                    (anchor, anchorIsConfig) = (place, false)
                }
            }
        }

        func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        func endsLine(_ p: Place) -> Bool { p.terminator == input.count || input[p.terminator] == UInt8(ascii: "\n") }
        /// Where the statement's line starts when only blanks come before it on the line.
        func lineStart(_ p: Place) -> Int? {
            var i = p.firstByte
            while i > 0 && input[i - 1] != UInt8(ascii: "\n") {
                if !isBlank(input[i - 1]) { return nil }
                i -= 1
            }
            return i
        }
        func separator(_ p: Place, config: Bool) -> [UInt8] {
            guard let s = lineStart(p) else { return Array("; ".utf8) }
            return [UInt8(ascii: "\n")] + (config ? [UInt8(ascii: "\t")] : Array(input[s..<p.firstByte]))
        }

        var ops: [(from: Int, to: Int, bytes: [UInt8])] = []
        var added: [[UInt8]] = []
        for (k, edit) in edits.enumerated() {
            if !found.contains(where: { $0.edit == k }) { added += edit.statements }
        }
        for (n, f) in found.enumerated() {
            let p = f.place
            let statements = edits[f.edit].statements
            if !statements.isEmpty && !found[..<n].contains(where: { $0.edit == f.edit }) {
                let sep = separator(p, config: false)
                var bytes: [UInt8] = []
                for (i, s) in statements.enumerated() { bytes += (i == 0 ? [] : sep) + s }
                ops.append((p.firstByte, p.wordsEnd, bytes))
            } else if let s = lineStart(p), endsLine(p) {
                ops.append((s, min(p.terminator + 1, input.count), []))
            } else if !endsLine(p) {
                var end = p.terminator + 1
                while end < input.count && isBlank(input[end]) { end += 1 }
                ops.append((p.firstByte, end, []))
            } else {
                ops.append((p.firstByte, p.wordsEnd, []))
            }
        }
        if !added.isEmpty {
            guard let a = anchor else { return nil }
            // After the anchor's comment when it ends its line; before the next statement on its line.
            let at = endsLine(a) ? a.terminator : a.wordsEnd
            let sep = separator(a, config: anchorIsConfig)
            var bytes: [UInt8] = []
            for s in added { bytes += sep + s }
            ops.insert((at, at, bytes), at: ops.firstIndex { $0.from >= at } ?? ops.count)
        }
        var out: [UInt8] = []
        var at = 0
        for op in ops {
            out += input[at..<op.from]
            out += op.bytes
            at = op.to
        }
        out += input[at...]
        return out
    }
}
