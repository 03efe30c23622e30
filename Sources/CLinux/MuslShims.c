// Link shims for static musl builds only (glibc provides all of these).
// - arc4random_buf: the Embedded Swift runtime wants it; musl 1.2.3 lacks it.
#include <features.h>
#if !defined(__GLIBC__)
#define _GNU_SOURCE
#include <stddef.h>
#include <stdlib.h>
#include <errno.h>
#include <sys/random.h>

void arc4random_buf(void *buffer, size_t count) {
    unsigned char *p = buffer;
    while (count > 0) {
        ssize_t n = getrandom(p, count, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            abort();
        }
        p += n;
        count -= (size_t)n;
    }
}
#endif
