import Foundation
import Testing
@testable import HotspotAgent

/// Real helper processes (/bin/sh scripts) run through HelperProcess in the poll loop.
/// Serialized: a fork in one test while another writes its script would hold the file open (ETXTBSY).
@Suite(.serialized) struct HelperProcessTests {
    let loop = EventLoop()
    let dir = temporaryDirectory()

    func script(_ body: String) -> String {
        let path = dir + "/helper-\(UUID().uuidString.prefix(6)).sh"
        _ = FileManager.default.createFile(atPath: path, contents: Data(("#!/bin/sh\n" + body + "\n").utf8),
                                           attributes: [.posixPermissions: 0o755])
        return path
    }

    var open: HelperSandbox {
        var s = HelperSandbox()
        s.dropPrivileges = false
        return s
    }

    func run(_ path: String, args: [String] = [], env: [String] = [], input: [UInt8] = [],
             sandbox: HelperSandbox? = nil, limits: HelperProcess.Limits = .init()) -> HelperProcess.Outcome? {
        var outcome: HelperProcess.Outcome? = nil
        HelperProcess.start(loop: loop, path: path, arguments: args, environment: env, input: input,
                            sandbox: sandbox ?? open, limits: limits) { outcome = $0 }
        spin(loop, timeout: 10_000) { outcome != nil }
        return outcome
    }

    @Test func passesArgumentsEnvironmentAndStdin() {
        let p = script("read line; echo \"cmd=$1\"; echo \"ssid=$HOTSPOT_SSID\"; echo \"in=$line\"; echo oops >&2; exit 3")
        let o = run(p, args: ["evaluate"], env: ["HOTSPOT_SSID=Café"], input: Array("hello\n".utf8))
        #expect(o == .exited(status: 3, stdout: Array("cmd=evaluate\nssid=Café\nin=hello\n".utf8), stderr: Array("oops\n".utf8)))
    }

    @Test func environmentIsExactlyWhatWasGiven() {
        let o = run(script("env | sort"), env: ["A=1"])
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("PWD=") && !$0.hasPrefix("SHLVL=") && !$0.hasPrefix("_=") }
        #expect(lines == ["A=1"])
    }

    @Test func largeStdinIsFedWithoutBlockingTheLoop() {
        let input = [UInt8](repeating: UInt8(ascii: "x"), count: 300_000) + [10]
        let o = run(script("wc -c"), input: input)
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "300001")
    }

    @Test func helperThatIgnoresStdinDoesNotKillUs() {
        let o = run(script("exit 0"), input: [UInt8](repeating: 65, count: 1_000_000))
        #expect(o == .exited(status: 0, stdout: [], stderr: []))
    }

    @Test func hangingHelperIsKilledWithItsChildren() {
        var limits = HelperProcess.Limits()
        limits.timeout = 300
        let marker = dir + "/grandchild-alive"
        let o = run(script("(sleep 2; touch \(marker)) & sleep 30"), limits: limits)
        #expect(o == .timedOut(stderr: []))
        Thread.sleep(forTimeInterval: 2.5)
        #expect(!FileManager.default.fileExists(atPath: marker), "the process group was not killed")
    }

    @Test func floodingHelperIsKilled() {
        var limits = HelperProcess.Limits()
        limits.stdoutBytes = 10_000
        #expect(run(script("yes flood"), limits: limits) == .flooded)
    }

    @Test func crashIsReportedAsSignal() {
        let o = run(script("kill -SEGV $$"))
        #expect(o == .signaled(signal: SIGSEGV, stderr: []))
    }

    @Test func missingProgramFailsToStart() {
        let o = run(dir + "/does-not-exist")
        guard case .failedToStart(let stage, let error)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(stage == 6)
        #expect(error == Errno(ENOENT))
    }

    @Test func abandonedHelperReportsNothing() {
        var outcome: HelperProcess.Outcome? = nil
        let p = HelperProcess.start(loop: loop, path: script("sleep 30"), arguments: [], environment: [], input: [],
                                    sandbox: open) { outcome = $0 }
        p?.abandon()
        spin(loop, timeout: 300) { false }
        #expect(outcome == nil)
        #expect(p?.isRunning == false)
    }

    @Test(.enabled(if: getuid() == 0, "needs root to switch user and to make a network namespace"))
    func sandboxDropsPrivilegesAndNetwork() {
        var s = HelperSandbox()
        s.noNetwork = true
        // `id -u` and the interfaces the helper can see: only a down loopback in a fresh namespace.
        let o = run(script("id -u; id -g; cat /proc/net/dev | tail -n +3 | cut -d: -f1 | tr -d ' '"), sandbox: s)
        guard case .exited(0, let out, _)? = o else { Issue.record("\(String(describing: o))"); return }
        #expect(String(decoding: out, as: UTF8.self) == "65534\n65534\nlo\n")
    }

    @Test func memoryLimitStopsAGreedyHelper() {
        var s = open
        s.memoryBytes = 64 << 20
        // Asking the shell for a 200 MB string must fail inside the helper, not take the router's memory.
        let o = run(script("x=$(head -c 200000000 /dev/zero | tr '\\\\0' a); echo ${#x}"), sandbox: s)
        #expect(o != nil)
        if case .exited(0, let out, _)? = o {
            #expect(String(decoding: out, as: UTF8.self) != "200000000\n")
        }
    }
}
