import CGit2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One tree read once and kept for lookups by name, for callers that ask several names of the same folder (the
/// spec cache probes a handful of paths in every commit's root tree; `Repository.object(at:inTree:)` would read
/// that tree again for each). `TreeDiffer.loadedTree` hands out the trees a comparison has just read.
public final class LoadedTree {
    public let id: OID
    private let tree: RawTree

    /// Reads the tree `id` of `repository`.
    public init(_ id: OID, in repository: Repository) throws(GitError) {
        var raw = id.raw
        tree = try RawTree(&raw, odb: repository.objectDatabase())
        self.id = id
    }

    init(id: OID, tree: RawTree) {
        self.id = id
        self.tree = tree
    }

    /// The entries of a known kind, in the tree's order: what `Repository.folderEntries` lists for this folder.
    public var entries: [TreeEntry] {
        tree.entries.compactMap { entry in
            guard let kind = TreeEntry.Kind(git_filemode_t(rawValue: entry.mode)) else { return nil }
            // Each name ends at the NUL before the entry's id, as git_tree_entry_name's does.
            return TreeEntry(name: String(cString: tree.name(entry)), kind: kind)
        }
    }

    /// What `name` (one path component) names in this tree, or `nil` when nothing there is a known kind.
    public func object(named name: String) -> TreeObject? {
        var name = name
        return name.withUTF8 { name in
            guard let start = name.baseAddress else { return nil }
            for entry in tree.entries where Int(entry.nameLength) == name.count {
                guard memcmp(tree.name(entry), start, name.count) == 0 else { continue }
                guard let kind = TreeEntry.Kind(git_filemode_t(rawValue: entry.mode)) else { return nil }
                return TreeObject(kind: kind, id: OID(tree.id(entry)))
            }
            return nil
        }
    }
}
