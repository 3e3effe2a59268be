import CGit2
import Foundation

extension Repository {
    /// Commits reachable from `head` but not from any of `hidden`, newest first like `git log`.
    public func commits(from head: OID, excluding hidden: [OID] = [], firstParentOnly: Bool = false) throws(GitError)
        -> [Commit]
    {
        if isShallow { return try shallowCommits(from: head, excluding: hidden, firstParentOnly: firstParentOnly) }
        // libgit2 1.7 and later apply `info/grafts` in their walk; this one does not, so a repository with grafts
        // (deprecated, and rare) keeps libgit2's answer.
        let grafts = commonDirectory.appendingPathComponent("info/grafts").path
        if access(grafts, F_OK) != 0, let odb = try? objectDatabase(),
            let walked = CommitWalk.commits(odb: odb, head: head, hidden: hidden, firstParent: firstParentOnly)
        {
            return walked
        }
        return try revisionWalk(from: head, excluding: hidden, firstParentOnly: firstParentOnly)
    }

    /// `commits(from:excluding:firstParentOnly:)` as libgit2's own walk gives them (which reads every commit twice):
    /// for what `CommitWalk` cannot read, and for the tests that hold the two to one order.
    func revisionWalk(from head: OID, excluding hidden: [OID], firstParentOnly: Bool) throws(GitError) -> [Commit] {
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
            if code == GIT_ENOTFOUND.rawValue, isShallow {
                // libgit2 before 1.7 walks past a shallow clone's edge into parents it does not have.
                throw .missingFromShallowClone(
                    missingShallowParent() ?? "before \(result.last?.id.short ?? head.short)")
            }
            try check(code, "git_revwalk_next")
            result.append(try commit(OID(next)))
        }
        return result
    }
}
