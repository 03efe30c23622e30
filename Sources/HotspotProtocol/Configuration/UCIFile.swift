import HotspotCore

/// An OpenWrt UCI file (`/etc/config/NAME`) read as `uci` reads it (libuci's file.c), bytes in:
///
/// - statements `package NAME`, `config TYPE ['NAME']`, `option NAME 'VALUE'`, `list NAME 'VALUE'` (also
///   abbreviated `p`, `c`, `o`, `l`), one per line or separated by `;`;
/// - words bare, 'single-quoted' (nothing escapes inside), "double-quoted" (a backslash takes the next byte
///   literally: `\"` is `"`, `\n` is `n`), or adjacent parts concatenated (`'a'"b"c` is `abc`); quoted words
///   may span lines, the newline included;
/// - outside single quotes, backslash-newline joins lines and a backslash takes the next byte literally;
/// - `#` outside quotes starts a comment up to the end of the line; blank lines; spaces, tabs and CRs.
///
/// Meaning, as libuci: a repeated named `config` reopens that section (a different type is an error, as
/// `uci` in its default strict mode); a repeated `option` replaces the value and moves it last unless the
/// value is the same; `list` appends, and turns an `option` of that name into a list that starts with its
/// value; an `option` after a `list` replaces the list; an `option` with an empty value does nothing.
/// `package` lines are checked and ignored, as `uci` does when it loads /etc/config files. Names are
/// `A–Z a–z 0–9 _` (packages also `-`), types printable ASCII.
///
/// Lenient where `uci` errs: indentation after a continuation, and bare words before `;`, which libuci
/// truncates. Values are bytes, not text: an SSID in the file may be any bytes.
public struct UCIFile: Hashable, Sendable {
    /// One value of an option or one item of a list, with the line its statement started on.
    public struct Value: Hashable, Sendable {
        public var bytes: [UInt8]
        public var line: Int

        public init(_ bytes: [UInt8], line: Int) {
            self.bytes = bytes
            self.line = line
        }

        /// The bytes as UTF-8 (invalid sequences become U+FFFD). Not inlined: one copy for its callers.
        @inline(never) public var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    public struct Option: Hashable, Sendable {
        public var name: String
        public var isList: Bool
        /// One value for an option; a list's items in order.
        public var values: [Value]

        public init(name: String, isList: Bool, values: [Value]) {
            self.name = name
            self.isList = isList
            self.values = values
        }

        /// The line of its last statement.
        public var line: Int { values.last?.line ?? 0 }
    }

    public struct Section: Hashable, Sendable {
        public var type: String
        /// nil for an anonymous section (`config TYPE`).
        public var name: String?
        /// The line of its first `config`.
        public var line: Int
        public var options: [Option]

        public init(type: String, name: String?, line: Int, options: [Option] = []) {
            self.type = type
            self.name = name
            self.line = line
            self.options = options
        }

        public func option(_ name: String) -> Option? { options.first { ASCII.same($0.name, name) } }
    }

    public var sections: [Section]

    public init(sections: [Section] = []) { self.sections = sections }

    public init(parsing input: [UInt8]) throws(UCIError) {
        sections = []
        var lexer = UCILexer(input)
        var current: Int? = nil
        while let (words, line) = try lexer.statement() {
            try apply(words, line: line, current: &current)
        }
    }

    mutating func apply(_ words: [[UInt8]], line: Int, current: inout Int?) throws(UCIError) {
        func isCommand(_ long: StaticString) -> Bool { UCIFile.isCommand(words[0], long) }
        func argument(_ i: Int) -> [UInt8] { i < words.count ? words[i] : [] }

        if isCommand("package") {
            guard !argument(1).isEmpty else { throw UCIError(line: line, kind: .missingName) }
            guard UCIFile.isName(argument(1), package: true) else { throw UCIError(line: line, kind: .invalidName) }
            guard words.count <= 2 else { throw UCIError(line: line, kind: .tooManyArguments) }
        } else if isCommand("config") {
            let type = argument(1), name = argument(2)
            guard !type.isEmpty else { throw UCIError(line: line, kind: .missingType) }
            for b in type where !ASCII.isVisible(b) { throw UCIError(line: line, kind: .invalidType) }
            guard name.isEmpty || UCIFile.isName(name, package: false) else {
                throw UCIError(line: line, kind: .invalidName)
            }
            guard words.count <= 3 else { throw UCIError(line: line, kind: .tooManyArguments) }
            let typeText = String(decoding: type, as: UTF8.self)
            if name.isEmpty {
                sections.append(Section(type: typeText, name: nil, line: line))
                current = sections.count - 1
                return
            }
            let nameText = String(decoding: name, as: UTF8.self)
            // A loop, not firstIndex(where:): no generic search of its own for sections.
            var found: Int? = nil
            for i in sections.indices {
                if let n = sections[i].name, ASCII.same(n, nameText) {
                    found = i
                    break
                }
            }
            if let i = found {
                guard ASCII.same(sections[i].type, typeText) else {
                    throw UCIError(line: line, kind: .sectionTypeChanged)
                }
                current = i
            } else {
                sections.append(Section(type: typeText, name: nameText, line: line))
                current = sections.count - 1
            }
        } else if isCommand("option") || isCommand("list") {
            guard let s = current else { throw UCIError(line: line, kind: .optionOutsideSection) }
            let name = argument(1)
            guard !name.isEmpty else { throw UCIError(line: line, kind: .missingName) }
            guard UCIFile.isName(name, package: false) else { throw UCIError(line: line, kind: .invalidName) }
            guard words.count <= 3 else { throw UCIError(line: line, kind: .tooManyArguments) }
            let value = Value(argument(2), line: line)
            sections[s].set(String(decoding: name, as: UTF8.self), value, list: isCommand("list"))
        } else {
            throw UCIError(line: line, kind: .unknownStatement)
        }
    }

    /// libuci's names: `A–Z a–z 0–9 _`, for packages also `-`.
    /// Loops here and in the mapper, not allSatisfy or contains(where:): no specialisation per closure.
    static func isName(_ bytes: [UInt8], package: Bool) -> Bool {
        for b in bytes where !HelperProtocol.isWordByte(b) && !(package && b == UInt8(ascii: "-")) { return false }
        return true
    }

    /// `word` is the statement `long` or its one-letter abbreviation (`c`, `o`, `l`, `p`).
    static func isCommand(_ word: [UInt8], _ long: StaticString) -> Bool {
        word.count == 1 ? word[0] == long.utf8Start[0] : ASCII.equals(word[...], long)
    }
}

extension UCIFile.Section {
    /// libuci's uci_set (option) and uci_add_list (list).
    mutating func set(_ name: String, _ value: UCIFile.Value, list: Bool) {
        var existing: Int? = nil
        for i in options.indices where ASCII.same(options[i].name, name) {
            existing = i
            break
        }
        if list {
            if let i = existing, options[i].isList {
                options[i].values.append(value)
                return
            }
            var values = [value]
            if let i = existing { values.insert(options.remove(at: i).values[0], at: 0) }
            options.append(UCIFile.Option(name: name, isList: true, values: values))
        } else {
            guard !value.bytes.isEmpty else { return }
            if let i = existing {
                if !options[i].isList && options[i].values[0].bytes == value.bytes { return }
                options.remove(at: i)
            }
            options.append(UCIFile.Option(name: name, isList: false, values: [value]))
        }
    }
}

/// Why a UCI file could not be read, with the line its statement started on (a quote's opening line).
public struct UCIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Raw values index `reason`'s table.
    public enum Kind: Int, Hashable, Sendable {
        case unterminatedQuote
        case nulByte
        /// The first word is none of package, config, option, list.
        case unknownStatement
        /// package, option or list without a name.
        case missingName
        /// config without a type.
        case missingType
        case tooManyArguments
        case invalidName
        case invalidType
        case optionOutsideSection
        /// A named section opened again with another type.
        case sectionTypeChanged
    }

    public var line: Int
    public var kind: Kind

    public init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }

    /// In `Kind` order, from one literal: no string built per case.
    public var reason: String {
        String(decoding: ASCII.word(kind.rawValue, of: """
            unterminated quote|NUL byte|unknown statement (expected package, config, option or list)|\
            missing name|missing section type|too many arguments (quote values that contain spaces)|\
            invalid character in a name (use A-Z a-z 0-9 _)|invalid character in a section type|\
            option or list before the first config|a section of this name exists with another type
            """, separator: UInt8(ascii: "|")), as: UTF8.self)
    }

    public var description: String { "line " + String(line) + ": " + reason }
}

/// Splits UCI text into statements of words, resolving quotes, escapes, continuations and comments.
struct UCILexer {
    let input: [UInt8]
    var i = 0
    var line = 1
    /// Where the latest statement's bytes are (for edits): its first word starts at `firstByte`, its last
    /// word ends at `wordsEnd`, and its `\n` or `;` is at `terminator` (`input.count` at the end).
    var firstByte = 0, wordsEnd = 0, terminator = 0

    init(_ input: [UInt8]) { self.input = input }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0d) }

    /// The byte after `i`, or nil at the end.
    func next(_ offset: Int = 1) -> UInt8? { i + offset < input.count ? input[i + offset] : nil }

    /// At a backslash: the bytes it covers when it ends the line (`\` LF, `\` CR LF, `\` at the end), else 0.
    func continuation() -> Int {
        switch next() {
        case nil: return 1
        case UInt8(ascii: "\n"): return 2
        case UInt8(ascii: "\r") where next(2) == UInt8(ascii: "\n"): return 3
        default: return 0
        }
    }

    /// The words of the next statement and the line it starts on; nil at the end of the input.
    /// Not inlined: the parser and `editing` share one copy on the router.
    @inline(never)
    mutating func statement() throws(UCIError) -> (words: [[UInt8]], line: Int)? {
        var words: [[UInt8]] = []
        var start = line
        while i < input.count {
            let b = input[i]
            if b == UInt8(ascii: "\n") || b == UInt8(ascii: ";") {
                terminator = i
                i += 1
                if b == UInt8(ascii: "\n") { line += 1 }
                if !words.isEmpty { return (words, start) }
                start = line
            } else if b == UInt8(ascii: "#") {
                while i < input.count && input[i] != UInt8(ascii: "\n") { i += 1 }
            } else if b == UInt8(ascii: "\\") && continuation() > 0 {
                let n = continuation()
                i += n
                if n > 1 { line += 1 }
            } else if UCILexer.isSpace(b) {
                i += 1
            } else {
                if words.isEmpty { firstByte = i }
                words.append(try word())
                wordsEnd = i
            }
        }
        terminator = i
        return words.isEmpty ? nil : (words, start)
    }

    /// One word: bare and quoted parts up to whitespace, `;`, `#` or the end.
    mutating func word() throws(UCIError) -> [UInt8] {
        var out: [UInt8] = []
        while i < input.count {
            let b = input[i]
            switch b {
            case 0:
                throw UCIError(line: line, kind: .nulByte)
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                try quoted(b, into: &out)
            case UInt8(ascii: "\\"):
                let n = continuation()
                if n > 0 {
                    i += n
                    if n > 1 { line += 1 }
                } else {
                    out.append(input[i + 1])
                    if input[i + 1] == UInt8(ascii: "\n") { line += 1 }
                    if input[i + 1] == 0 { throw UCIError(line: line, kind: .nulByte) }
                    i += 2
                }
            case UInt8(ascii: "#"), UInt8(ascii: ";"):
                return out
            default:
                if UCILexer.isSpace(b) { return out }
                out.append(b)
                i += 1
            }
        }
        return out
    }

    /// A quoted part starting at `i`; newlines inside belong to the value.
    mutating func quoted(_ quote: UInt8, into out: inout [UInt8]) throws(UCIError) {
        let opened = line
        i += 1
        while i < input.count {
            var b = input[i]
            if b == quote {
                i += 1
                return
            }
            if b == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                let n = continuation()
                if n > 1 {
                    i += n
                    line += 1
                    continue
                }
                i += 1
                guard i < input.count else { break }
                b = input[i]
            }
            if b == 0 { throw UCIError(line: line, kind: .nulByte) }
            if b == UInt8(ascii: "\n") { line += 1 }
            out.append(b)
            i += 1
        }
        throw UCIError(line: opened, kind: .unterminatedQuote)
    }
}
