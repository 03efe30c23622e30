import HotspotCLI

// Embedded Swift has no CommandLine; the agent reads argv from /proc/self/cmdline in both builds.
CLI.exit(CLI.main(CLI.processArguments()))
