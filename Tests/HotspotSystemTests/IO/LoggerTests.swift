import Foundation
import Glibc
import Testing
@testable import HotspotSystem

/// The daemon's own syslog writer against a stand-in log daemon (a bound datagram socket, as /dev/log is).
/// One test function: the writer's socket is process-wide state.
@Suite struct LoggerTests {
    /// A log daemon's socket; `lines()` drains what arrived.
    final class LogSink {
        let path: String
        var fd: Int32 = -1
        init(path: String) { self.path = path }

        func bind() {
            unlink(path)
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in
                for (i, b) in path.utf8.enumerated() { raw[i] = b }
            }
            let r = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            precondition(r == 0)
        }

        /// Gone, as a stopped logd: the socket closed and its file removed.
        func close() {
            Glibc.close(fd)
            unlink(path)
        }

        func lines() -> [[UInt8]] {
            var out: [[UInt8]] = []
            var buf = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = recv(fd, &buf, buf.count, 0)
                if n <= 0 { return out }
                out.append(Array(buf[0..<n]))
            }
        }
    }

    /// The line without its monotonic stamp, once the stamp is checked: `[seconds.mmm] ` after the ident.
    func unstamped(_ line: String) -> String {
        guard let r = line.range(of: #"\]: \[[0-9]+\.[0-9]{3}\] "#, options: .regularExpression) else { return "no stamp: " + line }
        return line.replacingCharacters(in: r, with: "]: ")
    }

    @Test func linesReachTheLogDaemonAndSurviveItsRestart() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hotspotd-log-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let sink = LogSink(path: dir.appendingPathComponent("log").path)
        sink.bind()
        let pid = getpid()
        let logger = Logger(toSyslog: true, toStderr: false, threshold: .info, syslogPath: sink.path)

        // Daemon facility (3 << 3) with the level's priority, ident with pid, the monotonic clock (seconds
        // since boot, as CLOCK_MONOTONIC and the kernel's log count them), the text untouched.
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        logger.log(.warning, "uplink \"Café\" lost")
        logger.log(.info, "state authenticating")
        logger.log(.debug, "below the threshold: never sent")
        let lines = sink.lines().map { String(decoding: $0, as: UTF8.self) }
        let stamp = lines.first?.split(separator: "[").last?.split(separator: "]").first.flatMap { Double($0) }
        #expect(stamp.map { abs($0 - (Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)) < 2 } == true, "\(lines)")
        #expect(lines.map(unstamped) == [
            "<28>hotspotd[\(pid)]: uplink \"Café\" lost",
            "<30>hotspotd[\(pid)]: state authenticating",
        ])

        // A line longer than the datagram buffer is cut at 1 KB, not lost.
        logger.log(.error, String(repeating: "x", count: 3000))
        let long = sink.lines()
        #expect(long.count == 1 && long.first?.count == 1024)
        #expect(long.first.map { String(decoding: $0.prefix(4), as: UTF8.self) } == "<27>")

        // The log daemon away: lines are dropped without an error or a hang.
        sink.close()
        logger.log(.notice, "nobody listens")
        // Back (OpenWrt restarts logd): the next line finds the new socket.
        sink.bind()
        logger.log(.notice, "logd is back")
        #expect(sink.lines().map { unstamped(String(decoding: $0, as: UTF8.self)) } == ["<29>hotspotd[\(pid)]: logd is back"])
        sink.close()
    }
}
