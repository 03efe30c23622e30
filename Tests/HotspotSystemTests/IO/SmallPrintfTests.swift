import CLinux
import Testing

/// cl_vsnprintf is the router build's printf family (libnl formats addresses and messages through it);
/// the host checks it against glibc's own vsnprintf for the conversions it supports.
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

    private static var cases: [(String, [any CVarArg])] { [
        ("%d|%i|%u", [Int32(-42), Int32(7), UInt32(4_000_000_000)] as [any CVarArg]),
        ("%5d|%-5d|%05d|%+d|% d", [Int32(42), Int32(42), Int32(-42), Int32(3), Int32(3)]),
        ("%x|%X|%#x|%o|%#o|%08x", [UInt32(0xbeef), UInt32(0xbeef), UInt32(255), UInt32(8), UInt32(8), UInt32(0xabc)]),
        ("%ld|%lu|%lld|%llu|%zu|%zd", [Int(-1), UInt.max, Int64.min, UInt64.max, 12 as Int, -12 as Int]),
        ("%hhx:%02hhx|%hd|%hu", [Int32(-1), Int32(0x1ab), Int32(70000), Int32(-1)]),
        ("%.3d|%.0d|%5.2d|%-6.3x|", [Int32(7), Int32(0), Int32(-3), UInt32(10)]),
        ("[%s][%8s][%-8s][%.2s][%*s][%-*d]", [Self.c("abc"), Self.c("abc"), Self.c("abc"), Self.c("abc"), Int32(4), Self.c("x"), Int32(3), Int32(1)]),
        ("%c%c|%3c|%-3c|%%|", [Int32(0x68), Int32(0x69), Int32(0x78), Int32(0x79)]),
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
    }

    @Test func pointersAndNull() {
        let p = UnsafePointer<UInt8>(bitPattern: 0x1234)!
        #expect(small("%p", [p]).0 == "0x1234")
        #expect(small("%s|%d", [0 as Int, Int32(5)]).0 == "(null)|5")
    }

    @Test func floatsAreConsumedNotFormatted() {
        // The argument after a float must still be read correctly.
        #expect(small("%.2f|%d|%e|%s", [3.25, Int32(9), 1.5, c("ok")]).0 == "?|9|?|ok")
    }
}
