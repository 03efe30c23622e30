// mbed TLS 2.28 client doing what bearssl-client.c does: TLS 1.2 only, the same six ECDHE AEAD suites,
// chain verified against a PEM bundle (mbedtls_x509_crt_parse_file), SNI, callbacks over a blocking socket.
#include "net.h"
#include <mbedtls/ssl.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/x509_crt.h>
static int fd;
static int send_cb(void *ctx, const unsigned char *buf, size_t len) { (void)ctx; return (int)write(fd, buf, len); }
static int recv_cb(void *ctx, unsigned char *buf, size_t len) { (void)ctx; return (int)read(fd, buf, len); }
int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: mbedtls-client NAME CAFILE PORT\n"); return 2; }
    static const int suites[] = {
        MBEDTLS_TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, MBEDTLS_TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
        MBEDTLS_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, MBEDTLS_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
        MBEDTLS_TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, MBEDTLS_TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, 0 };
    mbedtls_entropy_context entropy; mbedtls_ctr_drbg_context drbg; mbedtls_x509_crt ca;
    mbedtls_ssl_config conf; mbedtls_ssl_context ssl;
    mbedtls_entropy_init(&entropy); mbedtls_ctr_drbg_init(&drbg); mbedtls_x509_crt_init(&ca);
    mbedtls_ssl_config_init(&conf); mbedtls_ssl_init(&ssl);
    int r = mbedtls_ctr_drbg_seed(&drbg, mbedtls_entropy_func, &entropy, NULL, 0);
    if (r == 0) r = mbedtls_x509_crt_parse_file(&ca, argv[2]) < 0 ? -1 : 0;
    if (r == 0) r = mbedtls_ssl_config_defaults(&conf, MBEDTLS_SSL_IS_CLIENT, MBEDTLS_SSL_TRANSPORT_STREAM, MBEDTLS_SSL_PRESET_DEFAULT);
    if (r != 0) { fprintf(stderr, "setup error %d\n", r); return 1; }
    mbedtls_ssl_conf_min_version(&conf, MBEDTLS_SSL_MAJOR_VERSION_3, MBEDTLS_SSL_MINOR_VERSION_3);
    mbedtls_ssl_conf_max_version(&conf, MBEDTLS_SSL_MAJOR_VERSION_3, MBEDTLS_SSL_MINOR_VERSION_3);
    mbedtls_ssl_conf_ciphersuites(&conf, suites);
    mbedtls_ssl_conf_authmode(&conf, MBEDTLS_SSL_VERIFY_REQUIRED);
    mbedtls_ssl_conf_ca_chain(&conf, &ca, NULL);
    mbedtls_ssl_conf_rng(&conf, mbedtls_ctr_drbg_random, &drbg);
    if ((r = mbedtls_ssl_setup(&ssl, &conf)) != 0 || (r = mbedtls_ssl_set_hostname(&ssl, argv[1])) != 0) { fprintf(stderr, "setup %d\n", r); return 1; }
    fd = connect_local(argv[3]);
    mbedtls_ssl_set_bio(&ssl, NULL, send_cb, recv_cb, NULL);
    if ((r = mbedtls_ssl_handshake(&ssl)) != 0) { fprintf(stderr, "handshake error -0x%x flags %x\n", (unsigned)-r, mbedtls_ssl_get_verify_result(&ssl)); return 1; }
    if (mbedtls_ssl_write(&ssl, (const unsigned char *)request, sizeof request - 1) < 0) return 1;
    unsigned char buf[512];
    while ((r = mbedtls_ssl_read(&ssl, buf, sizeof buf)) > 0) fwrite(buf, 1, (size_t)r, stdout);
    fprintf(stderr, "result %d\n", r);
    return 0;
}
