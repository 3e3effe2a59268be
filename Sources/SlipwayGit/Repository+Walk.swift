import CGit2

extension Repository {
    /// Commits reachable from `head` but not from any of `hidden`, newest first like `git log`: libgit2's revision
    /// walk in topological and date order.
    public func commits(from head: OID, excluding hidden: [OID] = [], firstParentOnly: Bool = false) throws(GitError)
        -> [Commit]
    {
        if isShallow { return try shallowCommits(from: head, excluding: hidden, firstParentOnly: firstParentOnly) }
        var result: [Commit] = []
        for oid in try commitIDs(from: head, excluding: hidden, firstParentOnly: firstParentOnly) {
            result.append(try commit(oid))
        }
        return result
    }

    /// The ids of `commits(from:excluding:firstParentOnly:)`, in its order: for a caller that reads each commit
    /// when it gets to it (`detect --each` starts judging the first while the rest wait).
    public func commitIDs(from head: OID, excluding hidden: [OID] = [], firstParentOnly: Bool = false)
        throws(GitError) -> [OID]
    {
        if isShallow {
            return try shallowCommits(from: head, excluding: hidden, firstParentOnly: firstParentOnly).map(\.id)
        }
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
        var result: [OID] = []
        var next = git_oid()
        while true {
            let code = git_revwalk_next(&next, walker)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code, "git_revwalk_next")
            result.append(OID(next))
        }
        return result
    }
}

/// Where a path last changed on a first-parent line: the commit, and how many commits before the head it is.
public struct PathChange: Sendable, Equatable {
    public var commit: Commit
    /// 0 for the head itself.
    public var distance: Int
}

extension Repository {
    /// For each of `paths` (files or folders, relative to the working tree) that `head` holds, the newest commit on
    /// `head`'s first-parent line whose tree holds another object there than its first parent's (or the commit
    /// where the line, or a shallow clone, begins). One walk, reading commits and tree entries only, which stops
    /// once every path is placed, or sooner when `enough` says what was found answers the caller's question.
    public func lastChanges(
        to paths: [String], from head: OID, enough: ([String: PathChange]) -> Bool = { _ in false }
    ) throws(GitError) -> [String: PathChange] {
        var current = try commit(head)
        var objects: [String: OID] = [:]
        for path in paths {
            if let object = try object(at: path, inTree: current.treeID) { objects[path] = object.id }
        }
        var result: [String: PathChange] = [:]
        var distance = 0
        while result.count < objects.count, !enough(result) {
            var parent: Commit?
            if let id = current.parents.first, contains(id) { parent = try commit(id) }
            for (path, object) in objects where result[path] == nil {
                var before: OID?
                if let parent { before = try self.object(at: path, inTree: parent.treeID)?.id }
                // Unchanged since the parent: the change is further back. (An object that goes away and comes
                // back is placed where it came back.)
                if before != object { result[path] = PathChange(commit: current, distance: distance) }
            }
            guard let parent else { break }
            current = parent
            distance += 1
        }
        return result
    }
}
