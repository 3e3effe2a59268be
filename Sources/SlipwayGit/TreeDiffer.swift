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
    /// The new side's root tree of the last comparison, for `loadedTree`.
    private var lastRoot: LoadedTree?
    /// Old-side trees of the comparison in progress, kept for the next ones.
    private var current: [OID: LoadedTree] = [:]
    /// Old-side trees of earlier comparisons, each with the number of the comparison that last used it.
    private var previous: [OID: (tree: LoadedTree, comparison: Int)] = [:]
    private var comparison = 0
    /// The kept trees in the order they were last used, each with that comparison's number: the front expires
    /// first (a tree used again has a newer record, and its older one is skipped).
    private var expiry: [(key: OID, comparison: Int)] = []
    private var expired = 0
    /// On the merge-heavy bench history, keeping 16 comparisons' trees instead of 1 read a quarter fewer trees.
    static let keptComparisons = 16

    public init(repository: Repository) {
        self.repository = repository
    }

    /// The files that differ from the tree `old` (`nil`: the empty tree) to the tree `new`.
    public func changes(fromTree old: OID?, toTree new: OID) throws(GitError) -> [FileChange] {
        defer { endComparison() }
        let newTree = try tree(new, side: .new)
        var oldTree: LoadedTree?
        if let old { oldTree = try tree(old, side: .old) }
        var walk = TreeWalk(differ: self)
        try walk.compare(oldTree, newTree, prefix: "", prefixBytes: nil)
        lastRoot = newTree
        return try walk.finish()
    }

    /// The tree `id` when the differ holds it: the new side's root of the last comparison, or an old side's tree
    /// it keeps. Callers that look names up in the commits just compared (the spec cache's probes) then read no
    /// tree again.
    public func loadedTree(_ id: OID) -> LoadedTree? {
        if let lastRoot, lastRoot.id == id { return lastRoot }
        return current[id] ?? previous[id]?.tree
    }

    enum Side { case old, new }

    /// The tree with this id: from the trees kept from earlier comparisons when it is there. Old-side trees are
    /// kept for the comparisons to come; a new-side tree is freed once the walk lets go of it.
    func tree(_ id: OID, side: Side) throws(GitError) -> LoadedTree {
        if let tree = current[id] { return tree }
        let tree: LoadedTree
        if let kept = previous.removeValue(forKey: id) {
            tree = kept.tree
        } else {
            tree = try LoadedTree(id, in: repository)
        }
        if side == .old { current[id] = tree }
        return tree
    }

    private func endComparison() {
        for (key, tree) in current {
            previous[key] = (tree, comparison)
            expiry.append((key, comparison))
        }
        current.removeAll(keepingCapacity: true)
        let oldest = comparison - Self.keptComparisons
        comparison += 1
        while expired < expiry.count, expiry[expired].comparison <= oldest {
            let record = expiry[expired]
            expired += 1
            if previous[record.key]?.comparison == record.comparison { previous.removeValue(forKey: record.key) }
        }
        if expired > 1024 {
            expiry.removeFirst(expired)
            expired = 0
        }
    }
}
