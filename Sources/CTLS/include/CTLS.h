// CTLS: an I/O-free TLS 1.2 client over BearSSL, for Swift. The caller moves ciphertext between its own
// socket and the engine in its poll loop; nothing here reads or writes a socket. Certificates are always
// verified against the trust anchors of a PEM bundle and the server name: there is no insecure mode.
// Every name we add starts with `ctls_`.
#ifndef CTLS_H
#define CTLS_H

#include <stddef.h>
#include <stdint.h>

typedef struct ctls_client ctls_client;

/// ctls_client_state bits (BearSSL's BR_SSL_* values).
#define CTLS_CLOSED 0x01                 // closed: cleanly when ctls_client_error is 0, failed otherwise
#define CTLS_WANTS_SEND 0x02             // ciphertext is ready for the socket (ctls_client_pull_ciphertext)
#define CTLS_CAN_RECEIVE 0x04            // accepts ciphertext from the socket (ctls_client_push_ciphertext)
#define CTLS_CAN_WRITE_PLAINTEXT 0x08    // accepts application data (ctls_client_push_plaintext)
#define CTLS_HAS_PLAINTEXT 0x10          // application data is waiting (ctls_client_pull_plaintext)

/// BearSSL's codes that callers tell apart (CTLS.c checks they match bearssl.h).
#define CTLS_ERR_CERTIFICATE_EXPIRED 54      // BR_ERR_X509_EXPIRED: expired or not yet valid
#define CTLS_ERR_CERTIFICATE_NAME 56         // BR_ERR_X509_BAD_SERVER_NAME
#define CTLS_ERR_CERTIFICATE_UNTRUSTED 62    // BR_ERR_X509_NOT_TRUSTED: no chain to a trust anchor
#define CTLS_ERR_PROTOCOL_VERSION_ALERT 326  // BR_ERR_RECV_FATAL_ALERT + protocol_version: no TLS 1.2 there

/// Our own error codes, above BearSSL's (0…31 TLS, 32…62 X.509, 256 + alert received, 512 + alert sent).
#define CTLS_ERR_SERVER_NAME 1025        // empty, or longer than 255 bytes
#define CTLS_ERR_CA_OPEN 1026            // the CA bundle cannot be opened (*sys_errno says why)
#define CTLS_ERR_CA_READ 1027            // reading the CA bundle failed (*sys_errno says why)
#define CTLS_ERR_CA_TOO_LARGE 1028       // the CA bundle is over CTLS_CA_FILE_LIMIT bytes
#define CTLS_ERR_CA_EMPTY 1029           // the CA bundle holds no certificate we can use
#define CTLS_ERR_NO_MEMORY 1030

/// A CA bundle larger than this is refused (Debian's ca-certificates.crt is about 220 KB).
#define CTLS_CA_FILE_LIMIT (512 * 1024)

/// A TLS 1.2 client for `server_name` (sent as SNI and matched against the certificate), trusting the
/// CERTIFICATE blocks of the PEM file `ca_path`, with certificates checked at `unix_time` (seconds since
/// 1970, the wall clock). Other PEM blocks and certificates that do not decode are skipped. NULL on
/// failure, with *error set (a CTLS_ERR_* code or a BearSSL code) and *sys_errno for CTLS_ERR_CA_OPEN/READ.
/// `verify` 0: no certificate is checked (no CA bundle read): the end entity's key is taken as it is, for a
/// portal page whose certificate does not verify, which the caller then treats like plain http.
ctls_client *ctls_client_new(const char *server_name, const char *ca_path, int64_t unix_time, int verify,
                             int *error, int *sys_errno);
void ctls_client_free(ctls_client *client);

/// CTLS_* state bits; CTLS_CLOSED alone once closed or failed.
unsigned ctls_client_state(ctls_client *client);
/// 0, or why the session failed (BearSSL's code): meaningful once CTLS_CLOSED is set.
int ctls_client_error(ctls_client *client);
/// Number of anchors the bundle gave (for tests and diagnostics).
size_t ctls_client_trust_anchor_count(const ctls_client *client);

/// Each moves as many of the `length` bytes as the engine takes now and returns the count (0 when the state
/// does not allow it). Bytes not taken must be offered again later, after the state has changed.
size_t ctls_client_pull_ciphertext(ctls_client *client, void *buffer, size_t length);
size_t ctls_client_push_ciphertext(ctls_client *client, const void *bytes, size_t length);
size_t ctls_client_pull_plaintext(ctls_client *client, void *buffer, size_t length);
/// Plaintext pushed is sealed into a record at once (flushed): ready for ctls_client_pull_ciphertext.
size_t ctls_client_push_plaintext(ctls_client *client, const void *bytes, size_t length);

/// Start an orderly close (close_notify); CTLS_CLOSED follows once the peer answers in kind.
void ctls_client_close(ctls_client *client);

/// A short English description of an error code from ctls_client_new or ctls_client_error.
const char *ctls_error_name(int code);

/// MD5 of `length` bytes into `digest`: the CHAP of the captive-portal products' logins (CoovaChilli,
/// MikroTik), whose protocol it is. Nothing else may use MD5.
void ctls_md5(const void *bytes, size_t length, unsigned char digest[16]);

/// The WPA pre-shared key of a passphrase on an SSID (IEEE 802.11 Annex J.4): PBKDF2-HMAC-SHA1, 4096 rounds,
/// 32 bytes. The daemon derives it ahead of a join so wpa_supplicant, given the key, skips this work. Its
/// SHA-1 is a small loop of our own, not BearSSL's unrolled one (flash).
/// -1 (nothing written) for a passphrase over 63 bytes or an SSID over 32.
int ctls_wpa_psk(const void *passphrase, size_t length, const void *ssid, size_t ssid_length,
                 unsigned char psk[32]);

#endif
