// The measurement's baseline: the same socket and stdio code as the TLS clients, no TLS.
#include "net.h"
int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: baseline NAME CAFILE PORT\n"); return 2; }
    int fd = connect_local(argv[3]);
    if (write(fd, request, sizeof request - 1) < 0) return 1;
    char buf[512]; ssize_t n;
    while ((n = read(fd, buf, sizeof buf)) > 0) fwrite(buf, 1, (size_t)n, stdout);
    fprintf(stderr, "done %s %s\n", argv[1], argv[2]);
    return 0;
}
