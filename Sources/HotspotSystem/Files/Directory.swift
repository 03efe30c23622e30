import CLinux

/// Directories hotspotd owns (its run directory, helpers' state directories) and ones it only looks into.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum Directory {
    /// `base/name` for another user: `base` made this process's own (0755: others may pass, not write), then
    /// `name` in it given `uid`, `gid` and `mode`. Each level is created when missing, opened without following
    /// a symlink (ENOTDIR for one) and given its owner and mode through the open descriptor (cl_own_directory):
    /// the base is ours, so nobody else creates or replaces what is in it.
    @_transparent
    public static func own(_ name: String, under base: String, mode: UInt32, uid: UInt32, gid: UInt32) throws(Errno) {
        let baseFD = cl_own_directory(cl_at_cwd(), base, 0o755, geteuid(), getegid())
        let fd = baseFD < 0 ? -1 : cl_own_directory(baseFD, name, mode, uid, gid)
        let error = Errno.current
        if baseFD >= 0 { _ = close(baseFD) }
        if fd < 0 { throw error }
        _ = close(fd)
    }

    /// True when the directory at `path` holds anything but `.` and `..`; false when it is empty, missing or
    /// unreadable.
    @_transparent
    public static func hasEntries(_ path: String) -> Bool {
        cl_directory_has_entries(path) == 1
    }
}
