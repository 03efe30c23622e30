import Foundation
import Testing
import HotspotCore
import HotspotProtocol
@testable import HotspotCLI

/// The owner's requests are declared once (`OwnerVerb`); what is not generated from that declaration — the
/// two ACL files and the LuCI view — is checked against it here.
@Suite struct OwnerVocabularyTests {
    /// A file of the repository, by its path from the top.
    static func repositoryFile(_ path: String) throws -> String {
        let top = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: top.appendingPathComponent(path), encoding: .utf8)
    }

    static func methods(changingState: Bool) -> [String] {
        // The write ACL's: the methods that change something, and those that answer with what the owner typed.
        OwnerVerb.allCases.filter { $0.needsWriteACL == changingState }.compactMap { $0.method.map { "\($0)" } }
    }

    static func strings(_ object: Any?, _ path: [String]) -> [String]? {
        var value = object
        for key in path { value = (value as? [String: Any])?[key] }
        return value as? [String]
    }

    @Test func eachNameIsDeclaredOnce() {
        let verbs = OwnerVerb.allCases
        #expect(Set(verbs.map { "\($0.words)" }).count == verbs.count)
        #expect(Set(verbs.map { "\($0.wire)" }).count == verbs.count)
        let methods = verbs.compactMap { $0.method.map { "\($0)" } }
        #expect(Set(methods).count == methods.count)
        // ubus's names are JavaScript's and the ACL's: no spaces, no dashes.
        for m in methods { #expect(m.allSatisfy { $0.isLowercase || $0 == "_" }, "\(m)") }
        #expect(!verbs.contains { $0.takes(.ssid) && $0.takes(.optionalSSID) })
        // ubus passes a reading method's answer on as JSON: it must be asked for JSON.
        for verb in verbs where verb.method != nil && !verb.changesState { #expect(verb.takes(.json), "\(verb)") }
    }

    /// Every request, as its CLI words name it, reaches the wire as its declared verb and comes back the same.
    @Test func everyRequestCrossesTheWireByItsDeclaredVerb() throws {
        for verb in OwnerVerb.allCases {
            var a = OwnerArguments()
            a.ssid = SSID("Hotel")
            let request = try #require(ControlRequest(verb, a), "\(verb)")
            #expect(request.verb == verb)
            let line = request.encoded
            #expect(String(decoding: line, as: UTF8.self).hasPrefix("\(verb.wire)"), "\(verb)")
            #expect(try ControlRequest(line: line.dropLast()[...]) == request, "\(verb)")
            let words = "\(verb.words)".split(separator: " ").map(String.init)
            #expect(ControlCommand.request(named: words + ["x"])?.0 == verb, "\(verb)")
            #expect(ControlCommand.isSubcommand(words[0]))
            #expect(CLI.usage().contains("\n  \(verb.words)"), "help lacks \(verb.words)")
        }
    }

    /// rpcd's ACL (init.d/hotspot.acl.json): `hotspot-read` grants exactly the methods that change nothing,
    /// `hotspot-write` exactly the others.
    @Test func thePackagesACLGroupsFollowTheDeclaration() throws {
        let acl = try JSONSerialization.jsonObject(with: Data(try Self.repositoryFile("init.d/hotspot.acl.json").utf8))
        #expect((acl as? [String: Any]).map { Set($0.keys) } == ["hotspot-read", "hotspot-write"])
        #expect(Self.strings(acl, ["hotspot-read", "read", "ubus", "hotspot"]) == Self.methods(changingState: false))
        #expect(Self.strings(acl, ["hotspot-write", "write", "ubus", "hotspot"]) == Self.methods(changingState: true))
        #expect(Self.strings(acl, ["hotspot-read", "write", "ubus", "hotspot"]) == nil)
        #expect(Self.strings(acl, ["hotspot-write", "read", "ubus", "hotspot"]) == nil)
    }

    /// LuCI's ACL: its read section the methods that change nothing, its write section the others.
    @Test func theLuCIAppsACLFollowsTheDeclaration() throws {
        let acl = try JSONSerialization.jsonObject(with: Data(try Self.repositoryFile(
            "luci-app-hotspot/root/usr/share/rpcd/acl.d/luci-app-hotspot.json").utf8))
        #expect(Self.strings(acl, ["luci-app-hotspot", "read", "ubus", "hotspot"]) == Self.methods(changingState: false))
        #expect(Self.strings(acl, ["luci-app-hotspot", "write", "ubus", "hotspot"]) == Self.methods(changingState: true))
    }

    /// rpcd's own `uci` object, the one foreign object the view may call: its methods and the arguments each
    /// takes (rpcd's uci.c policies) that the view uses, and the ACL group they need on the config.
    static let uciMethods: [String: (params: Set<String>, needs: String)] = [
        "get": (["config", "section", "option", "type", "match"], "read"),
        "set": (["config", "section", "type", "match", "values"], "write"),
        "delete": (["config", "section", "type", "match", "option", "options"], "write"),
        "commit": (["config"], "write"),
    ]

    /// LuCI's ACL names no ubus object but `hotspot`, and grants uci on the `hotspot` config only.
    @Test func theLuCIAppsACLGrantsNothingForeign() throws {
        let acl = try JSONSerialization.jsonObject(with: Data(try Self.repositoryFile(
            "luci-app-hotspot/root/usr/share/rpcd/acl.d/luci-app-hotspot.json").utf8))
        #expect((acl as? [String: Any]).map { Set($0.keys) } == ["luci-app-hotspot"])
        for group in ["read", "write"] {
            let grants = ((acl as? [String: Any])?["luci-app-hotspot"] as? [String: Any])?[group] as? [String: Any]
            #expect(grants.map { Set($0.keys).isSubset(of: ["ubus", "uci"]) } == true, "\(group)")
            #expect((grants?["ubus"] as? [String: Any]).map { Set($0.keys) } == ["hotspot"], "\(group)")
            #expect(Self.strings(acl, ["luci-app-hotspot", group, "uci"]).map { $0 == ["hotspot"] } ?? true, "\(group)")
        }
    }

    /// Every ubus call the LuCI view makes is a declared method, with arguments the method takes, that its
    /// ACL allows; and it makes no call to ubus but through `rpc.declare` of the hotspot object, or of rpcd's
    /// `uci` object on the `hotspot` config as the ACL's uci grant allows.
    @Test func theLuCIViewCallsDeclaredMethodsItsACLAllows() throws {
        let view = try Self.repositoryFile("luci-app-hotspot/htdocs/luci-static/resources/view/hotspot/overview.js")
        let acl = try JSONSerialization.jsonObject(with: Data(try Self.repositoryFile(
            "luci-app-hotspot/root/usr/share/rpcd/acl.d/luci-app-hotspot.json").utf8))
        let allowed = (Self.strings(acl, ["luci-app-hotspot", "read", "ubus", "hotspot"]) ?? [])
            + (Self.strings(acl, ["luci-app-hotspot", "write", "ubus", "hotspot"]) ?? [])
        let declare = try Regex(#"var (\w+) = rpc\.declare\(\{\s*object:\s*'([^']*)',\s*method:\s*'([^']*)'(?:,\s*params:\s*\[([^\]]*)\])?\s*\}\)"#)
        var called: [String] = []
        var uciCallers: [String] = []
        for match in view.matches(of: declare) {
            let name = String(match.output[1].substring!)
            let object = String(match.output[2].substring!), method = String(match.output[3].substring!)
            let params = match.output[4].substring.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'")) } } ?? []
            called.append(method)
            if object == "uci" {
                let m = try #require(Self.uciMethods[method], "rpcd's uci has no method '\(method)'")
                #expect(Set(params).isSubset(of: m.params), "uci \(method) \(params)")
                #expect(params.first == "config", "uci \(method): its first argument names the config")
                #expect(Self.strings(acl, ["luci-app-hotspot", m.needs, "uci"])?.contains("hotspot") == true,
                        "uci \(method) needs the ACL's \(m.needs) uci grant of hotspot")
                uciCallers.append(name)
                continue
            }
            #expect(object == "hotspot", "a call to ubus object '\(object)'")
            let verb = try #require(OwnerVerb.allCases.first { $0.method.map { "\($0)" } == method }, "no method '\(method)'")
            #expect(allowed.contains(method), "the ACL does not allow \(method)")
            #expect(Set(params).isSubset(of: verb.ubusArguments.map { "\($0.name)" }), "\(method) \(params)")
        }
        #expect(!called.isEmpty)
        // Every `method:` and every `rpc.` use is one of the declarations above.
        #expect(view.components(separatedBy: "method:").count - 1 == called.count)
        #expect(view.components(separatedBy: "rpc.").count - 1 == called.count)
        #expect(!view.contains("ubus.call") && !view.contains("L.Request") && !view.contains("'require uci'"))
        // Each uci call names the hotspot config, and nothing else.
        for name in uciCallers {
            let uses = view.components(separatedBy: name + "(").dropFirst()
            #expect(!uses.isEmpty, "\(name) is never called")
            for use in uses { #expect(use.hasPrefix("'hotspot'"), "\(name)(\(use.prefix(20))") }
        }
    }

    /// The view's troubleshooting table has README.md's rows, in its order (the symptoms, backticks aside).
    @Test func theLuCIViewsTroubleshootingFollowsTheREADME() throws {
        let readme = try Self.repositoryFile("README.md")
        let view = try Self.repositoryFile("luci-app-hotspot/htdocs/luci-static/resources/view/hotspot/overview.js")
        let table = try #require(readme.components(separatedBy: "### Troubleshooting\n").dropFirst().first)
        let symptoms = table.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("|") }
            .prefix { $0.hasPrefix("|") }.dropFirst(2)
            .map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        #expect(symptoms.count >= 10)
        let start = try #require(view.range(of: "var troubleshooting = ["))
        let end = try #require(view[start.upperBound...].range(of: "\n];"))
        // Each row's first string, up to its closing quote (\' inside it is a quote).
        let viewSymptoms = view[start.upperBound..<end.lowerBound].components(separatedBy: "\n\t[ _('").dropFirst().map { row in
            var text = "", escaped = false
            for c in row {
                if escaped { text.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "'" { break } else { text.append(c) }
            }
            return text
        }
        #expect(Array(viewSymptoms.prefix(symptoms.count)) == symptoms)
        #expect(viewSymptoms.count == symptoms.count)
    }
}
