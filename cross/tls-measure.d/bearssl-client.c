// BearSSL through the CTLS shim (Sources/CTLS): TLS 1.2, ECDHE + AES-GCM/ChaCha20, RSA and ECDSA chains
// verified against a PEM bundle, SNI; blocking socket pumped by hand.
#include "net.h"
#include "CTLS.h"
#include <time.h>
int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: bearssl-client NAME CAFILE PORT\n"); return 2; }
    int error, sys_errno;
    ctls_client *c = ctls_client_new(argv[1], argv[2], (int64_t)time(NULL), &error, &sys_errno);
    if (!c) { fprintf(stderr, "error %d: %s\n", error, ctls_error_name(error)); return 1; }
    int fd = connect_local(argv[3]);
    size_t sent = 0, pending = 0, offset = 0;
    unsigned char buf[4096], in[4096];
    for (;;) {
        unsigned st = ctls_client_state(c);
        if (st & CTLS_CLOSED) break;
        if (st & CTLS_WANTS_SEND) {
            size_t n = ctls_client_pull_ciphertext(c, buf, sizeof buf);
            if (write(fd, buf, n) != (ssize_t)n) break;
            continue;
        }
        if (st & CTLS_HAS_PLAINTEXT) {
            size_t n = ctls_client_pull_plaintext(c, buf, sizeof buf);
            fwrite(buf, 1, n, stdout);
            continue;
        }
        if ((st & CTLS_CAN_WRITE_PLAINTEXT) && sent < sizeof request - 1) {
            sent += ctls_client_push_plaintext(c, request + sent, sizeof request - 1 - sent);
            continue;
        }
        if (st & CTLS_CAN_RECEIVE) {
            if (pending == 0) {
                ssize_t n = read(fd, in, sizeof in);
                if (n <= 0) break;
                pending = (size_t)n; offset = 0;
            }
            size_t n = ctls_client_push_ciphertext(c, in + offset, pending);
            offset += n; pending -= n;
        }
    }
    int e = ctls_client_error(c);
    fprintf(stderr, "result %d: %s\n", e, ctls_error_name(e));
    ctls_client_free(c);
    return e != 0;
}
