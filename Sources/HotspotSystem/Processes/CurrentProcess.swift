import CLinux

/// What this process is and has (its user, its environment, its binary) and its end.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum CurrentProcess {
    /// geteuid(2).
    @_transparent
    public static var effectiveUserID: UInt32 { geteuid() }

    /// getenv(3): the variable's value, nil when it is not set.
    @_transparent
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The absolute path of this process's binary (readlink(2) of /proc/self/exe); empty when unreadable or
    /// longer than 255 bytes.
    @_transparent
    public static var executablePath: String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), 255) }
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
    }

    /// exit(3): the process ends with `status`.
    @_transparent
    public static func exit(_ status: Int32) -> Never { CLinux.exit(status) }
}
