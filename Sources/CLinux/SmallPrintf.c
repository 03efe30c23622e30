// A small printf for the static musl build. Nothing in hotspotd formats with printf; libnl does, in its
// debug handlers and dump functions that every nl_cb_set links but hotspotd never runs, and musl's
// printf brings its long-double float formatting and soft-float routines with it (about 20 KB on
// aarch64). This one knows integers, strings, characters and pointers with flags, width and precision;
// a float conversion consumes its argument and prints "?". cl_vsnprintf is compiled on every build so
// the host tests can check it; the libc names are defined only without glibc.
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "CLinux.h"

struct cl_out { char *s; size_t n, len; };

static void put(struct cl_out *o, char c) {
    if (o->len + 1 < o->n) o->s[o->len] = c;
    o->len++;
}

static void pad(struct cl_out *o, char c, long count) {
    for (; count > 0; count--) put(o, c);
}

int cl_vsnprintf(char *s, size_t n, const char *fmt, va_list ap) {
    struct cl_out o = { s, n, 0 };
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') { put(&o, *p); continue; }
        int left = 0, zero = 0, plus = 0, space = 0, alt = 0;
        for (;; p++) {
            char f = p[1];
            if (f == '-') left = 1; else if (f == '0') zero = 1; else if (f == '+') plus = 1;
            else if (f == ' ') space = 1; else if (f == '#') alt = 1; else break;
        }
        p++;
        long width = 0, precision = -1;
        if (*p == '*') { width = va_arg(ap, int); if (width < 0) { left = 1; width = -width; } p++; }
        else while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
        if (*p == '.') {
            p++; precision = 0;
            if (*p == '*') { precision = va_arg(ap, int); p++; }
            else while (*p >= '0' && *p <= '9') precision = precision * 10 + (*p++ - '0');
        }
        int size = 0; // -2 char, -1 short, 0 int, 1 long, 2 long long, 3 size_t/ptrdiff_t/intmax_t, 4 long double
        for (;; p++) {
            if (*p == 'h') size = size == -1 ? -2 : -1;
            else if (*p == 'l') size = size == 1 ? 2 : 1;
            else if (*p == 'z' || *p == 't' || *p == 'j') size = 3;
            else if (*p == 'L') size = 4;
            else break;
        }
        char c = *p;
        if (c == 0) break;
        char digits[24];
        int count = 0, negative = 0;
        const char *prefix = "";
        unsigned base = 10;
        uint64_t value = 0;
        switch (c) {
        case '%': put(&o, '%'); continue;
        case 'c':
            if (!left) pad(&o, ' ', width - 1);
            put(&o, (char)va_arg(ap, int));
            if (left) pad(&o, ' ', width - 1);
            continue;
        case 's': {
            const char *text = va_arg(ap, const char *);
            if (!text) text = "(null)";
            long length = 0;
            while (text[length] && (precision < 0 || length < precision)) length++;
            if (!left) pad(&o, ' ', width - length);
            for (long i = 0; i < length; i++) put(&o, text[i]);
            if (left) pad(&o, ' ', width - length);
            continue;
        }
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
            if (size == 4) (void)va_arg(ap, long double); else (void)va_arg(ap, double);
            put(&o, '?');
            continue;
        case 'n': (void)va_arg(ap, void *); continue;
        case 'd': case 'i': {
            int64_t v = size <= 0 ? va_arg(ap, int) : size == 1 ? va_arg(ap, long)
                      : size == 2 ? va_arg(ap, long long) : (int64_t)va_arg(ap, ptrdiff_t);
            if (size == -1) v = (short)v; else if (size == -2) v = (signed char)v;
            negative = v < 0;
            value = negative ? 0 - (uint64_t)v : (uint64_t)v;
            prefix = negative ? "-" : plus ? "+" : space ? " " : "";
            break;
        }
        case 'p':
            value = (uintptr_t)va_arg(ap, void *);
            base = 16; prefix = "0x";
            break;
        case 'u': case 'x': case 'X': case 'o':
            value = size <= 0 ? va_arg(ap, unsigned) : size == 1 ? va_arg(ap, unsigned long)
                  : size == 2 ? va_arg(ap, unsigned long long) : (uint64_t)va_arg(ap, size_t);
            if (size == -1) value = (unsigned short)value; else if (size == -2) value = (unsigned char)value;
            base = c == 'o' ? 8 : c == 'u' ? 10 : 16;
            if (alt && value != 0) prefix = c == 'o' ? "0" : c == 'x' ? "0x" : c == 'X' ? "0X" : "";
            break;
        default:
            // An unknown conversion is printed as it stands, as musl would refuse it.
            put(&o, '%'); put(&o, c);
            continue;
        }
        const char *table = c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
        do { digits[count++] = table[value % base]; value /= base; } while (value);
        if (precision == 0 && count == 1 && digits[0] == '0') count = 0;
        long zeros = precision > count ? precision - count : 0;
        long prefixLength = (long)strlen(prefix);
        long total = prefixLength + zeros + count;
        if (zero && !left && precision < 0 && width > total) { zeros += width - total; total = width; }
        if (!left) pad(&o, ' ', width - total);
        for (const char *q = prefix; *q; q++) put(&o, *q);
        pad(&o, '0', zeros);
        while (count > 0) put(&o, digits[--count]);
        if (left) pad(&o, ' ', width - total);
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

int vasprintf(char **s, const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    int length = cl_vsnprintf(NULL, 0, fmt, ap);
    if (length < 0 || !(*s = malloc((size_t)length + 1))) { va_end(again); return -1; }
    cl_vsnprintf(*s, (size_t)length + 1, fmt, again);
    va_end(again);
    return length;
}

int vfprintf(FILE *restrict f, const char *restrict fmt, va_list ap) {
    char *text;
    int length = vasprintf(&text, fmt, ap);
    if (length < 0) return -1;
    size_t written = fwrite(text, 1, (size_t)length, f);
    free(text);
    return written == (size_t)length ? length : -1;
}

int fprintf(FILE *restrict f, const char *restrict fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}
#endif
