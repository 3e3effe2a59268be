import CGit2

extension Repository {
    /// Commits reachable from `head` but not from any of `hidden`, newest first like `git log`: libgit2's revision
    /// walk in topological and date order.
    public func commits(from head: OID, excluding hidden: [OID] = [], firstParentOnly: Bool = false) throws(GitError)
        -> [Commit]
    {
        if isShallow { return try shallowCommits(from: head, excluding: hidden, firstParentOnly: firstParentOnly) }
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, handle), "git_revwalk_new")
        defer { git_revwalk_free(walker) }
        try check(
            git_revwalk_sorting(walker, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue), "git_revwalk_sorting")
        if firstParentOnly { try check(git_revwalk_simplify_first_parent(walker), "git_revwalk_simplify_first_parent") }
        var rawHead = head.raw
        try check(git_revwalk_push(walker, &rawHead), "git_revwalk_push")
        for oid in hidden {
            var raw = oid.raw
            try check(git_revwalk_hide(walker, &raw), "git_revwalk_hide")
        }
        var result: [Commit] = []
        var next = git_oid()
        while true {
            let code = git_revwalk_next(&next, walker)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_revwalk_next")
            result.append(try commit(OID(next)))
        }
        return result
    }
}
