import CLinux
import HotspotCore

/// The daemon's durable state (helper cache, disabled and logged-off networks, the owner's networks and
/// their passphrases): one small file, mode 0600, replaced atomically (write a temporary file, fsync,
/// rename, fsync the directory) and only when its bytes change, because a router's flash wears.
public final class StateFile {
    public let path: String
    /// The bytes on flash, as far as we know; nil before the first load or save.
    var written: [UInt8]? = nil

    public init(path: String) { self.path = path }

    public enum LoadResult {
        case loaded(PersistentState)
        case missing
        /// Unreadable or corrupt: logged and ignored, never fatal.
        case ignored(String)
    }

    /// Reads the file. A state file is at most 256 KiB (a few hundred networks); a larger one is refused.
    public func load() -> LoadResult {
        let bytes: [UInt8]
        do {
            let fd = try FileDescriptor.open(path, O_RDONLY)
            defer { fd.close() }
            bytes = try fd.readAll(limit: 256 * 1024 + 1)
        } catch {
            if error == Errno.noEntry { return .missing }
            return .ignored("cannot read " + path + ": " + error.description)
        }
        if bytes.count > 256 * 1024 { return .ignored(path + " is larger than 256 KiB") }
        do throws(PersistentStateError) {
            let state = try PersistentState.parse(String(decoding: bytes, as: UTF8.self))
            written = bytes
            return .loaded(state)
        } catch {
            return .ignored(path + ": " + error.description)
        }
    }

    /// Writes `state` unless the file already holds exactly these bytes. Returns false when nothing was
    /// written because nothing changed.
    @discardableResult
    public func save(_ state: PersistentState) throws(Errno) -> Bool {
        let bytes = Array(state.encoded().utf8)
        if let w = written, w == bytes { return false }
        try StateFile.replace(path, with: bytes, mode: 0o600)
        written = bytes
        return true
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file beside it (`PATH.tmp`),
    /// fsync, rename over `path`, fsync of the directory. On failure `path` is as it was.
    static func replace(_ path: String, with bytes: [UInt8], mode: UInt32) throws(Errno) {
        let temporary = path + ".tmp"
        let fd = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
        do throws(Errno) {
            try fd.writeAll(bytes)
            if fsync(fd.rawValue) != 0 { throw Errno.current }
        } catch {
            fd.close()
            _ = unlink(temporary)
            throw error
        }
        fd.close()
        if rename(temporary, path) != 0 {
            let e = Errno.current
            _ = unlink(temporary)
            throw e
        }
        // The rename itself must reach flash, or a power cut can bring back the old file.
        if let dir = try? FileDescriptor.open(StateFile.directory(of: path), O_RDONLY) {
            _ = fsync(dir.rawValue)
            dir.close()
        }
    }

    static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }
}
