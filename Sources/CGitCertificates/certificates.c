// Debian and Ubuntu build libgit2 with mbedTLS, whose set-up in git_libgit2_init() parses every CA certificate of
// the system bundle: about 50 million instructions, three quarters of a `slipway detect` run, for TLS connections
// Slipway never makes through libgit2 (it only reads local repositories).
//
// Defining mbedtls_x509_crt_parse_file here interposes on that one call: the dynamic linker binds libgit2's
// reference to the executable's definition first. While GitLibrary initialises libgit2, the request is only
// recorded; any other call goes to mbedTLS unchanged. Code that ever needs TLS through libgit2 calls
// GitLibrary.loadCertificates(), which hands the recorded file back to libgit2. With another TLS library, a
// statically linked mbedTLS, or on macOS (two-level namespaces), this definition is simply never called.

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

#if defined(__linux__)
#include <dlfcn.h>
#include <string.h>

typedef int (*parse_file_function)(void *chain, const char *path);

int mbedtls_x509_crt_parse_file(void *chain, const char *path) {
    if (deferring) {
        if (path != NULL && deferred_file == NULL) deferred_file = strdup(path);
        return 0;
    }
    static parse_file_function parse = NULL;
    if (parse == NULL) parse = (parse_file_function)dlsym(RTLD_NEXT, "mbedtls_x509_crt_parse_file");
    return parse != NULL ? parse(chain, path) : -1;
}
#endif
