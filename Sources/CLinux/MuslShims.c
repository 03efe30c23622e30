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

// Unicode normalisation data for the Embedded Swift stdlib, in place of libswiftUnicodeDataTables (31 KB
// on aarch64). String == and hashing ask it whether a scalar needs normalising; the answer here is never,
// so the router build compares text by its Unicode scalars, without canonical equivalence ("é" composed
// is not "e" + U+0301). That is what hotspotd wants: every string it compares is an ASCII name or bytes
// from the wire (SSIDs, UCI values), where wpa_supplicant, uci and helpers compare bytes too. Other
// Unicode data (grapheme breaks, properties) is not linked at all: a use of it fails the link, loudly.
#if !defined(__GLIBC__)
#include <stdint.h>
#define SWIFT_CC __attribute__((swiftcall))

// ccc 0, NFC_QC and NFD_QC "yes": normalised as it is.
SWIFT_CC uint16_t _swift_stdlib_getNormData(uint32_t scalar) { (void)scalar; return 0; }
// Never asked while every scalar is normalised; the stdlib's "none" answers all the same.
SWIFT_CC uint32_t _swift_stdlib_getComposition(uint32_t x, uint32_t y) { (void)x; (void)y; return UINT32_MAX; }
SWIFT_CC uint32_t _swift_stdlib_getDecompositionEntry(uint32_t scalar) { (void)scalar; return UINT32_MAX; }
static const uint8_t no_decompositions[1] = { 0 };
const uint8_t *const _swift_stdlib_nfd_decompositions = no_decompositions;
#endif
