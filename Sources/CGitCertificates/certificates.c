// Debian and Ubuntu build libgit2 with mbedTLS, whose set-up in git_libgit2_init() parses every CA certificate of
// the system bundle: about 50 million instructions, three quarters of a `slipway detect` run, for TLS connections
// Slipway never makes through libgit2 (it only reads local repositories).
//
// Defining mbedtls_x509_crt_parse_file here interposes on that one call: the dynamic linker binds libgit2's
// reference to the executable's definition first. While GitLibrary initialises libgit2, the request is only
// recorded; any other call goes to mbedTLS unchanged. Code that ever needs TLS through libgit2 calls
// GitLibrary.loadCertificates(), which hands the recorded file back to libgit2. With another TLS library or on macOS
// (two-level namespaces), this definition is simply never called.
//
// The Linux release build links libgit2 and mbedTLS statically (scripts/release-options.sh): there the archive's
// definition wins over this weak one, and the linker's --wrap=<name> sends libgit2's calls to the __wrap_ functions
// below instead. With nothing to interpose on, those defer all of libgit2's network set-up, TLS (the entropy pool
// and the CA bundle: 1.4 million instructions) and SSH (OpenSSL's engines: 0.9 million), in the same way;
// slipway_finish_deferred_network_setup() carries it out.

#define _GNU_SOURCE
#include "CGitCertificates.h"

#include <stddef.h>

static int deferring = 0;
static const char *deferred_file = NULL;

void slipway_defer_certificate_loading(int enabled) {
    deferring = enabled;
}

const char *slipway_deferred_certificate_file(void) {
    return deferred_file;
}

// Each is only linked in with --wrap; without it nothing refers to these, and the weak __real_ ones stay NULL.
extern int __real_git_mbedtls_stream_global_init(void) __attribute__((weak));
extern int __real_git_transport_ssh_global_init(void) __attribute__((weak));
static int deferred_tls = 0;
static int deferred_ssh = 0;

int __wrap_git_mbedtls_stream_global_init(void) {
    if (deferring) {
        deferred_tls = 1;
        return 0;
    }
    return __real_git_mbedtls_stream_global_init != NULL ? __real_git_mbedtls_stream_global_init() : 0;
}

int __wrap_git_transport_ssh_global_init(void) {
    if (deferring) {
        deferred_ssh = 1;
        return 0;
    }
    return __real_git_transport_ssh_global_init != NULL ? __real_git_transport_ssh_global_init() : 0;
}

int slipway_finish_deferred_network_setup(void) {
    int status = 0;
    // Each flag is cleared only once its set-up succeeded, so a failed one is tried again on the next call.
    if (deferred_tls && __real_git_mbedtls_stream_global_init != NULL) {
        status = __real_git_mbedtls_stream_global_init();
        if (status == 0) deferred_tls = 0;
    }
    if (status == 0 && deferred_ssh && __real_git_transport_ssh_global_init != NULL) {
        status = __real_git_transport_ssh_global_init();
        if (status == 0) deferred_ssh = 0;
    }
    return status;
}

#if defined(__linux__)
#include <dlfcn.h>
#include <string.h>

typedef int (*parse_file_function)(void *chain, const char *path);

// Records the file while deferring; reports whether the call is taken care of.
static int defer(const char *path) {
    if (!deferring) return 0;
    if (path != NULL && deferred_file == NULL) deferred_file = strdup(path);
    return 1;
}

__attribute__((weak)) int mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    if (defer(path)) return 0;
    static parse_file_function parse = NULL;
    if (parse == NULL) parse = (parse_file_function)dlsym(RTLD_NEXT, "mbedtls_x509_crt_parse_file");
    return parse != NULL ? parse(chain, path) : -1;
}

extern int __real_mbedtls_x509_crt_parse_file(void *chain, const char *path) __attribute__((weak));

int __wrap_mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    if (defer(path)) return 0;
    return __real_mbedtls_x509_crt_parse_file != NULL ? __real_mbedtls_x509_crt_parse_file(chain, path) : -1;
}
#endif
