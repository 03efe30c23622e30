import CLinux

/// Users and groups by name, from the colon-separated files themselves (/etc/passwd, /etc/group). Plain
/// reads: OpenWrt has no NSS, and musl's getpwnam would bring its stdio reader and nscd client into the
/// binary (about 7 KB).
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum UserDatabase {
    /// The user `name` of `passwd` as uid and its primary gid; nil when there is none (or no readable file).
    @_transparent
    public static func user(named name: String, in passwd: String = "/etc/passwd") -> (uid: UInt32, gid: UInt32)? {
        var uid: UInt32 = 0, gid: UInt32 = 0
        return cl_lookup_id(passwd, name, &uid, &gid) == 0 ? (uid, gid) : nil
    }

    /// The group `name` of `group` as its gid; nil when there is none (or no readable file).
    @_transparent
    public static func group(named name: String, in group: String = "/etc/group") -> UInt32? {
        var gid: UInt32 = 0
        return cl_lookup_id(group, name, &gid, nil) == 0 ? gid : nil
    }
}
