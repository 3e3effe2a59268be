#ifndef SLIPWAY_CGIT_CERTIFICATES_H
#define SLIPWAY_CGIT_CERTIFICATES_H

/// While enabled, libgit2's request to parse a CA certificate file is recorded instead of carried out (Linux).
void slipway_defer_certificate_loading(int enabled);

/// The certificate file libgit2 asked for while loading was deferred, or NULL.
const char *slipway_deferred_certificate_file(void);

/// Runs the TLS and SSH set-up of libgit2 that a static link deferred (see certificates.c); 0 when there was none
/// or it succeeded, else libgit2's error code.
int slipway_finish_deferred_network_setup(void);

#endif
