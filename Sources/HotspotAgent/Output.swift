import CLinux

/// Unbuffered writes to the standard streams; `print` is avoided so both builds behave alike.
public enum Output {
    public static func out(_ text: String) { write(fd: 1, text + "\n") }
    public static func err(_ text: String) { write(fd: 2, text + "\n") }

    public static func write(fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = unistd_write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 {
                    if cl_errno() == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }
}

@inline(__always)
func unistd_write(_ fd: Int32, _ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    CLinux.write(fd, p, n)
}
