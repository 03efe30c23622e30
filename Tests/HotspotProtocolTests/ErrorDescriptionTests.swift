import Testing
import HotspotCore
@testable import HotspotProtocol

/// Every error a person can see reads as a sentence, through the same `"\(error)"` the product code uses. On
/// the router (Embedded Swift) a value without a hand-written `description` prints only
/// "(cannot print value in embedded Swift)"; on the host it would print the case name and its payload.
@Suite struct ErrorDescriptionTests {
    @Test func supplicantReplyErrors() {
        let cases: [(SupplicantReplyError, String)] = [
            (.failed(reason: nil), "wpa_supplicant answered FAIL"),
            (.failed(reason: "BUSY"), "wpa_supplicant answered FAIL-BUSY"),
            (.unknownCommand, "wpa_supplicant does not know the command (UNKNOWN COMMAND)"),
            (.empty, "wpa_supplicant sent an empty reply"),
            (.unexpected("OK"), "unexpected reply from wpa_supplicant: OK"),
        ]
        for (error, text) in cases { #expect("\(error)" == text) }
    }

    @Test func supplicantCommandErrors() {
        let cases: [(SupplicantCommandError, String)] = [
            (.emptySSID, "empty SSID (it would match no network)"),
            (.invalidFrequency(0), "scan frequency 0 MHz is not in 1-100000"),
            (.invalidLevel(9), "monitor level 9 is not in 0-5"),
            (.invalidPriority(1 << 40), "network priority 1099511627776 does not fit in 32 bits"),
            (.invalidBSSSelector, "BSS id or range out of bounds"),
            (.emptyKeyManagement, "no key management given"),
            (.invalidFieldName("Bad-Name"), "network field name 'Bad-Name' is not 1-32 of a-z, 0-9, _"),
            (.reservedField("psk"), "network field 'psk' is reserved (SSID and secrets have their own)"),
            (.invalidValue(field: "id_str", problem: .empty), "value of network field 'id_str' is empty"),
            (.invalidValue(field: "bgscan", problem: .tooLong(2000)), "value of network field 'bgscan' is too long (2000 bytes)"),
            (.invalidValue(field: "bgscan", problem: .forbiddenByte(0x0a, offset: 3)),
             "value of network field 'bgscan' has byte 0x0a at offset 3, which cannot be sent"),
        ]
        for (error, text) in cases { #expect("\(error)" == text) }
        // The error a real encoding throws, as the CLI would print it.
        #expect(throws: SupplicantCommandError.self) {
            do { _ = try SupplicantCommand.setNetwork(NetworkID(0)!, .other(name: "bgscan", value: "a\u{1}")).encoded() } catch {
                #expect("\(error)" == "value of network field 'bgscan' has byte 0x01 at offset 1, which cannot be sent")
                throw error
            }
        }
    }

    @Test func skippedLines() throws {
        let problems: [(LineProblem, String)] = [
            (.fieldCount(4), "4 tab-separated fields, not the table's number"),
            (.badBSSID, "not a BSSID"),
            (.badFrequency, "frequency not a number of MHz in 1-100000"),
            (.badSignal, "signal level not a number in -1000..1000"),
            (.badFlags, "flags not a sequence of [TOKEN]s"),
            (.badSSID, "SSID longer than 32 bytes"),
            (.badNetworkID, "network id not a number"),
            (.blankLine, "blank line"),
            (.notKeyValue, "not a key=value line"),
            (.missingBSSID, "BSS entry without a valid bssid= line"),
            (.afterEndOfList, "after the end-of-list marker ####"),
            (.truncated, "cut short (the reply ends inside it)"),
        ]
        for (problem, text) in problems { #expect("\(problem)" == text) }
        let table = try ScanResultsTable.parse(bytes("bssid / frequency / signal level / flags / ssid\n02:00\t1\t2\t[ESS]\t\u{1b}x\n"))
        #expect(table.skipped.map { "\($0)" } == ["line 2: not a BSSID: 02:00\\t1\\t2\\t[ESS]\\t\\ex"])
    }
}
