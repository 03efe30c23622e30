#define _GNU_SOURCE
#include "CLinux.h"
#include <stddef.h>

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

int cl_peer_credentials(int fd, uint32_t *uid, uint32_t *gid, int32_t *pid) {
    struct ucred cred;
    socklen_t len = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    *uid = cred.uid; *gid = cred.gid; *pid = cred.pid;
    return 0;
}
