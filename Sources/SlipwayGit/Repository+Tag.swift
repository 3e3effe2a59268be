import CGit2

extension Repository {
    /// Creates the annotated tag `name` on `commit` with `tagger` and `message`, as `git tag -a` would; refuses to
    /// move an existing tag. Returns the id of the tag object.
    @discardableResult
    public func createAnnotatedTag(named name: String, at commit: OID, message: String, tagger: Identity)
        throws(GitError) -> OID
    {
        guard isValidReferenceName("refs/tags/\(name)") else { throw .invalidReferenceName(name) }
        var raw = commit.raw
        var target: OpaquePointer?
        try check(git_object_lookup(&target, handle, &raw, GIT_OBJECT_COMMIT), "git_object_lookup")
        defer { git_object_free(target) }
        let signature = try Repository.signature(tagger)
        defer { git_signature_free(signature) }
        let cleaned = try Repository.cleanedMessage(message)
        var result = git_oid()
        let code = git_tag_create(&result, handle, name, target, signature, cleaned, 0)
        if code == GIT_EEXISTS.rawValue { throw .tagExists(name) }
        if code == GIT_EINVALIDSPEC.rawValue { throw .invalidReferenceName(name) }
        try check(code, "git_tag_create")
        return OID(result)
    }

    /// Deletes the tag `name` (to undo a release step); a tag that does not exist is not an error.
    public func deleteTag(named name: String) throws(GitError) {
        let code = git_tag_delete(handle, name)
        if code == GIT_ENOTFOUND.rawValue { return }
        try check(code, "git_tag_delete")
    }

    /// Whether the tag `name` exists.
    public func hasTag(named name: String) -> Bool {
        var oid = git_oid()
        return git_reference_name_to_id(&oid, handle, "refs/tags/\(name)") == 0
    }

    /// Whether git accepts `name` as a full reference name (`git check-ref-format`).
    public func isValidReferenceName(_ name: String) -> Bool {
        var valid: Int32 = 0
        return git_reference_name_is_valid(&valid, name) == 0 && valid == 1
    }
}
