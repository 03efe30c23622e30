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
