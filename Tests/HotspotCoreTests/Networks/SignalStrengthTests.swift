import Testing
@testable import HotspotCore

@Suite struct SignalStrengthTests {
    @Test(arguments: [(-110, 0.0), (-100, 0.0), (-70, 0.5), (-40, 1.0), (-20, 1.0), (-85, 0.25)])
    func mapsDBm(dBm: Int, expected: Double) {
        #expect(abs(SignalStrength.fromDBm(dBm) - expected) < 1e-9)
    }

    @Test func mBmIsHundredthsOfDBm() {
        #expect(SignalStrength.fromMBm(-7000) == SignalStrength.fromDBm(-70))
    }
}
