import CLinux
import HotspotCore

/// The daemon's durable state (helper cache, disabled and logged-off networks, the owner's networks and
/// their passphrases): one small file, mode 0600, replaced atomically (write a temporary file, fsync,
/// rename, fsync the directory) and only when its bytes change, because a router's flash wears.
public final class StateFile {
    public let path: String
    /// The bytes on flash, as far as we know; nil before the first load or save.
    var written: [UInt8]? = nil
    /// Why the file did not load; with `inTheWay` while it could not be moved aside yet.
    var loadError: String? = nil
    var inTheWay = false
    /// Why the latest save failed (for `status`); nil once one succeeds.
    public private(set) var saveProblem: String? = nil

    public init(path: String) { self.path = path }

    public indirect enum LoadResult {
        case loaded(PersistentState)
        case missing
        /// Unreadable or corrupt: moved aside (`loadProblem` says where), never fatal, never saved over.
        case ignored(String)
    }

    /// For the log and `status`: the file did not load, and where it is now.
    public var loadProblem: String? {
        // An if-let, not Optional.map: no specialisation for the closure.
        guard let why = loadError else { return nil }
        return path + " did not load (" + why + "); " + (inTheWay ? "cannot move it to " : "moved to ") + path + ".bad"
    }

    /// Reads the file (at most `PersistentState.maxBytes`, the limit save keeps to). One that does not load
    /// is renamed to `PATH.bad`: the first save must not overwrite what may hold the owner's networks.
    public func load() -> LoadResult {
        do throws(Errno) {
            let fd = try FileDescriptor.open(path, O_RDONLY)
            defer { fd.close() }
            let bytes = try fd.readAll(limit: PersistentState.maxBytes + 1)
            do throws(PersistentStateError) {
                let state = try PersistentState.parse(String(decoding: bytes, as: UTF8.self))
                written = bytes
                return .loaded(state)
            } catch {
                loadError = error.description
            }
        } catch {
            if error == Errno.noEntry { return .missing }
            loadError = "cannot read it: " + error.description
        }
        inTheWay = rename(path, path + ".bad") != 0
        return .ignored(loadProblem!)
    }

    /// Writes `state` unless the file already holds exactly these bytes. Returns false when nothing was
    /// written because nothing changed. A failure is kept in `saveProblem` until a save succeeds.
    @discardableResult
    public func save(_ state: PersistentState) throws(Errno) -> Bool {
        let bytes = Array(state.encoded().utf8)
        if let w = written, w == bytes {
            saveProblem = nil
            return false
        }
        // What the next start could not load is never written.
        guard bytes.count <= PersistentState.maxBytes else {
            saveProblem = "cannot save " + path + ": over 64 KiB; forget some networks"
            throw Errno(EFBIG)
        }
        do throws(Errno) {
            // `loadProblem` says why it is in the way.
            if inTheWay && rename(path, path + ".bad") != 0 {
                let e = Errno.current
                if e != Errno.noEntry { throw e }
            }
            inTheWay = false
            try StateFile.replace(path, with: bytes, mode: 0o600)
        } catch {
            saveProblem = "cannot save " + path + ": " + error.description
            throw error
        }
        saveProblem = nil
        written = bytes
        return true
    }

    /// Replaces the file at `path` with `bytes` atomically: a temporary file beside it (`PATH.tmp`),
    /// fsync, rename over `path`, fsync of the directory. On failure `path` is as it was.
    /// `PATH.tmp` is made new (a stale one, or a symlink planted there, unlinked first; then O_EXCL and
    /// O_NOFOLLOW): nothing it pointed to is written, and what is renamed over `path` is this file.
    public static func replace(_ path: String, with bytes: [UInt8], mode: UInt32) throws(Errno) {
        let temporary = path + ".tmp"
        _ = unlink(temporary)
        let fd = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: mode)
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
        // ASCII's loop, not lastIndex(of:): no specialisation of its own.
        guard let slash = ASCII.lastIndex(of: UInt8(ascii: "/"), in: bytes[...]) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }
}
