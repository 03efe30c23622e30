// CTLS over BearSSL: the client profile, the PEM trust-anchor loader and the byte pumps. See CTLS.h.
#define _DEFAULT_SOURCE 1  // explicit_bzero on glibc
#include "CTLS.h"
#include <bearssl.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/random.h>

_Static_assert(CTLS_ERR_CERTIFICATE_EXPIRED == BR_ERR_X509_EXPIRED, "bearssl.h");
_Static_assert(CTLS_ERR_CERTIFICATE_NAME == BR_ERR_X509_BAD_SERVER_NAME, "bearssl.h");
_Static_assert(CTLS_ERR_CERTIFICATE_UNTRUSTED == BR_ERR_X509_NOT_TRUSTED, "bearssl.h");
_Static_assert(CTLS_ERR_PROTOCOL_VERSION_ALERT == BR_ERR_RECV_FATAL_ALERT + BR_ALERT_PROTOCOL_VERSION, "bearssl.h");
_Static_assert(CTLS_CLOSED == BR_SSL_CLOSED && CTLS_WANTS_SEND == BR_SSL_SENDREC && CTLS_CAN_RECEIVE == BR_SSL_RECVREC
               && CTLS_CAN_WRITE_PLAINTEXT == BR_SSL_SENDAPP && CTLS_HAS_PLAINTEXT == BR_SSL_RECVAPP, "bearssl.h");

// One mono-directional (half-duplex) buffer of BR_SSL_BUFSIZE_MONO (16709 bytes) instead of the
// bidirectional 33 KiB: a request/response client never needs to send and receive at once.
// The X.509 "engine" of a session that does not verify (ctls_client_new with verify 0): it takes the end
// entity's public key from the first certificate and checks nothing else (chain, name, time). For a venue
// portal page whose certificate does not verify (a controller's self-signed default), which the helper then
// treats like plain http. Never for the probes, the captive-portal API or a configured secret.
struct any_certificate {
    const br_x509_class *vtable;
    br_x509_decoder_context decoder;
    unsigned certificates;
};

static void any_dn(void *ctx, const void *buf, size_t len) { (void)ctx; (void)buf; (void)len; }

static void any_start_chain(const br_x509_class **ctx, const char *server_name) {
    (void)server_name;
    ((struct any_certificate *)(void *)ctx)->certificates = 0;
}

static void any_start_cert(const br_x509_class **ctx, uint32_t length) {
    struct any_certificate *any = (struct any_certificate *)(void *)ctx;
    (void)length;
    if (any->certificates == 0) br_x509_decoder_init(&any->decoder, any_dn, NULL);
}

static void any_append(const br_x509_class **ctx, const unsigned char *buf, size_t len) {
    struct any_certificate *any = (struct any_certificate *)(void *)ctx;
    if (any->certificates == 0) br_x509_decoder_push(&any->decoder, buf, len);
}

static void any_end_cert(const br_x509_class **ctx) { ((struct any_certificate *)(void *)ctx)->certificates++; }

static unsigned any_end_chain(const br_x509_class **ctx) {
    struct any_certificate *any = (struct any_certificate *)(void *)ctx;
    if (any->certificates == 0) return BR_ERR_X509_EMPTY_CHAIN;
    int err = br_x509_decoder_last_error(&any->decoder);
    if (err != 0) return (unsigned)err;
    return br_x509_decoder_get_pkey(&any->decoder) ? 0 : BR_ERR_X509_UNSUPPORTED;
}

static const br_x509_pkey *any_get_pkey(const br_x509_class *const *ctx, unsigned *usages) {
    struct any_certificate *any = (struct any_certificate *)(void *)ctx;
    if (usages != NULL) *usages = BR_KEYTYPE_KEYX | BR_KEYTYPE_SIGN;
    return br_x509_decoder_get_pkey(&any->decoder);
}

static const br_x509_class any_certificate_vtable = {
    sizeof(struct any_certificate), any_start_chain, any_start_cert, any_append, any_end_cert, any_end_chain, any_get_pkey,
};

struct ctls_client {
    br_ssl_client_context ssl;
    br_x509_minimal_context x509;
    struct any_certificate any;
    br_x509_trust_anchor *anchors;
    size_t anchor_count;
    unsigned char buffer[BR_SSL_BUFSIZE_MONO];
};

// MARK: - Trust anchors from a PEM bundle

// BearSSL has no file loader (its tools/ code reads whole files into growing vectors); this one streams:
// PEM text in 4 KiB reads, decoded DER straight into the X.509 decoder, so only the anchors stay in memory.
#define CTLS_DN_LIMIT 1024

struct anchor_loader {
    br_pem_decoder_context pem;
    br_x509_decoder_context decoder;
    int in_certificate;
    unsigned char dn[CTLS_DN_LIMIT];
    size_t dn_length;
    int dn_overflow;
    br_x509_trust_anchor *anchors;
    size_t count, capacity;
    int no_memory;
};

static void loader_append_dn(void *context, const void *bytes, size_t length) {
    struct anchor_loader *loader = context;
    if (length > CTLS_DN_LIMIT - loader->dn_length) { loader->dn_overflow = 1; return; }
    memcpy(loader->dn + loader->dn_length, bytes, length);
    loader->dn_length += length;
}

static void loader_push_der(void *context, const void *bytes, size_t length) {
    struct anchor_loader *loader = context;
    // Once the decoder has failed (bytes after the certificate, or none it can read) it must not run
    // again: it would resume past its end and read through a NULL pointer.
    int state = br_x509_decoder_last_error(&loader->decoder);
    if (state != 0 && state != BR_ERR_X509_TRUNCATED) return;
    br_x509_decoder_push(&loader->decoder, bytes, length);
}

static void free_anchors(br_x509_trust_anchor *anchors, size_t count) {
    // Each anchor's DN and key live in one block that starts with the DN.
    for (size_t i = 0; i < count; i++) free(anchors[i].dn.data);
    free(anchors);
}

// The certificate just decoded becomes an anchor: a CA when its basicConstraints say so, otherwise a
// directly trusted server certificate (BearSSL matches those by name and key).
static void loader_finish_certificate(struct anchor_loader *loader) {
    br_x509_pkey *key = br_x509_decoder_get_pkey(&loader->decoder);
    if (key == NULL || loader->dn_overflow || loader->dn_length == 0) return;  // undecodable: skipped
    size_t key_length;
    switch (key->key_type) {
    case BR_KEYTYPE_RSA: key_length = key->key.rsa.nlen + key->key.rsa.elen; break;
    case BR_KEYTYPE_EC: key_length = key->key.ec.qlen; break;
    default: return;
    }
    if (loader->count == loader->capacity) {
        size_t capacity = loader->capacity ? loader->capacity * 2 : 16;
        br_x509_trust_anchor *grown = realloc(loader->anchors, capacity * sizeof *grown);
        if (grown == NULL) { loader->no_memory = 1; return; }
        loader->anchors = grown;
        loader->capacity = capacity;
    }
    unsigned char *block = malloc(loader->dn_length + key_length);
    if (block == NULL) { loader->no_memory = 1; return; }
    br_x509_trust_anchor *anchor = &loader->anchors[loader->count];
    memset(anchor, 0, sizeof *anchor);
    memcpy(block, loader->dn, loader->dn_length);
    anchor->dn.data = block;
    anchor->dn.len = loader->dn_length;
    anchor->flags = br_x509_decoder_isCA(&loader->decoder) ? BR_X509_TA_CA : 0;
    unsigned char *p = block + loader->dn_length;
    anchor->pkey.key_type = key->key_type;
    if (key->key_type == BR_KEYTYPE_RSA) {
        memcpy(p, key->key.rsa.n, key->key.rsa.nlen);
        anchor->pkey.key.rsa.n = p;
        anchor->pkey.key.rsa.nlen = key->key.rsa.nlen;
        p += key->key.rsa.nlen;
        memcpy(p, key->key.rsa.e, key->key.rsa.elen);
        anchor->pkey.key.rsa.e = p;
        anchor->pkey.key.rsa.elen = key->key.rsa.elen;
    } else {
        memcpy(p, key->key.ec.q, key->key.ec.qlen);
        anchor->pkey.key.ec.curve = key->key.ec.curve;
        anchor->pkey.key.ec.q = p;
        anchor->pkey.key.ec.qlen = key->key.ec.qlen;
    }
    loader->count++;
}

static void loader_push_pem(struct anchor_loader *loader, const unsigned char *bytes, size_t length) {
    while (length > 0 && !loader->no_memory) {
        size_t used = br_pem_decoder_push(&loader->pem, bytes, length);
        bytes += used;
        length -= used;
        switch (br_pem_decoder_event(&loader->pem)) {
        case BR_PEM_BEGIN_OBJ: {
            const char *name = br_pem_decoder_name(&loader->pem);
            loader->in_certificate = strcmp(name, "CERTIFICATE") == 0 || strcmp(name, "X509 CERTIFICATE") == 0;
            if (loader->in_certificate) {
                br_x509_decoder_init(&loader->decoder, loader_append_dn, loader);
                loader->dn_length = 0;
                loader->dn_overflow = 0;
                br_pem_decoder_setdest(&loader->pem, loader_push_der, loader);
            } else {
                br_pem_decoder_setdest(&loader->pem, NULL, NULL);  // keys and the like: ignored
            }
            break;
        }
        case BR_PEM_END_OBJ:
            if (loader->in_certificate) loader_finish_certificate(loader);
            loader->in_certificate = 0;
            break;
        case BR_PEM_ERROR:
            // A broken block is skipped. BearSSL 0.6 keeps the block's last undelivered bytes (up to 255)
            // and would put them in front of the next block's: start afresh, at the line after the error,
            // where the decoder stands anyway.
            loader->in_certificate = 0;
            br_pem_decoder_init(&loader->pem);
            break;
        default:
            break;
        }
    }
}

static int load_trust_anchors(const char *path, br_x509_trust_anchor **anchors, size_t *count, int *sys_errno) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { *sys_errno = errno; return CTLS_ERR_CA_OPEN; }
    struct anchor_loader *loader = calloc(1, sizeof *loader);
    if (loader == NULL) { close(fd); return CTLS_ERR_NO_MEMORY; }
    br_pem_decoder_init(&loader->pem);
    unsigned char chunk[4096];
    size_t total = 0;
    int error = 0;
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR) continue;
            *sys_errno = errno;
            error = CTLS_ERR_CA_READ;
            break;
        }
        if (n == 0) break;
        total += (size_t)n;
        if (total > CTLS_CA_FILE_LIMIT) { error = CTLS_ERR_CA_TOO_LARGE; break; }
        loader_push_pem(loader, chunk, (size_t)n);
    }
    close(fd);
    // A last line without its newline still ends its block (BearSSL's tools do the same).
    if (error == 0) loader_push_pem(loader, (const unsigned char *)"\n", 1);
    if (error == 0 && loader->no_memory) error = CTLS_ERR_NO_MEMORY;
    if (error == 0 && loader->count == 0) error = CTLS_ERR_CA_EMPTY;
    if (error != 0) {
        free_anchors(loader->anchors, loader->count);
    } else {
        *anchors = loader->anchors;
        *count = loader->count;
    }
    free(loader);
    return error;
}

// MARK: - The client profile

// TLS 1.2 only, ECDHE with AES-GCM, RSA and ECDSA certificates signed with SHA-256/384/512. No RSA
// key exchange, CBC, 3DES, SHA-1 or renegotiation. For flash: no ChaCha20-Poly1305 (every server
// with ECDHE offers AES-GCM) and one big-integer size (i15) for the curves, ECDSA and RSA alike,
// P-256/384/521 without X25519; a portal login makes a few handshakes, so speed does not matter.
static const uint16_t ctls_suites[] = {
    BR_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
    BR_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
    BR_TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
    BR_TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
};

static void configure(ctls_client *client, int64_t unix_time, int verify) {
    br_ssl_client_context *cc = &client->ssl;
    br_x509_minimal_context *xc = &client->x509;
    br_ssl_client_zero(cc);
    br_ssl_engine_set_versions(&cc->eng, BR_TLS12, BR_TLS12);
    br_ssl_engine_add_flags(&cc->eng, BR_OPT_NO_RENEGOTIATION);
    br_ssl_engine_set_suites(&cc->eng, ctls_suites, sizeof ctls_suites / sizeof ctls_suites[0]);

    br_x509_minimal_init(xc, &br_sha256_vtable, client->anchors, client->anchor_count);
    br_ssl_engine_set_rsavrfy(&cc->eng, &br_rsa_i15_pkcs1_vrfy);
    br_ssl_engine_set_ec(&cc->eng, &br_ec_prime_i15);
    br_ssl_engine_set_ecdsa(&cc->eng, &br_ecdsa_i15_vrfy_asn1);
    br_x509_minimal_set_rsa(xc, &br_rsa_i15_pkcs1_vrfy);
    br_x509_minimal_set_ecdsa(xc, &br_ec_prime_i15, &br_ecdsa_i15_vrfy_asn1);
    static const br_hash_class *const hashes[] = { &br_sha256_vtable, &br_sha384_vtable, &br_sha512_vtable };
    for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++) {
        int id = (int)((hashes[i]->desc >> BR_HASHDESC_ID_OFF) & BR_HASHDESC_ID_MASK);
        br_ssl_engine_set_hash(&cc->eng, id, hashes[i]);
        br_x509_minimal_set_hash(xc, id, hashes[i]);
    }
    // BearSSL counts days from 1 January of year 0 (proleptic Gregorian); 719528 of them end in 1970.
    int64_t days = unix_time / 86400, seconds = unix_time % 86400;
    if (seconds < 0) { seconds += 86400; days -= 1; }
    br_x509_minimal_set_time(xc, (uint32_t)(days + 719528), (uint32_t)seconds);
    if (verify) {
        br_ssl_engine_set_x509(&cc->eng, &xc->vtable);
    } else {
        client->any.vtable = &any_certificate_vtable;
        br_ssl_engine_set_x509(&cc->eng, &client->any.vtable);
    }

    br_ssl_engine_set_prf_sha256(&cc->eng, &br_tls12_sha256_prf);
    br_ssl_engine_set_prf_sha384(&cc->eng, &br_tls12_sha384_prf);
    br_ssl_engine_set_default_aes_gcm(&cc->eng);
    br_ssl_engine_set_buffer(&cc->eng, client->buffer, sizeof client->buffer, 0);
}

ctls_client *ctls_client_new(const char *server_name, const char *ca_path, int64_t unix_time, int verify,
                             int *error, int *sys_errno) {
    *error = 0;
    *sys_errno = 0;
    // BearSSL skips the name check for an empty name: never let that happen.
    size_t name_length = server_name ? strlen(server_name) : 0;
    if (name_length == 0 || name_length > 255) { *error = CTLS_ERR_SERVER_NAME; return NULL; }
    ctls_client *client = calloc(1, sizeof *client);
    if (client == NULL) { *error = CTLS_ERR_NO_MEMORY; return NULL; }
    if (verify) {
        int loaded = load_trust_anchors(ca_path, &client->anchors, &client->anchor_count, sys_errno);
        if (loaded != 0) { free(client); *error = loaded; return NULL; }
    }
    configure(client, unix_time, verify);
    // Seed from getrandom(2); BearSSL's own seeder (/dev/urandom) adds to it in br_ssl_client_reset.
    unsigned char seed[32];
    if (getrandom(seed, sizeof seed, 0) == (ssize_t)sizeof seed) {
        br_ssl_engine_inject_entropy(&client->ssl.eng, seed, sizeof seed);
    }
    explicit_bzero(seed, sizeof seed);
    if (!br_ssl_client_reset(&client->ssl, server_name, 0)) {
        *error = br_ssl_engine_last_error(&client->ssl.eng);
        ctls_client_free(client);
        return NULL;
    }
    return client;
}

void ctls_client_free(ctls_client *client) {
    if (client == NULL) return;
    free_anchors(client->anchors, client->anchor_count);
    explicit_bzero(client, sizeof *client);  // session keys
    free(client);
}

unsigned ctls_client_state(ctls_client *client) {
    return br_ssl_engine_current_state(&client->ssl.eng);
}

int ctls_client_error(ctls_client *client) {
    return br_ssl_engine_last_error(&client->ssl.eng);
}

size_t ctls_client_trust_anchor_count(const ctls_client *client) {
    return client->anchor_count;
}

// BearSSL hands out its buffer in pieces (a record header first, then the rest of the record): each pump
// loops until the caller's bytes or the engine's room run out, so callers see one call move all it can.
typedef unsigned char *(*engine_buffer)(const br_ssl_engine_context *, size_t *);
typedef void (*engine_ack)(br_ssl_engine_context *, size_t);

static size_t pump_out(ctls_client *client, engine_buffer get, engine_ack ack, unsigned char *out, size_t length) {
    size_t moved = 0;
    while (moved < length) {
        size_t available;
        unsigned char *bytes = get(&client->ssl.eng, &available);
        if (bytes == NULL) break;
        if (available > length - moved) available = length - moved;
        memcpy(out + moved, bytes, available);
        ack(&client->ssl.eng, available);
        moved += available;
    }
    return moved;
}

static size_t pump_in(ctls_client *client, engine_buffer get, engine_ack ack, const unsigned char *in, size_t length) {
    size_t moved = 0;
    while (moved < length) {
        size_t room;
        unsigned char *buffer = get(&client->ssl.eng, &room);
        if (buffer == NULL) break;
        if (room > length - moved) room = length - moved;
        memcpy(buffer, in + moved, room);
        ack(&client->ssl.eng, room);
        moved += room;
    }
    return moved;
}

size_t ctls_client_pull_ciphertext(ctls_client *client, void *buffer, size_t length) {
    return pump_out(client, br_ssl_engine_sendrec_buf, br_ssl_engine_sendrec_ack, buffer, length);
}

size_t ctls_client_push_ciphertext(ctls_client *client, const void *bytes, size_t length) {
    return pump_in(client, br_ssl_engine_recvrec_buf, br_ssl_engine_recvrec_ack, bytes, length);
}

size_t ctls_client_pull_plaintext(ctls_client *client, void *buffer, size_t length) {
    return pump_out(client, br_ssl_engine_recvapp_buf, br_ssl_engine_recvapp_ack, buffer, length);
}

size_t ctls_client_push_plaintext(ctls_client *client, const void *bytes, size_t length) {
    size_t moved = pump_in(client, br_ssl_engine_sendapp_buf, br_ssl_engine_sendapp_ack, bytes, length);
    br_ssl_engine_flush(&client->ssl.eng, 0);
    return moved;
}

void ctls_client_close(ctls_client *client) {
    br_ssl_engine_close(&client->ssl.eng);
}

// MARK: - Error names

// The server's fatal alerts (BR_ERR_RECV_FATAL_ALERT + alert).
static const char *received_alert_name(int alert) {
    switch (alert) {
    case BR_ALERT_UNEXPECTED_MESSAGE: return "the server sent an alert: unexpected message";
    case BR_ALERT_BAD_RECORD_MAC: return "the server sent an alert: bad record MAC";
    case BR_ALERT_HANDSHAKE_FAILURE: return "the server refused the handshake (no common cipher suite or curve?)";
    case BR_ALERT_ILLEGAL_PARAMETER: return "the server sent an alert: illegal parameter";
    case BR_ALERT_DECODE_ERROR: return "the server sent an alert: decode error";
    case BR_ALERT_DECRYPT_ERROR: return "the server sent an alert: decrypt error";
    case BR_ALERT_PROTOCOL_VERSION: return "the server refused TLS 1.2 (protocol version alert: a TLS 1.3-only server?)";
    case BR_ALERT_INSUFFICIENT_SECURITY: return "the server sent an alert: insufficient security";
    case BR_ALERT_INTERNAL_ERROR: return "the server sent an alert: internal error";
    case 112: return "the server does not know this server name (unrecognized name alert)";
    default: return "the server sent a fatal alert";
    }
}

const char *ctls_error_name(int code) {
    if (code >= BR_ERR_RECV_FATAL_ALERT && code < BR_ERR_RECV_FATAL_ALERT + 256) {
        return received_alert_name(code - BR_ERR_RECV_FATAL_ALERT);
    }
    if (code >= BR_ERR_SEND_FATAL_ALERT && code < BR_ERR_SEND_FATAL_ALERT + 256) return "we sent a fatal alert";
    switch (code) {
    case BR_ERR_OK: return "no error";
    case BR_ERR_BAD_PARAM: return "bad parameter";
    case BR_ERR_BAD_STATE: return "bad state";
    case BR_ERR_UNSUPPORTED_VERSION: return "the server chose a TLS version other than 1.2";
    case BR_ERR_BAD_VERSION: return "bad record version";
    case BR_ERR_BAD_LENGTH: return "bad record length";
    case BR_ERR_TOO_LARGE: return "record too large";
    case BR_ERR_BAD_MAC: return "bad record MAC (data corrupted in transit)";
    case BR_ERR_NO_RANDOM: return "no random source";
    case BR_ERR_UNKNOWN_TYPE: return "unknown record type";
    case BR_ERR_UNEXPECTED: return "unexpected message";
    case BR_ERR_BAD_CCS: return "bad ChangeCipherSpec";
    case BR_ERR_BAD_ALERT: return "bad alert";
    case BR_ERR_BAD_HANDSHAKE: return "malformed handshake message";
    case BR_ERR_OVERSIZED_ID: return "oversized session ID";
    case BR_ERR_BAD_CIPHER_SUITE: return "the server chose a cipher suite we did not offer";
    case BR_ERR_BAD_COMPRESSION: return "the server chose compression";
    case BR_ERR_BAD_FRAGLEN: return "bad fragment length";
    case BR_ERR_BAD_SECRENEG: return "bad secure renegotiation";
    case BR_ERR_EXTRA_EXTENSION: return "the server sent an unrequested extension";
    case BR_ERR_BAD_SNI: return "bad server name extension";
    case BR_ERR_BAD_HELLO_DONE: return "bad ServerHelloDone";
    case BR_ERR_LIMIT_EXCEEDED: return "handshake limit exceeded";
    case BR_ERR_BAD_FINISHED: return "bad Finished message";
    case BR_ERR_RESUME_MISMATCH: return "session resumption mismatch";
    case BR_ERR_INVALID_ALGORITHM: return "the server used an unsupported algorithm";
    case BR_ERR_BAD_SIGNATURE: return "bad server key exchange signature";
    case BR_ERR_WRONG_KEY_USAGE: return "the certificate's key usage forbids this cipher suite";
    case BR_ERR_NO_CLIENT_AUTH: return "the server requires a client certificate";
    case BR_ERR_IO: return "I/O error";
    case BR_ERR_X509_TRUNCATED: case BR_ERR_X509_INNER_TRUNC: return "certificate truncated";
    case BR_ERR_X509_EMPTY_CHAIN: return "the server sent no certificate";
    case BR_ERR_X509_INVALID_VALUE: case BR_ERR_X509_BAD_TAG_CLASS: case BR_ERR_X509_BAD_TAG_VALUE:
    case BR_ERR_X509_INDEFINITE_LENGTH: case BR_ERR_X509_EXTRA_ELEMENT: case BR_ERR_X509_UNEXPECTED:
    case BR_ERR_X509_NOT_CONSTRUCTED: case BR_ERR_X509_NOT_PRIMITIVE: case BR_ERR_X509_PARTIAL_BYTE:
    case BR_ERR_X509_BAD_BOOLEAN: case BR_ERR_X509_OVERFLOW: case BR_ERR_X509_BAD_DN:
        return "malformed certificate";
    case BR_ERR_X509_BAD_TIME: return "certificate has a malformed validity date";
    case BR_ERR_X509_UNSUPPORTED: return "certificate uses an unsupported algorithm";
    case BR_ERR_X509_LIMIT_EXCEEDED: return "certificate chain too long or too large";
    case BR_ERR_X509_WRONG_KEY_TYPE: return "certificate key type does not match its use";
    case BR_ERR_X509_BAD_SIGNATURE: return "certificate signature does not verify";
    case BR_ERR_X509_TIME_UNKNOWN: return "validation time unknown";
    case BR_ERR_X509_EXPIRED: return "certificate expired or not yet valid (is the clock right?)";
    case BR_ERR_X509_DN_MISMATCH: return "certificate chain out of order";
    case BR_ERR_X509_BAD_SERVER_NAME: return "certificate does not match the server name";
    case BR_ERR_X509_CRITICAL_EXTENSION: return "certificate has an unsupported critical extension";
    case BR_ERR_X509_NOT_CA: return "an intermediate certificate is not a CA";
    case BR_ERR_X509_FORBIDDEN_KEY_USAGE: return "certificate key usage forbids server authentication";
    case BR_ERR_X509_WEAK_PUBLIC_KEY: return "certificate key too weak";
    case BR_ERR_X509_NOT_TRUSTED: return "certificate not trusted (unknown CA)";
    case CTLS_ERR_SERVER_NAME: return "server name empty or longer than 255 bytes";
    case CTLS_ERR_CA_OPEN: return "cannot open the CA bundle";
    case CTLS_ERR_CA_READ: return "cannot read the CA bundle";
    case CTLS_ERR_CA_TOO_LARGE: return "CA bundle larger than 512 KiB";
    case CTLS_ERR_CA_EMPTY: return "no usable certificate in the CA bundle";
    case CTLS_ERR_NO_MEMORY: return "out of memory";
    default: return "TLS error";
    }
}

void ctls_md5(const void *bytes, size_t length, unsigned char digest[16]) {
    br_md5_context md5;
    br_md5_init(&md5);
    br_md5_update(&md5, bytes, length);
    br_md5_out(&md5, digest);
}

// SHA-1's compression of one 64-byte block into `h`. BearSSL's (br_sha1_round) is unrolled: 1,008 B on
// aarch64 against 364 B for this loop, and PBKDF2 runs off the path to online, where flash counts more than
// speed. The test vectors of ctls_wpa_psk pin it.
static uint32_t rol(uint32_t x, int n) { return x << n | x >> (32 - n); }
static void sha1_compress(const unsigned char *block, uint32_t h[5]) {
    uint32_t w[80], v[5];
    memcpy(v, h, sizeof v);
    for (int i = 0; i < 80; i++) {
        w[i] = i < 16 ? (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16 | (uint32_t)block[4 * i + 2] << 8 | block[4 * i + 3]
                      : rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        uint32_t f, k;
        if (i < 20) { f = (v[1] & v[2]) | (~v[1] & v[3]); k = 0x5A827999; }
        else if (i < 40) { f = v[1] ^ v[2] ^ v[3]; k = 0x6ED9EBA1; }
        else if (i < 60) { f = (v[1] & v[2]) | (v[1] & v[3]) | (v[2] & v[3]); k = 0x8F1BBCDC; }
        else { f = v[1] ^ v[2] ^ v[3]; k = 0xCA62C1D6; }
        uint32_t t = rol(v[0], 5) + f + v[4] + k + w[i];
        v[4] = v[3]; v[3] = v[2]; v[2] = rol(v[1], 30); v[1] = v[0]; v[0] = t;
    }
    for (int i = 0; i < 5; i++) h[i] += v[i];
}

int ctls_wpa_psk(const void *passphrase, size_t length, const void *ssid, size_t ssid_length,
                 unsigned char psk[32]) {
    static const uint32_t iv[5] = { 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0 };
    if (length > 63 || ssid_length > 32) return -1;
    // HMAC's key pads are hashed once: each round is then two compressions, each of one block (every message
    // here, the SSID and the block index or the last round's 20 bytes, fits one with its padding).
    uint32_t state[3][5];
    unsigned char block[64], u[20], t[40];
    for (int pad = 0; pad < 2; pad++) {
        for (size_t i = 0; i < 64; i++) block[i] = (i < length ? ((const unsigned char *)passphrase)[i] : 0) ^ (pad ? 0x5c : 0x36);
        memcpy(state[pad], iv, sizeof iv);
        sha1_compress(block, state[pad]);
    }
    // T1 and T2, each the XOR of 4096 rounds' U (U1 = HMAC(SSID || index)); the key is T1 and 12 bytes of T2.
    memset(t, 0, sizeof t);
    for (int r = 0; r < 2 * 4096; r++) {
        for (int pad = 0; pad < 2; pad++) {
            size_t n = 20;
            memset(block, 0, sizeof block);
            if (pad == 0 && r % 4096 == 0) {
                memcpy(block, ssid, ssid_length);
                block[ssid_length + 3] = (unsigned char)(r / 4096 + 1);
                n = ssid_length + 4;
            } else {
                memcpy(block, u, sizeof u);
            }
            block[n] = 0x80;
            block[62] = (unsigned char)((64 + n) >> 5);  // the length in bits, the pad's block included
            block[63] = (unsigned char)((64 + n) << 3);
            memcpy(state[2], state[pad], sizeof state[2]);
            sha1_compress(block, state[2]);
            for (int i = 0; i < 20; i++) u[i] = (unsigned char)(state[2][i / 4] >> (24 - 8 * (i % 4)));
        }
        for (int i = 0; i < 20; i++) t[20 * (r / 4096) + i] ^= u[i];
    }
    memcpy(psk, t, 32);
    return 0;
}
