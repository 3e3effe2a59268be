#include <git2.h>

// libgit2's option call is variadic, which Swift cannot call; these wrappers fix the arguments.
static inline int slipway_git_set_caching(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_CACHING, enabled);
}

static inline int slipway_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}

static inline int slipway_git_set_mwindow_size(size_t size) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, size);
}

static inline int slipway_git_set_mwindow_mapped_limit(size_t limit) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, limit);
}
