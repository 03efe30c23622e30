import CLinux
import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// `hotspotd fetch [--data BODY|@FILE] [--cookies FILE] [--head] [--max-time S] URL`: the built-in helper's
/// HTTP client for helper scripts. Run from a helper (`$HOTSPOT_FETCH URL`), it reads the helper
/// environment as the built-in helper does: the socket is bound to the uplink (HOTSPOT_INTERFACE), names
/// go to the uplink's DNS (HOTSPOT_DNS), https is verified (HOTSPOT_CA_BUNDLE or the system bundle) and
/// every host, redirects included, must pass the owner's portal domains (HOTSPOT_PORTAL_DOMAINS). So a
/// VPN's default route or an encrypted-DNS resolver on the router cannot take a login elsewhere.
///
/// Redirects are followed. The final body goes to stdout (`--head`: its status line and headers instead;
/// the request is still a GET, which portals that intercept traffic answer as a browser's). Exit 0: an answer below 400; 1: 400 or above (the body still printed); 2: usage;
/// 3: no answer (why on stderr); 68 (EX_NOHOST): the name did not resolve through the uplink's DNS.
public enum FetchCommand {
    public static func main(_ arguments: [String]) -> Int32 {
        var data: String?
        var cookieFile: String?
        var head = false
        var seconds = 20
        var target: String?
        // Bytes, not String comparisons, and one usage line for every mistake: small on the router.
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            let hasValue = i + 1 < arguments.count
            if word(a, "--head") {
                head = true
            } else if word(a, "--data") && hasValue {
                i += 1
                data = arguments[i]
            } else if word(a, "--cookies") && hasValue {
                i += 1
                cookieFile = arguments[i]
            } else if word(a, "--max-time") && hasValue, let s = ASCII.integer(arguments[i + 1]), s >= 1, s <= 600 {
                i += 1
                seconds = s
            } else if a.utf8.first == UInt8(ascii: "-") || target != nil {
                target = nil
                break
            } else {
                target = a
            }
            i += 1
        }
        guard let target, let url = try? HTTPURL(target) else {
            return fail("usage: hotspotd fetch [--data BODY|@FILE|@-] [--cookies FILE] [--head] [--max-time 1-600] http(s)-URL")
        }
        var request = HTTPRequest(url: url)
        if let data {
            // `@FILE` keeps a password out of argv, which every process on the router can read.
            var body = Array(data.utf8)
            if body.first == UInt8(ascii: "@") {
                let path = String(decoding: body.dropFirst(), as: UTF8.self)
                do throws(Errno) {
                    let fd = body.count == 2 && body[1] == UInt8(ascii: "-") ? FileDescriptor(rawValue: 0) : try FileDescriptor.open(path, O_RDONLY)
                    body = try fd.readAll(limit: 64 * 1024)
                    fd.close()
                } catch {
                    return fail("cannot read " + path + ": " + error.description)
                }
            }
            request.method = .post
            request.headers.append(HTTPHeader("Content-Type", "application/x-www-form-urlencoded"))
            request.body = body
        }

        // The built-in helper's client as its environment sets it up: uplink, DNS, CA bundle, portal domains.
        var helper = PortalHelper(environmentNotePrefix: "hotspotd fetch: ")
        helper.client.deadline = SystemClock.monotonicMs + Int64(seconds) * 1000
        if let cookieFile, let fd = try? FileDescriptor.open(cookieFile, O_RDONLY) {
            if helper.client.cookies.load(file: (try? fd.readAll(limit: 256 * 1024)) ?? []) > 0 {
                Output.err("hotspotd fetch: unusable lines of " + cookieFile + " skipped")
            }
            fd.close()
        }
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try helper.client.fetch(request).response
        } catch {
            _ = fail(error.description)
            // A name the uplink's DNS did not resolve: a helper passing this on tells the daemon (HelperProtocol).
            if case .resolve = error { return HelperProtocol.dnsFailureStatus }
            return 3
        }
        if let cookieFile {
            do throws(Errno) { try StateFile.replace(cookieFile, with: helper.client.cookies.fileText, mode: 0o600) } catch {
                _ = fail("cannot write " + cookieFile + ": " + error.description)
            }
        }
        var out = response.body
        if head {
            out = Array("HTTP/1.1 ".utf8)
            ASCII.append(&out, decimal: response.status)
            out.append(ASCII.space)
            out.append(contentsOf: response.reason)
            for h in response.headers {
                ASCII.append(&out, "\r\n")
                out.append(contentsOf: h.name)
                ASCII.append(&out, ": ")
                out.append(contentsOf: h.value)
            }
            ASCII.append(&out, "\r\n\r\n")
        }
        guard (try? FileDescriptor.standardOutput.writeAll(out)) != nil else { return 3 }
        guard response.status < 400 else { return fail("HTTP " + String(response.status)) - 1 }
        return 0
    }

    static func word(_ s: String, _ w: StaticString) -> Bool { ASCII.equals(Array(s.utf8)[...], w) }

    /// One line on stderr; exit status 2 (usage).
    static func fail(_ message: String) -> Int32 {
        Output.err("hotspotd fetch: " + message)
        return 2
    }
}
