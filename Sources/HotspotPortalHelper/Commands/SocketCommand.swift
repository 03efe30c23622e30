import CLinux
import HotspotCore
import HotspotProtocol
import HotspotSystem
import HotspotWeb

/// `hotspotd connect [--max-time S] HOST PORT` and `hotspotd udp [--max-time S] HOST PORT`: what the model's
/// `createTCPConnection` and `createUDPSession` give an app, for helper scripts (`$HOTSPOT_CONNECT`,
/// `$HOTSPOT_UDP`) whose own protocol is not HTTP. The rules are `hotspotd fetch`'s: the socket is bound to
/// the uplink (HOTSPOT_INTERFACE), the name resolved by the uplink's DNS (HOTSPOT_DNS), the host must be one
/// of the owner's portal domains when there are some, and never the router itself or its LAN; the same time
/// limit (20 s, 1–600) and at most 256 KiB back. So a helper's protocol also works past a VPN.
///
/// connect: stdin goes to the peer and the peer's bytes to stdout, until the peer closes (stdin's end is
/// passed on as the end of what we send). udp: stdin, read to its end, is one datagram; the first datagram
/// back goes to stdout. Exit 0: done; 1: more than 256 KiB came back (cut there); 2: usage; 3: no connection
/// or no answer in time (why on stderr); 68 (EX_NOHOST): the name did not resolve through the uplink's DNS.
public enum SocketCommand {
    public static func main(_ arguments: [String], stream: Bool) -> Int32 {
        let name = stream ? "connect" : "udp"
        var seconds = 20
        var operands: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if FetchCommand.word(a, "--max-time") && i + 1 < arguments.count, let s = ASCII.integer(arguments[i + 1]), s >= 1, s <= 600 {
                i += 1
                seconds = s
            } else if a.utf8.first == UInt8(ascii: "-") {
                operands = []
                break
            } else {
                operands.append(a)
            }
            i += 1
        }
        // The port read as an Int, as every other number here: one parser in the binary, not one per type (and
        // ASCII's, not the standard library's over String).
        guard operands.count == 2, let host = try? HTTPURL.host(Array(operands[0].utf8)[...]),
              let number = ASCII.integer(operands[1]), number > 0, number <= 65_535 else {
            return fail(name, "usage: hotspotd " + name + " [--max-time 1-600] HOST PORT")
        }
        let port = UInt16(number)

        var helper = PortalHelper(environmentNotePrefix: "hotspotd " + name + ": ")
        helper.client.deadline = SystemClock.monotonicMs + Int64(seconds) * 1000
        let limit = HTTPResponseParser.defaultMaxBodyBytes
        do throws(HTTPClientError) {
            let addresses = try helper.client.destinations(of: host)
            if stream {
                let socket = try helper.client.connect(host.description, addresses, port: port)
                defer { socket.close() }
                return try relay(socket, host.description, limit: limit, by: helper.client.deadline)
            }
            guard let address = addresses.first else { throw .connectTimedOut(host: host.description, port: port) }
            return try exchange(address, port, host.description, interface: helper.settings.interface, limit: limit,
                                by: helper.client.deadline)
        } catch {
            _ = fail(name, error.description)
            if case .resolve = error { return HelperProtocol.dnsFailureStatus }
            return 3
        }
    }

    /// stdin → socket and socket → stdout until the peer closes. Blocking writes to stdout are fine here: this
    /// is a helper's own short-lived process, never the daemon's loop.
    static func relay(_ socket: UplinkSocket, _ host: String, limit: Int, by deadline: Int64) throws(HTTPClientError) -> Int32 {
        let input = FileDescriptor(rawValue: 0)
        var inputOpen = true
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - SystemClock.monotonicMs
            if left <= 0 { throw .timedOut(host: host) }
            var fds = [Poll.request(socket.fd.rawValue), Poll.request(inputOpen ? 0 : -1)]
            do throws(Errno) { _ = try Poll.wait(&fds, timeoutMs: left) } catch { throw .io(host: host, error) }
            if fds[1].revents != 0 {
                let n: Int
                do throws(Errno) {
                    n = try buffer.withMutableBytes { raw throws(Errno) in try input.read(into: raw) } ?? 0
                } catch {
                    throw .io(host: host, error)
                }
                if n == 0 {
                    inputOpen = false
                    socket.shutdownWrite()
                } else {
                    do throws(UplinkSocket.Failure) { try socket.sendAll(Array(buffer[0..<n]), by: deadline) } catch {
                        throw HTTPClient.failure(error, host)
                    }
                }
            }
            if fds[0].revents != 0 {
                let n: Int
                do throws(UplinkSocket.Failure) { n = try socket.receive(into: &buffer, by: deadline) } catch {
                    throw HTTPClient.failure(error, host)
                }
                if n == 0 { return 0 }
                let kept = min(n, limit - received)
                received += kept
                guard (try? FileDescriptor.standardOutput.writeAll(Array(buffer[0..<kept]))) != nil else { return 3 }
                if kept < n { return fail(received: limit) }
            }
        }
    }

    /// One datagram out (stdin to its end), the first one back to stdout.
    static func exchange(_ address: IPv4Address, _ port: UInt16, _ host: String, interface: String?, limit: Int,
                         by deadline: Int64) throws(HTTPClientError) -> Int32 {
        let datagram: [UInt8]
        do throws(Errno) { datagram = try FileDescriptor(rawValue: 0).readAll(limit: 65_507) } catch { throw .io(host: host, error) }
        let socket: UplinkSocket
        do throws(UplinkSocketError) { socket = try UplinkSocket.open(.udp, interface: interface) } catch { throw .socket(error) }
        defer { socket.close() }
        var reply = [UInt8](repeating: 0, count: 65_536)
        let n: Int
        do throws(UplinkSocket.Failure) {
            try socket.connect(to: address, port: port, by: deadline)
            try socket.sendAll(datagram, by: deadline)
            n = try socket.receive(into: &reply, by: deadline)
        } catch {
            throw HTTPClient.failure(error, host)
        }
        let kept = min(n, limit)
        guard (try? FileDescriptor.standardOutput.writeAll(Array(reply[0..<kept]))) != nil else { return 3 }
        return kept < n ? fail(received: limit) : 0
    }

    static func fail(received limit: Int) -> Int32 {
        Output.err("hotspotd: more than " + String(limit / 1024) + " KiB came back: cut there")
        return 1
    }

    /// One line on stderr; exit status 2 (usage).
    static func fail(_ name: String, _ message: String) -> Int32 {
        Output.err("hotspotd " + name + ": " + message)
        return 2
    }
}
