// What the daemon reads from its own surroundings: helper output, its UCI file, its state file, requests on
// its control socket, and the files the venue's DHCP answer turns into.
import HotspotCore
import HotspotProtocol
import HotspotWeb

let daemonTargets = [
    FuzzTarget(name: "helper-output", feeds: "a helper's stdout, as the answer to each command", run: helperOutput),
    FuzzTarget(name: "helper-secrets", feeds: "the built-in helper's stdin: the answers and the WISPr password", run: helperSecrets),
    FuzzTarget(name: "uci", feeds: "/etc/config/hotspot, then config save / remove on it", run: uci),
    FuzzTarget(name: "state-file", feeds: "the state file; states made of the input's bytes", run: stateFile),
    FuzzTarget(name: "control", feeds: "control-socket requests and replies", run: control),
    FuzzTarget(name: "dhcp", feeds: "option 114's hex file, the option's bytes, resolv.conf.auto", run: dhcp),
]

let scanList = [
    HotspotNetwork(ssid: SSID(bytes: bytes("Bean"))!, bssid: BSSID("02:00:00:00:01:00"), rssi: -50, frequency: 2412,
                   securityType: .open),
    HotspotNetwork(ssid: SSID(bytes: bytes("Hotel"))!, bssid: BSSID("02:00:00:00:02:00"), rssi: -70, frequency: 5180,
                   securityType: .personal),
    HotspotNetwork(ssid: SSID(bytes: [0xff, 0x0a, 0x00, 0x22])!, bssid: nil, rssi: -90, frequency: 2462,
                   securityType: .personal),
]

/// The same stdout as the answer to every command, exited 0 and exited 75 (temporary failure).
func helperOutput(_ input: [UInt8]) {
    for command in HelperCommand.allCases {
        let request = HelperRequest(id: 9, helper: "venue", command: command,
                                    network: command == .filterScanList ? nil : scanList[1],
                                    scanList: command == .filterScanList ? scanList : [],
                                    answers: command == .presentUI ? [UIAnswer(key: "room", value: "12")] : [])
        for status: Int32 in [0, 75] {
            let output = HelperOutput(exitStatus: status, stdout: input, for: request)
            _ = output.input
            for note in output.notes { _ = note.description }
            if let error = output.outputError { _ = error.description }
        }
    }
}

/// Stdin the built-in helper takes is lines of secrets whose values, written again, read back the same; a value
/// made of the input's bytes is written only without a control character, and then reads back as its text.
func helperSecrets(_ input: [UInt8]) {
    if let secrets = HelperSecrets(parsing: input) {
        var again: [UInt8] = []
        var seen: Set<String> = []
        for line in input.split(separator: 10, omittingEmptySubsequences: false).dropLast() {
            let name = String(decoding: line[..<line.firstIndex(of: UInt8(ascii: "="))!], as: UTF8.self)
            // The first line of a name is the one value(_:) finds.
            guard seen.insert(name).inserted, let value = secrets.value(name) else { continue }
            HelperSecrets.append(name, Array(value.utf8), to: &again)
        }
        let reread = HelperSecrets(parsing: again)
        require(reread != nil, "secrets written again do not parse")
        for name in seen { require(reread?.value(name) == secrets.value(name), "a secret written again reads otherwise") }
    }
    var written: [UInt8] = []
    HelperSecrets.append(HelperVariable.uiPrefix + "ROOM", input, to: &written)
    if !written.isEmpty && written.count <= HelperSecrets.maxBytes {
        require(HelperSecrets(parsing: written)?.value(HelperVariable.uiPrefix + "ROOM") == String(decoding: input, as: UTF8.self),
                "a written secret reads back otherwise")
    }
}

/// A file that loads survives `config save` of its own preferences (same preferences, same rest), of
/// changed ones (read back as saved) and `config remove` (the defaults).
func uci(_ input: [UInt8]) {
    _ = try? UCIFile(parsing: input)
    guard let loaded = try? HotspotUCI(parsing: input, file: "f") else { return }
    let preferences = loaded.configuration.preferences

    var changed = preferences
    changed.isEnabled.toggle()
    changed.safariDomains = ["portal.example"]
    // An evaluated SSID of the input's own bytes, which may need `evaluated_ssid_hex`.
    if changed.authenticationProvider != nil, let ssid = SSID(bytes: Array(input.suffix(32))), !ssid.isEmpty {
        changed.evaluatedSSIDs = [ssid]
    }
    let saves: [(ManagerPreferences?, ManagerPreferences.Fields)] = [
        (preferences, .all), (changed, .all), (nil, .all), (changed, [.isEnabled, .evaluatedSSIDs]),
    ]
    for (saved, fields) in saves {
        guard let edited = HotspotUCI.editingPreferences(input, saved, fields) else {
            // Only a file without a `config hotspot` section cannot take options.
            require(!hasHotspotSection(input), "config save refused a file that loads")
            continue
        }
        let reloaded: HotspotUCI
        do throws(HotspotUCIError) {
            reloaded = try HotspotUCI(parsing: edited, file: "f")
        } catch {
            require(false, "config save wrote a file that does not load: " + error.description + "\n" + show(edited))
            return
        }
        var expected = preferences
        expected.take(fields, from: saved ?? ManagerPreferences())
        require(reloaded.configuration.preferences.differences(from: expected).isEmpty,
                "the saved preferences do not read back:\n" + show(edited))
        var rest = reloaded.configuration
        rest.preferences = loaded.configuration.preferences
        require(rest == loaded.configuration && reloaded.settings == loaded.settings,
                "config save changed more than the preferences:\n" + show(edited))
    }
}

func hasHotspotSection(_ input: [UInt8]) -> Bool {
    (try? UCIFile(parsing: input))?.sections.contains { $0.type == "hotspot" } ?? false
}

/// Whatever parses encodes to a file that parses to the same state, byte-stable; and states built of the
/// input's bytes (SSIDs, passphrases) survive encode → parse.
func stateFile(_ input: [UInt8]) {
    if let state = try? PersistentState.parse(String(decoding: input, as: UTF8.self)) {
        let text = state.encoded()
        let again = try? PersistentState.parse(text)
        require(again == state, "parse(encoded()) != state for:\n" + show(input))
        require(again?.encoded() == text, "encoded() is not stable")
    }
    let ssid = SSID(bytes: Array(input.prefix(32)))!
    let passphrase = try? Passphrase(bytes: Array(input.dropFirst(32)))
    let built = PersistentState(
        helperCache: [.init(ssid: ssid, helper: "venue-1")],
        disabled: [.init(ssid: ssid, reason: .helperError, remainingMs: Int64(input.count) * 1000),
                   .init(ssid: ssid, reason: .ownerCancelledUI)],
        loggedOff: [ssid],
        ownerNetworks: [KnownNetwork(ssid: ssid, passphrase: passphrase, priority: -input.count)])
    let text = built.encoded()
    do throws(PersistentStateError) {
        require(try PersistentState.parse(text) == built, "a built state does not read back:\n" + text)
    } catch {
        require(false, "a built state does not parse: " + error.description + "\n" + text)
    }
}

/// A request (in two reads) that decodes re-encodes to the same request; so does one made of the input's
/// bytes; a reply that decodes re-encodes to the same reply.
func control(_ input: [UInt8]) {
    var decoder = ControlRequestDecoder()
    var step = decoder.feed(input.prefix(input.count / 2))
    if step == .needMore { step = decoder.feed(input.dropFirst(input.count / 2)) }
    if case .request(let request) = step { requireRoundTrip(request) }

    let ssid = SSID(bytes: Array(input.prefix(32)))!
    let passphrase = try? Passphrase(bytes: Array(input.dropFirst(32).prefix(64)))
    requireRoundTrip(.join(ssid, passphrase: passphrase, once: input.count % 2 == 0))
    requireRoundTrip(.submitUI([UIAnswer(key: String(decoding: input.prefix(8), as: UTF8.self),
                                         value: String(decoding: input.dropFirst(8), as: UTF8.self))]))
    if !ssid.isEmpty { requireRoundTrip(.forget(ssid)) }

    var replies = ControlReplyDecoder()
    if case .reply(let reply) = replies.feed(input[...]) {
        var again = ControlReplyDecoder()
        require(again.feed(reply.encoded[...]) == .reply(reply), "a reply does not re-encode to itself")
    }
}

func requireRoundTrip(_ request: ControlRequest) {
    let line = request.encoded
    guard line.count <= ControlRequest.maxBytes else { return }
    var decoder = ControlRequestDecoder()
    let step = decoder.feed(line[...])
    require(step == .request(request), "request does not survive encode → decode: " + show(line))
}

/// The URI the DHCP server sent: hex in the file (as udhcpc writes it) reads back as those bytes, and a
/// URI read from the file re-encodes to itself. resolv.conf.auto's servers are address-looking words.
func dhcp(_ input: [UInt8]) {
    if case .success(let uri) = CaptivePortalAPIOption.uri(fromHexFile: input) {
        let file = Array(Hex.encode(Array(uri.utf8)).utf8)
        require(CaptivePortalAPIOption.uri(fromHexFile: file) == .success(uri), "option 114 URI does not re-read")
    }
    let file = Array((Hex.encode(input) + "\n").utf8)
    if case .success(let uri) = CaptivePortalAPIOption.uri(fromHexFile: file) {
        require(Array(uri.utf8) == input, "option 114 read back other bytes than were sent")
    }
    for server in ResolvConf.nameservers(input) {
        require(!server.isEmpty && server.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7f }, "odd name server " + server)
    }
}
