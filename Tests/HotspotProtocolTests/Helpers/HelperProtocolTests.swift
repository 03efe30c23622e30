import Foundation
import TestSupport
import Testing
import HotspotCore
import HotspotWeb
@testable import HotspotProtocol

// MARK: - Test scaffolding

private let bssidA = BSSID("02:00:00:00:00:01")!

private func network(_ ssid: [UInt8], security: SecurityType = .personal, rssi: Int = -60,
                     bssid: BSSID? = bssidA) -> HotspotNetwork {
    HotspotNetwork(ssid: SSID(bytes: ssid)!, bssid: bssid, rssi: rssi, frequency: 2412, securityType: security)
}

private func network(_ ssid: String, security: SecurityType = .personal) -> HotspotNetwork {
    network(Array(ssid.utf8), security: security)
}

private func request(_ command: HelperCommand, _ n: HotspotNetwork? = nil, scanList: [HotspotNetwork] = [],
                     answers: [UIAnswer] = []) -> HelperRequest {
    HelperRequest(id: 7, helper: "test", command: command, network: command == .filterScanList ? nil : n,
                  scanList: scanList, answers: answers)
}

/// Parses `text` as the stdout of a helper that exited 0.
private func parse(_ text: String, _ command: HelperCommand = .authenticate,
                   scanList: [HotspotNetwork] = []) -> HelperOutput {
    HelperOutput(exitStatus: 0, stdout: Array(text.utf8),
                 for: request(command, network("net"), scanList: scanList))
}

private func answer(_ output: HelperOutput, sourceLocation: SourceLocation = #_sourceLocation) -> HelperResponse? {
    guard case .success(let r) = output.answer else {
        Issue.record("not answered: \(output.answer)", sourceLocation: sourceLocation)
        return nil
    }
    return r
}

private func error(_ output: HelperOutput) -> HelperOutputError? {
    output.outputError
}

private func value(_ name: String, in environment: [String]) -> String? {
    environment.first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
}

/// A helper run with exactly this argv, environment and stdin, as hotspotd would do it (minus the sandbox).
struct ShellRun {
    var exitStatus: Int32
    /// The signal that killed it, if one did (then `exitStatus` means nothing).
    var signal: Int32?
    var stdout: [UInt8]
    var stderr: String

    static let directory = packageDirectory

    /// /bin/sh, and busybox when there is one (HOTSPOT_TEST_BUSYBOX, /bin/busybox or /usr/bin/busybox).
    static var shells: [[String]] {
        var out = [["/bin/sh"]]
        let candidates = [ProcessInfo.processInfo.environment["HOTSPOT_TEST_BUSYBOX"], "/bin/busybox", "/usr/bin/busybox"]
        if let bb = candidates.compactMap({ $0 }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) {
            out.append([bb, "sh"])
        }
        return out
    }

    static func run(_ argv: [String], _ invocation: HelperInvocation) throws -> ShellRun {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("helperproto-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files, not pipes, for stdin and stderr: a helper that never reads stdin cannot block or SIGPIPE us.
        let inFile = scratch.appendingPathComponent("stdin"), errFile = scratch.appendingPathComponent("stderr")
        try Data(invocation.input).write(to: inFile)
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst()) + invocation.arguments
        var env: [String: String] = [:]
        for kv in invocation.environment {
            let eq = kv.firstIndex(of: "=")!
            env[String(kv[..<eq])] = String(kv[kv.index(after: eq)...])
        }
        p.environment = env
        p.standardInput = try FileHandle(forReadingFrom: inFile)
        p.standardError = try FileHandle(forWritingTo: errFile)
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let signal: Int32? = p.terminationReason == .uncaughtSignal ? p.terminationStatus : nil
        let stderr = String(decoding: (try? Data(contentsOf: errFile)) ?? Data(), as: UTF8.self)
        return ShellRun(exitStatus: p.terminationStatus, signal: signal, stdout: [UInt8](stdout), stderr: stderr)
    }

    /// Runs `script` (inline) as a helper for `request`, parsing its answer.
    static func helper(_ shell: [String], script: String, _ request: HelperRequest,
                       uplink: UplinkAddressing = UplinkAddressing()) throws -> (HelperOutput, ShellRun) {
        let run = try run(shell + ["-c", script, "helper"], HelperInvocation(request, uplink: uplink))
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0)")
        return (HelperOutput(exitStatus: run.exitStatus, stdout: run.stdout, for: request), run)
    }

    /// Runs examples/helpers/`name` for `request`.
    static func example(_ shell: [String], _ name: String, _ request: HelperRequest,
                        uplink: UplinkAddressing = UplinkAddressing()) throws -> HelperOutput {
        let path = directory.appendingPathComponent("examples/helpers/" + name).path
        let run = try run(shell + [path], HelperInvocation(request, uplink: uplink))
        #expect(run.stderr.isEmpty, "\(name) \(request.command): \(run.stderr)")
        #expect(run.signal == nil, "\(name) \(request.command): killed by signal \(run.signal ?? 0)")
        return HelperOutput(exitStatus: run.exitStatus, stdout: run.stdout, for: request)
    }
}

/// SSIDs a neighbour can broadcast: every byte a shell or a terminal might choke on.
private let hostileSSIDs: [[UInt8]] = [
    Array("plain".utf8),
    Array("tab\there".utf8),
    Array("new\nline".utf8),
    [0x00, 0x41, 0x00],
    [0xff, 0xfe, 0x41],
    Array(" lead and trail ".utf8),
    Array("back\\slash\\".utf8),
    Array("$(reboot)`id`;rm -rf /".utf8),
    Array("-".utf8),
    [],
    [UInt8](repeating: 0x09, count: 32),
    Array("\u{1b}[31mred".utf8),
    Array("caf\u{e9}".utf8),
    [0xc2, 0x9b, 0x32, 0x4a],
    Array("a=b#c\"'".utf8),
    Array("cr\r".utf8),
    Array("%s%n%x".utf8),
    Array("ends with tab\t".utf8),
]

// MARK: - Invocation

@Suite struct HelperInvocationTests {
    @Test func evaluateEnvironmentIsExactlyTheDocumentedSet() {
        var n = network("Hotel Zed", security: .open)
        n.didAutoJoin = true
        n.didJustJoin = true
        let inv = HelperInvocation(request(.evaluate, n),
                                   uplink: UplinkAddressing(interface: "wlan0", address: "10.0.0.23",
                                                            gateway: "10.0.0.1", dnsServers: ["10.0.0.1", "9.9.9.9"],
                                                            captivePortalAPI: "https://capport.example/api"),
                                   stateDirectory: "/var/run/hotspotd-helpers/test")
        #expect(inv.arguments == ["evaluate"])
        #expect(inv.input.isEmpty)
        #expect(inv.environment == [
            "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "HOME=/var/empty", "LANG=C",
            "HOTSPOT_PROTOCOL=2", "HOTSPOT_COMMAND=evaluate", "HOTSPOT_HELPER=test",
            "HOTSPOT_SSID=Hotel Zed", "HOTSPOT_SSID_HEX=486f74656c205a6564", "HOTSPOT_BSSID=02:00:00:00:00:01",
            "HOTSPOT_RSSI=-60", "HOTSPOT_SIGNAL=0.67", "HOTSPOT_FREQUENCY=2412", "HOTSPOT_SECURITY=open",
            "HOTSPOT_IS_SECURE=0", "HOTSPOT_DID_AUTO_JOIN=1", "HOTSPOT_DID_JUST_JOIN=1",
            "HOTSPOT_IS_CHOSEN_HELPER=0", "HOTSPOT_INTERFACE=wlan0", "HOTSPOT_ADDRESS=10.0.0.23",
            "HOTSPOT_GATEWAY=10.0.0.1", "HOTSPOT_DNS=10.0.0.1 9.9.9.9",
            "HOTSPOT_CAPTIVE_API=https://capport.example/api", "HOTSPOT_STATE_DIR=/var/run/hotspotd-helpers/test",
        ])
    }

    @Test func unknownFactsAreEmptyNotMissing() {
        // `set -u` scripts may use every documented variable without `${X:-}`.
        let inv = HelperInvocation(request(.maintain, network([0x41], bssid: nil)))
        for name in ["HOTSPOT_BSSID", "HOTSPOT_INTERFACE", "HOTSPOT_ADDRESS", "HOTSPOT_GATEWAY", "HOTSPOT_DNS",
                     "HOTSPOT_CAPTIVE_API", "HOTSPOT_STATE_DIR"] {
            #expect(value(name, in: inv.environment) == "", "\(name)")
        }
    }

    @Test func everyCommandIsTheFirstArgument() {
        for command in HelperCommand.allCases {
            let inv = HelperInvocation(request(command, network("x"), scanList: [network("x")]))
            #expect(inv.arguments == [command.rawValue])
            #expect(value("HOTSPOT_COMMAND", in: inv.environment) == command.rawValue)
            #expect((value("HOTSPOT_SSID", in: inv.environment) == nil) == (command == .filterScanList))
            #expect(inv.input.isEmpty == (command != .filterScanList))
        }
    }

    @Test func environmentValuesNeverHoldNULOrNewline() {
        for ssid in hostileSSIDs {
            let inv = HelperInvocation(request(.authenticate, network(ssid)),
                                       uplink: UplinkAddressing(interface: "wl\nan0", address: "1.2.3.4\0",
                                                                gateway: nil, dnsServers: ["a\rb", "", "c"]))
            for kv in inv.environment {
                #expect(!kv.utf8.contains(0) && !kv.utf8.contains(10) && !kv.utf8.contains(13), "\(kv.debugDescription)")
            }
            #expect(value("HOTSPOT_SSID_HEX", in: inv.environment) == SSID(bytes: ssid)!.hex)
            #expect(value("HOTSPOT_INTERFACE", in: inv.environment) == "wl?an0")
            #expect(value("HOTSPOT_DNS", in: inv.environment) == "a?b c")
        }
    }

    @Test func printableText() {
        #expect(HelperProtocol.printable(Array("café ☕".utf8)) == "café ☕")
        #expect(HelperProtocol.printable([0x41, 0xff, 0x42]) == "A\u{FFFD}B")
        #expect(HelperProtocol.printable([0xe2, 0x98]) == "\u{FFFD}")  // truncated sequence
        #expect(HelperProtocol.printable(Array("a\tb\nc\0d\u{7f}e\u{1b}".utf8)) == "a?b?c?d?e?")
        #expect(HelperProtocol.printable([0xc2, 0x9b, 0x41]) == "?A")  // C1 CSI
        #expect(HelperProtocol.printable([0xc2, 0xa0]) == "\u{a0}")  // NBSP is text
    }

    @Test func signalHundredths() {
        #expect(HelperInvocation.hundredths(0) == "0.00")
        #expect(HelperInvocation.hundredths(0.05) == "0.05")
        #expect(HelperInvocation.hundredths(0.666) == "0.67")
        #expect(HelperInvocation.hundredths(1) == "1.00")
        #expect(HelperInvocation.hundredths(1.5) == "1.00")
        #expect(HelperInvocation.hundredths(-1) == "0.00")
        #expect(HelperInvocation.hundredths(.nan) == "0.00")
    }

    @Test func scanListLines() {
        let list = [network("Bean", security: .personal), network([], security: .open, rssi: -100, bssid: nil),
                    network(Array("x\ty".utf8), security: .enterprise, rssi: -30)]
        let inv = HelperInvocation(request(.filterScanList, scanList: list))
        #expect(String(decoding: inv.input, as: UTF8.self) == """
            4265616e\t02:00:00:00:00:01\t-60\t0.67\t2412\tpersonal\tBean
            -\t-\t-100\t0.00\t2412\topen\t
            780979\t02:00:00:00:00:01\t-30\t1.00\t2412\tenterprise\tx?y

            """)
        #expect(inv.environment.count == HelperProtocol.baseEnvironment.count + 3)  // protocol, command, helper
    }

    @Test func uiAnswersForPresentUI() {
        let answers = [UIAnswer(key: "room", value: "412"), UIAnswer(key: "Last_Name", value: "O'Brien & Sons $x"),
                       UIAnswer(key: "bad-key", value: "1"), UIAnswer(key: "", value: "1"),
                       UIAnswer(key: "code", value: "12\n34"), UIAnswer(key: "ROOM", value: "999"),
                       UIAnswer(key: "nul", value: "a\0b"), UIAnswer(key: "long", value: String(repeating: "x", count: 2049)),
                       UIAnswer(key: String(repeating: "k", count: 33), value: "1"), UIAnswer(key: "empty", value: "")]
        let inv = HelperInvocation(request(.presentUI, network("Hotel"), answers: answers))
        #expect(String(decoding: inv.input, as: UTF8.self)
            == "HOTSPOT_UI_ROOM=412\nHOTSPOT_UI_LAST_NAME=O'Brien & Sons $x\nHOTSPOT_UI_EMPTY=\n")
        #expect(inv.notes.count == 7)
        #expect(inv.notes.allSatisfy { !$0.contains("999") && !$0.contains("12") })  // values never shown
        #expect(inv.notes.contains { $0.contains("'ROOM'") && $0.contains("same upper-cased key") })
        // Only presentUI carries answers.
        let auth = HelperInvocation(request(.authenticate, network("Hotel"), answers: answers))
        #expect(!auth.environment.contains { $0.hasPrefix("HOTSPOT_UI_") } && auth.input.isEmpty)
    }

    /// Issue 35: the owner's answers reach a helper on its stdin, a `NAME=value` line each, never in its
    /// environment (any process of the helper's user reads /proc/PID/environ).
    @Test func answersGoOnStdinNotInTheEnvironment() {
        let answers = [UIAnswer(key: "room", value: "412"), UIAnswer(key: "pin", value: "s3cr=t 1")]
        var remembered = request(.authenticate, network("Hotel"), answers: answers)
        remembered.rememberedOrigin = "http://portal.test"
        for r in [request(.presentUI, network("Hotel"), answers: answers), remembered] {
            let inv = HelperInvocation(r)
            #expect(!inv.environment.contains { $0.contains("HOTSPOT_UI_") || $0.contains("s3cr") }, "\(r.command)")
            #expect(String(decoding: inv.input, as: UTF8.self) == "HOTSPOT_UI_ROOM=412\nHOTSPOT_UI_PIN=s3cr=t 1\n", "\(r.command)")
            #expect(value("HOTSPOT_PROTOCOL", in: inv.environment) == "2")
        }
    }

    @Test func chosenHelperAndSecurityFlags() {
        var n = network("x", security: .wep)
        n.isChosenHelper = true
        let env = HelperInvocation(request(.maintain, n)).environment
        #expect(value("HOTSPOT_IS_CHOSEN_HELPER", in: env) == "1")
        #expect(value("HOTSPOT_IS_SECURE", in: env) == "1")
        #expect(value("HOTSPOT_SECURITY", in: env) == "wep")
        #expect(value("HOTSPOT_DID_AUTO_JOIN", in: env) == "0")
    }
}

// MARK: - Output

@Suite struct HelperOutputTests {
    let scan = [network("Bean"), network("Open", security: .open), network([])]

    @Test func exitStatusesAndSignals() {
        let auth = request(.authenticate, network("x"))
        #expect(HelperOutput(exitStatus: 1, stdout: Array("result=success\n".utf8), for: auth).answer == .failure(.exited(status: 1)))
        #expect(HelperOutput(exitStatus: 1, stdout: Array("x".utf8), for: auth).notes == [.outputIgnored(status: 1)])
        #expect(HelperOutput(exitStatus: 2, stdout: [], for: auth).notes.isEmpty)
        // EX_TEMPFAIL: temporaryFailure where the command has it, a plain exit status elsewhere.
        for command in HelperCommand.allCases {
            let out = HelperOutput(exitStatus: 75, stdout: [], for: request(command, network("x")))
            if command.accepts(.temporaryFailure) {
                #expect(out.answer == .success(HelperResponse(result: .temporaryFailure)), "\(command)")
            } else {
                #expect(out.answer == .failure(.exited(status: 75)), "\(command)")
            }
        }
        #expect(HelperOutput(exitStatus: 1, stdout: [], for: auth).input == .helperFailed(requestID: 7, .exited(status: 1)))
        // EX_NOHOST (`hotspotd fetch` could not resolve a name through the uplink's DNS): temporary as well.
        #expect(HelperOutput(exitStatus: 68, stdout: [], for: auth).answer == .success(HelperResponse(result: .temporaryFailure)))
        #expect(HelperOutput(exitStatus: 68, stdout: [], for: request(.filterScanList, nil)).answer == .failure(.exited(status: 68)))
    }

    @Test func resultWords() {
        for r in HelperResult.allCases {
            #expect(answer(parse("result=" + r.rawValue + "\n"))?.result == r)
            #expect(answer(parse("result=" + r.rawValue.lowercased()))?.result == r)
            #expect(answer(parse("result=" + r.rawValue.uppercased() + " \r\n"))?.result == r)
        }
        #expect(error(parse("result=succes\n")) == .unknownResult("succes", line: 1))
        #expect(error(parse("result=\n")) == .unknownResult("", line: 1))
        #expect(error(parse("result=ok\u{1b}[2J")) == .unknownResult(#"ok\e[2J"#, line: 1))  // escaped for the log
        let ok = parse("result=success")
        #expect(ok.input == .helperResponded(requestID: 7, HelperResponse(result: .success)))
    }

    @Test func noResultIsInvalidOutput() {
        for text in ["", "\n", "# only a comment\n", "confidence=high\n", "RESULT=success\n"] {
            let out = parse(text, .evaluate)
            #expect(error(out) == .noResult, "\(text.debugDescription)")
            #expect(out.input == .helperFailed(requestID: 7, .invalidOutput("no result line")))
        }
        #expect(parse("RESULT=success\n").notes == [.unknownKey("RESULT", line: 1)])
    }

    @Test func commentsBlankLinesCRLFAndUnknownKeys() {
        let out = parse("# hello\r\n\r\nresult=success\r\nx_future=1\nconfidence=high\n# =x\n", .evaluate)
        #expect(answer(out) == HelperResponse(result: .success, confidence: .high))
        #expect(out.notes == [.unknownKey("x_future", line: 4)])
        #expect(out.notes[0].description == "line 4: unknown key 'x_future' ignored")
    }

    @Test func malformedLines() {
        #expect(error(parse("result=success\ngarbage\n")) == .notKeyValue(line: 2))
        #expect(error(parse("=success\n")) == .notKeyValue(line: 1))
        #expect(error(parse(" result=success\n")) == .notKeyValue(line: 1))
        #expect(error(parse("res-ult=success\n")) == .notKeyValue(line: 1))
        #expect(error(parse("result=success\nresult=failure\n")) == .duplicate(key: "result", line: 2))
        #expect(error(parse("result=success\nconfidence=low\nconfidence=low\n", .evaluate)) == .duplicate(key: "confidence", line: 3))
        #expect(error(parse("confidence=sure\nresult=success\n", .evaluate))
            == .invalidValue(key: "confidence", line: 1, expected: "none, low or high"))
        #expect(error(parse("result=success\n" + "ui_message=" + String(repeating: "x", count: 2048) + "\n"))
            == .lineTooLong(line: 2))
        #expect(error(HelperOutput(exitStatus: 0, stdout: Array("result=success\nx=a\0b\n".utf8),
                                   for: request(.logoff, network("x")))) == .nulByte(line: 2))
        #expect(error(HelperOutput(exitStatus: 0, stdout: Array("result=success\n".utf8) + [0x78, 0x3d, 0xff, 0x0a],
                                   for: request(.logoff, network("x")))) == .notUTF8(line: 2))
        // Non-UTF-8 in a comment is harmless.
        #expect(answer(HelperOutput(exitStatus: 0, stdout: [0x23, 0xff, 0x0a] + Array("result=success".utf8),
                                    for: request(.logoff, network("x"))))?.result == .success)
        // A line of unknown shape is never quoted: it may be a password echoed by mistake.
        #expect(HelperOutputError.notKeyValue(line: 2).description == "line 2 is not key=value")
    }

    @Test func keysOutsideTheirCommandAreIgnoredWithANote() {
        let out = parse("result=success\nconfidence=high\nclaim=41\thigh\nmaintain_after=60\nui_field=a\n", .evaluate)
        #expect(answer(out) == HelperResponse(result: .success, confidence: .high))
        #expect(out.notes == [.notPartOfAnswer(key: "claim", command: .evaluate, line: 3),
                              .notPartOfAnswer(key: "maintain_after", command: .evaluate, line: 4),
                              .notPartOfAnswer(key: "ui_field", command: .evaluate, line: 5)])
        #expect(out.notes[0].description == "line 3: claim ignored: not part of an answer to evaluate")
        // Ignored lines do not count as duplicates either.
        #expect(error(parse("result=success\nconfidence=low\nconfidence=high\n", .logoff)) == nil)
    }

    @Test func claims() {
        let text = """
            claim=4265616e\thigh\tpass word 1\t02:00:00:00:00:09
            claim=4F70656E\tLOW
            claim=-\tlow\t-\t-
            claim=4265616e\tlow
            claim=6e6f7065\thigh\tsecret-pw
            claim=4265616e\thigh\tshort
            result=success
            """
        let out = parse(text, .filterScanList, scanList: scan)
        let r = answer(out)
        #expect(r?.claims == [
            HelperClaim(ssid: SSID("Bean")!, bssid: BSSID("02:00:00:00:00:09"), password: "pass word 1", confidence: .high),
            HelperClaim(ssid: SSID("Open")!, confidence: .low),
            HelperClaim(ssid: SSID("")!, confidence: .low),
        ])
        #expect(out.notes == [.duplicateClaim(SSID("Bean")!, line: 4), .claimNotInScanList(SSID("nope")!, line: 5),
                              .invalidPassword(SSID("Bean")!, line: 6, .tooShort(length: 5))])
        #expect(out.notes[2].description == "line 6: claim for \"Bean\" dropped: the passphrase is 5 characters; it needs 8–63 printable ASCII characters or 64 hex digits")
        for note in out.notes { #expect(!note.description.contains("secret-pw") && !note.description.contains("short\"")) }
    }

    @Test func claimPasswordsAreValidatedAsPassphrases() {
        let psk = String(repeating: "ab", count: 32)
        let ok = parse("claim=4265616e\thigh\t" + psk + "\nresult=success\n", .filterScanList, scanList: scan)
        #expect(answer(ok)?.claims.first?.password == Passphrase(stringLiteral: psk))
        for (bad, why) in [("é-is-not-ascii", PassphraseError.notPrintableASCII(offset: 0)),
                           (String(repeating: "x", count: 64), .sixtyFourCharactersNotHex),
                           (String(repeating: "x", count: 65), .tooLong(length: 65))] {
            let out = parse("claim=4265616e\thigh\t" + bad + "\nresult=success\n", .filterScanList, scanList: scan)
            #expect(answer(out)?.claims == [])
            #expect(out.notes == [.invalidPassword(SSID("Bean")!, line: 1, why)])
            #expect(!out.notes[0].description.contains(bad))
        }
    }

    @Test func malformedClaims() {
        let bad = ["claim=4265616e", "claim=4265616e\tmaybe", "claim=zz\thigh", "claim=426\thigh", "claim=\thigh",
                   "claim=" + String(repeating: "41", count: 33) + "\thigh", "claim=4265616e\thigh\tpassword1\tnot-a-mac",
                   "claim=4265616e\thigh\tpassword1\t-\textra"]
        for line in bad {
            let out = parse(line + "\nresult=success\n", .filterScanList, scanList: scan)
            guard case .invalidValue(key: "claim", line: 1, _)? = error(out) else {
                Issue.record("\(line.debugDescription): \(out.answer)")
                continue
            }
            #expect(!error(out)!.description.contains("password1"))
        }
    }

    @Test func claimBound() {
        let list = (0..<HelperProtocol.maxClaims).map { network("n" + String($0)) }
        var text = list.map { "claim=" + $0.ssid.hex + "\thigh\n" }.joined()
        #expect(answer(parse(text + "result=success\n", .filterScanList, scanList: list))?.claims.count == 512)
        text += "claim=41\thigh\n"
        #expect(error(parse(text + "result=success\n", .filterScanList, scanList: list)) == .tooManyClaims)
    }

    @Test func uiRequest() {
        let text = """
            result=uiRequired
            ui_message=Room number and last name, please: ☕
            ui_field=room\tRoom number
            ui_secret_field=pin\tPIN (4 digits)
            ui_field=name
            portal_url=https://portal.example/login?a=1&b=2
            """
        let r = answer(parse(text))
        #expect(r?.result == .uiRequired)
        #expect(r?.ui == UIRequest(fields: [UIField(name: "room", prompt: "Room number"),
                                            UIField(name: "pin", prompt: "PIN (4 digits)", isSecret: true),
                                            UIField(name: "name")],
                                   portalURL: "https://portal.example/login?a=1&b=2",
                                   message: "Room number and last name, please: ☕"))
    }

    /// presentUI may ask again (the portal refused the owner's answers): its UI lines are the new question.
    @Test func presentUIAsksAgain() {
        let r = answer(parse("ui_message=No booking for that room.\nui_field=room\tRoom number\nresult=uiRequired\n", .presentUI))
        #expect(r?.ui == UIRequest(fields: [UIField(name: "room", prompt: "Room number")], message: "No booking for that room."))
    }

    @Test func uiWithAnotherResultIsIgnored() {
        let out = parse("result=success\nui_field=room\tRoom\n")
        #expect(answer(out) == HelperResponse(result: .success))
        #expect(out.notes == [.uiWithoutUIRequired(.success)])
        // uiRequired with nothing to ask: the core shows an empty request.
        #expect(answer(parse("result=uiRequired\n"))?.ui == nil)
    }

    @Test func malformedUI() {
        let cases: [(String, HelperOutputError)] = [
            ("ui_field=bad-name\tx", .invalidValue(key: "ui_field", line: 1, expected: "a name of 1-32 of A-Z a-z 0-9 _, then a tab and a label")),
            ("ui_secret_field=\tx", .invalidValue(key: "ui_secret_field", line: 1, expected: "a name of 1-32 of A-Z a-z 0-9 _, then a tab and a label")),
            ("ui_field=room\tRoom\tnumber", .invalidValue(key: "ui_field", line: 1, expected: "a label without control characters")),
            ("ui_field=room\t\u{1b}[31m", .invalidValue(key: "ui_field", line: 1, expected: "a label without control characters")),
            ("ui_field=room\tx\u{9b}", .invalidValue(key: "ui_field", line: 1, expected: "a label without control characters")),
            ("ui_message=a\u{7f}", .invalidValue(key: "ui_message", line: 1, expected: "text without control characters")),
            ("portal_url=ftp://x", .invalidValue(key: "portal_url", line: 1, expected: "an http:// or https:// URL without spaces")),
            ("portal_url=http://x/a b", .invalidValue(key: "portal_url", line: 1, expected: "an http:// or https:// URL without spaces")),
        ]
        for (line, expected) in cases {
            #expect(error(parse(line + "\nresult=uiRequired\n")) == expected, "\(line.debugDescription)")
        }
        #expect(error(parse("ui_field=room\nui_secret_field=ROOM\nresult=uiRequired\n"))
            == .invalidValue(key: "ui_secret_field", line: 2, expected: "a name no other field has (ignoring case)"))
        #expect(error(parse("ui_message=a\nui_message=b\nresult=uiRequired\n")) == .duplicate(key: "ui_message", line: 2))
        let sixteen = (0..<16).map { "ui_field=f" + String($0) + "\n" }.joined()
        #expect(answer(parse(sixteen + "result=uiRequired\n"))?.ui?.fields.count == 16)
        #expect(error(parse(sixteen + "ui_field=f16\nresult=uiRequired\n")) == .tooManyUIFields)
    }

    @Test func maintainAfter() {
        #expect(answer(parse("result=success\nmaintain_after=300\n", .maintain))?.maintainAfterMs == 300_000)
        #expect(answer(parse("maintain_after= 86400 \nresult=success\n", .presentUI))?.maintainAfterMs == 86_400_000)
        for bad in ["0", "86401", "-5", "1.5", "", "99999999999999999999"] {
            #expect(error(parse("result=success\nmaintain_after=" + bad + "\n"))
                == .invalidValue(key: "maintain_after", line: 2, expected: "whole seconds, 1-86400"), "\(bad)")
        }
    }

    @Test func sessionRemaining() {
        #expect(answer(parse("result=success\nsession_remaining=1800\n", .authenticate))?.sessionRemainingMs == 1_800_000)
        #expect(answer(parse("session_remaining=0\nresult=success\n", .maintain))?.sessionRemainingMs == 0)
        #expect(answer(parse("result=success\n", .maintain))?.sessionRemainingMs == nil)
        for bad in ["2592001", "-5", "1.5", "", "soon"] {
            #expect(error(parse("result=success\nsession_remaining=" + bad + "\n"))
                == .invalidValue(key: "session_remaining", line: 2, expected: "whole seconds, 0-2592000"), "\(bad)")
        }
        // Not part of evaluate's answer: ignored with a note.
        let out = parse("result=success\nconfidence=low\nsession_remaining=60\n", .evaluate)
        #expect(out.notes == [.notPartOfAnswer(key: "session_remaining", command: .evaluate, line: 3)])
    }

    @Test func resultsInvalidForTheCommandAreLeftToTheCore() {
        // The core's `HelperCommand.accepts` judges them (and counts them as failure); parsing keeps them.
        #expect(answer(parse("result=uiRequired\n", .evaluate))?.result == .uiRequired)
    }

    @Test func everyDescriptionIsReadable() {
        let errors: [HelperOutputError] = [.noResult, .nulByte(line: 1), .notUTF8(line: 1), .lineTooLong(line: 1),
                                           .notKeyValue(line: 1), .duplicate(key: "result", line: 2),
                                           .unknownResult("x", line: 1), .invalidValue(key: "k", line: 1, expected: "e"),
                                           .tooManyClaims, .tooManyUIFields]
        #expect(Set(errors.map(\.description)).count == errors.count)
        #expect(HelperOutputError.unknownResult("x", line: 3).description
            == "line 3: result 'x' is not one of success, failure, uiRequired, commandNotRecognized, authenticationRequired, unsupportedNetwork, temporaryFailure")
        #expect(HelperOutputError.tooManyClaims.description == "more than 512 claims")
        #expect(HelperOutputNote.outputIgnored(status: 3).description == "output ignored: the helper exited with status 3")
        #expect(HelperOutputNote.uiWithoutUIRequired(.failure).description == "UI request ignored: the result is failure, not uiRequired")
    }
}

// MARK: - Through a real shell

@Suite struct HelperShellTests {
    /// The documented read loop gets every field of every hostile network back exactly, and claims made from
    /// the ssid_hex it read parse back to the same SSIDs.
    @Test(arguments: ShellRun.shells)
    func scanListSurvivesTheShellReadLoop(shell: [String]) throws {
        let list = hostileSSIDs.enumerated().map { i, s in
            network(s, security: SecurityType.allCases[i % 5], rssi: -40 - i, bssid: i % 4 == 3 ? nil : bssidA)
        }
        let script = #"""
            set -eu
            tab=$(printf '\t')
            while IFS="$tab" read -r ssid_hex bssid rssi signal frequency security ssid; do
                printf 'claim=%s\thigh\n' "$ssid_hex"
                printf 'x_seen=%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$ssid_hex" "$bssid" "$rssi" "$signal" "$frequency" "$security" "$ssid"
            done
            echo result=success
            """#
        let (out, run) = try ShellRun.helper(shell, script: script, request(.filterScanList, scanList: list))
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        let r = try #require(answer(out))
        #expect(r.claims.map(\.ssid) == list.map(\.ssid))
        let seen = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n")
            .filter { $0.hasPrefix("x_seen=") }.map { String($0.dropFirst(7)) + "\n" }
        let sent = String(decoding: HelperInvocation(request(.filterScanList, scanList: list)).input, as: UTF8.self)
            .split(separator: "\n").map { String($0) + "\n" }
        #expect(seen == sent)
        #expect(out.notes.count == list.count)  // the x_seen lines, as unknown keys
    }

    @Test(arguments: ShellRun.shells)
    func networkVariablesSurviveTheShell(shell: [String]) throws {
        let script = #"printf 'x_ssid=%s\nx_hex=%s\n' "$HOTSPOT_SSID" "$HOTSPOT_SSID_HEX"; echo result=success"#
        for s in hostileSSIDs {
            let (out, run) = try ShellRun.helper(shell, script: script, request(.evaluate, network(s)))
            #expect(answer(out)?.result == .success)
            #expect(String(decoding: run.stdout, as: UTF8.self)
                == "x_ssid=" + HelperProtocol.printable(s) + "\nx_hex=" + SSID(bytes: s)!.hex + "\nresult=success\n")
        }
    }

    @Test(arguments: ShellRun.shells)
    func exitStatusesFromAShell(shell: [String]) throws {
        let auth = request(.authenticate, network("x"))
        #expect(try ShellRun.helper(shell, script: "echo result=success; exit 3", auth).0.answer == .failure(.exited(status: 3)))
        #expect(try ShellRun.helper(shell, script: "false || exit 75", auth).0.answer
            == .success(HelperResponse(result: .temporaryFailure)))
        #expect(try ShellRun.run(shell + ["-c", "kill -KILL $$", "helper"], HelperInvocation(auth)).signal == 9)
        #expect(try ShellRun.helper(shell, script: "echo confidence=high", auth).0.outputError == .noResult)
    }

    /// examples/helpers/README.md's way of reading the answers from stdin (no eval): every byte an answer may
    /// hold comes through as typed, shell syntax and all.
    @Test(arguments: ShellRun.shells)
    func answersReadFromStdinAsTheREADMEShows(shell: [String]) throws {
        let typed = [" 4\\1 2 ", "$(reboot)`id` *", "a=b=c", "\u{d3} S\u{e9}"]
        let script = """
            room='' name='' pin='' code=''
            while IFS= read -r line; do
                case $line in
                HOTSPOT_UI_ROOM=*) room=${line#*=} ;;
                HOTSPOT_UI_NAME=*) name=${line#*=} ;;
                HOTSPOT_UI_PIN=*) pin=${line#*=} ;;
                HOTSPOT_UI_CODE=*) code=${line#*=} ;;
                esac
            done
            printf 'ui_message=[%s][%s][%s][%s]\nresult=uiRequired\n' "$room" "$name" "$pin" "$code"
            """
        let answers = zip(["room", "name", "pin", "code"], typed).map { UIAnswer(key: $0, value: $1) }
        let (out, run) = try ShellRun.helper(shell, script: script, request(.presentUI, network("x"), answers: answers))
        #expect(answer(out)?.ui?.message == "[\(typed[0])][\(typed[1])][\(typed[2])][\(typed[3])]", "\(run.stderr)")
    }
}

// MARK: - examples/helpers

@Suite struct ExampleHelperTests {
    let guest = network("Bean There Guest")
    let lounge = network("Bean There Lounge")
    let open = network("Bean There Open", security: .open)
    let stranger = network("Bean There Guest!")
    let hotel = network("Hotel Zed", security: .open)

    @Test(arguments: ShellRun.shells)
    func venueChain(shell: [String]) throws {
        let list = [stranger, network([0x42, 0x65, 0x61, 0x6e, 0xff]), guest, lounge, open, network([])]
        let filter = try ShellRun.example(shell, "venue-chain", request(.filterScanList, scanList: list))
        #expect(filter.notes.isEmpty)
        #expect(answer(filter)?.claims == [
            HelperClaim(ssid: guest.ssid, password: "espresso-2024", confidence: .high),
            HelperClaim(ssid: lounge.ssid, password: "latte art 4 ever", confidence: .high),
            HelperClaim(ssid: open.ssid, confidence: .high),
        ])
        for (n, known) in [(guest, true), (open, true), (stranger, false), (hotel, false)] {
            let evaluate = try ShellRun.example(shell, "venue-chain", request(.evaluate, n))
            #expect(answer(evaluate) == HelperResponse(result: .success, confidence: known ? .high : Confidence.none))
            let authenticate = try ShellRun.example(shell, "venue-chain", request(.authenticate, n))
            #expect(answer(authenticate)?.result == (known ? .success : .unsupportedNetwork))
        }
        for command in [HelperCommand.maintain, .logoff] {
            #expect(answer(try ShellRun.example(shell, "venue-chain", request(command, guest)))?.result == .success)
        }
        #expect(answer(try ShellRun.example(shell, "venue-chain", request(.presentUI, guest)))?.result == .commandNotRecognized)
    }

    @Test(arguments: ShellRun.shells)
    func roomPortal(shell: [String]) throws {
        let filter = try ShellRun.example(shell, "room-portal", request(.filterScanList, scanList: [hotel, guest]))
        #expect(answer(filter) == HelperResponse(result: .success))
        for (n, confidence) in [(hotel, Confidence.low), (network("Hotel Zed", security: .personal), .none),
                                (network("Motel", security: .open), .none), (network([0x48, 0x6f, 0x74, 0x65, 0x6c, 0xff], security: .open), .low)] {
            let evaluate = try ShellRun.example(shell, "room-portal", request(.evaluate, n))
            #expect(answer(evaluate) == HelperResponse(result: .success, confidence: confidence), "\(n.ssid)")
        }
        // Its login and probe go through $HOTSPOT_FETCH, which only the daemon's launch adds (HelperLauncher):
        // Tests/helpers/run runs it with one against a portal. Without one: failure, and why on stderr.
        let path = ShellRun.directory.appendingPathComponent("examples/helpers/room-portal").path
        let uplink = UplinkAddressing(interface: "wlan0", address: "10.9.0.7", gateway: "10.9.0.1")
        let good = [UIAnswer(key: "room", value: "412"), UIAnswer(key: "name", value: "O'Brien; $(reboot)")]
        for r in [request(.authenticate, hotel), request(.presentUI, hotel, answers: good), request(.maintain, hotel)] {
            let run = try ShellRun.run(shell + [path], HelperInvocation(r, uplink: uplink))
            #expect(answer(HelperOutput(exitStatus: run.exitStatus, stdout: run.stdout, for: r))?.result == .failure,
                    "\(r.command)")
            #expect(run.stderr.hasPrefix("room-portal: no HOTSPOT_FETCH"), "\(r.command): \(run.stderr)")
        }
        #expect(answer(try ShellRun.example(shell, "room-portal", request(.logoff, hotel)))?.result == .success)
    }
}

/// Issue 37's keys: where the owner's answers go (with uiRequired), where they were accepted (with success),
/// and a refusal of remembered ones; and the variables of an authenticate with remembered answers.
@Suite struct HelperAnswersKeysTests {
    func parse(_ text: String, _ command: HelperCommand) -> HelperResponse? {
        let request = HelperRequest(id: 1, helper: "h", command: command)
        guard case .success(let r) = HelperOutput(exitStatus: 0, stdout: Array(text.utf8), for: request).answer else { return nil }
        return r
    }

    @Test func uiRequiredSaysWhereAndHowTheAnswersGo() throws {
        let r = try #require(parse("ui_field=room\tRoom\nanswers_origin=http://portal.test:8080\nanswers_transport=http\nresult=uiRequired\n", .authenticate))
        #expect(r.ui?.answersOrigin == "http://portal.test:8080" && r.ui?.answersTransport == .http && r.ui?.answersTransport?.isEncrypted == false)
        let u = try #require(parse("answers_origin=https://1.1.1.1\nanswers_transport=https-unverified\nanswers_refused=remembered\nresult=uiRequired\n", .authenticate))
        #expect(u.ui?.answersTransport == .httpsUnverified && u.ui?.refusedRemembered == true)
        // An origin without a transport is https (the one that needs no warning).
        #expect(parse("answers_origin=https://portal.test\nresult=uiRequired\n", .presentUI)?.ui?.answersTransport == .https)
        #expect(parse("answers_origin=https://portal.test\nanswers_transport=https\nresult=uiRequired\n", .presentUI)?.ui?.answersTransport == .https)
    }

    @Test func successSaysWhereTheAnswersWereAccepted() throws {
        let r = try #require(parse("answers_accepted=http://portal.test\nanswers_gateway=02:00:00:aa:bb:01\nresult=success\n", .presentUI))
        #expect(r.acceptedAnswers == AcceptedAnswers(origin: "http://portal.test", gateway: "02:00:00:aa:bb:01"))
        // Not with another result: a failed login accepted nothing.
        #expect(parse("answers_accepted=http://portal.test\nresult=failure\n", .presentUI)?.acceptedAnswers == nil)
    }

    @Test func badValuesAreRefusedWithTheKey() {
        for line in ["answers_origin=http://portal.test/login", "answers_origin=ftp://x", "answers_origin=http://",
                     "answers_transport=plain", "answers_transport=HTTP", "answers_transport=https-unverifiedx",
                     "answers_transport=", "answers_gateway=02:00:00:AA:BB:01", "answers_gateway=02:00:00:aa:bb",
                     "answers_refused=yes"] {
            let request = HelperRequest(id: 1, helper: "h", command: .authenticate)
            let out = HelperOutput(exitStatus: 0, stdout: Array((line + "\nresult=uiRequired\n").utf8), for: request)
            guard case .failure = out.answer else { Issue.record("\(line) was taken"); continue }
        }
    }

    @Test func rememberedAnswersReachOnlyAuthenticate() {
        var request = HelperRequest(id: 1, helper: "portal", command: .authenticate, answers: [UIAnswer(key: "room", value: "412")])
        request.rememberedOrigin = "http://portal.test"
        request.rememberedGateway = "02:00:00:aa:bb:01"
        let inv = HelperInvocation(request)
        let e = inv.environment
        #expect(e.contains("HOTSPOT_REMEMBERED_ORIGIN=http://portal.test") && e.contains("HOTSPOT_REMEMBERED_GATEWAY=02:00:00:aa:bb:01"))
        #expect(inv.input == Array("HOTSPOT_UI_ROOM=412\n".utf8))
        // Without an origin, an authenticate gets no answers at all.
        request.rememberedOrigin = nil
        let bare = HelperInvocation(request)
        #expect(!bare.environment.contains { $0.hasPrefix("HOTSPOT_UI_") || $0.hasPrefix("HOTSPOT_REMEMBERED_") } && bare.input.isEmpty)
    }

    /// /proc/net/arp's shape: the gateway's complete entry on the uplink; incomplete entries and other
    /// interfaces' are not it.
    @Test func theGatewaysMACFromTheNeighbourTable() {
        let table = """
            IP address       HW type     Flags       HW address            Mask     Device
            10.42.1.1        0x1         0x0         00:00:00:00:00:00     *        wlan0
            192.168.1.1      0x1         0x2         AA:BB:CC:00:00:09     *        br-lan
            10.42.1.1        0x1         0x2         02:00:00:AA:BB:01     *        wlan0
            garbage
            """
        let g = IPv4Address(10, 42, 1, 1)
        #expect(NeighborTable.mac(of: g, on: "wlan0", in: Array(table.utf8)) == "02:00:00:aa:bb:01")
        #expect(NeighborTable.mac(of: g, on: "wlan1", in: Array(table.utf8)) == nil)
        #expect(NeighborTable.mac(of: IPv4Address(192, 168, 1, 1), on: nil, in: Array(table.utf8)) == "aa:bb:cc:00:00:09")
        #expect(NeighborTable.mac(of: IPv4Address(10, 42, 1, 2), on: nil, in: Array(table.utf8)) == nil)
        #expect(NeighborTable.mac(of: g, on: nil, in: []) == nil)
    }
}


/// `probe=`: what each probe URL saw at the verdict, for `hotspotd status` (a walled garden's 204 beside the
/// portal another probe saw).
@Suite struct HelperProbeLinesTests {
    @Test func probeLinesGoWithTheVerdicts() throws {
        let text = "probe=http://a.test/generate_204: open\nprobe=http://b.test/: HTTP 302, portal\nconfidence=low\nresult=success\n"
        for command in [HelperCommand.evaluate, .maintain, .authenticate, .presentUI] {
            let body = command == .evaluate ? text : text.replacingOccurrences(of: "confidence=low\n", with: "")
            let r = try #require(answer(parse(body, command)))
            #expect(r.probes == ["http://a.test/generate_204: open", "http://b.test/: HTTP 302, portal"], "\(command)")
        }
        // Not part of filterScanList's or logoff's answer: noted and dropped.
        let f = parse("probe=http://a.test/: open\nresult=success\n", .filterScanList)
        #expect(f.notes == [.notPartOfAnswer(key: "probe", command: .filterScanList, line: 1)])
        #expect(answer(f)?.probes == [])
    }

    @Test func probeLinesAreBoundedAndPrintable() throws {
        var many = ""
        for i in 0..<12 { many += "probe=http://p\(i).test/: open\n" }
        let r = try #require(answer(parse(many + "result=success\n", .maintain)))
        #expect(r.probes.count == HelperProtocol.maxProbeLines && r.probes.last == "http://p7.test/: open")
        for bad in ["probe=http://a.test/:\u{1b}[31m open", "probe=" + String(repeating: "x", count: 1001)] {
            guard case .failure = parse(bad + "\nresult=success\n", .maintain).answer else {
                Issue.record("\(bad.prefix(20)) was taken"); continue
            }
        }
    }
}
