import Foundation
import Testing
import HotspotCore
@testable import HotspotSystem
import HotspotProtocol
import TestSupport
@testable import HotspotWeb
import SystemTestSupport

/// The route monitor against the real kernel: a dummy interface gets an address and a default route, and
/// loses them; the monitor learns each change from netlink notifications (no polling).
@Suite(.serialized) struct RouteMonitorTests {
    let loop = EventLoop()

    @discardableResult
    func ip(_ args: String) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "ip " + args + " 2>/dev/null || /sbin/ip " + args]
        try! p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    @Test func pureTableAppliesAddressesAndGateway() {
        var t = InterfaceAddressing()
        let a = InterfaceAddressing.Address(address: IPv4Address(bytes: [10, 42, 1, 150]), prefix: 24)
        var changed = t.apply(address: a, added: true)
        #expect(changed)
        changed = t.apply(address: a, added: true)
        #expect(!changed)
        changed = t.apply(gateway: IPv4Address(bytes: [10, 42, 1, 1]), added: true)
        #expect(changed)
        // Removing another gateway's route leaves ours.
        changed = t.apply(gateway: IPv4Address(bytes: [10, 9, 9, 9]), added: false)
        #expect(!changed)
        #expect(t.gateway?.description == "10.42.1.1")
        changed = t.apply(address: a, added: false)
        #expect(changed)
        #expect(!t.hasAddress)
    }

    @Test(.enabled(if: getuid() == 0, "needs root to create a veth pair"))
    func learnsAddressAndDefaultRouteFromTheKernel() throws {
        let name = "hsd" + String(getpid() % 100000)
        guard ip("link add " + name + " type veth peer name " + name + "p") == 0 else {
            Issue.record("cannot create a veth pair")
            return
        }
        defer { ip("link del " + name) }
        ip("link set " + name + "p up")
        ip("link set " + name + " up")
        let index = UInt32(if_nametoindex(name))
        #expect(index > 0)
        let monitor = try RouteMonitor(ifindex: index, loop: loop)
        defer { monitor.close() }
        var changes = 0
        monitor.onChange = { changes += 1 }
        #expect(!monitor.addressing.hasAddress)

        ip("addr add 10.250.7.9/24 dev " + name)
        #expect(spin(loop, timeout: 3_000) { monitor.addressing.hasAddress })
        #expect(monitor.addressing.addresses.first?.address.description == "10.250.7.9")
        #expect(monitor.addressing.addresses.first?.prefix == 24)
        #expect(changes >= 1)

        // A default route in a table of its own would not be ours; the main table's is.
        ip("route add default via 10.250.7.1 dev " + name + " metric 4242")
        #expect(spin(loop, timeout: 3_000) { monitor.addressing.gateway != nil })
        #expect(monitor.addressing.gateway?.description == "10.250.7.1")

        ip("addr flush dev " + name)
        #expect(spin(loop, timeout: 3_000) { !monitor.addressing.hasAddress && monitor.addressing.gateway == nil })

        // A fresh monitor reads the current state by dump.
        ip("addr add 10.250.8.9/16 dev " + name)
        #expect(spin(loop, timeout: 3_000) { monitor.addressing.hasAddress })
        let second = try RouteMonitor(ifindex: index, loop: loop)
        defer { second.close() }
        #expect(second.addressing.addresses.map { $0.address.description } == ["10.250.8.9"])
    }
}
