import CGit2
import CGitCertificates

/// libgit2's global state, initialised once per process.
enum GitLibrary {
    private static let initialised: Bool = {
        // Where libgit2 is built with mbedTLS (Debian, Ubuntu), its initialisation parses the whole CA bundle, which
        // cost more than everything else `slipway detect` does; Slipway makes no TLS connections through libgit2, so
        // that parse is deferred (see certificates.c) until `loadCertificates()` asks for it.
        slipway_defer_certificate_loading(1)
        git_libgit2_init()
        slipway_defer_certificate_loading(0)
        // Trees are read once per walk; libgit2's object cache would only grow memory (see the README's figures).
        _ = slipway_git_set_caching(0)
        // libgit2 re-hashes every object it reads to check its id; git itself does not, and for `detect --each`
        // the SHA-1 of every tree and commit cost a quarter of the run. Objects come from the user's own repository.
        _ = slipway_git_set_strict_hash_verification(0)
        // libgit2 maps pack files in 1 GiB windows and keeps them until 8 GiB are mapped, so every pack page a
        // history walk touches stays resident. Small windows under a small limit let it drop the ones the walk has
        // left behind: on the benchmark repository `detect --each` peaks 9 MiB lower, in the same time.
        _ = slipway_git_set_mwindow_size(4 << 20)
        _ = slipway_git_set_mwindow_mapped_limit(16 << 20)
        return true
    }()

    static func ensureInitialised() {
        _ = initialised
    }

    /// Gives libgit2 the CA certificates whose loading was deferred at initialisation, and in the static release
    /// build its whole TLS and SSH set-up. Call it before any connection through libgit2 (a fetch or push over
    /// HTTPS or SSH); without it, certificate checks fail (never pass).
    static func loadCertificates() throws(GitError) {
        ensureInitialised()
        try check(slipway_finish_deferred_network_setup(), "libgit2's TLS and SSH set-up")
        guard let file = slipway_deferred_certificate_file() else { return }
        try check(slipway_git_set_ssl_cert_file(file), "git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS)")
    }
}
