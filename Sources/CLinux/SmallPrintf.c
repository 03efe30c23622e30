// The router build's printf family. Nothing in hotspotd's Swift formats with printf; a few C paths do: CLinux's
// paths and numbers (`%s/%s`, `%s/%d-%u`, `%lld`, `%s.tmp`) and the last words before an abort (libnl's BUG(),
// musl's assert). musl's printf brings its long-double float formatting and soft-float routines (about 20 KB
// on aarch64) and its FILE code the rest of stdio, so this one knows only what those callers use: `%s` (NULL
// prints nothing), `%d`, `%u`, `%lld`, `%llu` and `%%`. Any other conversion (a width, a flag, `l`, hex, a
// float, a pointer) ends the text with "?": its argument's type is unknown, so nothing after it could be
// read safely. cl_vsnprintf is compiled on every build so the host tests can check it; the libc
// names are defined only without glibc.
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "CLinux.h"

struct cl_out { char *s; size_t n, len; };

static void put(struct cl_out *o, char c) {
    if (o->len + 1 < o->n) o->s[o->len] = c;
    o->len++;
}

int cl_vsnprintf(char *s, size_t n, const char *fmt, va_list ap) {
    struct cl_out o = { s, n, 0 };
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') { put(&o, *p); continue; }
        int wide = p[1] == 'l' && p[2] == 'l';  // `%lld`, `%llu`
        char c = *(p += wide ? 3 : 1);
        if (c == '%' && !wide) { put(&o, '%'); continue; }
        if (c == 's' && !wide) {
            for (const char *text = va_arg(ap, const char *); text && *text; text++) put(&o, *text);
            continue;
        }
        if (c != 'd' && c != 'u') { put(&o, '?'); break; }
        // A long long's bits read as unsigned are its two's complement: one read for both.
        uint64_t value = wide ? va_arg(ap, unsigned long long)
                       : c == 'd' ? (uint64_t)(int64_t)va_arg(ap, int) : va_arg(ap, unsigned);
        if (c == 'd' && (int64_t)value < 0) { put(&o, '-'); value = 0 - value; }
        char digits[20];
        int count = 0;
        do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value);
        while (count > 0) put(&o, digits[--count]);
    }
    if (o.n > 0) o.s[o.len < o.n ? o.len : o.n - 1] = 0;
    return o.len > INT32_MAX ? -1 : (int)o.len;
}

#if !defined(__GLIBC__)
int vsnprintf(char *restrict s, size_t n, const char *restrict fmt, va_list ap) {
    return cl_vsnprintf(s, n, fmt, ap);
}

int snprintf(char *restrict s, size_t n, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = cl_vsnprintf(s, n, fmt, ap);
    va_end(ap);
    return r;
}

// Nothing in the router build writes through stdio but last words to stderr before an abort: libnl's BUG()
// and NLCB warning (clang makes an fprintf of a plain string an fwrite) and assert. So stderr is a FILE
// pointer nothing reads, and these write to fd 2 whatever FILE they are given, the formatted ones as one
// line of at most 255 bytes: musl's stderr would bring its FILE, its buffer, stdio's writers and its exit
// handler (about 1.4 KB on aarch64).
FILE *const stderr = NULL;

size_t fwrite(const void *restrict p, size_t size, size_t count, FILE *restrict f) {
    (void)f;
    size_t n = size * count;
    return n == 0 || write(2, p, n) == (ssize_t)n ? count : 0;
}

int vfprintf(FILE *restrict f, const char *restrict fmt, va_list ap) {
    (void)f;
    char text[256];
    int length = cl_vsnprintf(text, sizeof text, fmt, ap);
    if (length < 0) return -1;
    size_t n = (size_t)length < sizeof text ? (size_t)length : sizeof text - 1;
    return write(2, text, n) == (ssize_t)n ? length : -1;
}

int fprintf(FILE *restrict f, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

// musl's own names its stderr FILE, not the stderr above.
_Noreturn void __assert_fail(const char *expr, const char *file, int line, const char *func) {
    fprintf(stderr, "Assertion failed: %s (%s: %s: %d)\n", expr, file, func, line);
    abort();
}
#endif
