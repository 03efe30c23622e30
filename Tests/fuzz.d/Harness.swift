// libFuzzer's entry points for hotspotd's parsers: one binary, one target per parser that hears a stranger.
// Built and run by Tests/fuzz (host only, full Swift). The target is the name the binary runs under
// (Tests/fuzz links .build-fuzz/targets/NAME to it), so a crash reproduces with `.build-fuzz/targets/NAME FILE`.
#if canImport(Glibc)
import Glibc
#endif

/// One fuzz target: what it feeds, and the function that takes one input.
struct FuzzTarget {
    let name: String
    let feeds: String
    let run: ([UInt8]) -> Void
}

/// Every target, in the order Tests/fuzz runs them.
let allTargets: [FuzzTarget] = supplicantTargets + radioTargets + daemonTargets + webTargets + tlsTargets

nonisolated(unsafe) var selectedTarget: FuzzTarget? = nil

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>,
                             _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    // Swift's crash backtracer would analyse every crash the fuzzer provokes on purpose (and can outlive
    // the run holding its output pipe): run again without it.
    if getenv("SWIFT_BACKTRACE") == nil, let args = argv.pointee {
        setenv("SWIFT_BACKTRACE", "enable=no", 1)
        execv("/proc/self/exe", args)
    }
    let argv0 = argv.pointee?.pointee.map { String(cString: $0) } ?? ""
    let name = argv0.split(separator: "/").last.map(String.init) ?? argv0
    if let target = allTargets.first(where: { $0.name == name }) {
        selectedTarget = target
        return 0
    }
    var list = "hotspotd-fuzz: run me under a target's name (a link named after it); the targets:\n"
    for t in allTargets { list += "  " + t.name + String(repeating: " ", count: max(1, 16 - t.name.count)) + t.feeds + "\n" }
    fputs(list, stderr)
    exit(2)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selectedTarget?.run(input)
    return 0
}

/// A property that must hold for every input: when it does not, say which and abort, so libFuzzer keeps
/// the input as a crash.
func require(_ holds: Bool, _ what: @autoclosure () -> String) {
    if holds { return }
    fputs("property broken: " + what() + "\n", stderr)
    abort()
}

/// The input cut at `separator` (empty pieces kept): how a target takes a sequence of datagrams or messages.
func pieces(_ input: [UInt8], separator: [UInt8]) -> [[UInt8]] {
    var out: [[UInt8]] = []
    var start = 0, i = 0
    while i + separator.count <= input.count {
        if input[i..<(i + separator.count)].elementsEqual(separator) {
            out.append(Array(input[start..<i]))
            i += separator.count
            start = i
        } else {
            i += 1
        }
    }
    out.append(Array(input[start...]))
    return out
}

/// The separator of multi-datagram inputs: a line of its own, which no datagram hotspotd reads contains.
let datagramSeparator: [UInt8] = Array("\n--8<--\n".utf8)

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Printable excerpt for a property's message.
func show(_ b: [UInt8]) -> String {
    var out = ""
    for c in b.prefix(200) {
        if c >= 0x20 && c < 0x7f && c != UInt8(ascii: "\\") { out.append(Character(Unicode.Scalar(c))) } else {
            let hex = Array("0123456789abcdef")
            out += "\\x" + String(hex[Int(c >> 4)]) + String(hex[Int(c & 15)])
        }
    }
    return out
}
