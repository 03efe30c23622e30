import CLinux

/// Helper runs' cgroups (v2): one per run under a directory (/sys/fs/cgroup/hotspotd), each with its own
/// process limit, so that one helper cannot use up the others' (RLIMIT_NPROC counts every process of the
/// helpers' user together). `HelperProcess` puts an isolated run in its own and removes it once reaped.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum HelperCgroups {
    /// Makes `directory` ready (created, the pids controller enabled, empty runs from before removed) for
    /// every later isolated start; fails when there is no cgroup2 at its parent or no pids controller.
    @_transparent
    public static func prepare(_ directory: String) throws(Errno) {
        if cl_helper_cgroups(directory) != 0 { throw Errno.current }
    }
}
