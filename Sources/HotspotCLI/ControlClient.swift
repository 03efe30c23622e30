import CLinux
import HotspotProtocol
import HotspotSystem

/// The client side of the control socket: one request, one reply, within `timeoutMs`. Blocking is fine
/// here: this runs in the short-lived CLI process, never in the daemon.
public enum ControlClient {
    /// The reply, or one line saying why the daemon could not be reached.
    public static func send(_ request: ControlRequest, to path: String, timeoutMs: Int64 = 10_000)
        -> Result<ControlReply, ControlClientError> {
        let socket: UnixStreamSocket
        do throws(Errno) { socket = try UnixStreamSocket.open() } catch {
            return .failure(ControlClientError(path: path, why: error.description))
        }
        let fd = socket.fd
        defer { fd.close() }
        let deadline = SystemClock.monotonicMs + timeoutMs
        // EAGAIN: the daemon's backlog is full (many clients at once); it drains within a turn of its loop.
        while true {
            do throws(Errno) {
                try socket.connect(to: path)
                break
            } catch {
                if error == .wouldBlock && SystemClock.monotonicMs < deadline {
                    Poll.sleep(milliseconds: 20)
                    continue
                }
                let why = error == .noEntry || error == Errno(ECONNREFUSED) ? "daemon not running" : error.description
                return .failure(ControlClientError(path: path, why: why))
            }
        }
        let wire = request.encoded
        var written = 0
        var decoder = ControlReplyDecoder()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - SystemClock.monotonicMs
            if left <= 0 { return .failure(ControlClientError(path: path, why: "no answer in time")) }
            var request = Poll.request(fd.rawValue, output: written < wire.count)
            do throws(Errno) { _ = try Poll.wait(&request, timeoutMs: left) } catch {
                return .failure(ControlClientError(path: path, why: error.description))
            }
            do throws(Errno) {
                if written < wire.count {
                    let n = try wire.withBytes { b throws(Errno) in try fd.send(UnsafeRawBufferPointer(rebasing: b[written...])) }
                    written += n ?? 0
                    continue
                }
                guard let n = try chunk.withMutableBytes({ b throws(Errno) in try fd.receive(into: b) }) else { continue }
                if n == 0 { return .failure(ControlClientError(path: path, why: "the daemon closed the connection early")) }
                switch decoder.feed(chunk[0..<n]) {
                case .needMore: continue
                case .reply(let reply): return .success(reply)
                case .failed(let e): return .failure(ControlClientError(path: path, why: e.description))
                }
            } catch {
                // A refusal sent at once and closed (EPIPE on our request): its reply is read like any other,
                // and with none the reading says why.
                if written < wire.count {
                    written = wire.count
                    continue
                }
                return .failure(ControlClientError(path: path, why: error.description))
            }
        }
    }
}

public struct ControlClientError: Error, CustomStringConvertible {
    public var path: String
    public var why: String

    public var description: String { "cannot reach hotspotd at " + path + ": " + why }
}
