import CLinux

/// A failed system call's errno, thrown as a typed error (Embedded Swift has no untyped throws).
public struct Errno: Error, Equatable, CustomStringConvertible {
    public let rawValue: Int32
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The errno the last failing call left behind.
    public static var current: Errno { Errno(cl_errno()) }

    public var description: String {
        guard let text = strerror(rawValue) else { return "errno " + String(rawValue) }
        return String(cString: text)
    }

    public static let interrupted = Errno(EINTR)
    public static let wouldBlock = Errno(EAGAIN)
    public static let noEntry = Errno(ENOENT)
}
