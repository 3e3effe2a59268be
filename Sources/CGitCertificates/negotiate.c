// The release build on Linux links libgit2 statically (scripts/release-options.sh), and Debian builds libgit2 with
// GSSAPI for HTTP "Negotiate" (Kerberos) authentication, which has no static library. Slipway never fetches or
// pushes through libgit2 (pushing runs the git program, with the user's credential helpers), so the static link
// sends libgit2's nine GSSAPI references here with --wrap=<name> instead of loading seven Kerberos libraries into
// every run. Each call fails the way GSSAPI reports an unavailable mechanism; libgit2 then reports that Negotiate
// authentication is unavailable. Builds that link libgit2 dynamically never refer to these definitions.

#include <stddef.h>
#include <stdint.h>

#if defined(__linux__)

// GSS_S_UNAVAILABLE from RFC 2744: the major status "the operation or option is not available".
#define SLIPWAY_GSS_S_UNAVAILABLE ((uint32_t)16u << 16)

static uint32_t unavailable(uint32_t *minor_status) {
    if (minor_status != NULL) *minor_status = 0;
    return SLIPWAY_GSS_S_UNAVAILABLE;
}

void *__wrap_GSS_C_NT_HOSTBASED_SERVICE = NULL;

uint32_t __wrap_gss_indicate_mechs(uint32_t *minor_status, void **mech_set) {
    if (mech_set != NULL) *mech_set = NULL;
    return unavailable(minor_status);
}

uint32_t __wrap_gss_import_name(uint32_t *minor_status, const void *name, const void *type, void **output) {
    (void)name;
    (void)type;
    if (output != NULL) *output = NULL;
    return unavailable(minor_status);
}

uint32_t __wrap_gss_init_sec_context(
    uint32_t *minor_status, void *credential, void **context, void *target, void *mech, uint32_t flags,
    uint32_t lifetime, void *bindings, const void *input, void **actual_mech, void *output, uint32_t *returned_flags,
    uint32_t *returned_lifetime) {
    (void)credential, (void)context, (void)target, (void)mech, (void)flags, (void)lifetime, (void)bindings;
    (void)input, (void)actual_mech, (void)output, (void)returned_flags, (void)returned_lifetime;
    return unavailable(minor_status);
}

uint32_t __wrap_gss_display_status(
    uint32_t *minor_status, uint32_t status, int type, const void *mech, uint32_t *context, void *message) {
    (void)status, (void)type, (void)mech, (void)message;
    if (context != NULL) *context = 0;
    return unavailable(minor_status);
}

uint32_t __wrap_gss_delete_sec_context(uint32_t *minor_status, void **context, void *output) {
    (void)output;
    if (context != NULL) *context = NULL;
    if (minor_status != NULL) *minor_status = 0;
    return 0;
}

uint32_t __wrap_gss_release_buffer(uint32_t *minor_status, void *buffer) {
    (void)buffer;
    if (minor_status != NULL) *minor_status = 0;
    return 0;
}

uint32_t __wrap_gss_release_name(uint32_t *minor_status, void **name) {
    if (name != NULL) *name = NULL;
    if (minor_status != NULL) *minor_status = 0;
    return 0;
}

uint32_t __wrap_gss_release_oid_set(uint32_t *minor_status, void **set) {
    if (set != NULL) *set = NULL;
    if (minor_status != NULL) *minor_status = 0;
    return 0;
}

#endif
