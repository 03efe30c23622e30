import Testing
import TestSupport
@testable import HotspotProtocol

private func parse(_ text: String) throws -> UCIFile { try UCIFile(parsing: Array(text.utf8)) }

/// The values of option `name` in the only (or first) section, as text.
private func values(_ text: String, _ name: String = "v") throws -> [String] {
    try parse(text).sections[0].option(name)?.values.map(\.text) ?? []
}

private func error(_ text: String) -> UCIError? {
    do {
        _ = try UCIFile(parsing: Array(text.utf8))
        return nil
    } catch {
        return error
    }
}

@Suite struct UCIFileTests {
    @Test func sectionsOptionsAndLists() throws {
        let file = try parse("""
            package hotspot

            config hotspot 'main'
            \toption enabled '1'
            \tlist portal_domain 'a.example'
            \tlist portal_domain 'b.example'

            config network
            \toption ssid 'Cafe'
            """)
        #expect(file.sections.count == 2)
        let main = file.sections[0]
        #expect(main.type == "hotspot" && main.name == "main" && main.line == 3)
        #expect(main.options.map(\.name) == ["enabled", "portal_domain"])
        #expect(main.option("enabled") == UCIFile.Option(name: "enabled", isList: false, values: [.init(Array("1".utf8), line: 4)]))
        let domains = try #require(main.option("portal_domain"))
        #expect(domains.isList && domains.values.map(\.text) == ["a.example", "b.example"])
        #expect(domains.values.map(\.line) == [5, 6] && domains.line == 6)
        #expect(file.sections[1].type == "network" && file.sections[1].name == nil && file.sections[1].line == 8)
    }

    @Test func quotingForms() throws {
        #expect(try values("config x\noption v bare") == ["bare"])
        #expect(try values(#"config x; option v 'single \n "dq" # not a comment'"#) == [#"single \n "dq" # not a comment"#])
        #expect(try values(#"config x; option v "a\"b\\c\nd 'e' #f""#) == [#"a"b\cnd 'e' #f"#])
        #expect(try values(#"config x; option v 'a'"b"c\ d"#) == ["abc d"])
        #expect(try values(##"config x; option v a\'b\#c"##) == ["a'b#c"])
        #expect(try values("config x; list v ''; list v \"\"") == ["", ""])
        // Quoted words keep their newlines; the next statement's line number counts them.
        let file = try parse("config x\noption v 'one\ntwo'\noption w \"3\n4\"\noption z 5")
        #expect(file.sections[0].options.map(\.values[0].text) == ["one\ntwo", "3\n4", "5"])
        #expect(file.sections[0].options.map(\.line) == [2, 4, 6])
    }

    @Test func continuation() throws {
        #expect(try values("config x\noption v foo\\\nbar") == ["foobar"])
        #expect(try values("config x\noption v \"foo\\\nbar\"") == ["foobar"])
        #expect(try values("config x\noption v \\\n'val'") == ["val"])
        #expect(try values("config x\noption \\\n  v \\\r\n  'crlf'\n") == ["crlf"])
        // Single quotes take a backslash as it is, and the newline too.
        #expect(try values("config x\noption v 'a\\\nb'") == ["a\\\nb"])
        #expect(try values("config x\noption v end\\") == ["end"])
        let file = try parse("config x\noption v a\\\nb\noption w c")
        #expect(file.sections[0].option("w")?.line == 4)
        // A continued bare word ends at the next line's indentation: two words, as uci reads it.
        #expect(error("config x\noption v foo\\\n  bar") == UCIError(line: 2, kind: .tooManyArguments))
    }

    @Test func commentsBlankLinesAndWhitespace() throws {
        let file = try parse("""
            # a comment
               # an indented comment \\
            config\tx  'n'   # after a statement
            \t\toption v  a#b
            \toption w 'c' # 'd'

            \toption u "#not"
            """)
        #expect(file.sections.count == 1 && file.sections[0].name == "n")
        #expect(file.sections[0].options.map(\.values[0].text) == ["a", "c", "#not"])
        #expect(file.sections[0].options.map(\.line) == [4, 5, 7])
        #expect(try parse("").sections.isEmpty)
        #expect(try parse("\n \t\n# only\n").sections.isEmpty)
        let crlf = try parse("config x 'n'\r\n\toption v 'a'\r\n\tlist l b\r\n")
        #expect(crlf.sections[0].options.map(\.values[0].text) == ["a", "b"])
    }

    @Test func abbreviationsAndSemicolons() throws {
        let file = try parse("p pkg; c t 'n'; o a 1; l b 2;l b 3\nconfig u;option c 4")
        #expect(file.sections.map(\.type) == ["t", "u"])
        #expect(file.sections[0].options.map(\.name) == ["a", "b"])
        #expect(file.sections[0].option("b")?.values.map(\.text) == ["2", "3"])
        #expect(file.sections[1].option("c")?.values.map(\.text) == ["4"])
    }

    /// libuci's uci_set and uci_add_list.
    @Test func repeatedOptionsAndLists() throws {
        // A changed option moves last; the same value stays where it is.
        var s = try parse("config x\noption a 1\noption b 2\noption a 3\noption b 2").sections[0]
        #expect(s.options.map(\.name) == ["b", "a"] && s.option("a")?.values.map(\.text) == ["3"])
        #expect(s.option("b")?.line == 3)
        // list after option: a list that starts with the option's value.
        s = try parse("config x\noption a 1\noption b 2\nlist a 3").sections[0]
        #expect(s.options.map(\.name) == ["b", "a"])
        #expect(s.option("a") == UCIFile.Option(name: "a", isList: true, values: [.init([0x31], line: 2), .init([0x33], line: 4)]))
        // option after list: replaces it.
        s = try parse("config x\nlist a 1\nlist a 2\noption a 3").sections[0]
        #expect(s.option("a") == UCIFile.Option(name: "a", isList: false, values: [.init([0x33], line: 4)]))
        // An empty option value does nothing: it neither sets nor deletes.
        s = try parse("config x\noption a ''\noption b 1\noption b\noption b ''").sections[0]
        #expect(s.options.map(\.name) == ["b"] && s.option("b")?.values.map(\.text) == ["1"])
    }

    @Test func namedSectionsReopen() throws {
        let file = try parse("config t 'n'\noption a 1\nconfig t\noption z 0\nconfig t 'n'\noption b 2")
        #expect(file.sections.count == 2)
        #expect(file.sections[0].options.map(\.name) == ["a", "b"] && file.sections[0].line == 1)
        #expect(error("config t 'n'\nconfig u 'n'") == UCIError(line: 2, kind: .sectionTypeChanged))
    }

    @Test func errorsCarryLineNumbers() {
        #expect(error("config x\n\noption v 'open\n\n") == UCIError(line: 3, kind: .unterminatedQuote))
        #expect(error("config x\noption v \"open\\\"") == UCIError(line: 2, kind: .unterminatedQuote))
        #expect(error("config x\noption v \"a\\") == UCIError(line: 2, kind: .unterminatedQuote))
        #expect(error("config x\n\toptions v 1") == UCIError(line: 2, kind: .unknownStatement))
        #expect(error("foo") == UCIError(line: 1, kind: .unknownStatement))
        #expect(error("config") == UCIError(line: 1, kind: .missingType))
        #expect(error("config ''") == UCIError(line: 1, kind: .missingType))
        #expect(error("config x\noption") == UCIError(line: 2, kind: .missingName))
        #expect(error("config x\nlist # v") == UCIError(line: 2, kind: .missingName))
        #expect(error("package") == UCIError(line: 1, kind: .missingName))
        #expect(error("package a b") == UCIError(line: 1, kind: .tooManyArguments))
        #expect(error("config x n extra") == UCIError(line: 1, kind: .tooManyArguments))
        #expect(error("config x\noption v a b") == UCIError(line: 2, kind: .tooManyArguments))
        #expect(error("config x\noption v-w 1") == UCIError(line: 2, kind: .invalidName))
        #expect(error("config x 'a b'") == UCIError(line: 1, kind: .invalidName))
        #expect(error("package a.b") == UCIError(line: 1, kind: .invalidName))
        #expect(error("config 'a b'") == UCIError(line: 1, kind: .invalidType))
        #expect(error("option v 1") == UCIError(line: 1, kind: .optionOutsideSection))
        #expect(error("\n\nlist v 1\nconfig x") == UCIError(line: 3, kind: .optionOutsideSection))
        #expect(error("config x\n\noption v 'a\u{0}b'") == UCIError(line: 3, kind: .nulByte))
        #expect(error("config x\noption v a\\\u{0}") == UCIError(line: 2, kind: .nulByte))
        #expect(UCIError(line: 7, kind: .unterminatedQuote).description == "line 7: unterminated quote")
        // A package name may have '-'; a type any printable ASCII.
        #expect(error("package a-b\nconfig wifi-iface.x 'n_1'") == nil)
    }

    @Test func valuesAreBytes() throws {
        let raw: [UInt8] = Array("config x\noption ssid '".utf8) + [0xff, 0xfe, 0x01] + Array("'".utf8)
        #expect(try UCIFile(parsing: raw).sections[0].option("ssid")?.values[0].bytes == [0xff, 0xfe, 0x01])
    }

    /// Seeded mutations of a valid file: the parser returns or throws, never traps.
    @Test func mutatedFilesNeverTrap() throws {
        let seed = Array("""
            package hotspot
            config hotspot 'main'
            \toption enabled '1'   # on
            \tlist portal_domain "a\\"b"
            \toption x 'multi
            line' ; option y a\\
            b
            config helper 'h'
            \toption exec '/usr/bin/h'
            """.utf8)
        let alphabet = Array(" \t\n\r\\'\";#abc_-x".utf8) + [0x00, 0x0b, 0x80, 0xff]
        var rng = SplitMix64(seed: 0x5eed_0c1)
        var parsed = 0
        for _ in 0..<3000 {
            var input = seed
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let at = Int.random(in: 0..<input.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: input[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: input.insert(alphabet.randomElement(using: &rng)!, at: at)
                case 2: input.remove(at: at)
                default: input = Array(input.prefix(at))
                }
                if input.isEmpty { input = [0x20] }
            }
            if (try? UCIFile(parsing: input)) != nil { parsed += 1 }
        }
        // Both outcomes happen, so the mutations reach past the first error.
        #expect(parsed > 100 && parsed < 2900)
    }
}
