// CLinux: the libc and kernel surface hotspotd uses, and wrappers for what Swift cannot import
// (macros, errno as an lvalue, variadic calls). Every name we add starts with `cl_`.
#ifndef CLINUX_H
#define CLINUX_H

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <grp.h>
#include <pwd.h>
#include <syslog.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/timex.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <net/if.h>
#include <dirent.h>
#include "CLinuxDaemon.h"

static inline int cl_errno(void) { return errno; }

/// fcntl(2) is variadic; Swift cannot call it directly.
static inline int cl_fcntl_int(int fd, int cmd, int arg) { return fcntl(fd, cmd, arg); }
static inline int cl_open(const char *path, int flags, mode_t mode) { return open(path, flags, mode); }

/// wait(2) status macros.
static inline int cl_wexitstatus(int status) { return WEXITSTATUS(status); }
static inline int cl_wifsignaled(int status) { return WIFSIGNALED(status); }
static inline int cl_wtermsig(int status) { return WTERMSIG(status); }

/// Monotonic milliseconds: the core's clock input.
static inline int64_t cl_monotonic_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/// Monotonic microseconds: how long the loop stays busy (a figure for `status --json`).
static inline int64_t cl_monotonic_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/// Wall-clock seconds, for durable state with expiry.
static inline int64_t cl_realtime_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec;
}

/// 1 when something (ntpd) has set the clock and keeps it: adjtimex(2) reports the kernel's clock state
/// without changing it. A router without a real-time clock boots unsynchronised, its clock behind.
static inline int cl_clock_synchronized(void) {
    struct timex t;
    memset(&t, 0, sizeof t);
    int state = adjtimex(&t);
    return state >= 0 && state != TIME_ERROR && !(t.status & STA_UNSYNC);
}

/// syslog(3) is variadic; we always log a preformatted message.
static inline void cl_syslog(int priority, const char *message) { syslog(priority, "%s", message); }

/// Socket types are an enum on glibc and macros on musl; these hide the difference.
static inline int cl_unix_datagram_socket(void) { return socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0); }
static inline int cl_unix_stream_socket(void) { return socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0); }

/// IPv4 sockets for the portal helper's HTTP and DNS: non-blocking and close-on-exec.
static inline int cl_inet_stream_socket(void) { return socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0); }
static inline int cl_inet_datagram_socket(void) { return socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0); }
/// SO_BINDTODEVICE: the socket's traffic leaves and arrives only through the interface `name`, whatever the
/// routing table says (a VPN's default route). Unprivileged on a socket not yet bound since Linux 5.7.
int cl_bind_to_device(int fd, const char *name);
/// connect(2) to an IPv4 address (host order) and port: 0, or -1 with errno (EINPROGRESS: a non-blocking
/// TCP connect under way; poll for POLLOUT, then cl_socket_error).
int cl_connect_ipv4(int fd, uint32_t address, uint16_t port);
/// This host's IPv4 addresses (SIOCGIFCONF: interfaces that are up and have one), host order, each with its
/// netmask and whether its interface is `uplink` (NULL or "": none): at most `max` of them; the count, or -1.
int cl_local_ipv4(const char *uplink, uint32_t *addresses, uint32_t *masks, uint8_t *on_uplink, int max);
/// shutdown(2) of the sending side: the peer reads the end of the stream, and its answer still comes back.
static inline int cl_shutdown_write(int fd) { return shutdown(fd, SHUT_WR); }
/// SO_ERROR: 0 when a non-blocking connect succeeded, else its errno (-1 when getsockopt itself fails).
int cl_socket_error(int fd);

/// bind(2)/connect(2) to a UNIX socket path; ENAMETOOLONG when it does not fit in sockaddr_un.
int cl_bind_unix(int fd, const char *path);
int cl_connect_unix(int fd, const char *path);
/// SO_PEERCRED of a connected UNIX socket.
int cl_peer_credentials(int fd, uint32_t *uid, uint32_t *gid, int32_t *pid);

/// The entry NAME of a colon-separated database, /etc/passwd ("name:pw:uid:gid:…") or /etc/group
/// ("name:pw:gid:…"): its third field into *id and, when there is one, its fourth into *gid. 0 when found,
/// -1 when not (or the file cannot be read). Plain reads: OpenWrt has no NSS, and musl's getpwnam would
/// bring its stdio reader and nscd client into the binary (about 7 KB).
int cl_lookup_id(const char *file, const char *name, uint32_t *id, uint32_t *gid);

/// accept4(2): the connection non-blocking and close-on-exec; -1 with errno (EAGAIN: none waiting).
int cl_accept(int fd);
/// 1 when the connected peer holds `gid` as its primary or a supplementary group (SO_PEERCRED and
/// SO_PEERGROUPS, as the peer was at connect time), 0 when not, -1 with errno.
int cl_peer_in_group(int fd, uint32_t gid);

/// The name of a directory entry (d_name is a fixed array Swift imports as a tuple).
static inline const char *cl_dirent_name(const struct dirent *entry) { return entry->d_name; }

/// How a helper process is confined (see cl_spawn).
struct cl_sandbox {
    int drop_privileges;      // setgid/setuid to uid/gid below (only when running as root)
    uint32_t uid;
    uint32_t gid;
    int no_network;           // evaluation: own network namespace (only a down loopback), every mount read-only,
                              // no UNIX sockets (seccomp)
    const char *writable_dir; // with no_network: the one directory left writable (NULL: none)
    int64_t memory_bytes;     // RLIMIT_AS, 0 = unchanged
    int64_t cpu_seconds;      // RLIMIT_CPU
    int64_t open_files;       // RLIMIT_NOFILE
    int64_t file_bytes;       // RLIMIT_FSIZE
    int64_t processes;        // with isolate, the limit of its cgroup (cl_helper_cgroups); else RLIMIT_NPROC
    int isolate;              // own PID, IPC and mount namespaces with their own /proc; no ptrace, process_vm_*,
                              // pidfd_getfd or keys (seccomp); its own cgroup when there are
    uint32_t cgroup_run;      // set by cl_spawn: its cgroup's number for cl_helper_cgroup_remove; 0 none
};

/// fork + confine + execve. The child gets stdin/stdout/stderr from the given descriptors, its own
/// process group (so one kill reaches everything it started), no other descriptors, and the sandbox.
/// Returns the pid, or -1 with errno set; a failure inside the child before exec (sandbox setup,
/// exec itself) is reported back through a close-on-exec pipe, so the caller sees it as an error.
/// `*stage` names the step that failed (0 pipe or fork, 1 setsid, 2 dup2, 3 namespaces and filter, 4 limits, 5 ids,
/// 6 exec, 7 cgroup). The helper starts with no signal blocked or ignored, whatever the caller's mask and dispositions.
int32_t cl_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
                 struct cl_sandbox *sandbox, int *stage);

/// One cgroup (v2) per helper run under `dir` (/sys/fs/cgroup/hotspotd): each run's own process limit, so that
/// one helper cannot use up the others' (RLIMIT_NPROC counts every process of the helpers' user together).
/// Makes `dir` ready (created, the pids controller enabled, empty runs from before removed) for every later
/// cl_spawn with `isolate`; 0, or -1 with errno (no cgroup2 at its parent, no pids controller).
int cl_helper_cgroups(const char *dir);
/// Removes a run's cgroup once its processes are gone (for PID 1 of a namespace, once it is reaped);
/// 0, or -1 with errno (EBUSY: one is still there).
int cl_helper_cgroup_remove(uint32_t run);

/// The directory `name` (under the directory `at`, or a path with `at` = cl_at_cwd()) as hotspotd wants it:
/// created with `mode` when missing, opened without following a symlink (ENOTDIR for one), then given `uid`,
/// `gid` and `mode` through the open descriptor (root takes over whoever's it was; left as it is with `uid`
/// UINT32_MAX). Returns the descriptor (close it), or -1 with errno.
int cl_own_directory(int at, const char *name, uint32_t mode, uint32_t uid, uint32_t gid);
static inline int cl_at_cwd(void) { return AT_FDCWD; }

/// 1 when the directory at `path` holds anything but `.` and `..`; 0 when it is empty, missing or unreadable.
int cl_directory_has_entries(const char *path);

/// pipe2(O_CLOEXEC); both ends block until the parent makes its own end non-blocking.
int cl_pipe_cloexec(int fds[2]);

/// The interface's current address, or with `permanent` its hardware one (ethtool); 0 when unknown.
uint64_t cl_if_hwaddr(const char *name, int permanent);
/// Sets the interface's address unless it has it (down, set, up again); 0 or -errno.
int cl_if_set_hwaddr(const char *name, uint64_t address);
/// 16 secret bytes from `path`, made (random, mode 0600, atomically) when it has none; 0 or -errno when
/// they could not be kept (`out` holds random bytes all the same).
int cl_secret(const char *path, uint8_t out[16]);
/// SIG_IGN is a cast macro Swift cannot import.
static inline void cl_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }
static inline int cl_kill_group(int32_t pid, int sig) { return kill(-pid, sig); }
/// waitpid(pid, WNOHANG): 0 while running, pid when reaped (status filled), -1 on error.
static inline int32_t cl_reap(int32_t pid, int *status) { return waitpid(pid, status, WNOHANG); }

/// vsnprintf for what the router build's few C callers format (SmallPrintf.c: `%s`, `%d`, `%u`, `%lld`,
/// `%llu`, `%%`); the static musl build's printf family is this, so musl's float and stdio code stay out of
/// the binary. Any other conversion ends the text with "?".
int cl_vsnprintf(char *s, size_t n, const char *fmt, va_list ap);

#endif
