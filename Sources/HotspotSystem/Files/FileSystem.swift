import CLinux

/// Calls on a path that is not opened first: removing a file, setting its mode or owner.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum FileSystem {
    /// unlink(2); a file already gone is no failure, so nothing is reported.
    @_transparent
    public static func remove(_ path: String) { _ = unlink(path) }

    /// chmod(2).
    @_transparent
    public static func setMode(_ path: String, _ mode: UInt32) throws(Errno) {
        if chmod(path, mode_t(mode)) != 0 { throw Errno.current }
    }

    /// chown(2).
    @_transparent
    public static func setOwner(_ path: String, uid: UInt32, gid: UInt32) throws(Errno) {
        if chown(path, uid_t(uid), gid_t(gid)) != 0 { throw Errno.current }
    }
}
