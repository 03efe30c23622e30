// swift-tools-version: 6.0
// One manifest for both builds: full Swift on the host (`swift build`, `swift test`) and Embedded Swift
// for routers (`cross/build ARCH`, where a Swift SDK's toolset switches Embedded on). Product code keeps
// to the Embedded subset; only test targets may use Foundation.
import PackageDescription

let package = Package(
    name: "hotspotd",
    products: [
        .executable(name: "hotspotd", targets: ["hotspotd"]),
    ],
    targets: [
        // libc and kernel headers, macro wrappers, and the musl link shims (compiled only without glibc).
        .target(name: "CLinux"),
        // libnl-3 / libnl-genl-3 and linux/nl80211.h; pkg-config finds the host's or the sysroot's libnl.
        .systemLibrary(name: "CNetlink", pkgConfig: "libnl-genl-3.0"),
        // An I/O-free TLS 1.2 client over BearSSL (cross/TLS.md): Debian's libbearssl-dev on the host, the
        // sysroot's static build for routers; both put bearssl.h and libbearssl where the compilers look.
        .target(name: "CTLS", linkerSettings: [.linkedLibrary("bearssl")]),
        // The helper model, the state machine, uplink selection and policy. No I/O, stdlib only.
        .target(name: "HotspotCore"),
        // Web protocols, pure: HTTP/1.1 messages, URLs, cookies, form encoding, DNS messages, resolv.conf,
        // JSON reading and writing. No I/O.
        .target(name: "HotspotWeb", dependencies: ["HotspotCore"]),
        // Pure encoders and parsers of hotspotd's own wires: wpa_supplicant's control protocol, the helper
        // protocol, the control socket, UCI, DHCP option 114. No I/O.
        .target(name: "HotspotProtocol", dependencies: ["HotspotCore", "HotspotWeb"]),
        // Captive-portal pages: probe verdicts, HTML forms, WISPr XML, RFC 8908 JSON. Pure, no I/O.
        .target(name: "HotspotPortal", dependencies: ["HotspotCore", "HotspotWeb"]),
        // The system layer: one small wrapper per syscall family (file descriptors, poll loop, sockets,
        // helper processes, syslog, atomic files), libnl (nl80211, routes), wpa_supplicant's control socket.
        .target(name: "HotspotSystem", dependencies: ["HotspotCore", "HotspotWeb", "HotspotProtocol", "CLinux", "CNetlink"]),
        // The resident daemon: drives the core machines over the system layer, serves the control socket.
        .target(name: "HotspotDaemon", dependencies: ["HotspotCore", "HotspotProtocol", "HotspotWeb", "HotspotSystem", "CLinux", "CTLS"]),
        // The built-in portal helper (a helper process of its own): probes, HTTP/TLS client, uplink-bound DNS.
        .target(
            name: "HotspotPortalHelper",
            dependencies: ["HotspotCore", "HotspotWeb", "HotspotProtocol", "HotspotPortal", "HotspotSystem", "CLinux", "CTLS"]),
        // The command line: one verb per file, the client of the control socket, one-shot radio commands.
        .target(
            name: "HotspotCLI",
            dependencies: [
                "HotspotCore", "HotspotWeb", "HotspotProtocol", "HotspotSystem", "HotspotDaemon", "HotspotPortalHelper", "CLinux",
            ]),
        // Daemon, portal helper and CLI in one binary: flash is scarce.
        .executableTarget(name: "hotspotd", dependencies: ["HotspotCLI"]),

        // Figures for docs/benchmarks.md (host only, not shipped): `swift run -c release hotspotd-bench`.
        .executableTarget(
            name: "hotspotd-bench", dependencies: ["HotspotCore", "HotspotProtocol", "HotspotSystem"], path: "Benchmarks/HotspotBench"),

        // What the test targets share: fakes of wpa_supplicant, a captive portal and its DNS server, localhost
        // sockets, the seeded PRNG and byte shorthands. Full Swift.
        // Test support by what it fakes: pure helpers for every test; the poll loop's fakes (wpa_supplicant, DNS,
        // HTTP, sockets); the daemon run in the test process. Pure tests link neither of the last two.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(name: "SystemTestSupport", dependencies: ["HotspotSystem", "TestSupport"], path: "Tests/SystemTestSupport"),
        .target(name: "DaemonTestSupport", dependencies: ["HotspotDaemon", "SystemTestSupport"], path: "Tests/DaemonTestSupport"),
        .testTarget(name: "HotspotCoreTests", dependencies: ["HotspotCore", "TestSupport"]),
        .testTarget(name: "HotspotWebTests", dependencies: ["HotspotWeb", "TestSupport"]),
        .testTarget(name: "HotspotProtocolTests", dependencies: ["HotspotProtocol", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HotspotPortalTests", dependencies: ["HotspotPortal", "TestSupport"]),
        .testTarget(name: "HotspotSystemTests", dependencies: ["HotspotSystem", "TestSupport", "SystemTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HotspotDaemonTests", dependencies: ["HotspotDaemon", "TestSupport", "SystemTestSupport", "DaemonTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HotspotPortalHelperTests", dependencies: ["HotspotPortalHelper", "HotspotDaemon", "TestSupport", "SystemTestSupport", "DaemonTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HotspotCLITests", dependencies: ["HotspotCLI", "HotspotDaemon", "TestSupport", "SystemTestSupport", "DaemonTestSupport"]),
    ]
)
