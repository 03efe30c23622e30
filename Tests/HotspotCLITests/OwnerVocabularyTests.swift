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

    /// Every ubus call the LuCI view makes is a declared method, with arguments the method takes, that its
    /// ACL allows; and it makes no call to ubus but through `rpc.declare` of the hotspot object.
    @Test func theLuCIViewCallsDeclaredMethodsItsACLAllows() throws {
        let view = try Self.repositoryFile("luci-app-hotspot/htdocs/luci-static/resources/view/hotspot/overview.js")
        let acl = try JSONSerialization.jsonObject(with: Data(try Self.repositoryFile(
            "luci-app-hotspot/root/usr/share/rpcd/acl.d/luci-app-hotspot.json").utf8))
        let allowed = (Self.strings(acl, ["luci-app-hotspot", "read", "ubus", "hotspot"]) ?? [])
            + (Self.strings(acl, ["luci-app-hotspot", "write", "ubus", "hotspot"]) ?? [])
        let declare = try Regex(#"rpc\.declare\(\{\s*object:\s*'([^']*)',\s*method:\s*'([^']*)'(?:,\s*params:\s*\[([^\]]*)\])?\s*\}\)"#)
        var called: [String] = []
        for match in view.matches(of: declare) {
            let object = String(match.output[1].substring!), method = String(match.output[2].substring!)
            let params = match.output[3].substring.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'")) } } ?? []
            #expect(object == "hotspot")
            let verb = try #require(OwnerVerb.allCases.first { $0.method.map { "\($0)" } == method }, "no method '\(method)'")
            #expect(allowed.contains(method), "the ACL does not allow \(method)")
            #expect(Set(params).isSubset(of: verb.ubusArguments.map { "\($0.name)" }), "\(method) \(params)")
            called.append(method)
        }
        #expect(!called.isEmpty)
        // Every `method:` and every `rpc.` use is one of the declarations above.
        #expect(view.components(separatedBy: "method:").count - 1 == called.count)
        #expect(view.components(separatedBy: "rpc.").count - 1 == called.count)
        #expect(!view.contains("ubus.call") && !view.contains("L.Request"))
    }
}
