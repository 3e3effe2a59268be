import CGit2

/// libgit2's global state, initialised once per process.
enum GitLibrary {
    private static let initialised: Bool = {
        git_libgit2_init()
        // Trees are read once per walk; libgit2's object cache would only grow memory (see the README's figures).
        _ = slipway_git_set_caching(0)
        return true
    }()

    static func ensureInitialised() {
        _ = initialised
    }
}
