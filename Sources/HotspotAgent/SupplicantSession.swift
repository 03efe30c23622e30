import HotspotCore
import HotspotProtocol

/// A blocking façade over `SupplicantClient` for one-shot CLI commands (`hotspotd radio …`):
/// it turns its own poll loop until each answer arrives. The daemon never uses this.
final class SupplicantSession {
    enum Failure: Error {
        case unreachable(String)
        case timedOut(String)
        case refused(String)
        case invalid(String)

        var message: String {
            switch self {
            case .unreachable(let m), .timedOut(let m), .refused(let m), .invalid(let m): return m
            }
        }
    }

    let loop = EventLoop()
    let client: SupplicantClient
    var events: [SupplicantEventMessage] = []

    init(controlPath: String, runDirectory: RunDirectory) throws(Failure) {
        do { try runDirectory.prepare() } catch {
            throw .unreachable("cannot prepare \(runDirectory.path): \(error.description)")
        }
        var config = SupplicantClient.Configuration(controlPath: controlPath, clientDirectory: runDirectory.path)
        config.requestTimeout = 5_000
        client = SupplicantClient(config, loop: loop)
        client.onEvent = { [self] datagram in
            if let m = SupplicantEventMessage.parse(datagram) { events.append(m) }
        }
        client.start()
        let deadline = loop.now + 3_000
        while client.link != .up && loop.now < deadline { loop.runOnce(maxWait: 50) }
        guard client.link == .up else {
            let why = client.lastError
            client.stop()
            throw .unreachable("wpa_supplicant at \(controlPath): \(why)")
        }
    }

    func close() { client.stop() }

    /// Send one command and wait for its reply.
    func call(_ command: SupplicantCommand, timeout: Int64 = 5_000) throws(Failure) -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try command.encoded() } catch {
            throw .invalid("refused to send \(command.logDescription ?? "command"): \(error)")
        }
        var reply: SupplicantClient.Reply? = nil
        client.request(bytes, timeout: timeout) { reply = $0 }
        while reply == nil { loop.runOnce(maxWait: 100) }
        switch reply! {
        case .bytes(let b): return b
        case .timedOut: throw .timedOut("\(command.logDescription ?? "command") timed out")
        case .unreachable(let e): throw .unreachable("wpa_supplicant unreachable: \(e.description)")
        }
    }

    /// A command whose only good answer is OK.
    func callExpectingOK(_ command: SupplicantCommand) throws(Failure) {
        let reply = try call(command)
        do { try SupplicantReply.expectOK(reply) } catch {
            throw .refused("\(command.logDescription ?? "command"): wpa_supplicant answered " + String(decoding: reply.prefix(80), as: UTF8.self))
        }
    }

    /// Turn the loop until an event satisfies `match`, or `timeout` ms pass.
    func waitForEvent(timeout: Int64, _ match: (SupplicantEvent) -> Bool) -> SupplicantEvent? {
        let deadline = loop.now + timeout
        var seen = 0
        while true {
            while seen < events.count {
                let e = events[seen].event
                seen += 1
                if match(e) { return e }
            }
            if loop.now >= deadline || client.link == .down { return nil }
            loop.runOnce(maxWait: 100)
        }
    }

    /// wpa_supplicant's whole BSS table, paged so that no reply hits the 4 KB reply limit.
    func bssTable() throws(Failure) -> [BSSInfo] {
        var all: [BSSInfo] = []
        var next: Int? = 0
        var pages = 0
        while let from = next, pages < 64 {
            let reply = try call(.bss(.range(from: from, to: nil), mask: .scanListing))
            if reply.isEmpty { break }
            let page: BSSRange
            do { page = try BSSRange.parse(reply) } catch { throw .invalid("unreadable BSS reply: \(error)") }
            all += page.entries
            next = page.isComplete ? nil : page.nextID
            pages += 1
        }
        return all
    }
}
