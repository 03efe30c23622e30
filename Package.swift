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
        // Pure encoders and parsers: wpa_supplicant's control protocol, helper protocol, control socket,
        // UCI, HTTP. No I/O.
        .target(name: "HotspotProtocol", dependencies: ["HotspotCore"]),
        // Captive-portal pages: probe verdicts, HTML forms, WISPr XML, RFC 8908 JSON. Pure, no I/O.
        .target(name: "HotspotPortal", dependencies: ["HotspotProtocol"]),
        // The driver: one poll(2) loop, sockets, libnl, helper processes, persistence, syslog; and the
        // built-in portal helper's HTTP client (it runs in a helper process of its own).
        .target(name: "HotspotAgent", dependencies: ["HotspotCore", "HotspotProtocol", "HotspotPortal", "CLinux", "CNetlink", "CTLS"]),
        // Daemon and CLI in one binary: flash is scarce.
        .executableTarget(name: "hotspotd", dependencies: ["HotspotAgent"]),

        // Figures for README's benchmarks (host only, not shipped): `swift run -c release hotspotd-bench`.
        .executableTarget(
            name: "hotspotd-bench", dependencies: ["HotspotCore", "HotspotProtocol"], path: "Benchmarks/HotspotBench"),

        // What every test target shares: the seeded RNG, byte shorthands, localhost sockets. Full Swift.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "HotspotCoreTests", dependencies: ["HotspotCore", "TestSupport"]),
        .testTarget(name: "HotspotProtocolTests", dependencies: ["HotspotProtocol", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HotspotPortalTests", dependencies: ["HotspotPortal", "TestSupport"]),
        .testTarget(name: "HotspotAgentTests", dependencies: ["HotspotAgent", "TestSupport"], exclude: ["Fixtures"]),
    ]
)
