import HotspotCore

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
        out.append(contentsOf: ASCII.bytes(name))
        out.append(contentsOf: " '".utf8)
        for b in value {
            if b == UInt8(ascii: "'") { out.append(contentsOf: "'\\''".utf8) } else { out.append(b) }
        }
        out.append(UInt8(ascii: "'"))
        return out
    }

    /// `input` with `edits` applied to the sections of type `sectionType` (every block of them: a named
    /// section may be reopened), in one pass. A replaced statement keeps its indentation and trailing
    /// comment; a removed one takes its line (and a comment after it) when it is alone on it; options that
    /// were not there go after the line of the last statement of the section's first block. nil when the
    /// input does not parse, or when statements must be added and there is no such section. At most 64 edits.
    @inline(never)
    public static func editing(_ input: [UInt8], sectionType: StaticString, _ edits: [Edit]) -> [UInt8]? {
        var lexer = UCILexer(input)
        var out: [UInt8] = []
        var at = 0
        /// Bit k: edit k has statements still to write.
        var pending: UInt64 = 0
        for k in edits.indices where !edits[k].statements.isEmpty { pending |= 1 << k }
        /// 0 before the section, 1 in its first block, 2 after that block.
        var block = 0
        var inSection = false
        /// Where the line of the first block's latest statement ends: missing options go there.
        var lineEnd = 0
        func copy(to end: Int) {
            if end > at { out += input[at..<end] }
            at = max(at, end)
        }
        func addMissing() {
            block = 2
            guard pending != 0 else { return }
            copy(to: lineEnd)
            // A last statement that runs to the end (no newline, or a backslash continuing it there) must
            // end first; after a backslash, the first newline only joins the line.
            if lineEnd == input.count && lexer.terminator == input.count {
                out.append(UInt8(ascii: "\n"))
                if input.last == UInt8(ascii: "\\") { out.append(UInt8(ascii: "\n")) }
            }
            for k in edits.indices where pending & 1 << k != 0 {
                for s in edits[k].statements {
                    out.append(UInt8(ascii: "\t"))
                    out += s
                    out.append(UInt8(ascii: "\n"))
                }
            }
            pending = 0
        }
        while true {
            let words: [[UInt8]]
            do throws(UCIError) {
                guard let s = try lexer.statement() else { break }
                words = s.words
            } catch {
                return nil
            }
            let first = lexer.firstByte, terminator = lexer.terminator
            if isCommand(words[0], "config") {
                if block == 1 { addMissing() }
                inSection = words.count > 1 && ASCII.equals(words[1][...], sectionType)
                if inSection && block == 0 { block = 1 }
            } else if inSection && words.count > 1 && (isCommand(words[0], "option") || isCommand(words[0], "list")),
                      let k = edit(named: words[1], in: edits) {
                // Where its line starts, when only blanks come before it there.
                var lineStart = first
                while lineStart > 0 && (input[lineStart - 1] == 0x20 || input[lineStart - 1] == 0x09) { lineStart -= 1 }
                let alone = lineStart == 0 || input[lineStart - 1] == UInt8(ascii: "\n")
                let endsLine = terminator == input.count || input[terminator] == UInt8(ascii: "\n")
                if pending & 1 << k != 0 {
                    // The first of its statements: the new ones take its place.
                    copy(to: first)
                    let statements = edits[k].statements
                    for i in statements.indices {
                        let s = statements[i]
                        if i > 0 && alone {
                            out.append(UInt8(ascii: "\n"))
                            out += input[lineStart..<first]
                        } else if i > 0 {
                            out.append(UInt8(ascii: ";"))
                            out.append(UInt8(ascii: " "))
                        }
                        out += s
                    }
                    at = lexer.wordsEnd
                    pending &= ~(1 << k)
                } else if alone && endsLine {
                    copy(to: lineStart)
                    at = min(terminator + 1, input.count)
                } else {
                    copy(to: first)
                    at = endsLine ? lexer.wordsEnd : terminator + 1
                    while !endsLine && at < input.count && (input[at] == 0x20 || input[at] == 0x09) { at += 1 }
                }
            }
            if block == 1 { lineEnd = min(terminator + 1, input.count) }
        }
        if block == 1 { addMissing() }
        if pending != 0 { return nil }
        copy(to: input.count)
        return out
    }

    /// The first edit that names this option: loops, not firstIndex(where:) and contains closures.
    static func edit(named name: [UInt8], in edits: [Edit]) -> Int? {
        for k in edits.indices {
            for n in edits[k].names where ASCII.equals(name[...], n) { return k }
        }
        return nil
    }
}
