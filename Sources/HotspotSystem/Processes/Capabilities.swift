import CLinux

/// The daemon's Linux capabilities.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum Capabilities {
    /// Gives up every capability the daemon does not use (bounding set, permitted, effective, inheritable and
    /// ambient). Not root, there is nothing to give up: no failure then.
    @_transparent
    public static func dropUnused() throws(Errno) {
        if cl_daemon_keep_capabilities() != 0 && geteuid() == 0 { throw Errno.current }
    }
}
