/// Unbuffered writes to the standard streams; `print` is avoided so both builds behave alike.
public enum Output {
    public static func out(_ text: String) { write(fd: 1, text + "\n") }
    public static func err(_ text: String) { write(fd: 2, text + "\n") }

    /// A closed or broken stream is ignored: there is nowhere left to report it.
    public static func write(fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { utf8 in try? FileDescriptor(rawValue: fd).writeAll(UnsafeRawBufferPointer(utf8)) }
    }
}
