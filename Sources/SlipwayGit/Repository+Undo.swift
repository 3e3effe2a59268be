import CGit2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What `slipway release abort` needs to take a release back: move the branch from the release commit to the
// commit it was made from (only while it still points at the release commit), and make the index match again.
extension Repository {
    /// Moves `refs/heads/<branch>` from `current` to `target`, only if it still points at `current` (compare and
    /// swap: a commit made since is never thrown away). Returns false when the branch points elsewhere.
    public func moveBranch(_ branch: String, from current: OID, to target: OID, message: String) throws(GitError)
        -> Bool
    {
        guard isValidReferenceName("refs/heads/\(branch)") else { throw .invalidReferenceName(branch) }
        var targetRaw = target.raw
        var currentRaw = current.raw
        var reference: OpaquePointer?
        let code = git_reference_create_matching(
            &reference, handle, "refs/heads/\(branch)", &targetRaw, 1, &currentRaw, message)
        if code == GIT_EMODIFIED.rawValue { return false }
        try check(code, "git_reference_create_matching")
        git_reference_free(reference)
        return true
    }

    /// The commit a tag names (peeled through an annotated tag), or `nil` when there is no such tag.
    public func tagTarget(named name: String) throws(GitError) -> OID? {
        guard hasTag(named: name) else { return nil }
        return try resolveCommit("refs/tags/\(name)")
    }

    /// Makes the index entries of `paths` match `commit`'s tree, as `git reset -q <commit> -- <paths>` does; the
    /// working tree is left alone.
    public func resetIndex(paths: [String], to commit: OID) throws(GitError) {
        guard !paths.isEmpty else { return }
        var raw = commit.raw
        var target: OpaquePointer?
        try check(git_object_lookup(&target, handle, &raw, GIT_OBJECT_COMMIT), "git_object_lookup")
        defer { git_object_free(target) }
        var pointers = paths.map { strdup($0) }
        defer { for pointer in pointers { free(pointer) } }
        let code = pointers.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return git_reset_default(handle, target, &array)
        }
        try check(code, "git_reset_default")
    }

    /// Points a detached HEAD at `commit`, only if HEAD is detached at `current`. Returns false otherwise.
    public func moveDetachedHead(from current: OID, to commit: OID) throws(GitError) -> Bool {
        guard git_repository_head_detached(handle) == 1, try resolveCommit("HEAD") == current else { return false }
        var raw = commit.raw
        try check(git_repository_set_head_detached(handle, &raw), "git_repository_set_head_detached")
        return true
    }
}
