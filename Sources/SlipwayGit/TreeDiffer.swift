import CGit2

/// Compares trees for `Repository.changes`, and keeps the old side's trees for the next comparison.
///
/// `detect --each` compares every commit with its parent, newest first, as `git log` does: the parent's trees read
/// as the old side of one comparison are the new side of a later one, the next on a straight line, a few commits
/// on in a merge-heavy history, where the walk goes from branch to branch by date. Keeping the old-side trees of
/// the last `keptComparisons` comparisons reads most of those trees once, while new-side trees are freed as soon
/// as the walk leaves them, so memory stays bounded by a few commits' changed folders even for a root commit of
/// thousands of files.
public final class TreeDiffer {
    let repository: Repository
    /// The object database the trees are read from, opened on first use.
    private var odb: OpaquePointer?
    /// Old-side trees of the comparison in progress, kept for the next ones.
    private var current: [OID: RawTree] = [:]
    /// Old-side trees of earlier comparisons, each with the number of the comparison that last used it.
    private var previous: [OID: (tree: RawTree, comparison: Int)] = [:]
    private var comparison = 0
    /// On the merge-heavy bench history, keeping 16 comparisons' trees instead of 1 read a quarter fewer trees.
    static let keptComparisons = 16

    public init(repository: Repository) {
        self.repository = repository
    }

    deinit {
        // The trees hold objects of the database: free them before it.
        current = [:]
        previous = [:]
        if let odb { git_odb_free(odb) }
    }

    /// The files that differ from the tree `old` (`nil`: the empty tree) to the tree `new`.
    public func changes(fromTree old: OID?, toTree new: OID) throws(GitError) -> [FileChange] {
        defer { endComparison() }
        var newID = new.raw
        let newTree = try tree(&newID, side: .new)
        var oldTree: RawTree?
        if var oldID = old?.raw { oldTree = try tree(&oldID, side: .old) }
        var walk = TreeWalk(differ: self)
        try walk.compare(oldTree, newTree, prefix: "", prefixBytes: nil)
        return try walk.finish()
    }

    enum Side { case old, new }

    /// The tree with this id: from the trees kept from earlier comparisons when it is there. Old-side trees are
    /// kept for the comparisons to come; a new-side tree is freed once the walk lets go of it.
    func tree(_ id: UnsafePointer<git_oid>, side: Side) throws(GitError) -> RawTree {
        let key = OID(id)
        if let tree = current[key] { return tree }
        let tree: RawTree
        if let kept = previous.removeValue(forKey: key) {
            tree = kept.tree
        } else {
            tree = try RawTree(id, odb: database())
        }
        if side == .old { current[key] = tree }
        return tree
    }

    private func database() throws(GitError) -> OpaquePointer {
        if let odb { return odb }
        var opened: OpaquePointer?
        try check(git_repository_odb(&opened, repository.handle), "git_repository_odb")
        guard let opened else {
            throw GitError.library(function: "git_repository_odb", code: -1, detail: "no object database returned")
        }
        odb = opened
        return opened
    }

    private func endComparison() {
        for (key, tree) in current { previous[key] = (tree, comparison) }
        current = [:]
        let oldest = comparison - Self.keptComparisons
        comparison += 1
        previous = previous.filter { $0.value.comparison > oldest }
    }
}
