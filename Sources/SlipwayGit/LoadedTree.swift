import CGit2

/// One tree read once and kept for lookups by name, for callers that ask several names of the same folder (the
/// spec cache probes a handful of paths in every commit's root tree; `Repository.object(at:inTree:)` would read
/// that tree again for each).
public final class LoadedTree {
    public let id: OID
    private let pointer: OpaquePointer

    /// Reads the tree `id` of `repository`.
    public init(_ id: OID, in repository: Repository) throws(GitError) {
        var raw = id.raw
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository.handle, &raw), "git_tree_lookup")
        guard let tree else {
            throw GitError.library(function: "git_tree_lookup", code: -1, detail: "no tree returned")
        }
        self.id = id
        pointer = tree
    }

    deinit {
        git_tree_free(pointer)
    }

    /// What `name` (one path component) names in this tree, or `nil` when nothing there is a known kind.
    public func object(named name: String) -> TreeObject? {
        // The entry belongs to the tree: nothing to free.
        guard let entry = git_tree_entry_byname(pointer, name),
            let kind = TreeEntry.Kind(git_tree_entry_filemode(entry))
        else { return nil }
        return TreeObject(kind: kind, id: OID(git_tree_entry_id(entry)))
    }
}
