import CLinux
import HotspotCore

/// Where the daemon's log lines go: syslog (ident `hotspotd`, read with `logread` on OpenWrt) and, with
/// `-v` in the foreground, stderr too. Lines are built by the caller; nothing here formats values.
public final class Logger {
    public var toSyslog: Bool
    public var toStderr: Bool
    /// Lines below this level are dropped (debug only with -v).
    public var threshold: LogLevel

    /// `syslogPath`: the log daemon's socket (tests give their own).
    public init(toSyslog: Bool, toStderr: Bool, threshold: LogLevel = .info, syslogPath: String = "/dev/log") {
        self.toSyslog = toSyslog
        self.toStderr = toStderr
        self.threshold = threshold
        if toSyslog { cl_daemon_openlog("hotspotd", syslogPath) }
    }

    /// Each line starts with the monotonic clock, seconds since boot with milliseconds (`[812.034]`, as in
    /// the kernel's log): a router's wall clock is wrong until NTP, and phases are cut by subtraction.
    public func log(_ level: LogLevel, _ message: String) {
        guard Logger.rank(level) <= Logger.rank(threshold) else { return }
        let ms = cl_monotonic_ms(), f = ms % 1000
        let stamp = "[" + String(ms / 1000) + (f < 100 ? (f < 10 ? ".00" : ".0") : ".") + String(f) + "] "
        if toSyslog { cl_daemon_syslog(Logger.priority(level), stamp + message) }
        if toStderr { Output.err(stamp + level.rawValue + ": " + message) }
    }

    static func rank(_ level: LogLevel) -> Int {
        switch level {
        case .error: return 0
        case .warning: return 1
        case .notice: return 2
        case .info: return 3
        case .debug: return 4
        }
    }

    /// syslog's numbers (LOG_ERR 3 … LOG_DEBUG 7): the rank after 3.
    static func priority(_ level: LogLevel) -> Int32 { Int32(rank(level)) + 3 }
}
