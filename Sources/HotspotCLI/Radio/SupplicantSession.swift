import HotspotCore
import HotspotProtocol
import HotspotSystem

/// A blocking façade over `SupplicantClient` for one-shot CLI commands (`hotspotd radio …`):
/// it turns its own poll loop until each answer arrives. The daemon never uses this.
final class SupplicantSession {
    enum Failure: Error, CustomStringConvertible {
        case unreachable(String)
        case timedOut(String)
        case refused(String)
        case invalid(String)

        var description: String {
            switch self {
            case .unreachable(let m), .timedOut(let m), .refused(let m), .invalid(let m): return m
            }
        }

        var message: String { description }
    }

    let loop = EventLoop()
    let client: SupplicantClient
    var events: [SupplicantEventMessage] = []

    init(controlPath: String, runDirectory: RunDirectory) throws(Failure) {
        do { try runDirectory.prepare() } catch {
            throw .unreachable("cannot prepare " + runDirectory.path + ": " + error.description)
        }
        var config = SupplicantClient.Configuration(controlPath: controlPath, clientDirectory: runDirectory.path)
        config.requestTimeout = 5_000
        client = SupplicantClient(config, loop: loop)
        client.onEvent = { [self] message in events.append(message) }
        client.start()
        let deadline = loop.now + 3_000
        while client.attachment != .up && loop.now < deadline { loop.runOnce(maxWait: 50) }
        guard client.attachment == .up else {
            let why = client.lastError
            client.stop()
            throw .unreachable("wpa_supplicant at " + controlPath + ": " + why)
        }
    }

    func close() { client.stop() }

    /// Send one command and wait for its reply.
    func call(_ command: SupplicantCommand, timeout: Int64 = 5_000) throws(Failure) -> [UInt8] {
        var reply: SupplicantClient.Reply? = nil
        client.request(command, timeout: timeout) { reply = $0 }
        while reply == nil { loop.runOnce(maxWait: 100) }
        let name = command.logDescription ?? "command"
        switch reply! {
        case .reply(let bytes): return bytes
        case .timedOut: throw .timedOut(name + " timed out")
        case .unreachable(let why): throw .unreachable("wpa_supplicant unreachable: " + why)
        case .invalid(let error): throw .invalid("refused to send " + name + ": " + error.description)
        }
    }

    /// A command whose only good answer is OK.
    func callExpectingOK(_ command: SupplicantCommand) throws(Failure) {
        let reply = try call(command)
        do { try SupplicantReply.expectOK(reply) } catch {
            throw .refused((command.logDescription ?? "command") + ": " + error.description)
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
            if loop.now >= deadline || client.attachment == .down { return nil }
            loop.runOnce(maxWait: 100)
        }
    }
}
