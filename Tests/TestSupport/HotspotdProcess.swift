import Foundation

/// `hotspotd ARGUMENTS…` run as a helper script runs it: the environment given (and a PATH), `stdin` written
/// and closed, stdout and stderr read to their end; its exit status. For `fetch`, `connect` and `udp`.
public func runHotspotd(_ arguments: [String], _ environment: [String: String], stdin: [UInt8] = [])
    throws -> (status: Int32, out: [UInt8], err: String) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: hotspotdBinary)
    p.arguments = arguments
    p.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { a, _ in a }
    let out = Pipe(), err = Pipe(), input = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = input
    try p.run()
    // The throwing write: a command that refuses before reading its stdin closes the pipe (EPIPE), which the
    // non-throwing `write(_:)` turns into a crash of the whole test process.
    if !stdin.isEmpty { try? input.fileHandleForWriting.write(contentsOf: Data(stdin)) }
    try? input.fileHandleForWriting.close()
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, Array(o), String(decoding: e, as: UTF8.self))
}
