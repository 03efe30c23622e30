import Testing
@testable import HotspotCore

@Suite struct ManagerPreferencesTests {
    let helpers = [Fixture.alpha, Fixture.beta]

    @Test func defaultsAreValid() throws {
        try ManagerPreferences().validate(helpers: [])
        try Fixture.config().validate()
    }

    @Test func applesLimits() {
        var p = ManagerPreferences(safariDomains: (0..<11).map { "portal\($0).example" })
        #expect(throws: ManagerPreferencesError.self) { try p.validate(helpers: helpers) }
        p.safariDomains.removeLast()
        #expect(throws: Never.self) { try p.validate(helpers: helpers) }
        p.evaluatedSSIDs = [ssid("a"), ssid("b"), ssid("c")]
        p.authenticationProvider = "alpha"
        #expect(throws: ManagerPreferencesError.self) { try p.validate(helpers: helpers) }
        p.evaluatedSSIDs.removeLast()
        #expect(throws: Never.self) { try p.validate(helpers: helpers) }
    }

    @Test(arguments: [
        ManagerPreferences(evaluationProvider: "nobody"),
        ManagerPreferences(authenticationProvider: "nobody"),
        ManagerPreferences(evaluatedSSIDs: [ssid("Hotel")]),                           // needs a provider
        ManagerPreferences(authenticationProvider: "beta", evaluatedSSIDs: [ssid("x"), ssid("x")]),
        ManagerPreferences(authenticationProvider: "beta", evaluatedSSIDs: [SSID(bytes: [])!]),  // written, unreadable
        ManagerPreferences(safariDomains: ["not a domain"]),
        ManagerPreferences(safariDomains: ["-bad.example"]),
        ManagerPreferences(safariDomains: [""]),
        ManagerPreferences(safariDomains: ["a..b"]),
    ])
    func invalidPreferences(_ p: ManagerPreferences) {
        #expect {
            try p.validate(helpers: helpers)
        } throws: { error in
            if case .configurationInvalid = error as? ManagerPreferencesError { return true }
            return false
        }
    }

    /// config save: load, take the fields given, compare byte by byte.
    @Test func fieldsTakenAndCompared() {
        let defaults = ManagerPreferences()
        let other = ManagerPreferences(isEnabled: false, evaluationProvider: "alpha", authenticationProvider: "beta",
                                       safariDomains: ["x.example"], evaluatedSSIDs: [ssid("Hotel")])
        #expect(defaults.differences(from: other) == .all)
        #expect(other.differences(from: other).isEmpty)
        var p = defaults
        p.take([.isEnabled, .safariDomains], from: other)
        #expect(p.differences(from: defaults) == [.isEnabled, .safariDomains])
        #expect(p.differences(from: other) == [.evaluationProvider, .authenticationProvider, .evaluatedSSIDs])
        p.take(.all, from: other)
        #expect(p == other)
        // Bytes, not canonical equivalence: "é" precomposed and decomposed are different names.
        let composed = ManagerPreferences(evaluationProvider: "caf\u{e9}")
        #expect(composed.differences(from: ManagerPreferences(evaluationProvider: "cafe\u{301}")) == .evaluationProvider)
    }

    @Test func authenticationProviderMustAuthenticate() {
        let filterOnly = HelperDescriptor(name: "f", kind: .builtin, commands: HelperCommandSet([.filterScanList]))
        #expect(throws: ManagerPreferencesError.self) {
            try ManagerPreferences(authenticationProvider: "f").validate(helpers: [filterOnly])
        }
        #expect(throws: Never.self) {
            try ManagerPreferences(evaluationProvider: "f").validate(helpers: [filterOnly])
        }
    }

    @Test func domains() {
        #expect(ManagerPreferences.isValidDomain("captive.apple.com"))
        #expect(ManagerPreferences.isValidDomain("portal.example."))
        #expect(ManagerPreferences.isValidDomain("xn--bcher-kva.example"))
        #expect(!ManagerPreferences.isValidDomain(String(repeating: "a", count: 64) + ".example"))
        #expect(!ManagerPreferences.isValidDomain("under_score.example"))
    }

    @Test func errorsReadWell() {
        #expect(ManagerPreferencesError.internalError("disk full").description == "internal error: disk full")
        #expect(ManagerPreferencesError.configurationInvalid("x").description == "configuration invalid: x")
    }

    @Test func configurationValidation() {
        func invalid(_ change: (inout HotspotConfiguration) -> Void) -> Bool {
            var c = Fixture.config()
            change(&c)
            do { try c.validate(); return false } catch { return true }
        }
        #expect(invalid { $0.helpers.append(Fixture.alpha) })
        #expect(invalid { $0.helpers.append(HelperDescriptor(name: "bad name", kind: .external)) })
        #expect(invalid { $0.helpers.append(HelperDescriptor(name: "", kind: .external)) })
        #expect(invalid { $0.knownNetworks.append(KnownNetwork(ssid: Fixture.hotel)) })
        #expect(invalid { $0.knownNetworks.append(KnownNetwork(ssid: SSID(bytes: [])!)) }, "a hidden network")
        #expect(invalid { $0.commandTimeoutMs = 0 })
        #expect(invalid { $0.backoffCapMs = 1 })
        #expect(invalid { $0.minSignal = 1.5 })
        #expect(invalid { $0.minSignal = .nan })
        #expect(invalid { $0.switchScans = 0 })
        #expect(invalid { $0.disableExpiryMs = -1 })
        #expect(invalid { $0.preferences.evaluationProvider = "ghost" })
        #expect(!invalid { $0.disableExpiryMs = 86_400_000 })
    }
}
