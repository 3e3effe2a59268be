import CGit2

extension Repository {
    /// The git operation in progress (merge, rebase, cherry-pick, revert, bisect, am), or `.clean`.
    public var state: RepositoryState {
        switch git_repository_state(handle) {
        case Int32(GIT_REPOSITORY_STATE_MERGE.rawValue): return .merge
        case Int32(GIT_REPOSITORY_STATE_REVERT.rawValue), Int32(GIT_REPOSITORY_STATE_REVERT_SEQUENCE.rawValue):
            return .revert
        case Int32(GIT_REPOSITORY_STATE_CHERRYPICK.rawValue), Int32(GIT_REPOSITORY_STATE_CHERRYPICK_SEQUENCE.rawValue):
            return .cherryPick
        case Int32(GIT_REPOSITORY_STATE_BISECT.rawValue): return .bisect
        case Int32(GIT_REPOSITORY_STATE_REBASE.rawValue), Int32(GIT_REPOSITORY_STATE_REBASE_INTERACTIVE.rawValue),
            Int32(GIT_REPOSITORY_STATE_REBASE_MERGE.rawValue),
            Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX_OR_REBASE.rawValue):
            return .rebase
        case Int32(GIT_REPOSITORY_STATE_APPLY_MAILBOX.rawValue): return .applyMailbox
        default: return .clean
        }
    }

    /// Tracked paths whose index or working-tree content differs from HEAD (staged, modified, deleted, conflicted),
    /// sorted. Untracked and ignored files do not count: build output must not block a release.
    ///
    /// Submodules are left out: a submodule's own untracked files or checked-out commit are not part of what a
    /// release commits.
    public func trackedChanges() throws(GitError) -> [String] {
        guard !isBare else { throw .bareRepository }
        var options = git_status_options()
        try check(git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue | GIT_STATUS_OPT_SORT_CASE_SENSITIVELY.rawValue
        var list: OpaquePointer?
        try check(git_status_list_new(&list, handle, &options), "git_status_list_new")
        defer { git_status_list_free(list) }
        let ignoredKinds = GIT_STATUS_WT_NEW.rawValue | GIT_STATUS_IGNORED.rawValue
        let indexKinds =
            GIT_STATUS_INDEX_NEW.rawValue | GIT_STATUS_INDEX_MODIFIED.rawValue | GIT_STATUS_INDEX_DELETED.rawValue
            | GIT_STATUS_INDEX_RENAMED.rawValue | GIT_STATUS_INDEX_TYPECHANGE.rawValue | GIT_STATUS_CONFLICTED.rawValue
        var index: OpaquePointer?
        try check(git_repository_index(&index, handle), "git_repository_index")
        defer { git_index_free(index) }
        var paths: [String] = []
        for position in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, position)?.pointee else { continue }
            let status = entry.status.rawValue
            guard status & ~ignoredKinds != 0 else { continue }
            let delta = entry.index_to_workdir ?? entry.head_to_index
            guard let file = delta?.pointee.new_file.path ?? delta?.pointee.old_file.path else { continue }
            // A skip-worktree entry (sparse checkout, `update-index --skip-worktree`) is absent or different on
            // disk on purpose: git status shows nothing, and neither does this.
            if status & indexKinds == 0, Repository.skipsWorktree(file, in: index) { continue }
            paths.append(String(cString: file))
        }
        return paths
    }

    /// Whether the index entry at `path` (stage 0) has git's skip-worktree flag.
    private static func skipsWorktree(_ path: UnsafePointer<CChar>, in index: OpaquePointer?) -> Bool {
        guard let entry = git_index_get_bypath(index, path, 0)?.pointee else { return false }
        return UInt32(entry.flags_extended) & GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue != 0
    }
}

extension Repository {
    /// Whether git tracks the file at `path` (relative to the working tree, `/`-separated): the index holds it, at
    /// any stage. Always `false` in a bare repository, which has no working tree to hold a file.
    public func isTracked(_ path: String) throws(GitError) -> Bool {
        guard !isBare else { return false }
        var index: OpaquePointer?
        try check(git_repository_index(&index, handle), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")
        var position = 0
        let code = git_index_find(&position, index, path)
        if code == GIT_ENOTFOUND.rawValue { return false }
        try check(code, "git_index_find")
        return true
    }
}
