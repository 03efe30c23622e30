import HotspotAgent

var arguments: [String] = []
for i in 0..<Int(CommandLine.argc) {
    if let p = CommandLine.unsafeArgv[i] { arguments.append(String(cString: p)) }
}
CLI.exit(CLI.main(arguments))
