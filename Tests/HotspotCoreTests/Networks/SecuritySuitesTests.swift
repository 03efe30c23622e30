import Testing
import HotspotCore

@Suite struct SecuritySuitesTests {
    /// The policy in order: a passphrase suite wins, then enterprise, then OWE, then an unreadable element,
    /// then WEP; nothing offered is open.
    @Test(arguments: [
        (SecuritySuites(), SecurityType.open),
        ([.psk], .personal),
        ([.sae], .personal),
        ([.psk, .eap], .personal),
        ([.sae, .fils, .owe, .unreadable, .wep], .personal),
        ([.eap], .enterprise),
        ([.fils], .enterprise),
        ([.osen], .enterprise),
        ([.osen, .unreadable], .enterprise),
        ([.eap, .owe], .enterprise),
        ([.owe], .open),
        ([.owe, .unreadable], .open),
        ([.unreadable], .unknown),
        ([.unreadable, .wep], .unknown),
        ([.wep], .wep),
    ] as [(SecuritySuites, SecurityType)])
    func policy(suites: SecuritySuites, expected: SecurityType) {
        #expect(SecurityType(offering: suites) == expected)
    }

    @Test func everySingleSuiteHasAType() {
        var seen: Set<SecurityType> = []
        for bit in 0..<8 { seen.insert(SecurityType(offering: SecuritySuites(rawValue: 1 << bit))) }
        #expect(seen == [.personal, .enterprise, .open, .unknown, .wep])
    }
}
