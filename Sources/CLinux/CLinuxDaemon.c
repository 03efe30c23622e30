#define _GNU_SOURCE
#include "CLinuxDaemon.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <syslog.h>
#include <unistd.h>

static void daemon_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGHUP);
    sigaddset(set, SIGCHLD);
}

int cl_daemon_signalfd(void) {
    sigset_t set;
    daemon_signals(&set);
    if (sigprocmask(SIG_BLOCK, &set, NULL) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

int cl_daemon_read_signal(int fd) {
    struct signalfd_siginfo info;
    ssize_t n;
    do { n = read(fd, &info, sizeof info); } while (n < 0 && errno == EINTR);
    if (n < 0) return errno == EAGAIN ? 0 : -1;
    if (n != (ssize_t)sizeof info) return -1;
    return (int)info.ssi_signo;
}

void cl_daemon_unblock_signals(void) {
    sigset_t empty;
    sigemptyset(&empty);
    sigprocmask(SIG_SETMASK, &empty, NULL);
}

// Our own syslog(3): libc's formats through printf and strftime (about 20 KB in a static musl binary)
// and blocks when the log daemon's queue is full; logd and syslogd stamp the time themselves.
static int log_fd = -1;
static char log_ident[32] = "hotspotd";
static struct sockaddr_un log_address = { .sun_family = AF_UNIX, .sun_path = "/dev/log" };

void cl_daemon_openlog(const char *ident, const char *path) {
    size_t n = strlen(ident);
    if (n >= sizeof log_ident) n = sizeof log_ident - 1;
    memcpy(log_ident, ident, n);
    log_ident[n] = 0;
    n = strlen(path);
    if (n >= sizeof log_address.sun_path) n = sizeof log_address.sun_path - 1;
    memcpy(log_address.sun_path, path, n);
    log_address.sun_path[n] = 0;
    if (log_fd >= 0) { close(log_fd); log_fd = -1; }
}

static int log_connect(void) {
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    if (connect(fd, (const struct sockaddr *)&log_address, sizeof log_address) != 0) { close(fd); return -1; }
    return fd;
}

static size_t log_put(char *buffer, size_t at, size_t size, const char *text) {
    while (*text && at < size) buffer[at++] = *text++;
    return at;
}

static size_t log_put_number(char *buffer, size_t at, size_t size, unsigned long value) {
    char digits[24];
    size_t n = 0;
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value);
    while (n && at < size) buffer[at++] = digits[--n];
    return at;
}

void cl_daemon_syslog(int priority, const char *message) {
    char line[1024];
    size_t n = log_put(line, 0, sizeof line, "<");
    n = log_put_number(line, n, sizeof line, (unsigned long)(LOG_DAEMON | (priority & 7)));
    n = log_put(line, n, sizeof line, ">");
    n = log_put(line, n, sizeof line, log_ident);
    n = log_put(line, n, sizeof line, "[");
    n = log_put_number(line, n, sizeof line, (unsigned long)getpid());
    n = log_put(line, n, sizeof line, "]: ");
    n = log_put(line, n, sizeof line, message);
    for (int attempt = 0; attempt < 2; attempt++) {
        if (log_fd < 0 && (log_fd = log_connect()) < 0) return;
        if (send(log_fd, line, n, MSG_NOSIGNAL) >= 0 || errno == EAGAIN || errno == EWOULDBLOCK) return;
        // The log daemon went away (ECONNREFUSED, ENOTCONN): connect again once, to a new one if there is.
        close(log_fd);
        log_fd = -1;
    }
}

int cl_sigterm(void) { return SIGTERM; }
int cl_sigint(void) { return SIGINT; }
int cl_sighup(void) { return SIGHUP; }
int cl_sigchld(void) { return SIGCHLD; }

#include <linux/capability.h>
#include <linux/prctl.h>
#include <sys/syscall.h>

int cl_daemon_keep_capabilities(void) {
    // What hotspotd does as root, and nothing else (docs/security.md says why each stays).
    const uint64_t keep = 1ULL << CAP_NET_ADMIN   // interfaces up and down, the MAC address, nl80211's requests
                        | 1ULL << CAP_NET_RAW     // sockets bound to the uplink (the portal helper, fetch, the checks)
                        | 1ULL << CAP_SYS_ADMIN   // each helper's namespaces, its /proc and read-only mounts
                        | 1ULL << CAP_SETUID | 1ULL << CAP_SETGID  // helpers run as helper_user
                        | 1ULL << CAP_KILL        // ending a helper that runs as another user
                        | 1ULL << CAP_CHOWN | 1ULL << CAP_FOWNER   // helpers' state directories given to their user
                        | 1ULL << CAP_DAC_OVERRIDE;  // ... and read, cleared and forgotten by the daemon
    // The bounding set first, while CAP_SETPCAP is still there: it is all the daemon's root children (the LAN's
    // renumbering) may ever have. EINVAL: a number past the kernel's last capability.
    for (int cap = 0; cap < 64; cap++) {
        if (!(keep >> cap & 1) && syscall(SYS_prctl, PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) return -1;
    }
    syscall(SYS_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    if (syscall(SYS_capget, &header, data) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        data[i].effective &= (uint32_t)(keep >> (32 * i));
        data[i].permitted &= (uint32_t)(keep >> (32 * i));
        data[i].inheritable = 0;
    }
    return (int)syscall(SYS_capset, &header, data);
}
