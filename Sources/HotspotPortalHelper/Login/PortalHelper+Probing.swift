import CLinux
import HotspotPortal
import HotspotSystem
import HotspotWeb

/// Where the network stands: the RFC 8908 API, else the probe URLs all at once, each in a child process.
extension PortalHelper {
    /// Where the portal's page is: at `url`, or `page` itself when the probe's answer was the page.
    struct PortalEntry {
        var url: HTTPURL
        var page: HTTPResponse?
        var probeURL: HTTPURL
        var probeBody: [UInt8]
    }

    indirect enum ProbeOutcome {
        case open
        case portal(PortalEntry)
        case noInternet(String)
    }

    /// The RFC 8908 API when the network announced one and it answers (`captive: false` is open, a
    /// `user-portal-url` is where to log in); else, or when it is captive without one, the probes.
    mutating func locate() -> ProbeOutcome {
        guard let api = settings.captivePortalAPI else { return probe() }
        var request = HTTPRequest(url: api)
        request.headers.append(HTTPHeader("Accept", "application/captive+json"))
        let state: CaptivePortalAPIState
        do throws(HTTPClientError) {
            let response = try client.send(request)
            guard response.status == 200 else { return probe(insteadOf: api, "HTTP " + String(response.status)) }
            do throws(CaptivePortalAPIError) { state = try CaptivePortalAPIState(parsing: response.body) } catch {
                return probe(insteadOf: api, error.description)
            }
        } catch {
            return probe(insteadOf: api, error.description)
        }
        sessionSeconds = state.captive ? nil : state.secondsRemaining
        var text = "captive-portal API: " + (state.captive ? "captive" : "not captive")
        if let s = sessionSeconds { text += ", " + String(s) + " s left" }
        log(text)
        probeLines = []
        noteProbe(api.description + (state.captive ? ": captive (RFC 8908 API)" : ": not captive (RFC 8908 API)"))
        guard state.captive else { return .open }
        if let raw = state.userPortalURL, let url = try? api.resolve(raw[...]) {
            return .portal(PortalEntry(url: url, page: nil, probeURL: settings.probeURLs.first ?? url, probeBody: []))
        }
        log("captive-portal API: no usable user-portal-url: probing")
        return probe()
    }

    /// The API failed (RFC 8908 §5: fall back to the other detection): logged, and the probes decide.
    mutating func probe(insteadOf api: HTTPURL, _ why: String) -> ProbeOutcome {
        log("captive-portal API " + api.description + ": " + why + ": probing instead")
        return probe()
    }

    /// How long the other probes may still show a portal after one found the internet open.
    static let openGraceMs: Int64 = 3_000

    /// Every probe URL at once, each in a child process of its own (the helper is one process per
    /// command, and its process group dies with it). A portal seen by any probe decides at once and outranks
    /// an "open" from another: a walled garden lets some hosts through (an operator's probe, social sign-in,
    /// payment) and some controllers answer a phone's probe with success on purpose. Open is the verdict once
    /// every probe answered, or `openGraceMs` after the first open one (an https probe that hangs costs no
    /// more). When none decides: no internet, with every reason. One URL, or fork failing: in turn.
    mutating func probe() -> ProbeOutcome {
        probeLines = []
        var reasons = ""
        var sawOpen = false
        var graceEnd: Int64? = nil
        // The children running, each as its pipe's pollfd, its pid and its probe URL's place: arrays of types
        // the binary has anyway (an array of (url, child) pairs brought its own growth and copy code).
        var fds: [pollfd] = []
        var pids: [Int32] = []
        var urls: [Int] = []
        // Loops by index here: an iterator over these arrays is code of its own.
        defer {
            for i in pids.indices {
                ProbeChild(pid: pids[i], output: FileDescriptor(rawValue: fds[i].fd)).stop()
                noteProbe(settings.probeURLs[urls[i]].description + ": no answer before the verdict")
            }
        }
        for i in settings.probeURLs.indices {
            let url = settings.probeURLs[i]
            if settings.probeURLs.count > 1, let child = ProbeChild.start({ self.probe(url, into: &$0) }) {
                fds.append(Poll.request(child.output.rawValue))
                pids.append(child.pid)
                urls.append(i)
            } else if let decided = probe(url, into: &reasons) {
                // In turn, too: a later probe may still see the portal.
                if case .open = decided { sawOpen = true } else { return decided }
            }
        }
        while !pids.isEmpty {
            for i in fds.indices { fds[i].revents = 0 }
            let now = SystemClock.monotonicMs
            var left = client.deadline - now
            if let g = graceEnd { left = min(left, g - now) }
            if left <= 0 {
                if !sawOpen { PortalHelper.add("no probe answered in time", to: &reasons) }
                break
            }
            // Nothing ready (the time passed, a signal came) goes round again: `left` decides.
            _ = try? Poll.wait(&fds, timeoutMs: left)
            for i in fds.indices.reversed() where fds[i].revents != 0 {
                let child = ProbeChild(pid: pids.remove(at: i), output: FileDescriptor(rawValue: fds.remove(at: i).fd))
                let url = settings.probeURLs[urls.remove(at: i)]
                let verdict = child.verdict()
                child.stop()
                switch verdict {
                case .open:
                    sawOpen = true
                    noteProbe(url.description + ": open")
                    if case .none = graceEnd { graceEnd = SystemClock.monotonicMs + PortalHelper.openGraceMs }
                // The child's verdict carries no page: this process asks once more for the portal's answer.
                case .portal: if let decided = probe(url, into: &reasons) { return decided }
                case .none(let why):
                    PortalHelper.add(why, to: &reasons)
                    noteProbe(why)  // "URL: why" already
                }
            }
        }
        return sawOpen ? .open : .noInternet(reasons)
    }

    /// Why no probe decided, one reason after another.
    static func add(_ reason: String, to reasons: inout String) {
        reasons += (reasons.isEmpty ? "" : "; ") + reason
    }

    /// One probe: open or a portal, else nil with the reason added to `reasons`.
    mutating func probe(_ url: HTTPURL, into reasons: inout String) -> ProbeOutcome? {
        func note(_ why: String) -> ProbeOutcome? {
            PortalHelper.add(url.description + ": " + why, to: &reasons)
            noteProbe(url.description + ": " + why)
            return nil
        }
        let response: HTTPResponse
        do throws(HTTPClientError) { response = try client.send(HTTPRequest(url: url)) } catch {
            return note(error.description)
        }
        let verdict = ProbeClassifier().classify(status: response.status, location: response.header("Location"),
                                                 body: response.body)
        let seen = url.description + ": HTTP " + String(response.status) + ", " + verdict.description
        log("probe " + seen)
        // (No internet is noted with its reason below.)
        if case .noInternet = verdict {} else { noteProbe(seen) }
        switch verdict {
        case .open:
            return .open
        case .noInternet:
            return note("HTTP " + String(response.status))
        case .portal(nil):
            return .portal(PortalEntry(url: url, page: response, probeURL: url, probeBody: response.body))
        case .portal(let raw?):
            let target: HTTPURL
            do throws(HTTPURLError) { target = try url.resolve(raw[...]) } catch {
                return note("the portal's URL is unusable: " + error.description)
            }
            // The probe's own URL again (an upgrade to https) is no portal; another page on the probe's host
            // is: a portal answering for every name sends the probe to its login there (`Location: /login`).
            if target.host == url.host && target.target == url.target { return note("redirected to itself") }
            return .portal(PortalEntry(url: target, page: nil, probeURL: url, probeBody: response.body))
        }
    }
}

/// A probe run in a child process (fork): its verdict comes back through a pipe as one byte, `o` open,
/// `p` a portal, or `n` and the reason.
struct ProbeChild {
    enum Verdict { case open, portal, none(String) }

    let pid: Int32
    let output: FileDescriptor

    /// nil when fork fails: the caller probes in turn instead.
    static func start(_ probe: (inout String) -> PortalHelper.ProbeOutcome?) -> ProbeChild? {
        switch ForkedChild.start() {
        case .child(let pipe)?:
            var reasons = ""
            let answer: [UInt8]
            switch probe(&reasons) {
            case .open?: answer = [UInt8(ascii: "o")]
            case .portal?: answer = [UInt8(ascii: "p")]
            case .noInternet?, nil: answer = [UInt8(ascii: "n")] + Array(reasons.utf8.prefix(1_000))
            }
            ForkedChild.finish(answer, to: pipe)
        case .parent(let pid, let output)?: return ProbeChild(pid: pid, output: output)
        case nil: return nil
        }
    }

    /// Waits for the child's answer; it ends by the command's deadline like every request.
    func verdict() -> Verdict {
        let bytes = (try? output.readAll(limit: 1_024)) ?? []
        switch bytes.first {
        case UInt8(ascii: "o"): return .open
        case UInt8(ascii: "p"): return .portal
        case UInt8(ascii: "n"): return .none(String(decoding: bytes.dropFirst(), as: UTF8.self))
        default: return .none("the probe's process gave no answer")
        }
    }

    func stop() {
        ForkedChild.stop(pid)
        output.close()
    }
}
