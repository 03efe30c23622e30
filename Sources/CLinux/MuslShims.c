// Link shims for static musl builds only (glibc provides all of these).
// - arc4random_buf: the Embedded Swift runtime wants it; musl 1.2.3 lacks it.
// - __*_chk: Debian's libnl-3.a is built with glibc's _FORTIFY_SOURCE and references these.
#include <features.h>
#if !defined(__GLIBC__)
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
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

int __vfprintf_chk(FILE *stream, int flag, const char *format, va_list ap) {
    (void)flag;
    return vfprintf(stream, format, ap);
}

int __fprintf_chk(FILE *stream, int flag, const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    int r = __vfprintf_chk(stream, flag, format, ap);
    va_end(ap);
    return r;
}

int __snprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, ...) {
    (void)flag; (void)slen;
    va_list ap;
    va_start(ap, format);
    int r = vsnprintf(s, maxlen, format, ap);
    va_end(ap);
    return r;
}

int __vsnprintf_chk(char *s, size_t maxlen, int flag, size_t slen, const char *format, va_list ap) {
    (void)flag; (void)slen;
    return vsnprintf(s, maxlen, format, ap);
}

int __vasprintf_chk(char **result, int flag, const char *format, va_list ap) {
    (void)flag;
    return vasprintf(result, format, ap);
}

int __sprintf_chk(char *s, int flag, size_t slen, const char *format, ...) {
    (void)flag; (void)slen;
    va_list ap;
    va_start(ap, format);
    int r = vsprintf(s, format, ap);
    va_end(ap);
    return r;
}
#endif
