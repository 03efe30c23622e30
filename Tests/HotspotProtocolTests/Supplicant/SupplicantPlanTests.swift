import Testing
import HotspotCore
@testable import HotspotProtocol

private func id(_ n: Int) -> NetworkID { NetworkID(n)! }
private func ssid(_ text: String) -> SSID { SSID(text)! }
private let header = "network id / ssid / bssid / flags\n"
private let secret = try! Passphrase("correct horse battery")

/// The commands as wpa_supplicant would receive them, secrets redacted (`logDescription`).
private func texts(_ commands: [SupplicantCommand]) -> [String] { commands.map { $0.logDescription ?? "?" } }

/// Feed a plan canned replies in order: the commands it sent and its last step. Stops at the first step
/// that is not `.send`, or when the replies run out.
private func replay<P: SupplicantPlan>(_ plan: inout P, _ replies: [String]) -> (sent: [SupplicantCommand], last: SupplicantPlanStep<P.Result>) {
    replay(&plan, replies.map { Array($0.utf8) })
}

private func replay<P: SupplicantPlan>(_ plan: inout P, _ replies: [[UInt8]]) -> (sent: [SupplicantCommand], last: SupplicantPlanStep<P.Result>) {
    var sent: [SupplicantCommand] = []
    var step = plan.start()
    var next = 0
    while case .send(let command) = step {
        sent.append(command)
        guard next < replies.count else { break }
        step = plan.received(replies[next])
        next += 1
    }
    return (sent, step)
}

/// A wpa_supplicant's network blocks behind its control interface, as 2.10 answers: LIST_NETWORKS rows with
/// the SSID printf-escaped (`wpa_ssid_txt`), cut after the last whole row that fits in 4 KB, `LAST_ID=`
/// skipping the blocks up to that id; ADD_NETWORK appends with the next id.
private struct SimulatedSupplicant {
    struct Block {
        var id: Int
        var ssid: [UInt8] = []
        var bssid = "any"
        var settings: [String] = []
    }

    var blocks: [Block] = []
    var nextID = 0
    var received: [SupplicantCommand] = []

    init(ssids: [[UInt8]] = []) {
        for s in ssids {
            blocks.append(Block(id: nextID, ssid: s))
            nextID += 1
        }
    }

    /// wpa_supplicant's printf_encode, written out again here so the plan's decoder is not its own oracle.
    static func escape(_ bytes: [UInt8]) -> String {
        var out = ""
        for b in bytes {
            switch b {
            case 0x22: out += "\\\""
            case 0x5c: out += "\\\\"
            case 0x1b: out += "\\e"
            case 0x0a: out += "\\n"
            case 0x0d: out += "\\r"
            case 0x09: out += "\\t"
            case 0x20...0x7e: out.unicodeScalars.append(Unicode.Scalar(b))
            default: out += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16)
            }
        }
        return out
    }

    mutating func answer(_ command: SupplicantCommand) -> String {
        received.append(command)
        switch command {
        case .listNetworks(let after):
            var reply = header
            for b in blocks where after == nil || b.id > after!.rawValue {
                let row = "\(b.id)\t" + Self.escape(b.ssid) + "\t" + b.bssid + "\t[DISABLED]\n"
                if reply.utf8.count + row.utf8.count >= SupplicantLimits.replySize { break }
                reply += row
            }
            return reply
        case .addNetwork:
            blocks.append(Block(id: nextID))
            nextID += 1
            return "\(nextID - 1)\n"
        case .setNetwork(let id, let field):
            guard let n = blocks.firstIndex(where: { $0.id == id.rawValue }) else { return "FAIL\n" }
            switch field {
            case .ssid(let s): blocks[n].ssid = s.bytes
            case .bssid(let b): blocks[n].bssid = b?.description ?? "any"
            default: break
            }
            blocks[n].settings.append(command.logDescription ?? "?")
            return "OK\n"
        case .selectNetwork(let id):
            return blocks.contains(where: { $0.id == id?.rawValue }) ? "OK\n" : "FAIL\n"
        case .removeNetwork(.id(let id)):
            guard let n = blocks.firstIndex(where: { $0.id == id.rawValue }) else { return "FAIL\n" }
            blocks.remove(at: n)
            return "OK\n"
        default:
            return "UNKNOWN COMMAND\n"
        }
    }

    /// Run a plan to its end against this table.
    mutating func run<P: SupplicantPlan>(_ plan: P) -> SupplicantPlanStep<P.Result> {
        var plan = plan
        var step = plan.start()
        var turns = 0
        while case .send(let command) = step {
            turns += 1
            if turns > 500 { Issue.record("plan does not end"); break }
            step = plan.received(Array(answer(command).utf8))
        }
        return step
    }
}

@Suite struct SupplicantJoinPlanTests {
    @Test func addsConfiguresAndSelectsWhenNoBlockHasTheSSID() {
        var plan = SupplicantJoinPlan(ssid: ssid("Hotel"), security: .personal, passphrase: secret)
        let (sent, last) = replay(&plan, [header, "3\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n"])
        #expect(texts(sent) == [
            "LIST_NETWORKS", "ADD_NETWORK",
            "SET_NETWORK 3 ssid 486f74656c", "SET_NETWORK 3 key_mgmt WPA-PSK", "SET_NETWORK 3 psk [redacted]",
            "SET_NETWORK 3 bssid any", "SET_NETWORK 3 scan_ssid 0", "SET_NETWORK 3 id_str \"hotspotd\"",
            "SELECT_NETWORK 3",
        ])
        // The secret itself goes out quoted, once.
        #expect(String(decoding: try! sent[4].encoded(), as: UTF8.self) == "SET_NETWORK 3 psk \"correct horse battery\"")
        #expect(last == .finished(.init(networkID: id(3), reused: false)))
    }

    @Test func openNetworkSendsNoPSKAndLocksTheBSSIDWhenAsked() {
        let lock = BSSID("02:00:00:00:01:00")!
        var plan = SupplicantJoinPlan(ssid: ssid("Cafe"), security: .open, passphrase: nil, bssid: lock)
        let (sent, last) = replay(&plan, [header + "0\tCafe\tany\t[DISABLED]\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n"])
        #expect(texts(sent) == [
            "LIST_NETWORKS",
            "SET_NETWORK 0 ssid 43616665", "SET_NETWORK 0 key_mgmt NONE", "SET_NETWORK 0 bssid 02:00:00:00:01:00",
            "SET_NETWORK 0 scan_ssid 0", "SET_NETWORK 0 id_str \"hotspotd\"", "SET_NETWORK 0 scan_freq 0",
            "SELECT_NETWORK 0",
        ])
        #expect(last == .finished(.init(networkID: id(0), reused: true)))
    }

    @Test func limitsWpaSupplicantsScansToTheKnownChannelsAndClearsThemOnAReusedBlock() {
        // A failover's join: wpa_supplicant scans the channels the last scan heard the network on, not all.
        var plan = SupplicantJoinPlan(ssid: ssid("Hotel"), security: .open, passphrase: nil)
        plan.frequencies = [2412, 5180]
        var (sent, _) = replay(&plan, [header, "3\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n"])
        #expect(texts(Array(sent.suffix(2))) == ["SET_NETWORK 3 scan_freq 2412 5180", "SELECT_NETWORK 3"])
        // The next join of the same block without known channels takes the limit off again.
        plan.frequencies = []
        (sent, _) = replay(&plan, [header + "3\tHotel\tany\t\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n"])
        #expect(texts(Array(sent.suffix(2))) == ["SET_NETWORK 3 scan_freq 0", "SELECT_NETWORK 3"])
    }

    @Test func secondJoinOfTheSameSSIDSendsNoAddNetwork() {
        var wpa = SimulatedSupplicant(ssids: [Array("Other".utf8)])
        let target = SSID(bytes: Array("Café \"Zoë\" \\ 1".utf8))!
        let plan = SupplicantJoinPlan(ssid: target, security: .personal, passphrase: secret)
        #expect(wpa.run(plan) == .finished(.init(networkID: id(1), reused: false)))
        wpa.received = []
        #expect(wpa.run(plan) == .finished(.init(networkID: id(1), reused: true)))
        #expect(!wpa.received.contains(.addNetwork))
        #expect(wpa.received.first == .listNetworks(after: nil))
        #expect(wpa.blocks.map { $0.id } == [0, 1])
        #expect(wpa.blocks[1].ssid == target.bytes)
        // And an open join of another SSID after both adds exactly one more.
        #expect(wpa.run(SupplicantJoinPlan(ssid: ssid("Lobby"), security: .open, passphrase: nil))
                == .finished(.init(networkID: id(2), reused: false)))
        #expect(wpa.blocks.count == 3)
    }

    /// SSIDs as wpa_supplicant 2.10 printed them (quotes, backslash, UTF-8, and 0xff/TAB/LF/NUL bytes).
    @Test func reusesBlocksWhoseEscapedSSIDDecodesToTheTarget() throws {
        let table = try Fixture.load("list_networks-hwsim-four-added-2.10.txt")
        let odd = SSID(bytes: Array("Café \"Zoë\" \\ 1".utf8))!
        let bytes = SSID(bytes: [0xff, 0x41, 0x09, 0x0a, 0x00, 0x42, 0x7a])!
        for (target, expected) in [(odd, 2), (bytes, 3), (ssid("Open Cafe"), 1)] {
            var plan = SupplicantJoinPlan(ssid: target, security: .open, passphrase: nil)
            let (sent, last) = replay(&plan, [table] + Array(repeating: Array("OK\n".utf8), count: 7))
            #expect(!sent.contains(.addNetwork))
            #expect(sent[1] == .setNetwork(id(expected), .ssid(target)))
            #expect(last == .finished(.init(networkID: id(expected), reused: true)))
        }
        // A prefix or a differently escaped text is another SSID.
        var plan = SupplicantJoinPlan(ssid: ssid("Café"), security: .open, passphrase: nil)
        let (sent, _) = replay(&plan, [table])
        #expect(sent.last == .addNetwork)
    }

    @Test func removesFurtherBlocksOfTheSameSSID() {
        var wpa = SimulatedSupplicant(ssids: [Array("a".utf8), Array("Hotel".utf8), Array("b".utf8), Array("Hotel".utf8), Array("Hotel".utf8)])
        let step = wpa.run(SupplicantJoinPlan(ssid: ssid("Hotel"), security: .personal, passphrase: secret))
        #expect(step == .finished(.init(networkID: id(1), reused: true, removedDuplicates: [id(3), id(4)])))
        #expect(texts(Array(wpa.received.prefix(3))) == ["LIST_NETWORKS", "REMOVE_NETWORK 3", "REMOVE_NETWORK 4"])
        #expect(wpa.blocks.map { $0.id } == [0, 1, 2])
    }

    /// A block without an SSID is what a run of hotspotd killed between ADD_NETWORK and its SSID leaves:
    /// reused when the SSID has no block, removed like a duplicate when it has one; other SSIDs stay.
    @Test func reusesOrRemovesBlocksWithoutAnSSID() {
        var wpa = SimulatedSupplicant(ssids: [[], Array("Other".utf8), []])
        #expect(wpa.run(SupplicantJoinPlan(ssid: ssid("Hotel"), security: .open, passphrase: nil))
                == .finished(.init(networkID: id(0), reused: true, removedDuplicates: [id(2)])))
        #expect(wpa.blocks.map { $0.id } == [0, 1] && wpa.blocks[0].ssid == Array("Hotel".utf8))
        wpa.blocks.append(.init(id: 5, ssid: []))
        #expect(wpa.run(SupplicantJoinPlan(ssid: ssid("Hotel"), security: .open, passphrase: nil))
                == .finished(.init(networkID: id(0), reused: true, removedDuplicates: [id(5)])))
        #expect(wpa.blocks.map { $0.id } == [0, 1])
    }

    @Test func pagesThroughLongListsWithLastID() {
        // 40 blocks of 32-byte SSIDs that escape to 128 characters: a page holds about 27 rows.
        let filler = (0..<40).map { n in [UInt8](repeating: 0xe0 + UInt8(n % 16), count: 31) + [UInt8(n)] }
        let target = SSID(bytes: filler[39])!
        var wpa = SimulatedSupplicant(ssids: filler)
        let step = wpa.run(SupplicantJoinPlan(ssid: target, security: .open, passphrase: nil))
        let lists = wpa.received.filter { if case .listNetworks = $0 { return true } else { return false } }
        #expect(lists.count == 2)
        guard case .listNetworks(let after?) = lists.last else {
            Issue.record("no second page")
            return
        }
        #expect(after.rawValue > 20 && after.rawValue < 39)
        #expect(step == .finished(.init(networkID: id(39), reused: true)))
    }

    @Test func aShortPageIsTheWholeList() {
        var plan = SupplicantJoinPlan(ssid: ssid("x"), security: .open, passphrase: nil)
        let (sent, _) = replay(&plan, [header + "0\tHotel\tany\t[CURRENT]\n"])
        #expect(sent == [.listNetworks(after: nil), .addNetwork])
    }

    @Test func refusesInputItCannotJoin() {
        func first(_ plan: SupplicantJoinPlan) -> SupplicantPlanStep<SupplicantJoinPlan.Joined> {
            var plan = plan
            return plan.start()
        }
        #expect(first(SupplicantJoinPlan(ssid: SSID(bytes: [])!, security: .open, passphrase: nil)) == .failed(.emptySSID))
        #expect(first(SupplicantJoinPlan(ssid: ssid("a"), security: .personal, passphrase: nil)) == .failed(.passphraseRequired))
        #expect(first(SupplicantJoinPlan(ssid: ssid("a"), security: .open, passphrase: secret)) == .failed(.passphraseForOpenNetwork))
        for security in [SecurityType.wep, .enterprise, .unknown] {
            #expect(first(SupplicantJoinPlan(ssid: ssid("a"), security: security, passphrase: secret))
                    == .failed(.unsupportedSecurity(security)))
        }
    }

    @Test func failsWhenListNetworksFailsOrIsUnreadable() {
        var plan = SupplicantJoinPlan(ssid: ssid("a"), security: .open, passphrase: nil)
        #expect(replay(&plan, ["FAIL\n"]).last == .failed(.refused(command: "LIST_NETWORKS", answer: "FAIL")))
        #expect(replay(&plan, ["UNKNOWN COMMAND\n"]).last == .failed(.refused(command: "LIST_NETWORKS", answer: "UNKNOWN COMMAND")))
        #expect(replay(&plan, [""]).last == .failed(.refused(command: "LIST_NETWORKS", answer: "nothing")))
        #expect(replay(&plan, ["0\ta\tany\t\n"]).last == .failed(.unreadableReply(command: "LIST_NETWORKS", answer: "0\\ta\\tany\\t")))
    }

    @Test func failsWhenAddNetworkAnswersNoID() {
        var plan = SupplicantJoinPlan(ssid: ssid("a"), security: .open, passphrase: nil)
        #expect(replay(&plan, [header, "FAIL\n"]).last == .failed(.refused(command: "ADD_NETWORK", answer: "FAIL")))
        #expect(replay(&plan, [header, "OK\n"]).last == .failed(.refused(command: "ADD_NETWORK", answer: "OK")))
    }

    @Test func removesTheBlockItAddedWhenConfiguringFails() {
        var plan = SupplicantJoinPlan(ssid: ssid("a"), security: .personal, passphrase: secret)
        let (sent, last) = replay(&plan, [header, "7\n", "OK\n", "OK\n", "FAIL\n", "OK\n"])
        #expect(texts(Array(sent.suffix(2))) == ["SET_NETWORK 7 psk [redacted]", "REMOVE_NETWORK 7"])
        #expect(last == .failed(.refused(command: "SET_NETWORK 7 psk [redacted]", answer: "FAIL")))
        // The error never shows the secret.
        if case .failed(let error) = last { #expect(!error.description.contains("horse")) }
        // Whatever REMOVE_NETWORK answers, the first error is the one reported.
        #expect(replay(&plan, [header, "7\n", "FAIL-BUSY\n", "FAIL\n"]).last
                == .failed(.refused(command: "SET_NETWORK 7 ssid 61", answer: "FAIL-BUSY")))
    }

    @Test func keepsAReusedBlockWhenConfiguringFails() {
        var plan = SupplicantJoinPlan(ssid: ssid("a"), security: .open, passphrase: nil)
        let (sent, last) = replay(&plan, [header + "2\ta\tany\t\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "FAIL\n"])
        #expect(sent.last == .selectNetwork(id(2)))
        #expect(last == .failed(.refused(command: "SELECT_NETWORK 2", answer: "FAIL")))
    }

    @Test func failsWhenADuplicateCannotBeRemoved() {
        var plan = SupplicantJoinPlan(ssid: ssid("a"), security: .open, passphrase: nil)
        let (sent, last) = replay(&plan, [header + "0\ta\tany\t\n1\ta\tany\t\n", "FAIL\n"])
        #expect(sent.last == .removeNetwork(.id(id(1))))
        #expect(last == .failed(.refused(command: "REMOVE_NETWORK 1", answer: "FAIL")))
    }

    @Test func aReplyOutOfTurnIsAnError() {
        var plan = SupplicantJoinPlan(ssid: ssid("a"), security: .open, passphrase: nil)
        #expect(plan.received(Array("OK\n".utf8)) == .failed(.replyOutOfTurn))
        _ = replay(&plan, [header + "0\ta\tany\t\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n", "OK\n"])
        #expect(plan.received(Array("OK\n".utf8)) == .failed(.replyOutOfTurn))
    }

    @Test func aListThatNeverEndsStopsAtThePageLimit() {
        // Every page full, each with a new last id: a peer gone wrong.
        var plan = SupplicantJoinPlan(ssid: ssid("zzz"), security: .open, passphrase: nil)
        var pages: [String] = []
        for p in 0..<SupplicantNetworkListPlan.maximumPages {
            var page = header
            var n = p * 100
            while page.utf8.count < SupplicantLimits.replySize - 200 {
                page += "\(n)\t" + String(repeating: "x", count: 32) + "\tany\t[DISABLED]\n"
                n += 1
            }
            pages.append(page)
        }
        let (sent, last) = replay(&plan, pages)
        #expect(sent.count == SupplicantNetworkListPlan.maximumPages)
        #expect(last == .failed(.tooManyPages(command: "LIST_NETWORKS", pages: SupplicantNetworkListPlan.maximumPages)))
    }

    @Test func aFullPageThatDoesNotMoveOnIsAnError() {
        var page = header
        var n = 0
        while page.utf8.count < SupplicantLimits.replySize - 200 {
            page += "\(n)\t" + String(repeating: "x", count: 32) + "\tany\t\n"
            n += 1
        }
        var plan = SupplicantForgetPlan(ssid: ssid("a"))
        let (sent, last) = replay(&plan, [page, page])
        #expect(sent == [.listNetworks(after: nil), .listNetworks(after: id(n - 1))])
        guard case .failed(.unreadableReply(let command, _)) = last else {
            Issue.record("expected an unreadable reply, got \(last)")
            return
        }
        #expect(command == "LIST_NETWORKS LAST_ID=\(n - 1)")
    }
}

@Suite struct SupplicantForgetPlanTests {
    @Test func removesEveryBlockOfTheSSID() {
        var wpa = SimulatedSupplicant(ssids: [Array("Hotel".utf8), Array("a".utf8), Array("Hotel".utf8)])
        #expect(wpa.run(SupplicantForgetPlan(ssid: ssid("Hotel"))) == .finished([id(0), id(2)]))
        #expect(texts(wpa.received) == ["LIST_NETWORKS", "REMOVE_NETWORK 0", "REMOVE_NETWORK 2"])
        #expect(wpa.blocks.map { $0.id } == [1])
    }

    @Test func nothingToRemoveFinishesEmpty() {
        var wpa = SimulatedSupplicant(ssids: [Array("a".utf8)])
        #expect(wpa.run(SupplicantForgetPlan(ssid: ssid("Hotel"))) == .finished([]))
        #expect(wpa.received == [.listNetworks(after: nil)])
    }

    @Test func failures() {
        var plan = SupplicantForgetPlan(ssid: ssid("a"))
        #expect(replay(&plan, ["FAIL\n"]).last == .failed(.refused(command: "LIST_NETWORKS", answer: "FAIL")))
        #expect(replay(&plan, [header + "4\ta\tany\t\n", "FAIL\n"]).last
                == .failed(.refused(command: "REMOVE_NETWORK 4", answer: "FAIL")))
        var empty = SupplicantForgetPlan(ssid: SSID(bytes: [])!)
        #expect(empty.start() == .failed(.emptySSID))
        #expect(plan.received([]) == .failed(.replyOutOfTurn))
    }
}

@Suite struct BSSPagingPlanTests {
    @Test func pagesUntilTheEndMarker() throws {
        var plan = BSSPagingPlan()
        let (sent, last) = replay(&plan, [try Fixture.load("bss_range-handmade-page1.txt"),
                                          try Fixture.load("bss_range-handmade-page2.txt")])
        #expect(texts(sent) == ["BSS RANGE=0- MASK=0x21a87", "BSS RANGE=5- MASK=0x21a87"])
        guard case .finished(let table) = last else {
            Issue.record("not finished: \(last)")
            return
        }
        #expect(table.map { $0.id } == [0, 1, 4, 5, 9])
        #expect(table[4].ssid == SSID("Say \"hi\" \\ tab\there"))
    }

    @Test func oneCompletePageOrAnEmptyTable() throws {
        var plan = BSSPagingPlan()
        let whole = try Fixture.load("bss_range-hwsim-all-2.10.txt")
        let (sent, last) = replay(&plan, [whole])
        #expect(sent.count == 1)
        #expect(last == .finished(try BSSRange.parse(whole).entries))
        #expect(replay(&plan, [""]).last == .finished([]))
    }

    @Test func anEmptyPageAfterACutOneEndsTheListing() throws {
        var plan = BSSPagingPlan()
        let (sent, last) = replay(&plan, [try Fixture.load("bss_range-handmade-page1.txt"), []])
        #expect(sent.count == 2)
        guard case .finished(let table) = last else {
            Issue.record("not finished: \(last)")
            return
        }
        #expect(table.count == 3)
    }

    @Test func failures() {
        var plan = BSSPagingPlan()
        #expect(replay(&plan, ["FAIL\n"]).last == .failed(.refused(command: "BSS RANGE=0- MASK=0x21a87", answer: "FAIL")))
        #expect(replay(&plan, ["UNKNOWN COMMAND\n"]).last
                == .failed(.refused(command: "BSS RANGE=0- MASK=0x21a87", answer: "UNKNOWN COMMAND")))
        // Cut, and no id to continue after.
        guard case .failed(.unreadableReply) = replay(&plan, ["bssid=02:00:00:00:01:00\nssid=a\n====\n"]).last else {
            Issue.record("a page without ids must fail")
            return
        }
        #expect(plan.received([]) == .failed(.replyOutOfTurn))
    }

    @Test func aTableThatNeverEndsStopsAtThePageLimit() {
        var plan = BSSPagingPlan()
        let pages = (0..<BSSPagingPlan.maximumPages).map { n in "id=\(n)\nbssid=02:00:00:00:01:00\n====\n" }
        let (sent, last) = replay(&plan, pages)
        #expect(sent.count == BSSPagingPlan.maximumPages)
        #expect(last == .failed(.tooManyPages(command: "BSS RANGE=63- MASK=0x21a87", pages: 64)))
    }

    @Test func theMaskAlwaysCarriesIDsAndTheDelimiter() {
        var plan = BSSPagingPlan(mask: [.bssid, .ssid])
        #expect(plan.start() == .send(.bss(.range(from: 0, to: nil), mask: [.bssid, .ssid, .id, .delimiter])))
    }
}

@Suite struct SupplicantPlanErrorTests {
    @Test func everyErrorReadsAsASentence() {
        let cases: [(SupplicantPlanError, String)] = [
            (.emptySSID, "an empty SSID matches no network"),
            (.unsupportedSecurity(.enterprise), "cannot join enterprise networks (open and WPA personal only)"),
            (.passphraseRequired, "a WPA personal network needs a passphrase"),
            (.passphraseForOpenNetwork, "an open network takes no passphrase"),
            (.refused(command: "ADD_NETWORK", answer: "FAIL"), "ADD_NETWORK: wpa_supplicant answered FAIL"),
            (.unreadableReply(command: "LIST_NETWORKS", answer: "x"), "LIST_NETWORKS: unreadable answer x"),
            (.tooManyPages(command: "LIST_NETWORKS", pages: 64), "LIST_NETWORKS: the listing did not end within 64 pages"),
            (.replyOutOfTurn, "a reply arrived when no command was outstanding"),
        ]
        for (error, text) in cases { #expect(error.description == text) }
    }

    @Test func answersAreEscapedExcerpts() {
        #expect(SupplicantPlanError.answer(Array("FAIL\n".utf8)) == "FAIL")
        #expect(SupplicantPlanError.answer([0xff, 0x0a, 0x41]) == "\\xff\\nA")
        #expect(SupplicantPlanError.answer([]) == "nothing")
    }
}
