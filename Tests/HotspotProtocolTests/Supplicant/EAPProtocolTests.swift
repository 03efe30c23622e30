import Testing
import HotspotCore
@testable import HotspotProtocol

/// EAP settings on every wire: the network block written to wpa_supplicant, UCI, helper claims, events.
private func eap(_ fields: [(String, String)]) -> EAPSettings {
    var s = EAPSettings()
    for (k, v) in fields { _ = s.set(k, Array(v.utf8)) }
    return s
}

/// Bytes no value may bring into a command line: quotes, newlines, NUL, a second option.
private let hostile = "pa\"ss\"\n\0 ca_cert \"/tmp/evil\"\\\u{7f}é"
private let peap = eap([("eap", "peap"), ("identity", "traveller"), ("anonymous_identity", "anon@radio.test"),
                        ("password", hostile), ("ca_cert", "/etc/ssl/radio ca.pem"), ("domain_suffix_match", "radio.test")])

@Suite struct EAPJoinPlanTests {
    static func sent(_ settings: EAPSettings) -> [SupplicantCommand] {
        var plan = SupplicantJoinPlan(ssid: SSID("Campus")!, security: .enterprise, passphrase: nil)
        plan.eap = settings
        var sent: [SupplicantCommand] = []
        var step = plan.start()
        step = plan.received(Array("network id / ssid / bssid / flags\n".utf8))
        while case .send(let c) = step {
            sent.append(c)
            step = plan.received(Array((c == .addNetwork ? "4\n" : "OK\n").utf8))
        }
        #expect(step == .finished(.init(networkID: NetworkID(4)!, reused: false)))
        return sent
    }

    @Test func peapWritesEveryValueAsHexAndRedactsThePassword() throws {
        let sent = Self.sent(peap)
        #expect(sent.map { $0.logDescription ?? "?" } == [
            "ADD_NETWORK", "SET_NETWORK 4 ssid 43616d707573", "SET_NETWORK 4 key_mgmt WPA-EAP", "SET_NETWORK 4 bssid any",
            "SET_NETWORK 4 scan_ssid 0", "SET_NETWORK 4 id_str \"hotspotd\"", "SET_NETWORK 4 phase2 617574683d4d53434841505632",
            "SET_NETWORK 4 eap PEAP", "SET_NETWORK 4 identity 74726176656c6c6572",
            "SET_NETWORK 4 anonymous_identity 616e6f6e40726164696f2e74657374", "SET_NETWORK 4 password [redacted]",
            "SET_NETWORK 4 ca_cert 2f6574632f73736c2f726164696f2063612e70656d",
            "SET_NETWORK 4 domain_suffix_match 726164696f2e74657374", "SELECT_NETWORK 4",
        ])
        // The password goes out once, as hex of its exact bytes: one line, one option, nothing quoted.
        let line = try sent[10].encoded()
        #expect(String(decoding: line, as: UTF8.self) == "SET_NETWORK 4 password " + Hex.encode(Array(hostile.utf8)))
        #expect(!line.contains(0x0a) && !line.contains(0) && !line.contains(UInt8(ascii: "\"")))
    }

    @Test func ttlsAndTLSGetTheirInnerMethodOrNone() {
        var ttls = peap
        _ = ttls.set("eap", Array("ttls".utf8))
        #expect(Self.sent(ttls).map { $0.logDescription ?? "?" }.contains("SET_NETWORK 4 phase2 617574683d504150"))
        // TTLS with MSCHAPv2 inside (issue 39, eduroam's other usual method): eap TTLS, phase2 auth=MSCHAPV2.
        var mschap = peap
        _ = mschap.set("eap", Array("ttls-mschapv2".utf8))
        #expect(mschap.problem() == nil)
        let mschapTexts = Self.sent(mschap).map { $0.logDescription ?? "?" }
        #expect(mschapTexts.contains("SET_NETWORK 4 eap TTLS"), "\(mschapTexts)")
        #expect(mschapTexts.contains("SET_NETWORK 4 phase2 617574683d4d53434841505632"))
        // Other words near it are refused, not sent cut at the dash.
        for word in ["ttls-pap", "ttls-", "peap-mschapv2", "TTLS-MSCHAPV2"] {
            var other = peap
            _ = other.set("eap", Array(word.utf8))
            #expect(other.problem() == "eap must be peap, ttls, ttls-mschapv2 or tls", "\(word)")
        }
        let tls = eap([("eap", "tls"), ("identity", "me"), ("ca_cert", "/ca"), ("domain_suffix_match", "radio.test"),
                       ("client_cert", "/c.pem"), ("private_key", "/k.pem")])
        let texts = Self.sent(tls).map { $0.logDescription ?? "?" }
        #expect(texts.contains("SET_NETWORK 4 eap TLS") && texts.contains("SET_NETWORK 4 client_cert 2f632e70656d"))
        #expect(texts.contains("SET_NETWORK 4 private_key 2f6b2e70656d"))
        #expect(!texts.contains { $0.contains("phase2") || $0.contains("password") })
    }

    @Test func anEnterpriseJoinWithoutAVerifiedServerSendsNothing() {
        for missing in ["ca_cert", "domain_suffix_match"] {
            var s = peap
            _ = s.set(missing, [])
            var plan = SupplicantJoinPlan(ssid: SSID("Campus")!, security: .enterprise, passphrase: nil)
            plan.eap = s
            #expect(plan.start() == .failed(.unsupportedSecurity(.enterprise)))
        }
    }
}

@Suite struct EAPConfigurationTests {
    static func load(_ text: String) throws(HotspotUCIError) -> HotspotUCI {
        try HotspotUCI(parsing: Array(text.utf8), file: "/etc/config/hotspot")
    }

    @Test func aNetworkWithEAPSettingsIsEnterprise() throws {
        let uci = try Self.load("""
            config network 'campus'
            \toption ssid 'Campus'
            \toption eap 'peap'
            \toption identity 'traveller'
            \toption anonymous_identity 'anon@radio.test'
            \toption password 'pa"ss'\\'' wo\\rd #1;'
            \toption ca_cert '/etc/ssl/radio ca.pem'
            \toption domain_suffix_match 'radio.test'
            """)
        var expected = peap
        _ = expected.set("password", Array("pa\"ss' wo\\rd #1;".utf8))
        #expect(uci.configuration.knownNetworks == [KnownNetwork(ssid: SSID("Campus")!, eap: expected)])
        #expect(uci.configuration.knownNetworks[0].security == .enterprise)
        #expect(uci.warnings.isEmpty)
    }

    @Test func incompleteOrUnsafeSettingsAreErrorsThatNeverShowThePassword() {
        let head = "config network 'campus'\n\toption ssid 'Campus'\n\toption password 'sekrit-pw'\n"
        let cases: [(String, String)] = [
            ("\toption eap peap\n\toption identity me\n\toption domain_suffix_match radio.test\n",
             "config network 'campus': ca_cert is missing: hotspotd never sends credentials to an unverified server"),
            ("\toption eap peap\n\toption identity me\n\toption ca_cert /ca.pem\n",
             "config network 'campus': domain_suffix_match is missing: hotspotd never sends credentials to an unverified server"),
            ("\toption eap peap\n\toption identity me\n\toption ca_cert ca.pem\n\toption domain_suffix_match d\n",
             "config network 'campus': ca_cert is not an absolute path"),
            ("\toption eap leap\n", "config network 'campus': eap must be peap, ttls, ttls-mschapv2 or tls"),
            ("\toption eap peap\n\toption identity me\n\toption ca_cert /ca\n\toption domain_suffix_match d\n\toption key 'password1'\n",
             "config network 'campus': a network has either option key or EAP settings"),
            ("\toption eap peap\n\tlist identity me\n", "list identity: takes one value: write option identity"),
            // Issue 35: a top-level domain would trust any server under it.
            ("\toption eap peap\n\toption identity me\n\toption ca_cert /ca\n\toption domain_suffix_match com\n",
             "config network 'campus': domain_suffix_match must name a domain of at least two labels (radius.example.edu), not a top-level domain"),
        ]
        for (rest, message) in cases {
            do {
                _ = try Self.load(head + rest)
                Issue.record("accepted: \(rest)")
            } catch {
                #expect(error.description.hasSuffix(message), "\(error.description)")
                #expect(!error.description.contains("sekrit"))
            }
        }
    }
}

@Suite struct EAPClaimTests {
    static let campus = HotspotNetwork(ssid: SSID("Campus")!, bssid: BSSID("02:00:00:00:00:01")!, rssi: -60,
                                       frequency: 2412, securityType: .enterprise)

    static func parse(_ line: String) -> HelperOutput {
        HelperOutput(exitStatus: 0, stdout: Array((line + "\nresult=success\n").utf8),
                     for: HelperRequest(id: 1, helper: "h", command: .filterScanList, network: nil, scanList: [campus]))
    }

    static func hex(_ s: String) -> String { Hex.encode(Array(s.utf8)) }

    @Test func aClaimCarriesEAPSettingsAfterTheBSSID() {
        let fields = ["eap=peap", "identity=" + Self.hex("traveller"), "anonymous_identity=" + Self.hex("anon@radio.test"),
                      "password=" + Self.hex(hostile), "ca_cert=" + Self.hex("/etc/ssl/radio ca.pem"),
                      "domain_suffix_match=" + Self.hex("radio.test")]
        let out = Self.parse("claim=43616d707573\thigh\t-\t-\t" + fields.joined(separator: "\t"))
        guard case .success(let r) = out.answer else {
            Issue.record("\(out.answer)")
            return
        }
        #expect(r.claims.map { $0.eap } == [peap])
        #expect(r.claims.map { $0.password } == [nil])
    }

    @Test func badEAPFieldsMakeTheAnswerInvalidWithoutShowingThem() {
        let cases: [(String, String)] = [
            ("identity=zz", "followed by EAP settings as name=hex (eap=peap, ttls, ttls-mschapv2 or tls)"),
            ("psk=41414141", "followed by EAP settings as name=hex (eap=peap, ttls, ttls-mschapv2 or tls)"),
            ("eap=peap\tidentity=41\tpassword=" + Self.hex("sekrit-pw") + "\tdomain_suffix_match=41",
             "with complete EAP settings (see the helper protocol): a CA, a domain, the method's credentials"),
        ]
        for (fields, expected) in cases {
            let out = Self.parse("claim=43616d707573\thigh\t-\t-\t" + fields)
            #expect(out.outputError == .invalidValue(key: "claim", line: 1, expected: expected))
            #expect(!(out.outputError?.description.contains("sekrit") ?? true))
        }
    }
}

@Suite struct EAPEventTests {
    @Test func aRefusedServerCertificateSaysWhy() {
        let cases: [(String, String)] = [
            ("<3>CTRL-EVENT-EAP-TLS-CERT-ERROR reason=5 depth=0 subject='/CN=elsewhere.invalid' err='Domain suffix mismatch'",
             "Domain suffix mismatch"),
            ("<3>CTRL-EVENT-EAP-TLS-CERT-ERROR reason=1 depth=1 subject='/CN=x err=' err='unable to get local issuer certificate'",
             "unable to get local issuer certificate"),
            ("<3>CTRL-EVENT-EAP-TLS-CERT-ERROR reason=1", ""),
        ]
        for (text, why) in cases {
            #expect(SupplicantEventMessage.parse(Array(text.utf8))?.event == .certificateRefused("server certificate refused: " + why), "\(text)")
        }
    }
}

extension EAPSettings {
    /// Sets the field called `name`; false when no field has that name.
    mutating func set(_ name: String, _ value: [UInt8]) -> Bool {
        guard let i = Self.names.firstIndex(where: { $0.description == name }) else { return false }
        values[i] = value
        return true
    }
}
