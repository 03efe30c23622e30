#define _GNU_SOURCE
#include "CLinuxDaemon.h"
#include <errno.h>
#include <signal.h>
#include <sys/signalfd.h>
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

void cl_daemon_openlog(const char *ident) { openlog(ident, LOG_PID, LOG_DAEMON); }
void cl_daemon_syslog(int priority, const char *message) { syslog(priority, "%s", message); }

int cl_sigterm(void) { return SIGTERM; }
int cl_sigint(void) { return SIGINT; }
int cl_sighup(void) { return SIGHUP; }
int cl_sigchld(void) { return SIGCHLD; }
