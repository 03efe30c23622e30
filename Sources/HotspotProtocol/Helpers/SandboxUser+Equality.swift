import HotspotCore

extension SandboxUser {
    /// Names compared as bytes, as the system's user and group files are read: the synthesised `==`
    /// compared them by canonical equivalence, which linked the stdlib's Unicode normaliser into the router.
    public static func == (a: SandboxUser, b: SandboxUser) -> Bool {
        switch (a, b) {
        case (.uid(let x), .uid(let y)): return x == y
        case (.name(let x), .name(let y)): return ASCII.same(x, y)
        default: return false
        }
    }
}
