// What the daemon needs beyond CLinux.h: signals as a file descriptor, and syslog without varargs.
#ifndef CLINUX_DAEMON_H
#define CLINUX_DAEMON_H

#include <stdint.h>

/// Blocks SIGTERM, SIGINT, SIGHUP and SIGCHLD and returns a non-blocking signalfd that reports them
/// (-1 with errno on failure). Children must unblock them again before exec (cl_spawn does).
int cl_daemon_signalfd(void);
/// Reads one pending signal number from the signalfd: >0 a signal, 0 none waiting, -1 error.
int cl_daemon_read_signal(int fd);
/// Restores an empty signal mask (for a process that leaves the poll loop, and for tests).
void cl_daemon_unblock_signals(void);

/// Where cl_daemon_syslog sends: the datagram socket at `path` (/dev/log), as `ident[pid]` in the
/// daemon facility. Both strings are copied (ident up to 31 bytes). Connects lazily.
void cl_daemon_openlog(const char *ident, const char *path);
/// One syslog datagram `<facility|priority>ident[pid]: message` (cut at 1 KB). Never blocks: dropped when
/// the log daemon is away or its queue is full; a restarted log daemon is found again on the next line.
void cl_daemon_syslog(int priority, const char *message);

/// Gives up every capability the daemon does not use (bounding set, permitted, effective, inheritable and
/// ambient); 0, or -1 with errno (not root: nothing to give up).
int cl_daemon_keep_capabilities(void);

int cl_sigterm(void);
int cl_sigint(void);
int cl_sighup(void);
int cl_sigchld(void);

#endif
