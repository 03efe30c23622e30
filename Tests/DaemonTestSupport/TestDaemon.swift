import Foundation
@testable import HotspotDaemon
import HotspotSystem
import HotspotCore

/// A daemon as the router would configure it, for tests: a UCI file in `dir` with its run directory, control
/// directory and state file there too; nothing started.
public enum TestDaemon {
    public struct ConfigurationRefused: Error, CustomStringConvertible {
        public let description: String
    }

    /// `extra`: more of the UCI file after the main section (helpers, networks).
    public static func make(_ dir: String, interface: String = "lo", extra: String = "", loop: EventLoop = EventLoop())
        throws -> HotspotDaemon
    {
        let config = dir + "/hotspot"
        try """
        config hotspot 'main'
        \toption interface '\(interface)'
        \toption ctrl_dir '\(dir)/wpa'
        \toption run_dir '\(dir)/run'
        \toption state_file '\(dir)/state'

        """.appending(extra).write(toFile: config, atomically: true, encoding: .utf8)
        switch HotspotDaemon.loadConfiguration(config) {
        case .refused(let why): throw ConfigurationRefused(description: why)
        case .loaded(let loaded):
            var options = HotspotDaemon.Options()
            options.configPath = config
            return HotspotDaemon(loop: loop, options: options, settings: loaded.settings, configuration: loaded.configuration,
                                 logger: Logger(toSyslog: false, toStderr: false))
        }
    }
}

extension HotspotDriver {
    /// The hotspot machine's input, for tests that drive it past the link machine (a scan, an association).
    public func submit(_ input: HotspotInput, onReply: ReplyHandler? = nil) {
        submit(.hotspot(input), onReply: onReply)
    }
}
