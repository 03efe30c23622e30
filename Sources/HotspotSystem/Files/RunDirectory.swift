import CLinux
import HotspotCore

/// hotspotd's run directory (/var/run/hotspotd): the control socket and the client sockets it binds
/// toward wpa_supplicant. Client sockets left by dead processes are removed.
public struct RunDirectory {
    public let path: String

    public init(_ path: String) { self.path = path }

    /// Created 0700 when missing and opened without following a symlink (refused when it is none). The
    /// daemon makes it its own again with its `mode` (0700, or 0710 with the control group as `group`).
    public func prepare(mode: UInt32? = nil, group: UInt32? = nil) throws(Errno) {
        let fd = cl_own_directory(cl_at_cwd(), path, mode ?? 0o700, mode == nil ? .max : geteuid(), group ?? getegid())
        if fd < 0 { throw Errno.current }
        _ = close(fd)
        removeStaleClientSockets()
    }

    /// `wpa_ctrl_<pid>-…` sockets whose process is gone: wpa_supplicant would keep sending events to them.
    public func removeStaleClientSockets() {
        guard let dir = opendir(path) else { return }
        defer { closedir(dir) }
        var stale: [String] = []
        while let entry = readdir(dir) {
            let name = String(cString: cl_dirent_name(entry))
            let prefix = "wpa_ctrl_"
            guard ASCII.hasPrefix(name, prefix) else { continue }
            // The digits after the prefix, read as an Int, as every number the binary parses: one parser in it, not
            // one per integer type (and ASCII's over bytes, not the standard library's over String and its views).
            let bytes = Array(name.utf8)
            var end = prefix.utf8.count
            while end < bytes.count && ASCII.isDigit(bytes[end]) { end += 1 }
            guard let n = ASCII.decimal(bytes[prefix.utf8.count..<end], maxDigits: Int.max), let pid = Int32(exactly: n) else { continue }
            if pid == getpid() { continue }
            if kill(pid, 0) != 0 && cl_errno() == ESRCH || RunDirectory.isZombie(pid) { stale.append(name) }
        }
        for name in stale { _ = unlink(path + "/" + name) }
    }

    /// A killed process nobody reaped yet still answers kill(pid, 0), but its sockets are dead: state `Z`
    /// in /proc/PID/stat (after the command name's closing parenthesis).
    static func isZombie(_ pid: Int32) -> Bool {
        guard let fd = try? FileDescriptor.open("/proc/" + String(pid) + "/stat", O_RDONLY) else { return false }
        defer { fd.close() }
        guard let bytes = try? fd.readAll(limit: 512) else { return false }
        guard let close = ASCII.lastIndex(of: UInt8(ascii: ")"), in: bytes[...]), close + 2 < bytes.count else { return false }
        return bytes[close + 2] == UInt8(ascii: "Z")
    }
}
