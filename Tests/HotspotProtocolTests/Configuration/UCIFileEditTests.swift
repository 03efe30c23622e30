import Foundation
import TestSupport
import Testing
import HotspotCore
@testable import HotspotProtocol

/// `UCIFile.editing` and `HotspotUCI.editingPreferences` (config save / config remove): only the
/// preference options of `config hotspot` change, every other byte stays.
@Suite struct UCIFileEditTests {
    static let helpers = """

        config helper 'venue'
        \toption builtin 'known'
        \toption enabled '1'
        \tlist portal_domain 'helper.example'

        """

    func edit(_ text: String, _ p: ManagerPreferences?, _ fields: ManagerPreferences.Fields) -> String? {
        HotspotUCI.editingPreferences(Array(text.utf8), p, fields).map { String(decoding: $0, as: UTF8.self) }
    }

    func preferences(_ text: String) throws -> ManagerPreferences {
        try HotspotUCI(parsing: Array(text.utf8), file: "f").configuration.preferences
    }

    @Test func replacedInPlaceAddedAfterTheSectionRemovedWithTheirLines() throws {
        let file = """
            # hotspotd
            config hotspot 'main'
            \toption enabled '1' # on
            \t# the station
            \toption interface 'wlan0'
            \tlist portal_domain 'a.example'
            \t# between
            \tlist portal_domain 'b.example'
            \toption authentication_provider venue
            \toption min_signal '35'
            """ + Self.helpers
        var p = ManagerPreferences(isEnabled: false, evaluationProvider: "venue",
                                   safariDomains: ["c.example", "d.example"])
        let out = try #require(edit(file, p, .all))
        #expect(out == """
            # hotspotd
            config hotspot 'main'
            \toption enabled '0' # on
            \t# the station
            \toption interface 'wlan0'
            \tlist portal_domain 'c.example'
            \tlist portal_domain 'd.example'
            \t# between
            \toption min_signal '35'
            \toption evaluation_provider 'venue'
            """ + Self.helpers)
        #expect(try preferences(out).differences(from: p).isEmpty)

        // Only the fields asked for change: the helper's own `enabled` and `portal_domain` never do.
        p = ManagerPreferences(isEnabled: true)
        #expect(edit(file, p, .isEnabled) == file)                      // the same statement, the same bytes
        #expect(edit(file, ManagerPreferences(), [.safariDomains, .authenticationProvider]) == """
            # hotspotd
            config hotspot 'main'
            \toption enabled '1' # on
            \t# the station
            \toption interface 'wlan0'
            \t# between
            \toption min_signal '35'
            """ + Self.helpers)
        #expect(edit(file, ManagerPreferences(), []) == file)
    }

    /// The shipped file: `config remove` takes `option enabled` out and nothing else; a save adds after
    /// the section's last option, with its indentation.
    @Test func theShippedFile() throws {
        let url = packageDirectory.appendingPathComponent("init.d/hotspot.config")
        let file = try String(contentsOf: url, encoding: .utf8)
        func replacingFirst(_ old: String, _ new: String) throws -> String {
            let range = try #require(file.range(of: old))
            return file.replacingCharacters(in: range, with: new)
        }
        #expect(edit(file, nil, .all) == (try replacingFirst("\toption enabled '1'\n", "")))
        let saved = try #require(edit(file, ManagerPreferences(safariDomains: ["login.example"]), .safariDomains))
        #expect(saved == (try replacingFirst("\toption switch_scans '3'\n",
                                             "\toption switch_scans '3'\n\tlist portal_domain 'login.example'\n")))
    }

    @Test func quotesAndHostileSSIDs() throws {
        let quoted = SSID(#"It's "a" \ test #1; x"#)!
        let hostile = SSID(bytes: [0x22, 0x0a, 0xff, 0x00, 0x27, 0x5c])!
        let p = ManagerPreferences(authenticationProvider: "venue", evaluatedSSIDs: [quoted, hostile])
        let file = "config hotspot main\n\tlist evaluated_ssid_hex '41'\n\tlist evaluated_ssid 'B'\n" + Self.helpers
        let out = try #require(edit(file, p, .all))
        #expect(out == "config hotspot main\n"
                + "\tlist evaluated_ssid 'It'\\''s \"a\" \\ test #1; x'\n\tlist evaluated_ssid_hex '220aff00275c'\n"
                + "\toption enabled '1'\n\toption authentication_provider 'venue'\n" + Self.helpers)
        #expect(try preferences(out).evaluatedSSIDs == [quoted, hostile])
        #expect(UCIFile.statement("v", Array("''".utf8), list: false) == Array(#"option v ''\'''\'''"#.utf8))
    }

    @Test func withoutTheSectionNothingIsAdded() {
        let file = "config helper 'venue'\n\toption builtin 'known'\n\toption enabled '0'\n"
        #expect(edit(file, ManagerPreferences(isEnabled: false), .isEnabled) == nil)
        #expect(edit(file, nil, .all) == file)                  // nothing of ours to remove
        #expect(edit("config hotspot 'main\n", nil, .all) == nil)  // does not parse
        #expect(edit("option enabled 1\n", ManagerPreferences(isEnabled: false), .isEnabled) == nil)
    }

    /// Statements after `;`, a reopened section, an empty section, a file without its last newline.
    @Test func unusualLayouts() throws {
        #expect(edit("config hotspot 'main'; option enabled 0; option min_signal 35\n", nil, .all)
                == "config hotspot 'main'; option min_signal 35\n")
        #expect(edit("config hotspot 'main'\n  option min_signal 35; option enabled 0 # off\n", nil, .all)
                == "config hotspot 'main'\n  option min_signal 35;  # off\n")
        #expect(edit("config hotspot 'main'\n\tlist portal_domain a.b; option min_signal 35\n",
                     ManagerPreferences(safariDomains: ["c.d", "e.f"]), .safariDomains)
                == "config hotspot 'main'\n\tlist portal_domain 'c.d'\n\tlist portal_domain 'e.f'; option min_signal 35\n")
        let reopened = "config hotspot 'main'\n\toption min_signal 35\nconfig helper 'venue'\n\toption builtin known\n"
            + "config hotspot 'main'\n\toption enabled '1'\n\tlist portal_domain 'a.b'\n"
        // Options first seen in a later block move to the end of the first.
        #expect(edit(reopened, ManagerPreferences(isEnabled: false), [.isEnabled, .safariDomains])
                == "config hotspot 'main'\n\toption min_signal 35\n\toption enabled '0'\nconfig helper 'venue'\n"
                + "\toption builtin known\nconfig hotspot 'main'\n")
        #expect(edit("config hotspot", ManagerPreferences(isEnabled: false), .isEnabled)
                == "config hotspot\n\toption enabled '0'\n")
        #expect(edit("config hotspot 'main' # main\n\n", ManagerPreferences(safariDomains: ["a.b"]), .safariDomains)
                == "config hotspot 'main' # main\n\tlist portal_domain 'a.b'\n\n")
        #expect(edit("config hotspot 'main'\n\toption enabled 1", ManagerPreferences(isEnabled: false), .isEnabled)
                == "config hotspot 'main'\n\toption enabled '0'")
        #expect(edit("config hotspot 'main'\n\toption interface wlan0\n\toption enabled 1", nil, .all)
                == "config hotspot 'main'\n\toption interface wlan0\n")
    }

    /// Found by Tests/fuzz (uci): a last line continued by a backslash at the end of the file swallowed the
    /// first added option, and the saved file no longer loaded ("too many arguments").
    @Test func aLastStatementContinuedToTheEndEndsBeforeTheAddedOptions() throws {
        for end in ["\\\n", "\\\r\n", "\\", "\\\\"] {
            let file = "config hotspot 'main'\n\toption state_file /etc/s" + end
            let out = try #require(edit(file, ManagerPreferences(isEnabled: false), .isEnabled))
            let loaded = try HotspotUCI(parsing: Array(out.utf8), file: "f")
            #expect(!loaded.configuration.preferences.isEnabled, "\(out.debugDescription)")
            #expect(loaded.settings.stateFile.hasPrefix("/etc/s"), "\(out.debugDescription)")
        }
    }
}
