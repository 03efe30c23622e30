import CLinux

/// The clocks hotspotd reads: monotonic milliseconds for deadlines and timers (the core's clock input), the
/// wall clock for what expires in real time. Not `Clock`: that is the standard library's protocol.
/// Its wrappers are `@_transparent`, as the router build inlines nothing else for sure (docs/size.md).
public enum SystemClock {
    /// CLOCK_MONOTONIC in milliseconds: never set back, so a deadline holds whatever ntpd does.
    @_transparent
    public static var monotonicMs: Int64 { cl_monotonic_ms() }

    /// CLOCK_REALTIME in seconds, for durable state with expiry (cookies, certificates, owner networks).
    @_transparent
    public static var realtimeSeconds: Int64 { cl_realtime_s() }

    /// True when something (ntpd) has set the wall clock and keeps it (adjtimex(2)). A router without a
    /// real-time clock boots unsynchronised, its clock behind.
    @_transparent
    public static var isSynchronized: Bool { cl_clock_synchronized() != 0 }
}
