import CGit2

/// libgit2's global state, initialised once per process.
enum GitLibrary {
    private static let initialised: Bool = {
        git_libgit2_init()
        // A history walk reads each commit and tree once or twice; the object cache would keep them all.
        _ = slipway_git_set_caching(0)
        // libgit2 hashes every object it reads again to check its id, which git does only in `git fsck`; on a long
        // history that checking alone took `detect --each` past 3x `git log`.
        _ = slipway_git_set_strict_hash_verification(0)
        // libgit2 maps pack files in 1 GiB windows and keeps up to 8 GiB mapped, so every pack page a walk touches
        // stays resident; small windows under a small limit let it drop the ones the walk has left behind.
        _ = slipway_git_set_mwindow_size(4 << 20)
        _ = slipway_git_set_mwindow_mapped_limit(16 << 20)
        return true
    }()

    static func ensureInitialised() {
        _ = initialised
    }
}
