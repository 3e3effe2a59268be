import CGit2

/// libgit2's global state, initialised once per process.
enum GitLibrary {
    private static let initialised: Bool = {
        git_libgit2_init()
        // Trees are read once per walk; libgit2's object cache would only grow memory (see the README's figures).
        _ = slipway_git_set_caching(0)
        // libgit2 re-hashes every object it reads to check its id; git itself does not, and for `detect --each`
        // the SHA-1 of every tree and commit cost a quarter of the run. Objects come from the user's own repository.
        _ = slipway_git_set_strict_hash_verification(0)
        return true
    }()

    static func ensureInitialised() {
        _ = initialised
    }
}
