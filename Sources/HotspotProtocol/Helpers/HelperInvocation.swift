import HotspotCore

/// What the driver knows of the interface the helper's network is on. Each part may be unknown.
public struct UplinkAddressing: Hashable, Sendable {
    public var interface: String?
    /// IPv4 address, dotted quad.
    public var address: String?
    public var gateway: String?
    public var dnsServers: [String]
    /// The RFC 8908 API's URI the DHCP server announced (option 114), already checked.
    public var captivePortalAPI: String?

    public init(interface: String? = nil, address: String? = nil, gateway: String? = nil, dnsServers: [String] = [],
                captivePortalAPI: String? = nil) {
        self.interface = interface
        self.address = address
        self.gateway = gateway
        self.dnsServers = dnsServers
        self.captivePortalAPI = captivePortalAPI
    }
}

/// One run of an external helper, encoded: argv[1...], the exact environment and stdin (README of
/// examples/helpers). The driver starts the process with these; `HelperOutput` reads its answer.
public struct HelperInvocation: Hashable, Sendable {
    /// argv[1...]: the command word.
    public var arguments: [String]
    /// `KEY=value` strings, no NUL or newline in any of them.
    public var environment: [String]
    /// filterScanList: the scan list, one network per line; presentUI, and authenticate with remembered answers:
    /// the answers (`HelperSecrets`), kept out of the environment that other processes of its user can read.
    public var input: [UInt8]
    /// UI answers left out, and why (never their values), for the log.
    public var notes: [String]

    /// `stateDirectory`: a directory of the helper's own (its user's) that lasts between its commands.
    public init(_ request: HelperRequest, uplink: UplinkAddressing = UplinkAddressing(), stateDirectory: String? = nil) {
        arguments = [request.command.rawValue]
        environment = HelperProtocol.baseEnvironment
        input = []
        notes = []
        set(HelperVariable.protocolVersion, String(HelperProtocol.version))
        set(HelperVariable.command, request.command.rawValue)
        set(HelperVariable.helper, HelperProtocol.printable(Array(request.helper.utf8)))
        if request.command == .filterScanList {
            input.reserveCapacity(request.scanList.count * 80)
            for n in request.scanList { HelperInvocation.appendScanLine(n, to: &input) }
            return
        }
        if let n = request.network {
            set(HelperVariable.ssid, HelperProtocol.printable(n.ssid.bytes))
            set(HelperVariable.ssidHex, n.ssid.hex)
            set(HelperVariable.bssid, n.bssid?.description ?? "")
            set(HelperVariable.rssi, String(n.rssi))
            set(HelperVariable.signal, HelperInvocation.hundredths(n.signalStrength))
            set(HelperVariable.frequency, String(n.frequency))
            set(HelperVariable.security, n.securityType.rawValue)
            set(HelperVariable.isSecure, n.isSecure ? "1" : "0")
            set(HelperVariable.didAutoJoin, n.didAutoJoin ? "1" : "0")
            set(HelperVariable.didJustJoin, n.didJustJoin ? "1" : "0")
            set(HelperVariable.isChosenHelper, n.isChosenHelper ? "1" : "0")
        }
        set(HelperVariable.interface, HelperInvocation.fact(uplink.interface))
        set(HelperVariable.address, HelperInvocation.fact(uplink.address))
        set(HelperVariable.gateway, HelperInvocation.fact(uplink.gateway))
        var dns = ""
        for server in uplink.dnsServers {
            let s = HelperInvocation.fact(server)
            if s.isEmpty { continue }
            if !dns.isEmpty { dns += " " }
            dns += s
        }
        set(HelperVariable.dns, dns)
        set(HelperVariable.captiveAPI, HelperInvocation.fact(uplink.captivePortalAPI))
        set(HelperVariable.stateDirectory, HelperInvocation.fact(stateDirectory))
        if request.command == .presentUI {
            var names: [[UInt8]] = []
            for answer in request.answers { addAnswer(answer, &names) }
        } else if request.command == .authenticate, let origin = request.rememberedOrigin {
            set(HelperVariable.rememberedOrigin, HelperInvocation.fact(origin))
            set(HelperVariable.rememberedGateway, HelperInvocation.fact(request.rememberedGateway))
            var names: [[UInt8]] = []
            for answer in request.answers { addAnswer(answer, &names) }
        }
    }

    /// A scan list line: `ssid_hex TAB bssid TAB rssi TAB signal TAB frequency TAB security TAB ssid_text LF`.
    /// The shell's `read` merges adjacent tabs (tab is IFS white space), so no field but the last is ever
    /// empty: an empty SSID and an unknown BSSID are `-`. The text is `printable`, so it holds no tab or LF.
    public static func appendScanLine(_ n: HotspotNetwork, to out: inout [UInt8]) {
        let tab = UInt8(ascii: "\t")
        if n.ssid.isEmpty { out.append(UInt8(ascii: "-")) } else { out.append(contentsOf: n.ssid.hex.utf8) }
        out.append(tab)
        out.append(contentsOf: (n.bssid?.description ?? "-").utf8)
        out.append(tab)
        out.append(contentsOf: String(n.rssi).utf8)
        out.append(tab)
        out.append(contentsOf: hundredths(n.signalStrength).utf8)
        out.append(tab)
        out.append(contentsOf: String(n.frequency).utf8)
        out.append(tab)
        out.append(contentsOf: n.securityType.rawValue.utf8)
        out.append(tab)
        out.append(contentsOf: HelperProtocol.printable(n.ssid.bytes).utf8)
        out.append(UInt8(ascii: "\n"))
    }

    /// 0.0–1.0 as `0.00`–`1.00`, half up. (`rounded()` would need libm, which the binary does not link.)
    static func hundredths(_ x: Double) -> String {
        let h = x.isNaN ? 0 : Int(min(max(x, 0), 1) * 100 + 0.5)
        let frac = h % 100
        return String(h / 100) + (frac < 10 ? ".0" : ".") + String(frac)
    }

    /// The driver's own strings, still kept printable: an environment value must not hold NUL or newline.
    static func fact(_ s: String?) -> String {
        guard let s else { return "" }
        return HelperProtocol.printable(Array(s.utf8))
    }

    @inline(never) mutating func set(_ name: String, _ value: String) {
        environment.append(name + "=" + value)
    }

    /// `HOTSPOT_UI_<KEY>=value` on stdin, KEY upper-cased. A key that is not `[A-Za-z0-9_]{1,32}`, a value with a
    /// control character (it could not stay on its line) or longer than `maxLineBytes`, and a second answer for
    /// the same name are left out. `names`: the `HOTSPOT_UI_<KEY>` names added so far.
    mutating func addAnswer(_ answer: UIAnswer, _ names: inout [[UInt8]]) {
        let key = Array(answer.key.utf8)
        let shown = "UI answer '" + HelperProtocol.printable(Array(key.prefix(HelperProtocol.maxFieldNameBytes))) + "'"
        guard HelperProtocol.isFieldName(key[...]) else {
            notes.append(shown + " left out: a key is 1-32 of A-Z a-z 0-9 _")
            return
        }
        let value = Array(answer.value.utf8)
        guard !HelperProtocol.hasControl(value[...]) else {
            notes.append(shown + " left out: its value has a control character")
            return
        }
        guard value.count <= HelperProtocol.maxLineBytes else {
            notes.append(shown + " left out: its value is longer than " + String(HelperProtocol.maxLineBytes) + " bytes")
            return
        }
        var name: [UInt8] = Array(HelperVariable.uiPrefix.utf8)
        for b in key { name.append(HelperProtocol.upper(b)) }
        if names.contains(name) {
            notes.append(shown + " left out: another answer has the same upper-cased key")
            return
        }
        names.append(name)
        HelperSecrets.append(String(decoding: name, as: UTF8.self), value, to: &input)
    }
}
