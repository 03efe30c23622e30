import HotspotCore

extension TempDisableReason {
    /// From the `reason=` word, compared as bytes (a switch over String literals links Unicode comparison);
    /// anything unknown is kept (already escaped) as `.other`.
    init(reasonText text: ArraySlice<UInt8>) {
        if ASCII.equals(text, "WRONG_KEY") {
            self = .wrongKey
        } else if ASCII.equals(text, "CONN_FAILED") {
            self = .connectionFailed
        } else if ASCII.equals(text, "AUTH_FAILED") {
            self = .authenticationFailed
        } else {
            self = .other(PrintfEscaping.excerpt(text))
        }
    }
}

/// What an event means. Fields a malformed event lacks are nil rather than the event being dropped.
public indirect enum SupplicantEvent: Equatable, Sendable {
    /// `CTRL-EVENT-SCAN-STARTED`
    case scanStarted
    /// `CTRL-EVENT-SCAN-RESULTS`: fetch SCAN_RESULTS / BSS now.
    case scanResults
    /// `CTRL-EVENT-SCAN-FAILED ret=-16 [retry=1]`
    case scanFailed(code: Int?)
    /// `CTRL-EVENT-CONNECTED - Connection to 02:00:00:00:01:00 completed [id=0 id_str=]`
    case connected(bssid: BSSID?, networkID: NetworkID?, idString: String?)
    /// `CTRL-EVENT-DISCONNECTED bssid=… reason=3 locally_generated=1`
    case disconnected(bssid: BSSID?, reason: Int?, locallyGenerated: Bool)
    /// `CTRL-EVENT-SSID-TEMP-DISABLED id=0 ssid="…" auth_failures=1 duration=10 reason=WRONG_KEY`
    case temporarilyDisabled(networkID: NetworkID?, ssid: SSID?, authFailures: Int?, duration: Int?,
                             reason: TempDisableReason?)
    /// `CTRL-EVENT-SSID-REENABLED id=0 ssid="…"`
    case reenabled(networkID: NetworkID?, ssid: SSID?)
    /// `CTRL-EVENT-NETWORK-NOT-FOUND`: no enabled network is in range.
    case networkNotFound
    /// `CTRL-EVENT-TERMINATING`: wpa_supplicant is exiting; reconnect later.
    case terminating
    /// `CTRL-EVENT-ASSOC-REJECT bssid=… status_code=1 [timeout]`
    case associationRejected(bssid: BSSID?, statusCode: Int?, timedOut: Bool)
    /// `CTRL-EVENT-AUTH-REJECT 02:00:… auth_type=0 auth_transaction=2 status_code=15`
    case authenticationRejected(bssid: BSSID?, statusCode: Int?)
    /// `WPA: 4-Way Handshake failed - pre-shared key may be incorrect`
    case handshakeFailed
    /// `CTRL-EVENT-EAP-TLS-CERT-ERROR … err='Domain suffix mismatch'`: the EAP server's certificate was
    /// refused ("server certificate refused: " and the `err` text, escaped); an AUTH_FAILED follows.
    case certificateRefused(String)
    /// Anything else, as text (escaped where not printable ASCII).
    case unknown(String)
}

/// One event datagram from the ATTACHed socket: `<3>CTRL-EVENT-…` or, from a global control interface,
/// `IFNAME=wlan0 <3>CTRL-EVENT-…`.
public struct SupplicantEventMessage: Equatable, Sendable {
    /// The `<N>` level (MSG_DEBUG 2, MSG_INFO 3, MSG_WARNING 4, MSG_ERROR 5); nil if absent.
    public let priority: Int?
    /// From an `IFNAME=` prefix.
    public let interface: String?
    public let event: SupplicantEvent
    /// The message after the prefixes, escaped where not printable ASCII (for logs).
    public let text: String

    /// nil unless the datagram is an event (see `SupplicantDatagram.isEvent`). Trailing CR/LF are ignored.
    public static func parse(_ datagram: [UInt8]) -> SupplicantEventMessage? {
        var rest = ASCII.trimTrailingNewlines(datagram[...])
        var interface: String? = nil
        if let afterName = ASCII.dropPrefix(rest, "IFNAME=") {
            let end = ASCII.firstIndex(of: ASCII.space, in: afterName) ?? afterName.endIndex
            interface = PrintfEscaping.excerpt(afterName[afterName.startIndex..<end])
            rest = afterName[end..<afterName.endIndex]
            while let f = rest.first, f == ASCII.space { rest = rest.dropFirst() }
        }
        var priority: Int? = nil
        if let found = Self.level(rest) {
            priority = found.0
            rest = found.1
        } else if interface == nil {
            return nil
        }
        return SupplicantEventMessage(priority: priority, interface: interface, event: Self.event(rest),
                                      text: PrintfEscaping.excerpt(rest, limit: 4096))
    }

    /// `<` 1–3 digits `>`.
    static func level(_ s: ArraySlice<UInt8>) -> (Int, ArraySlice<UInt8>)? {
        guard let first = s.first, first == UInt8(ascii: "<") else { return nil }
        var i = s.startIndex + 1
        var value = 0
        var digits = 0
        while i < s.endIndex, s[i] >= UInt8(ascii: "0"), s[i] <= UInt8(ascii: "9"), digits < 3 {
            value = value * 10 + Int(s[i] - UInt8(ascii: "0"))
            digits += 1
            i += 1
        }
        guard digits > 0, i < s.endIndex, s[i] == UInt8(ascii: ">") else { return nil }
        return (value, s[(i + 1)..<s.endIndex])
    }

    /// Interprets the message text (after `<N>`).
    public static func event(_ body: ArraySlice<UInt8>) -> SupplicantEvent {
        let nameEnd = ASCII.firstIndex(of: ASCII.space, in: body) ?? body.endIndex
        let name = body[body.startIndex..<nameEnd]
        let args = body[nameEnd..<body.endIndex]
        // Read once for every event that has arguments: one call instead of one per event.
        let a = EventArguments(args)
        // The event's name looked up once in one literal: one call, not one comparison per event.
        switch ASCII.place(of: name, inWords: """
            CTRL-EVENT-SCAN-STARTED CTRL-EVENT-SCAN-RESULTS CTRL-EVENT-NETWORK-NOT-FOUND CTRL-EVENT-TERMINATING \
            CTRL-EVENT-SCAN-FAILED CTRL-EVENT-CONNECTED CTRL-EVENT-DISCONNECTED CTRL-EVENT-SSID-TEMP-DISABLED \
            CTRL-EVENT-SSID-REENABLED CTRL-EVENT-ASSOC-REJECT CTRL-EVENT-AUTH-REJECT CTRL-EVENT-EAP-TLS-CERT-ERROR
            """) {
        case 0: return .scanStarted
        case 1: return .scanResults
        case 2: return .networkNotFound
        case 3: return .terminating
        case 4: return .scanFailed(code: a.int("ret"))
        case 5: return connected(args)
        case 6:
            return .disconnected(bssid: a.bssid("bssid"), reason: a.int("reason"),
                                 locallyGenerated: a.int("locally_generated") == 1)
        case 7:
            var reason: TempDisableReason? = nil
            if let r = a.value("reason") { reason = TempDisableReason(reasonText: r) }
            return .temporarilyDisabled(networkID: a.networkID(), ssid: a.ssid("ssid"),
                                        authFailures: a.int("auth_failures"), duration: a.int("duration"),
                                        reason: reason)
        case 8: return .reenabled(networkID: a.networkID(), ssid: a.ssid("ssid"))
        case 9:
            return .associationRejected(bssid: a.bssid("bssid"), statusCode: a.int("status_code"),
                                        timedOut: a.has("timeout"))
        case 10: return .authenticationRejected(bssid: a.firstBareBSSID, statusCode: a.int("status_code"))
        case 11:
            // err='…' is last and holds no quote (wpa_supplicant's or OpenSSL's words); the subject before it
            // is the server's, any bytes: the text between the last two quotes.
            let body = args.dropLast()
            let start = ASCII.lastIndex(of: UInt8(ascii: "'"), in: body).map { $0 + 1 } ?? body.endIndex
            return .certificateRefused("server certificate refused: " + PrintfEscaping.excerpt(body[start...]))
        default:
            if ASCII.hasPrefix(body, "WPA: 4-Way Handshake failed") { return .handshakeFailed }
            return .unknown(PrintfEscaping.excerpt(body, limit: 4096))
        }
    }

    /// `- Connection to <bssid> completed [id=<n> id_str=<text>]`; Android builds print
    /// `- connection to <bssid> completed (auth) [id=…]`.
    static func connected(_ args: ArraySlice<UInt8>) -> SupplicantEvent {
        var bssid: BSSID? = nil
        if let at = ASCII.firstIndex(of: "onnection to ", in: args) {
            let start = at + 13
            if start + 17 <= args.endIndex {
                bssid = BSSID(ASCII.string(args[start..<(start + 17)]))
            }
        }
        var id: NetworkID? = nil
        var idString: String? = nil
        if let open = ASCII.firstIndex(of: "[id=", in: args) {
            var inner = args[(open + 4)..<args.endIndex]
            if let last = inner.last, last == ASCII.closeBracket { inner = inner.dropLast() }
            let numberEnd = ASCII.firstIndex(of: ASCII.space, in: inner) ?? inner.endIndex
            id = WpaBytes.parseUnsigned(inner[inner.startIndex..<numberEnd]).flatMap(NetworkID.init)
            if let s = ASCII.firstIndex(of: " id_str=", in: inner) {
                var text = inner[(s + 8)..<inner.endIndex]
                if let fils = ASCII.firstIndex(of: " FILS_HLP_SENT", in: text), fils + 14 == text.endIndex {
                    text = text[text.startIndex..<fils]
                }
                idString = text.isEmpty ? nil : PrintfEscaping.excerpt(text)
            }
        }
        return .connected(bssid: bssid, networkID: id, idString: idString)
    }
}

/// The `key=value` arguments of an event, space separated; a value may be `"quoted"` (printf-escaped inside,
/// so `\"` does not end it). A bare word without `=` is kept as a flag (`timeout`). An unterminated quote
/// makes that value absent.
struct EventArguments {
    let text: ArraySlice<UInt8>
    /// Four indices into `text` per argument: key start and end, value start and end (-1, -1: no value).
    /// Ints, not an array of (key, value?) pairs: no array code of its own for that element type.
    var bounds: [Int] = []

    init(_ text: ArraySlice<UInt8>) {
        self.text = text
        var i = text.startIndex
        let end = text.endIndex
        while i < end {
            while i < end, text[i] == ASCII.space { i += 1 }
            guard i < end else { break }
            let keyStart = i
            while i < end, text[i] != ASCII.space, text[i] != ASCII.equals { i += 1 }
            bounds.append(keyStart)
            bounds.append(i)
            guard i < end, text[i] == ASCII.equals else {
                bounds.append(-1)
                bounds.append(-1)
                continue
            }
            i += 1
            if i < end, text[i] == ASCII.quote {
                i += 1
                let valueStart = i
                var closed = false
                while i < end {
                    if text[i] == ASCII.backslash {
                        i += 2
                        continue
                    }
                    if text[i] == ASCII.quote {
                        closed = true
                        break
                    }
                    i += 1
                }
                if closed {
                    bounds.append(valueStart)
                    bounds.append(i)
                    i += 1
                } else {
                    bounds.append(-1)
                    bounds.append(-1)
                    i = end
                }
            } else {
                let valueStart = i
                while i < end, text[i] != ASCII.space { i += 1 }
                bounds.append(valueStart)
                bounds.append(i)
            }
        }
    }

    /// The place in `bounds` of the first argument named `key`, or -1.
    func find(_ key: StaticString) -> Int {
        var p = 0
        while p < bounds.count {
            if ASCII.equals(text[bounds[p]..<bounds[p + 1]], key) { return p }
            p += 4
        }
        return -1
    }

    func value(_ key: StaticString) -> ArraySlice<UInt8>? {
        let p = find(key)
        guard p >= 0, bounds[p + 2] >= 0 else { return nil }
        return text[bounds[p + 2]..<bounds[p + 3]]
    }

    func has(_ key: StaticString) -> Bool { find(key) >= 0 }

    func int(_ key: StaticString) -> Int? {
        guard let v = value(key) else { return nil }
        return WpaBytes.parseInt(v)
    }

    /// `id=`: a network's id.
    func networkID() -> NetworkID? {
        guard let n = int("id") else { return nil }
        return NetworkID(n)
    }

    func bssid(_ key: StaticString) -> BSSID? {
        guard let v = value(key), v.count == 17 else { return nil }
        return BSSID(ASCII.string(v))
    }

    func ssid(_ key: StaticString) -> SSID? {
        guard let v = value(key) else { return nil }
        return PrintfEscaping.decodeSSID(v)
    }

    /// The first bare word that is a BSSID (CTRL-EVENT-AUTH-REJECT prints it without a key).
    var firstBareBSSID: BSSID? {
        var p = 0
        while p < bounds.count {
            if bounds[p + 2] < 0 && bounds[p + 1] - bounds[p] == 17, let b = BSSID(ASCII.string(text[bounds[p]..<bounds[p + 1]])) {
                return b
            }
            p += 4
        }
        return nil
    }
}

/// Sorting datagrams that arrive on the request socket: wpa_supplicant can interleave an event before the
/// reply. Events start with `<digits>` or `IFNAME=`; replies never do.
public indirect enum SupplicantDatagram: Equatable, Sendable {
    case event(SupplicantEventMessage)
    case reply(SupplicantReply)

    public static func isEvent(_ datagram: [UInt8]) -> Bool {
        let s = datagram[...]
        if ASCII.hasPrefix(s, "IFNAME=") { return true }
        return SupplicantEventMessage.level(s) != nil
    }

    public static func classify(_ datagram: [UInt8]) -> SupplicantDatagram {
        if isEvent(datagram), let message = SupplicantEventMessage.parse(datagram) {
            return .event(message)
        }
        return .reply(SupplicantReply(datagram))
    }
}
