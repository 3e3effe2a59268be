import CGit2

/// A tree read through libgit2 (`git_tree_lookup`) and freed with its owner: the tree diff walks its entries, and
/// callers that ask several names of one folder (the spec cache probes a handful of paths in every commit's root
/// tree) look each up without reading the tree again. `TreeDiffer.loadedTree` hands out the trees a comparison has
/// just read.
public final class LoadedTree {
    public let id: OID
    private let tree: OpaquePointer

    /// Reads the tree `id` of `repository`.
    public init(_ id: OID, in repository: Repository) throws(GitError) {
        var raw = id.raw
        var pointer: OpaquePointer?
        try check(git_tree_lookup(&pointer, repository.handle, &raw), "git_tree_lookup")
        guard let pointer else {
            throw GitError.library(function: "git_tree_lookup", code: -1, detail: "no tree returned for \(id.hex)")
        }
        self.id = id
        tree = pointer
    }

    deinit {
        git_tree_free(tree)
    }

    /// The entry at `index` in git's order (a `git_tree_entry` the tree owns), or `nil` past the last one.
    func entry(at index: Int) -> OpaquePointer? {
        git_tree_entry_byindex(tree, index)
    }

    /// The entries of a known kind, in the tree's order: what `Repository.folderEntries` lists for this folder.
    public var entries: [TreeEntry] { Repository.entries(of: tree) }

    /// What `name` (one path component) names in this tree, or `nil` when nothing there is a known kind.
    public func object(named name: String) -> TreeObject? {
        guard let entry = git_tree_entry_byname(tree, name), let kind = TreeEntry.Kind(git_tree_entry_filemode(entry))
        else { return nil }
        return TreeObject(kind: kind, id: OID(git_tree_entry_id(entry)))
    }
}
