/// Unbuffered writes to the standard streams; `print` is avoided so both builds behave alike.
public enum Output {
    public static func out(_ text: String) { write(text + "\n", to: .standardOutput) }
    public static func err(_ text: String) { write(text + "\n", to: .standardError) }

    /// A closed or broken stream is ignored: there is nowhere left to report it.
    public static func write(_ text: String, to fd: FileDescriptor) {
        var text = text
        text.withUTF8 { utf8 in try? fd.writeAll(UnsafeRawBufferPointer(utf8)) }
    }
}
