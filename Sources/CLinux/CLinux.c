#define _GNU_SOURCE
#include "CLinux.h"
#include <stddef.h>

/// Fill a sockaddr_un; returns the length to pass to bind/connect, or -1 if the path does not fit.
static int cl_sockaddr_un(struct sockaddr_un *addr, const char *path) {
    size_t n = strlen(path);
    memset(addr, 0, sizeof(*addr));
    addr->sun_family = AF_UNIX;
    if (n >= sizeof(addr->sun_path)) return -1;
    memcpy(addr->sun_path, path, n);
    return (int)(offsetof(struct sockaddr_un, sun_path) + n + 1);
}

int cl_bind_unix(int fd, const char *path) {
    struct sockaddr_un addr;
    int len = cl_sockaddr_un(&addr, path);
    if (len < 0) { errno = ENAMETOOLONG; return -1; }
    return bind(fd, (struct sockaddr *)&addr, (socklen_t)len);
}

int cl_connect_unix(int fd, const char *path) {
    struct sockaddr_un addr;
    int len = cl_sockaddr_un(&addr, path);
    if (len < 0) { errno = ENAMETOOLONG; return -1; }
    return connect(fd, (struct sockaddr *)&addr, (socklen_t)len);
}

int cl_bind_to_device(int fd, const char *name) {
    size_t n = strlen(name);
    if (n == 0 || n >= IFNAMSIZ) { errno = ENODEV; return -1; }
    return setsockopt(fd, SOL_SOCKET, SO_BINDTODEVICE, name, (socklen_t)n);
}

int cl_connect_ipv4(int fd, uint32_t address, uint16_t port) {
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(address);
    return connect(fd, (struct sockaddr *)&addr, sizeof addr);
}

int cl_socket_error(int fd) {
    int error = 0;
    socklen_t len = sizeof error;
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) != 0) return -1;
    return error;
}

int cl_peer_credentials(int fd, uint32_t *uid, uint32_t *gid, int32_t *pid) {
    struct ucred cred;
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *uid = cred.uid; *gid = cred.gid; *pid = cred.pid;
    return 0;
}

int cl_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif

int cl_peer_in_group(int fd, uint32_t gid) {
    uint32_t uid, primary;
    int32_t pid;
    if (cl_peer_credentials(fd, &uid, &primary, &pid) != 0) return -1;
    if (primary == gid) return 1;
    gid_t groups[64];
    socklen_t len = sizeof(groups);
    // ERANGE: more than 64 groups (the kernel copies none then); refused rather than guessed.
    if (getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &len) != 0) return errno == ERANGE ? 0 : -1;
    for (size_t i = 0; i < len / sizeof(gid_t); i++) if (groups[i] == gid) return 1;
    return 0;
}

#include <sched.h>
#include <sys/mount.h>
#include <linux/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

/// prlimit64, the kernel's call: musl's setrlimit reaches every thread of the process (its __synccall, 700 B),
/// and the child of the clone below has one.
static void cl_limit(int resource, int64_t value) {
    if (value <= 0) return;
    uint64_t r[2] = { (uint64_t)value, (uint64_t)value };  // struct rlimit64: soft, hard
    syscall(SYS_prlimit64, 0, resource, r, NULL);
}

#if defined(__x86_64__)
#define CL_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CL_AUDIT_ARCH AUDIT_ARCH_AARCH64
#elif defined(__arm__)
#define CL_AUDIT_ARCH AUDIT_ARCH_ARM
#endif

#ifndef __NR_pidfd_getfd
#define __NR_pidfd_getfd 438  // the same number on every architecture (Linux 5.6); older headers lack it
#endif

/// `nr` fails with EPERM; any other call goes on to the next check.
#define CL_DENY(nr) BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM)

/// Every confined helper: nothing from another ABI (x32, 32-bit programs on a 64-bit kernel: other numbers,
/// which fail with EACCES), and no reaching into another process of the same user, whose memory, descriptors
/// or keys would hand over what the daemon gave that one (another helper's answers, the portal helper's cookies).
#define CL_HELPER_CALLS \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)), \
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CL_AUDIT_ARCH, 1, 0), \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES), \
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)), \
    BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1), \
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES), \
    CL_DENY(__NR_ptrace), CL_DENY(__NR_process_vm_readv), CL_DENY(__NR_process_vm_writev), \
    CL_DENY(__NR_pidfd_getfd), CL_DENY(__NR_keyctl), CL_DENY(__NR_add_key), CL_DENY(__NR_request_key)

static const struct sock_filter cl_helper_filter[] = {
    CL_HELPER_CALLS,
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

/// Evaluation, besides: no UNIX sockets (a path socket such as /dev/log or ubus reaches past the network
/// namespace) and no io_uring (its requests pass this filter by), which fail with EACCES.
static const struct sock_filter cl_evaluation_filter[] = {
    CL_HELPER_CALLS,
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 3, 0),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 3),
    BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
    BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AF_UNIX, 0, 1),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EACCES),
    BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
};

#ifdef SYS_fchown32
#define CL_SYS_FCHOWN SYS_fchown32  // 32-bit ARM: fchown itself takes 16-bit ids
#else
#define CL_SYS_FCHOWN SYS_fchown
#endif

/// mount_setattr(2) (Linux 5.12), which libc does not wrap: the read-only flag for a mount or a whole tree.
struct cl_mount_attr { uint64_t set, clear, propagation, userns_fd; };
static int cl_mount_readonly(const char *path, int readonly, unsigned flags) {
    struct cl_mount_attr attr = { readonly ? 1 : 0, readonly ? 0 : 1, 0, 0 };  // MOUNT_ATTR_RDONLY
    return (int)syscall(SYS_mount_setattr, AT_FDCWD, path, flags, &attr, sizeof attr);
}

/// The helpers' cgroup directory once cl_helper_cgroups made it ready; empty: none (RLIMIT_NPROC instead).
static char cl_cgroups[200];

/// `text` into the cgroup file `dir/name`; 0 or -1 with errno.
static int cl_cgroup_write(const char *dir, const char *name, const char *text) {
    char path[256];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) { errno = ENAMETOOLONG; return -1; }
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t n = strlen(text);
    int ok = write(fd, text, n) == (ssize_t)n;
    int e = errno;
    close(fd);
    errno = e;
    return ok ? 0 : -1;
}

int cl_helper_cgroups(const char *dir) {
    char parent[sizeof cl_cgroups];
    const char *slash = strrchr(dir, '/');
    if (!slash || slash == dir || strlen(dir) >= sizeof parent) { errno = EINVAL; return -1; }
    memcpy(parent, dir, (size_t)(slash - dir));
    parent[slash - dir] = 0;
    // The pids controller for the children of `parent` (ours among them), then for our own children; a cgroup
    // holding processes cannot hand controllers down, so the daemon itself stays outside `dir`.
    if (cl_cgroup_write(parent, "cgroup.subtree_control", "+pids") != 0) return -1;
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) return -1;
    if (cl_cgroup_write(dir, "cgroup.subtree_control", "+pids") != 0) return -1;
    // Runs left by a daemon that was killed: removed when empty (rmdir refuses one with a process in it).
    int fd = (int)syscall(SYS_openat, AT_FDCWD, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return -1;
    char buf[512];
    long n;
    while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
        for (long i = 0; i + 19 < n;) {
            unsigned short length;
            memcpy(&length, buf + i + 16, sizeof length);
            if (length == 0) break;
            if (buf[i + 18] == DT_DIR && buf[i + 19] != '.') unlinkat(fd, buf + i + 19, AT_REMOVEDIR);
            i += length;
        }
    }
    close(fd);
    memcpy(cl_cgroups, dir, strlen(dir) + 1);  // fits: checked above
    return 0;
}

/// A run's cgroup's path (the daemon's pid in its name: two daemons, as two radios in the tests, share the
/// directory); 0, or -1 when it does not fit.
static int cl_cgroup_path(char path[256], uint32_t run) {
    return snprintf(path, 256, "%s/%d-%u", cl_cgroups, (int)getpid(), (unsigned)run) < 256 ? 0 : -1;
}

/// A new run's cgroup with `pids.max` = `processes`: its cgroup.procs open for writing, or -1.
static int cl_helper_cgroup(int64_t processes, uint32_t *run) {
    static uint32_t runs;
    *run = ++runs;
    char path[256], limit[24];
    if (cl_cgroup_path(path, *run) != 0 || (mkdir(path, 0755) != 0 && errno != EEXIST)) return -1;
    snprintf(limit, sizeof limit, "%lld", (long long)processes);
    if (cl_cgroup_write(path, "pids.max", limit) != 0) { rmdir(path); return -1; }
    // Fits: cl_cgroups is at most 199 bytes, the run's name 22.
    size_t end = strlen(path);
    memcpy(path + end, "/cgroup.procs", sizeof "/cgroup.procs");
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    path[end] = 0;
    if (fd < 0) rmdir(path);  // nothing made is left behind, whichever step failed
    return fd;
}

int cl_helper_cgroup_remove(uint32_t run) {
    char path[256];
    if (run == 0 || cl_cgroup_path(path, run) != 0) return -1;
    return rmdir(path);
}

/// The ids through the kernel's calls: libc's set*id in a multithreaded caller (the tests) signals threads
/// the clone below did not copy. 32-bit ARM's plain calls take 16-bit ids.
#ifdef SYS_setuid32
#define CL_SYS_SETGROUPS SYS_setgroups32
#define CL_SYS_SETGID SYS_setgid32
#define CL_SYS_SETUID SYS_setuid32
#else
#define CL_SYS_SETGROUPS SYS_setgroups
#define CL_SYS_SETGID SYS_setgid
#define CL_SYS_SETUID SYS_setuid
#endif

int32_t cl_spawn(const char *path, char *const argv[], char *const envp[], int in_fd, int out_fd, int err_fd,
                 struct cl_sandbox *sb, int *stage) {
    int report[2];
    *stage = 0;
    sb->cgroup_run = 0;
    if (pipe2(report, O_CLOEXEC) != 0) return -1;
    // Its own cgroup, when the daemon has them: its process limit, and no one else's. Without (none to be had,
    // or this one failed), the helpers' user's RLIMIT_NPROC.
    int cgroup = sb->isolate && cl_cgroups[0] ? cl_helper_cgroup(sb->processes, &sb->cgroup_run) : -1;
    if (cgroup < 0) sb->cgroup_run = 0;
    // A confined helper is PID 1 of its own PID namespace: when it ends, or is killed, the kernel ends every
    // process it started, a setsid() one too. Evaluation adds a network namespace; both a mount namespace.
    long flags = SIGCHLD;
    if (sb->isolate) flags |= CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWNS;
    if (sb->no_network) flags |= CLONE_NEWNET | CLONE_NEWNS;
    // fork() with namespaces: the kernel's call (no stack given: the child goes on from here, as from fork).
    pid_t pid = (pid_t)syscall(SYS_clone, flags, 0, 0, 0, 0);
    if (pid < 0) {
        int e = errno;
        close(report[0]); close(report[1]);
        if (cgroup >= 0) { close(cgroup); cl_helper_cgroup_remove(sb->cgroup_run); sb->cgroup_run = 0; }
        errno = e;
        return -1;
    }
    if (pid == 0) {
        int step = 1;
        int err = 0;
        // Only async-signal-safe calls from here to execve.
        if (setsid() < 0) goto fail;
        step = 7;
        // Into its own cgroup before anything can fork: its process limit and no one else's.
        if (cgroup >= 0 && write(cgroup, "0", 1) != 1) goto fail;
        step = 2;
        if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) goto fail;
        // Nothing else leaks into the helper (the report pipe closes itself on exec).
        for (int fd = 3; fd < 1024; fd++) if (fd != report[1]) close(fd);
        step = 3;
        // A /proc of its own namespace: no other process's command line, environment or descriptors to read.
        if ((flags & CLONE_NEWNS) && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) goto fail;
        if (sb->isolate && mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) goto fail;
        // Evaluation: no network, and no file system a scan list could be left on for a later command
        // (every mount read-only; only its state directory, if any, stays writable).
        if (sb->no_network) {
            if (cl_mount_readonly("/", 1, AT_RECURSIVE) != 0) goto fail;
            if (sb->writable_dir && (mount(sb->writable_dir, sb->writable_dir, NULL, MS_BIND, NULL) != 0
                                     || cl_mount_readonly(sb->writable_dir, 0, 0) != 0)) goto fail;
        }
        step = 4;
        cl_limit(RLIMIT_AS, sb->memory_bytes);
        cl_limit(RLIMIT_CPU, sb->cpu_seconds);
        cl_limit(RLIMIT_NOFILE, sb->open_files);
        cl_limit(RLIMIT_FSIZE, sb->file_bytes);
        step = 5;
        // Never root by another name (a passwd entry with uid 0 or gid 0): the daemon checks at load and at
        // each spawn, and this is the last word.
        if (sb->drop_privileges && (sb->uid == 0 || sb->gid == 0)) { errno = EPERM; goto fail; }
        if (sb->drop_privileges && geteuid() == 0) {
            if (syscall(CL_SYS_SETGROUPS, 0, NULL) != 0 || syscall(CL_SYS_SETGID, sb->gid) != 0
                || syscall(CL_SYS_SETUID, sb->uid) != 0) goto fail;
            // RLIMIT_NPROC counts per user (every helper's processes together): only without a cgroup of its own.
            if (cgroup < 0) cl_limit(RLIMIT_NPROC, sb->processes);
        }
        step = 3;  // the sandbox's filter comes last: it is for the helper, not for this setup
        struct sock_fprog filter = sb->no_network
            ? (struct sock_fprog){ sizeof cl_evaluation_filter / sizeof cl_evaluation_filter[0],
                                   (struct sock_filter *)cl_evaluation_filter }
            : (struct sock_fprog){ sizeof cl_helper_filter / sizeof cl_helper_filter[0], (struct sock_filter *)cl_helper_filter };
        if ((sb->isolate || sb->no_network) && (syscall(SYS_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
                               || syscall(SYS_prctl, PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) != 0)) goto fail;
        // The daemon blocks TERM, INT, HUP and CHLD (its signalfd), and whoever started it may have left some
        // ignored; both survive execve. A helper starts as from a login shell: nothing blocked, nothing ignored
        // (busybox ash's `wait` sleeps until SIGCHLD: blocked, it never wakes). The kernel's calls, as libc's
        // refuse its own signals (32-34): all zeros are SIG_DFL and the empty mask in every layout.
        uint64_t zeros[4] = { 0 };
        for (int s = 1; s < _NSIG; s++) syscall(SYS_rt_sigaction, s, zeros, NULL, sizeof zeros[0]);
        syscall(SYS_rt_sigprocmask, SIG_SETMASK, zeros, NULL, sizeof zeros[0]);
        step = 6;
        execve(path, argv, envp);
    fail:
        err = errno;
        int msg[2] = { step, err };
        ssize_t ignored = write(report[1], msg, sizeof msg);
        (void)ignored;
        _exit(127);
    }
    close(report[1]);
    if (cgroup >= 0) close(cgroup);
    int msg[2];
    ssize_t n;
    do { n = read(report[0], msg, sizeof msg); } while (n < 0 && errno == EINTR);
    close(report[0]);
    if (n == (ssize_t)sizeof msg) {
        int status;
        waitpid(pid, &status, 0);
        cl_helper_cgroup_remove(sb->cgroup_run);
        sb->cgroup_run = 0;
        *stage = msg[0];
        errno = msg[1];
        return -1;
    }
    return pid;
}

int cl_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

static int lookup_number(const char *p, const char *end, uint32_t *out) {
    uint64_t v = 0;
    if (p == end) return -1;
    for (; p < end; p++) {
        if (*p < '0' || *p > '9') return -1;
        v = v * 10 + (uint64_t)(*p - '0');
        if (v > UINT32_MAX) return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

int cl_lookup_id(const char *file, const char *name, uint32_t *id, uint32_t *gid) {
    static char buffer[65536];
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t size = 0;
    for (;;) {
        ssize_t n = read(fd, buffer + size, sizeof buffer - size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        size += (size_t)n;
        if (size == sizeof buffer) break;
    }
    close(fd);
    size_t name_len = strlen(name);
    const char *line = buffer, *stop = buffer + size;
    while (line < stop) {
        const char *eol = memchr(line, '\n', (size_t)(stop - line));
        if (!eol) eol = stop;
        // Fields: name, password, then the ids.
        const char *field[5];
        int count = 0;
        field[count++] = line;
        for (const char *p = line; p < eol && count < 5; p++) if (*p == ':') field[count++] = p + 1;
        if (count >= 3 && (size_t)(field[1] - 1 - field[0]) == name_len && memcmp(line, name, name_len) == 0) {
            const char *id_end = count > 3 ? field[3] - 1 : eol;
            if (lookup_number(field[2], id_end, id) != 0) return -1;
            if (gid) {
                const char *gid_end = count > 4 ? field[4] - 1 : eol;
                if (count < 4 || lookup_number(field[3], gid_end, gid) != 0) *gid = *id;
            }
            return 0;
        }
        line = eol + 1;
    }
    return -1;
}

int cl_own_directory(int at, const char *name, uint32_t mode, uint32_t uid, uint32_t gid) {
    if (mkdirat(at, name, (mode_t)mode) != 0 && errno != EEXIST) return -1;
    // The kernel's calls: libc's wrappers for these carry fallbacks hotspotd never needs (about 500 bytes).
    int fd = (int)syscall(SYS_openat, at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return -1;
    if (uid == UINT32_MAX || (syscall(CL_SYS_FCHOWN, fd, uid, gid) == 0 && syscall(SYS_fchmod, fd, mode) == 0)) return fd;
    int e = errno;
    close(fd);
    errno = e;
    return -1;
}

int cl_directory_has_entries(const char *path) {
    int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return 0;
    // getdents64 records: inode (8), offset (8), length (2), type (1), the name NUL-terminated.
    char buf[512];
    long n;
    int found = 0;
    while (!found && (n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
        for (long i = 0; i + 19 < n && !found;) {
            const char *name = buf + i + 19;
            found = !(name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)));
            unsigned short length;
            memcpy(&length, buf + i + 16, sizeof length);
            if (length == 0) break;
            i += length;
        }
    }
    close(fd);
    return found;
}

// The station's MAC address (issue 22's MAC policies): read through the classic ioctls, set before a join.
// Addresses travel as the 48 low bits of a uint64_t, first byte most significant (BSSID.value).
#include <sys/ioctl.h>
#include <net/if_arp.h>
#include <linux/sockios.h>
#include <linux/ethtool.h>
#include <sys/random.h>

int cl_local_ipv4(const char *uplink, uint32_t *addresses, uint32_t *masks, uint8_t *on_uplink, int max) {
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    struct ifreq reqs[64];
    struct ifconf conf;
    memset(&conf, 0, sizeof conf);
    conf.ifc_len = (int)sizeof reqs;
    conf.ifc_req = reqs;
    if (ioctl(fd, SIOCGIFCONF, &conf) != 0) { int e = errno; close(fd); errno = e; return -1; }
    int n = conf.ifc_len / (int)sizeof reqs[0], count = 0;
    for (int i = 0; i < n && count < max; i++) {
        if (reqs[i].ifr_addr.sa_family != AF_INET) continue;
        struct sockaddr_in a;
        memcpy(&a, &reqs[i].ifr_addr, sizeof a);
        addresses[count] = ntohl(a.sin_addr.s_addr);
        struct ifreq m = reqs[i];
        masks[count] = 0xffffffffu;
        if (ioctl(fd, SIOCGIFNETMASK, &m) == 0) {
            memcpy(&a, &m.ifr_netmask, sizeof a);
            masks[count] = ntohl(a.sin_addr.s_addr);
        }
        on_uplink[count] = uplink && uplink[0] && strncmp(reqs[i].ifr_name, uplink, IFNAMSIZ) == 0;
        count++;
    }
    close(fd);
    return count;
}

static int cl_ifreq_socket(const char *name, struct ifreq *ifr) {
    memset(ifr, 0, sizeof *ifr);
    for (size_t i = 0; i < IFNAMSIZ - 1 && name[i]; i++) ifr->ifr_name[i] = name[i];
    return socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
}

uint64_t cl_if_hwaddr(const char *name, int permanent) {
    struct ifreq ifr;
    int fd = cl_ifreq_socket(name, &ifr);
    if (fd < 0) return 0;
    // ethtool's permanent address: the radio's own, whatever was set since (mac80211 fills it in).
    uint32_t buf[4] = {ETHTOOL_GPERMADDR, 8};
    const uint8_t *bytes = (const uint8_t *)ifr.ifr_hwaddr.sa_data;
    if (permanent) {
        ifr.ifr_data = (char *)buf;
        bytes = ((struct ethtool_perm_addr *)buf)->data;
    }
    int r = ioctl(fd, permanent ? SIOCETHTOOL : SIOCGIFHWADDR, &ifr);
    close(fd);
    uint64_t a = 0;
    if (r == 0 && !(permanent && buf[1] != 6))
        for (int i = 0; i < 6; i++) a = a << 8 | bytes[i];
    return a;
}

int cl_if_set_hwaddr(const char *name, uint64_t address) {
    if (cl_if_hwaddr(name, 0) == address) return 0;
    struct ifreq ifr;
    int fd = cl_ifreq_socket(name, &ifr);
    if (fd < 0) return -errno;
    ifr.ifr_hwaddr.sa_family = ARPHRD_ETHER;
    for (int i = 0; i < 6; i++) ifr.ifr_hwaddr.sa_data[i] = (char)(address >> (8 * (5 - i)));
    // Down, set, up: most drivers refuse a change while up, and wpa_supplicant learns the new address
    // only from the interface coming up again (it ignores frames for an address it does not know).
    struct ifreq flags = ifr;
    int r = ioctl(fd, SIOCGIFFLAGS, &flags);
    short was = r == 0 ? flags.ifr_flags : 0;
    if (r == 0 && (was & IFF_UP)) {
        flags.ifr_flags = was & ~IFF_UP;
        r = ioctl(fd, SIOCSIFFLAGS, &flags);
    }
    if (r == 0) r = ioctl(fd, SIOCSIFHWADDR, &ifr);
    int e = errno;
    if (was & IFF_UP) {
        flags.ifr_flags = was;
        ioctl(fd, SIOCSIFFLAGS, &flags);
    }
    close(fd);
    return r < 0 ? -e : 0;
}

int cl_secret(const char *path, uint8_t out[16]) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
        ssize_t n = read(fd, out, 16);
        char more;
        int extra = read(fd, &more, 1);
        close(fd);
        if (n == 16 && extra == 0) return 0;
    }
    if (getrandom(out, 16, 0) != 16) return -EIO;
    // Written beside, synced and renamed over: a power cut leaves the old secret or the new one.
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) return -ENAMETOOLONG;
    // Made new: a stale PATH.tmp (or a symlink planted there) goes first, and O_EXCL|O_NOFOLLOW never follows one.
    unlink(tmp);
    fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) return -errno;
    int ok = write(fd, out, 16) == 16 && fsync(fd) == 0;
    int e = errno;
    close(fd);
    if (!ok || rename(tmp, path) != 0) {
        if (ok) e = errno;
        unlink(tmp);
        return -e;
    }
    return 0;
}
