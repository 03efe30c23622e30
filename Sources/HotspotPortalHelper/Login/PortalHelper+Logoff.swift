import CLinux
import HotspotCore
import HotspotPortal
import HotspotProtocol
import HotspotSystem
import HotspotWeb

extension PortalHelper {
    /// `HOTSPOT_STATE_DIR/wispr-logoff`: the network's SSID (hex) and its LogoffURL, one per line.
    var logoffFile: String? {
        guard let directory = settings.stateDirectory else { return nil }
        return directory + "/wispr-logoff"
    }

    func keepLogoffURL(_ url: HTTPURL) {
        guard let path = logoffFile else { log("WISPr LogoffURL not kept: no " + HelperVariable.stateDirectory); return }
        let text = Array((settings.ssidHex + "\n" + url.description + "\n").utf8)
        do throws(Errno) { try StateFile.replace(path, with: text, mode: 0o600) } catch {
            log("WISPr LogoffURL not kept: " + path + ": " + error.description)
        }
    }

    func forgetLogoffURL() {
        if let path = logoffFile { FileSystem.remove(path) }
    }

    /// Calls the LogoffURL that the login on this network kept; without one the session ends by itself.
    mutating func logoff() -> Answer {
        guard let path = logoffFile, let fd = try? FileDescriptor.open(path, O_RDONLY) else {
            log("logoff: no WISPr LogoffURL for this network: the venue's session ends by itself")
            return Answer(.success)
        }
        let bytes = (try? fd.readAll(limit: 4_096)) ?? []
        fd.close()
        forgetLogoffURL()
        // Its non-empty lines (ASCII's byte split: the standard library's is code of its own for this one file).
        var lines: [ArraySlice<UInt8>] = []
        for line in ASCII.split(bytes[...], on: ASCII.newline) where !line.isEmpty { lines.append(line) }
        guard lines.count == 2, ASCII.equals(lines[0], string: settings.ssidHex), let url = try? HTTPURL(parsing: lines[1]) else {
            log("logoff: the kept LogoffURL is another network's: the venue's session ends by itself")
            return Answer(.success)
        }
        log("WISPr logoff at " + url.description)
        do throws(HTTPClientError) {
            let (response, _) = try client.fetch(HTTPRequest(url: url))
            let code = (try? WISPrMessage.find(in: response.body))?.responseCode
            var text = "WISPr logoff: HTTP " + String(response.status)
            if let code { text += ", " + code.description }
            log(text)
            if let code, code != .logoffSucceeded { return Answer(.failure) }
            return Answer(response.status < 400 ? .success : .failure)
        } catch {
            log("WISPr logoff: " + error.description)
            return Answer(.failure)
        }
    }
}
