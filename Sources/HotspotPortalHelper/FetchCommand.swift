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
/// 3: no answer (why on stderr).
public enum FetchCommand {
    static let usage = "usage: hotspotd fetch [--data BODY|@FILE|@-] [--cookies FILE] [--head] [--max-time SECONDS] URL"

    public static func main(_ arguments: [String]) -> Int32 {
        var data: String?
        var cookieFile: String?
        var head = false
        var seconds = 20
        var target: String?
        var i = 0
        func value() -> String? {
            i += 1
            return i < arguments.count ? arguments[i] : nil
        }
        while i < arguments.count {
            let a = arguments[i]
            if word(a, "--data") {
                guard let v = value() else { return fail("--data needs a body") }
                data = v
            } else if word(a, "--cookies") {
                guard let v = value() else { return fail("--cookies needs a file") }
                cookieFile = v
            } else if word(a, "--head") {
                head = true
            } else if word(a, "--max-time") {
                guard let v = value(), let s = Int(v), s >= 1, s <= 600 else { return fail("--max-time needs 1-600 seconds") }
                seconds = s
            } else if a.utf8.first == UInt8(ascii: "-") || target != nil {
                return fail(usage)
            } else {
                target = a
            }
            i += 1
        }
        guard let target else { return fail(usage) }
        let url: HTTPURL
        do throws(HTTPURLError) { url = try HTTPURL(target) } catch { return fail("'" + target + "': " + error.description) }
        var body: [UInt8]?
        if let data {
            // `@FILE` keeps a password out of argv, which every process on the router can read.
            if data.utf8.first == UInt8(ascii: "@") {
                let path = String(data.dropFirst())
                do throws(Errno) {
                    let fd = word(path, "-") ? FileDescriptor(rawValue: 0) : try FileDescriptor.open(path, O_RDONLY)
                    defer { if !word(path, "-") { fd.close() } }
                    body = try fd.readAll(limit: 64 * 1024)
                } catch {
                    return fail("cannot read " + path + ": " + error.description)
                }
            } else {
                body = Array(data.utf8)
            }
        }

        let environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
        let settings = PortalHelperSettings(environment: environment)
        for note in settings.notes { Output.err("hotspotd fetch: " + note) }
        var options = HTTPClient.Options(interface: settings.interface)
        options.trustAnchorsPath = settings.trustAnchorsPath
        let resolver = UplinkResolver(servers: settings.dnsServers, port: settings.dnsPort, interface: settings.interface)
        var client = HTTPClient(options: options, resolver: resolver, deadline: cl_monotonic_ms() + Int64(seconds) * 1000)
        let policy = settings.hostPolicy
        client.allowsHost = { policy.allows($0) }
        if let cookieFile, let fd = try? FileDescriptor.open(cookieFile, O_RDONLY) {
            let bytes = (try? fd.readAll(limit: 256 * 1024)) ?? []
            fd.close()
            let skipped = client.cookies.load(file: bytes)
            if skipped > 0 { Output.err("hotspotd fetch: " + String(skipped) + " unusable line(s) of " + cookieFile + " skipped") }
        }

        var request = HTTPRequest(url: url)
        if let body {
            request.method = .post
            request.headers.append(HTTPHeader("Content-Type", "application/x-www-form-urlencoded"))
            request.body = body
        }
        let response: HTTPResponse
        do throws(HTTPClientError) {
            response = try client.fetch(request).response
        } catch {
            Output.err("hotspotd fetch: " + error.description)
            return 3
        }
        if let cookieFile {
            do throws(Errno) { try StateFile.replace(cookieFile, with: client.cookies.fileText, mode: 0o600) } catch {
                Output.err("hotspotd fetch: cannot write " + cookieFile + ": " + error.description)
            }
        }
        var out: [UInt8]
        if head {
            out = Array("HTTP/1.1 ".utf8)
            ASCII.append(&out, decimal: response.status)
            out.append(ASCII.space)
            out.append(contentsOf: response.reason)
            ASCII.append(&out, "\r\n")
            for h in response.headers {
                out.append(contentsOf: h.name)
                ASCII.append(&out, ": ")
                out.append(contentsOf: h.value)
                ASCII.append(&out, "\r\n")
            }
            ASCII.append(&out, "\r\n")
        } else {
            out = response.body
        }
        do throws(Errno) { try FileDescriptor.standardOutput.writeAll(out) } catch {
            Output.err("hotspotd fetch: cannot write the answer: " + error.description)
            return 3
        }
        guard response.status < 400 else {
            Output.err("hotspotd fetch: HTTP " + String(response.status))
            return 1
        }
        return 0
    }

    static func word(_ s: String, _ w: StaticString) -> Bool { ASCII.equals(Array(s.utf8)[...], w) }

    static func fail(_ message: String) -> Int32 {
        Output.err("hotspotd fetch: " + message)
        return 2
    }
}
