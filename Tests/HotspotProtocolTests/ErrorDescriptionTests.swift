import Testing
import TestSupport
import HotspotCore
@testable import HotspotWeb
@testable import TestSupport
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

    @Test func httpErrors() {
        let url: [(HTTPURLError, String)] = [
            (.tooLong(limit: 2048), "URL longer than 2048 bytes"),
            (.controlByte(0x0a, offset: 7), "URL has control byte 0x0a at offset 7"),
            (.notAbsolute, "not an absolute URL (no http:// or https://)"),
            (.unsupportedScheme("ftp"), "URL scheme 'ftp' is not http or https"),
            (.missingHost, "URL has no host"),
            (.userinfo, "URL has a user name (user@host), which is not supported"),
            (.ipv6Literal, "URL host is an IPv6 address literal, which is not supported"),
            (.invalidHost("a b"), "URL host 'a b' is neither a DNS name nor an IPv4 address"),
            (.invalidPort("0"), "URL port '0' is not a number 1-65535"),
        ]
        for (error, text) in url { #expect("\(error)" == text) }
        let request: [(HTTPRequestError, String)] = [
            (.invalidHeaderName("X A"), "HTTP header name 'X A' is not a token"),
            (.reservedHeader("Host"), "HTTP header Host is set by the request itself"),
            (.invalidHeaderValue(name: "X-A", byte: 0x0d, offset: 1), "value of HTTP header X-A has control byte 0x0d at offset 1"),
        ]
        for (error, text) in request { #expect("\(error)" == text) }
        let parse: [(HTTPParseError, String)] = [
            (.headTooLarge(limit: 16384), "HTTP response headers longer than 16384 bytes"),
            (.tooManyHeaders(limit: 100), "HTTP response has more than 100 headers"),
            (.bodyTooLarge(limit: 262144), "HTTP response body longer than 262144 bytes"),
            (.malformedStatusLine, "HTTP response has a malformed status line"),
            (.unsupportedVersion("2"), "HTTP response is version 2, not 1.0 or 1.1"),
            (.switchingProtocols, "HTTP server switched protocols (101), which was not asked for"),
            (.malformedHeader(line: 3), "HTTP response line 3 is not a valid header"),
            (.obsoleteLineFolding(line: 4), "HTTP response line 4 continues a header (obsolete line folding)"),
            (.invalidContentLength, "HTTP response has an invalid Content-Length"),
            (.conflictingContentLength, "HTTP response has conflicting Content-Length values"),
            (.unsupportedTransferEncoding("gzip"), "HTTP response has Transfer-Encoding 'gzip', not chunked"),
            (.malformedChunk, "HTTP response has a malformed chunk"),
            (.noResponse, "HTTP server closed the connection without a response"),
            (.truncated, "HTTP response cut short (the connection closed before its end)"),
        ]
        for (error, text) in parse { #expect("\(error)" == text) }
        let cookie: [(HTTPCookieJar.Outcome, String)] = [
            (.stored, "cookie stored"),
            (.removed, "cookie removed"),
            (.malformed, "cookie ignored: malformed Set-Cookie"),
            (.tooLarge, "cookie ignored: Set-Cookie longer than 4096 bytes"),
            (.domainRefused, "cookie ignored: its Domain does not cover the host it came from"),
            (.secureFromInsecureOrigin, "cookie ignored: Secure cookie from an http URL"),
        ]
        for (outcome, text) in cookie { #expect("\(outcome)" == text) }
        #expect("\(FormEncodingError.malformedPercent(offset: 4))" == "form data has a '%' not followed by two hex digits at offset 4")
    }

    @Test func dnsErrors() {
        let cases: [(DNSError, String)] = [
            (.invalidName("a..b"), "'a..b' is not a DNS name (labels of 1-63 letters, digits, '-' or '_', 253 bytes at most)"),
            (.idMismatch(expected: 1, received: 2), "DNS answer has id 2, not 1 (an answer to another query)"),
            (.notAResponse, "DNS message is not an answer to a standard query"),
            (.truncated, "DNS answer truncated (TC): it did not fit in a datagram"),
            (.nameNotFound, "DNS name does not exist (NXDOMAIN)"),
            (.serverFailure(rcode: 2), "DNS server answered with error 2 (server failure)"),
            (.serverFailure(rcode: 5), "DNS server answered with error 5 (refused)"),
            (.serverFailure(rcode: 9), "DNS server answered with error 9"),
            (.questionMismatch, "DNS answer is for another question"),
            (.malformed("a name runs past the end"), "malformed DNS answer: a name runs past the end"),
            (.noAddresses, "DNS answer has no IPv4 address for the name"),
        ]
        for (error, text) in cases { #expect("\(error)" == text) }
    }
}
