// wpa_supplicant's control socket: its events, its replies, and the SSIDs it prints escaped.
import HotspotCore
import HotspotProtocol

let supplicantTargets = [
    FuzzTarget(name: "wpa-event", feeds: "event and reply datagrams through SupplicantConnection", run: wpaEvent),
    FuzzTarget(name: "wpa-reply", feeds: "one reply to every reply parser and plan", run: wpaReply),
    FuzzTarget(name: "wpa-ssid", feeds: "printf-escaped SSID text (wpa_supplicant's printf_decode)", run: wpaSSID),
]

/// Datagrams (cut at `datagramSeparator`) arrive alternately on the request and the event socket of a
/// connection that has requests in flight: every request completes exactly once, whatever arrives.
func wpaEvent(_ input: [UInt8]) {
    let datagrams = pieces(input, separator: datagramSeparator)
    var connection = SupplicantConnection(SupplicantConnection.Configuration())
    var now: Int64 = 0
    var completions: [UInt64: Int] = [:]
    var issued: UInt64 = 0
    func take(_ actions: [SupplicantConnection.Action]) {
        for case .complete(let token, _) in actions { completions[token, default: 0] += 1 }
    }
    func attach() {
        take(connection.timerFired(.reconnect, now: now))
        take(connection.socketsOpened(now: now))
        take(connection.datagram(from: .events, bytes("OK\n"), now: now))
    }
    take(connection.start(now: now))
    attach()
    for (i, datagram) in datagrams.enumerated() {
        _ = SupplicantEventMessage.parse(datagram)
        now += 250
        if connection.attachment == .down { attach() }
        if i % 3 == 0 {
            issued += 1
            take(connection.enqueue(i % 2 == 0 ? .status : .scanResults, token: issued, now: now))
        }
        take(connection.datagram(from: i % 2 == 0 ? .requests : .events, datagram, now: now))
        if datagram.isEmpty { take(connection.timerFired(.request, now: now)) }
        if datagram.count == 1 { take(connection.timerFired(.ping, now: now)) }
    }
    take(connection.stop(now: now))
    for token in 0..<issued {
        require(completions[token + 1] == 1, "request \(token + 1) completed \(completions[token + 1] ?? 0) times")
    }
}

/// One reply datagram to every parser that reads replies, and a sequence of them (cut at
/// `datagramSeparator`) through each plan, which must end within its page limit.
func wpaReply(_ input: [UInt8]) {
    _ = SupplicantReply(input)
    _ = try? SupplicantReply.expectOK(input)
    _ = try? SupplicantReply.networkID(input)
    _ = try? ScanResultsTable.parse(input)
    _ = try? BSSInfo.parse(input)
    _ = try? BSSRange.parse(input)
    _ = try? SupplicantStatus.parse(input)
    _ = try? SignalPoll.parse(input)
    _ = try? NetworkList.parse(input)
    _ = KeyValueBlock(parsing: input)

    let replies = pieces(input, separator: datagramSeparator)
    let ssid = SSID(bytes: bytes("Hotel \"Guest\""))!
    var join = SupplicantJoinPlan(ssid: ssid, security: .personal, passphrase: try? Passphrase(bytes: bytes("secret-key")))
    run(&join, replies, limit: 64)
    var forget = SupplicantForgetPlan(ssid: ssid)
    // Every page of the listing, then one REMOVE_NETWORK per block it listed.
    run(&forget, replies, limit: SupplicantNetworkListPlan.maximumPages * (1 + input.count))
    var list = SupplicantNetworkListPlan()
    run(&list, replies, limit: SupplicantNetworkListPlan.maximumPages + 1)
    var paging = BSSPagingPlan()
    run(&paging, replies, limit: BSSPagingPlan.maximumPages + 1)
}

/// Runs `plan` with `replies` in turn (the last one again once they run out): it must finish or fail
/// within `limit` commands.
func run<P: SupplicantPlan>(_ plan: inout P, _ replies: [[UInt8]], limit: Int) {
    var step = plan.start()
    var sent = 0
    while case .send = step {
        sent += 1
        require(sent <= limit, "\(P.self) sent more than \(limit) commands")
        step = plan.received(replies[min(sent - 1, replies.count - 1)])
    }
}

/// printf_decode and printf_encode: what an SSID's text decodes to encodes canonically and decodes back,
/// any bytes survive encode → decode, an SSID escaped into an event comes back out of the event parser, and
/// one sent to wpa_supplicant goes as one line ending in its hex.
func wpaSSID(_ input: [UInt8]) {
    let decoded = PrintfEscaping.decode(input)
    let encoded = PrintfEscaping.encode(decoded)
    require(PrintfEscaping.decode(encoded) == decoded, "decode(encode(decode(x))) != decode(x)")
    require(PrintfEscaping.isCanonical(encoded[...]), "encode(x) is not canonical")
    require(PrintfEscaping.decode(PrintfEscaping.encode(input)) == input, "decode(encode(x)) != x")
    require(PrintfEscaping.decodeSSID(input[...]) == SSID(bytes: decoded), "decodeSSID disagrees with decode")

    let ssid = SSID(bytes: Array(input.prefix(32)))!
    let event = bytes("<3>CTRL-EVENT-SSID-TEMP-DISABLED id=3 ssid=\"") + PrintfEscaping.encode(ssid.bytes)
        + bytes("\" auth_failures=2 duration=20 reason=WRONG_KEY\n")
    guard case .temporarilyDisabled(_, let parsed, let failures, _, _)? = SupplicantEventMessage.parse(event)?.event else {
        require(false, "TEMP-DISABLED event not recognised: " + show(event))
        return
    }
    require(parsed == ssid && failures == 2, "TEMP-DISABLED event read back another SSID: " + show(event))

    guard !ssid.isEmpty, let command = try? SupplicantCommand.setNetwork(NetworkID(7)!, .ssid(ssid)).encoded() else {
        require(ssid.isEmpty, "SET_NETWORK ssid refused a non-empty SSID")
        return
    }
    require(command.allSatisfy { $0 >= 0x20 && $0 < 0x7f }, "SET_NETWORK is not one printable line: " + show(command))
    let hex = String(decoding: command.split(separator: 0x20).last ?? [], as: UTF8.self)
    require(Hex.decode(hex) == ssid.bytes, "SET_NETWORK's hex is not the SSID: " + show(command))
}
