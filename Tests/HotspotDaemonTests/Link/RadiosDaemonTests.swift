import Foundation
import Testing
import HotspotCore
@testable import TestSupport
@testable import HotspotSystem
@testable import HotspotDaemon
@testable import SystemTestSupport

/// Two radios on the daemon (issue 24), each a scripted wpa_supplicant: the second's socket comes up after
/// the start, its association is picked up and named in `status`; the other radio's events and restarts do
/// not touch the uplink; a scan asks every radio; Passpoint credentials go to one radio's wpa_supplicant.
@Suite(.serialized) struct RadiosDaemonTests {
    static let fiveStatus = "bssid=02:00:00:00:00:05\nfreq=5180\nssid=Five\nid=0\nmode=station\nkey_mgmt=NONE\nwpa_state=COMPLETED\n"

    @Test func statusNamesTheUplinksRadioOnlyWhenThereAreSeveral() {
        let s = ControlReportTests.snapshot(.authenticated, usable: true,
                                            link: ControlReportTests.link(SSID("Five")!, .online))
        var x = ControlReport.Extras()
        x.radio = "phy1-sta0"
        #expect(ControlReportTests.status(s, x, json: false).contains("\nradio        phy1-sta0\n"))
        #expect(ControlReportTests.status(s, x, json: true).contains("\"interface\":\"phy1-sta0\""))
        #expect(!ControlReportTests.status(s, json: false).contains("radio  "))
        #expect(!ControlReportTests.status(s, json: true).contains("\"interface\""))
    }

    @Test func aLateSecondRadioIsPickedUpAndTheOtherRadiosEventsDoNotTouchTheUplink() throws {
        let loop = EventLoop()
        let dir = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/wpa", withIntermediateDirectories: true)
        try RunDirectory(dir + "/run").prepare()
        try """
        config hotspot 'main'
        \tlist interface 'wlan0'
        \tlist interface 'wlan1'
        \toption ctrl_dir '\(dir)/wpa'
        \toption run_dir '\(dir)/run'
        \toption state_file '\(dir)/state'
        config passpoint
        \toption eap 'ttls'
        \toption realm 'radio.test'
        \toption identity 'traveller@radio.test'
        \toption password 'secret'
        \toption ca_cert '/etc/ssl/ca.pem'
        \toption domain_suffix_match 'radio.test'

        """.write(toFile: dir + "/hotspot", atomically: true, encoding: .utf8)
        guard case .loaded(let loaded) = HotspotDaemon.loadConfiguration(dir + "/hotspot") else {
            Issue.record("configuration refused")
            return
        }
        let daemon = HotspotDaemon(loop: loop, options: HotspotDaemon.Options(), settings: loaded.settings,
                                   configuration: loaded.configuration, logger: Logger(toSyslog: false, toStderr: false))
        let radio0 = FakeSupplicant(path: dir + "/wpa/wlan0", loop: loop)
        radio0.script["STATUS"] = "wpa_state=SCANNING\n"
        radio0.start()
        // wlan1's wpa_supplicant is not up yet.
        daemon.startSupplicant()
        #expect(spin(loop) { radio0.monitors.count == 1 })
        let radio1 = FakeSupplicant(path: dir + "/wpa/wlan1", loop: loop)
        radio1.script["STATUS"] = Self.fiveStatus
        radio1.start()
        #expect(spin(loop, timeout: 8_000) { daemon.driver.machine.hotspot.snapshot().link != nil })
        #expect(daemon.driver.machine.hotspot.snapshot().link?.ssid == SSID("Five")!)
        #expect(daemon.extras().radio == "wlan1")
        // A scan asks both radios.
        daemon.requestScan()
        #expect(spin(loop) { radio0.received.contains { $0.hasPrefix("SCAN") } && radio1.received.contains { $0.hasPrefix("SCAN") } })
        // wlan0's disconnect, garbage and a restart of its wpa_supplicant leave the uplink on wlan1 as it is.
        radio0.sendEvent("<3>CTRL-EVENT-DISCONNECTED bssid=02:00:00:00:00:02 reason=4 locally_generated=1")
        radio0.sendEvent("<3>\u{1}\u{ff}CTRL-EVENT-CONNECTED - Connection to zz")
        radio0.kill()
        radio0.start()
        let attaches = radio0.received.filter { $0 == "ATTACH" }.count
        // The next request finds the socket gone; the client attaches again.
        daemon.requestScan()
        #expect(spin(loop, timeout: 8_000) { radio0.received.filter { $0 == "ATTACH" }.count > attaches })
        _ = spin(loop, timeout: 300) { false }
        #expect(daemon.driver.machine.hotspot.snapshot().link?.ssid == SSID("Five")!)
        #expect(daemon.uplinkRadio == 1 && daemon.extras().radio == "wlan1")
        // Passpoint credentials went once, to the uplink radio's wpa_supplicant at its attach: not again at
        // another radio's attach or restart, and not to another radio (two radios joining by themselves
        // would be two stations).
        #expect(radio0.received.filter { $0 == "REMOVE_CRED all" }.count == 1)
        #expect(radio1.received.filter { $0.hasPrefix("REMOVE_CRED") || $0.hasPrefix("ADD_CRED") }.isEmpty)
        for r in daemon.radios { r.client.stop() }
        loop.runPosted()
    }
}
