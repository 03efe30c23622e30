import CLinux
import Testing

/// cl_vsnprintf is the router build's printf family (CLinux's paths and numbers, libnl's and assert's last
/// words before an abort); the host checks it against glibc's own vsnprintf for the conversions it knows, and
/// that any other ends the text, since its argument could not be read safely.
@Suite struct SmallPrintfTests {
    /// A C string that lives for the test process (the variadic call needs a char *).
    private static func c(_ text: String) -> UnsafeMutablePointer<CChar> { strdup(text)! }
    private func c(_ text: String) -> UnsafeMutablePointer<CChar> { Self.c(text) }

    private func small(_ format: String, _ arguments: [any CVarArg], size: Int = 256) -> (String, Int32) {
        var buffer = [CChar](repeating: 0x7f, count: max(size, 1))
        let length = withVaList(arguments) { cl_vsnprintf(&buffer, size, format, $0) }
        return (size == 0 ? "" : String(cString: buffer), length)
    }

    private func glibc(_ format: String, _ arguments: [any CVarArg], size: Int = 256) -> (String, Int32) {
        var buffer = [CChar](repeating: 0x7f, count: max(size, 1))
        let length = withVaList(arguments) { vsnprintf(&buffer, size, format, $0) }
        return (size == 0 ? "" : String(cString: buffer), length)
    }

    /// What the callers format: `%s/%s`, `%s/%d-%u`, `%lld`, `%s.tmp`, libnl's `%s:%d:%s`, assert's line.
    private static var cases: [(String, [any CVarArg])] { [
        ("%s/%d-%u", [Self.c("/sys/fs/cgroup/hotspotd"), Int32(4242), UInt32(4_000_000_000)] as [any CVarArg]),
        ("%d|%d|%d|%u|%u", [Int32(0), Int32(-42), Int32.min, UInt32(0), UInt32.max]),
        ("%lld|%lld|%lld|%llu", [Int64(0), Int64(-7), Int64.min, UInt64.max]),
        ("Assertion failed: %s (%s: %s: %d)\n", [Self.c("n > 0"), Self.c("a.c"), Self.c("f"), Int32(12)]),
        ("100%% [%s][%s]", [Self.c(""), Self.c("abc")]),
        ("no conversions", []),
    ] }

    @Test func matchesGlibc() {
        for (format, arguments) in Self.cases {
            #expect(small(format, arguments) == glibc(format, arguments), "\(format)")
        }
    }

    @Test func truncatesLikeSnprintfAndCountsTheWhole() {
        #expect(small("%s-%d", [c("abcdef"), Int32(12345)], size: 5) == ("abcd", 12))
        #expect(small("%s", [c("abc")], size: 1) == ("", 3))
        #expect(small("hello %d", [Int32(1)], size: 0).1 == 7)
        #expect(small("%lld", [Int64.min], size: 4) == ("-92", 20))
    }

    /// A NULL string prints nothing (glibc prints "(null)"); the argument after it is still read.
    @Test func aNullStringPrintsNothing() {
        #expect(small("[%s]%d", [0 as Int, Int32(5)]).0 == "[]5")
    }

    /// A width, a flag, `l`, hex, a float or a pointer: "?" and the end of the text, nothing read past it.
    @Test func anyOtherConversionEndsTheText() {
        for format in ["%x|%s", "%5d|%s", "%-d|%s", "%ld|%s", "%zu|%s", "%p|%s", "%.2f|%s", "%c|%s", "%i|%s", "%lu|%s", "%"] {
            #expect(small("a" + format, [Int32(1), c("b")]) == ("a?", 2), "\(format)")
        }
        #expect(small("%d %q %s", [Int32(3), c("never read")]) == ("3 ?", 3))
    }
}
