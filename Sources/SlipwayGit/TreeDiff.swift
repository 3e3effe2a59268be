import CGit2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Repository {
    /// The files that differ between two commits' trees, with renames found as `git diff-tree -r -M` finds them.
    ///
    /// `old` is `nil` for a root commit (every file is added). The walk compares tree ids and descends only into
    /// subtrees whose ids differ, so its cost follows the size of the change, not the size of the repository
    /// (libgit2's `git_diff_tree_to_tree` visits every entry of both trees: about ten times slower here).
    public func changes(from old: OID?, to new: OID) throws(GitError) -> [FileChange] {
        var oldTree: OID?
        if let old { oldTree = try treeID(of: old) }
        return try TreeDiffer(repository: self).changes(fromTree: oldTree, toTree: try treeID(of: new))
    }

    /// The changes a commit made against its first parent (every file, for a root commit).
    public func changes(of commit: Commit) throws(GitError) -> [FileChange] {
        var parentTree: OID?
        if let parent = commit.parents.first { parentTree = try treeID(of: parent) }
        return try TreeDiffer(repository: self).changes(fromTree: parentTree, toTree: commit.treeID)
    }

    /// The id of the tree a commit records.
    public func treeID(of commit: OID) throws(GitError) -> OID {
        let pointer = try lookupCommit(commit)
        defer { git_commit_free(pointer) }
        return OID(git_commit_tree_id(pointer))
    }
}

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
    /// Old-side trees of the comparison in progress, kept for the next ones.
    private var current: [OID: OpaquePointer] = [:]
    /// Old-side trees of earlier comparisons, each with the number of the comparison that last used it.
    private var previous: [OID: (tree: OpaquePointer, comparison: Int)] = [:]
    private var comparison = 0
    /// On the merge-heavy bench history, keeping 16 comparisons' trees instead of 1 read a quarter fewer trees.
    static let keptComparisons = 16

    public init(repository: Repository) {
        self.repository = repository
    }

    deinit {
        for tree in current.values { git_tree_free(tree) }
        for kept in previous.values { git_tree_free(kept.tree) }
    }

    /// The files that differ from the tree `old` (`nil`: the empty tree) to the tree `new`.
    public func changes(fromTree old: OID?, toTree new: OID) throws(GitError) -> [FileChange] {
        defer { endComparison() }
        var newID = new.raw
        let newTree = try tree(&newID, side: .new)
        defer { release(newTree) }
        var oldTree: TreeHandle?
        if var oldID = old?.raw { oldTree = try tree(&oldID, side: .old) }
        var walk = TreeWalk(differ: self)
        try walk.compare(oldTree?.pointer, newTree.pointer, prefix: "", prefixBytes: nil)
        return try walk.finish(oldTree: oldTree?.pointer, newTree: newTree.pointer)
    }

    enum Side { case old, new }

    /// A tree for the walk; `owned` trees are the walk's to release, the others belong to the differ.
    struct TreeHandle {
        let pointer: OpaquePointer
        let owned: Bool
    }

    /// The tree with this id: from the trees kept from the previous comparison when it is there.
    func tree(_ id: UnsafePointer<git_oid>, side: Side) throws(GitError) -> TreeHandle {
        let key = OID(id)
        if let tree = current[key] { return TreeHandle(pointer: tree, owned: false) }
        let tree: OpaquePointer
        if let kept = previous.removeValue(forKey: key) {
            tree = kept.tree
        } else {
            tree = try lookup(id)
        }
        switch side {
        case .old:
            current[key] = tree
            return TreeHandle(pointer: tree, owned: false)
        case .new:
            return TreeHandle(pointer: tree, owned: true)
        }
    }

    func release(_ tree: TreeHandle) {
        if tree.owned { git_tree_free(tree.pointer) }
    }

    private func lookup(_ id: UnsafePointer<git_oid>) throws(GitError) -> OpaquePointer {
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository.handle, id), "git_tree_lookup")
        guard let tree else {
            throw GitError.library(function: "git_tree_lookup", code: -1, detail: "no tree returned")
        }
        return tree
    }

    private func endComparison() {
        for (key, tree) in current { previous[key] = (tree, comparison) }
        current = [:]
        let oldest = comparison - Self.keptComparisons
        comparison += 1
        let expired = previous.filter { $0.value.comparison <= oldest }
        for (key, kept) in expired {
            git_tree_free(kept.tree)
            previous.removeValue(forKey: key)
        }
    }
}

/// The two-tree walk behind `Repository.changes(from:to:)`.
struct TreeWalk {
    struct Side {
        var path: String
        var oid: git_oid
        var mode: UInt32
        /// The path's raw bytes, only when they are not valid UTF-8 (see `FileChange.pathBytes`).
        var bytes: [UInt8]?
    }

    let differ: TreeDiffer
    private(set) var added: [Side] = []
    private(set) var deleted: [Side] = []
    private(set) var changes: [FileChange] = []

    init(differ: TreeDiffer) {
        self.differ = differ
    }

    var repository: OpaquePointer { differ.repository.handle }

    private static let treeMode: UInt32 = 0o040000
    private static let linkMode: UInt32 = 0o120000
    private static let gitlinkMode: UInt32 = 0o160000

    private static func isTree(_ mode: UInt32) -> Bool { mode & 0o170000 == treeMode }

    /// The kind of a non-tree entry, for telling a modification from a type change.
    private static func kind(_ mode: UInt32) -> UInt32 { mode & 0o170000 }

    /// Byte order of two paths (what `utf8.lexicographicallyPrecedes` decides, with one `memcmp`).
    static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
    }

    /// The last path component (git paths have no trailing slash).
    static func fileName(_ path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }

    /// Compares two trees (either may be absent) under the folder `prefix` (`""` or ending in `/`); `prefixBytes`
    /// are the folder's raw bytes when they are not valid UTF-8, else `nil`.
    mutating func compare(_ old: OpaquePointer?, _ new: OpaquePointer?, prefix: String, prefixBytes: [UInt8]?)
        throws(GitError)
    {
        let oldCount = old.map { git_tree_entrycount($0) } ?? 0
        let newCount = new.map { git_tree_entrycount($0) } ?? 0
        var i = 0
        var j = 0
        while i < oldCount || j < newCount {
            let oldEntry = i < oldCount ? git_tree_entry_byindex(old, i) : nil
            let newEntry = j < newCount ? git_tree_entry_byindex(new, j) : nil
            let order: Int32
            if let oldEntry, let newEntry {
                order = TreeWalk.compareNames(oldEntry, newEntry)
            } else {
                order = oldEntry == nil ? 1 : -1
            }
            if order < 0, let oldEntry {
                try removed(oldEntry, prefix: prefix, prefixBytes: prefixBytes)
                i += 1
            } else if order > 0, let newEntry {
                try appeared(newEntry, prefix: prefix, prefixBytes: prefixBytes)
                j += 1
            } else if let oldEntry, let newEntry {
                try both(oldEntry, newEntry, prefix: prefix, prefixBytes: prefixBytes)
                i += 1
                j += 1
            } else {
                break
            }
        }
    }

    /// git's tree order: names compare bytewise, with a tree's name read as if it ended in '/'.
    private static func compareNames(_ a: OpaquePointer, _ b: OpaquePointer) -> Int32 {
        guard let nameA = git_tree_entry_name(a), let nameB = git_tree_entry_name(b) else { return 0 }
        let lengthA = strlen(nameA)
        let lengthB = strlen(nameB)
        let common = min(lengthA, lengthB)
        let result = memcmp(nameA, nameB, common)
        if result != 0 { return result }
        let nextA: Int32 =
            lengthA > common
            ? Int32(UInt8(bitPattern: nameA[common])) : (isTree(git_tree_entry_filemode(a).rawValue) ? 0x2F : 0)
        let nextB: Int32 =
            lengthB > common
            ? Int32(UInt8(bitPattern: nameB[common])) : (isTree(git_tree_entry_filemode(b).rawValue) ? 0x2F : 0)
        return nextA - nextB
    }

    /// An entry's path: its text, and its raw bytes only when they, or its folder's, are not valid UTF-8 (the
    /// text then shows each invalid sequence as U+FFFD). A valid name costs what `String(cString:)` costs.
    private func path(_ entry: OpaquePointer, _ prefix: String, _ prefixBytes: [UInt8]?) -> (String, [UInt8]?) {
        guard let name = git_tree_entry_name(entry) else { return (prefix, prefixBytes) }
        if let valid = String(validatingCString: name) {
            return (prefix + valid, prefixBytes.map { $0 + valid.utf8 })
        }
        let raw = UnsafeRawBufferPointer(start: name, count: strlen(name))
        return (prefix + String(decoding: raw, as: UTF8.self), (prefixBytes ?? Array(prefix.utf8)) + raw)
    }

    /// The folder prefix for a tree's entries, in both forms.
    private static func folder(_ path: (String, [UInt8]?)) -> (String, [UInt8]?) {
        (path.0 + "/", path.1.map { $0 + [UInt8(ascii: "/")] })
    }

    private mutating func both(_ old: OpaquePointer, _ new: OpaquePointer, prefix: String, prefixBytes: [UInt8]?)
        throws(GitError)
    {
        let oldMode = git_tree_entry_filemode(old).rawValue
        let newMode = git_tree_entry_filemode(new).rawValue
        guard let oldID = git_tree_entry_id(old), let newID = git_tree_entry_id(new) else { return }
        if oldMode == newMode, git_oid_equal(oldID, newID) == 1 { return }
        let name = path(new, prefix, prefixBytes)
        if TreeWalk.isTree(oldMode) {
            // Both are trees (a tree and a non-tree never share a position in tree order).
            let oldTree = try differ.tree(oldID, side: .old)
            let newTree = try differ.tree(newID, side: .new)
            defer { differ.release(newTree) }
            let folder = TreeWalk.folder(name)
            try compare(oldTree.pointer, newTree.pointer, prefix: folder.0, prefixBytes: folder.1)
            return
        }
        let submodule = TreeWalk.kind(oldMode) == TreeWalk.gitlinkMode || TreeWalk.kind(newMode) == TreeWalk.gitlinkMode
        let status: FileChange.Status = TreeWalk.kind(oldMode) == TreeWalk.kind(newMode) ? .modified : .typechange
        changes.append(FileChange(status: status, path: name.0, isSubmodule: submodule, pathBytes: name.1))
    }

    private mutating func removed(_ entry: OpaquePointer, prefix: String, prefixBytes: [UInt8]?) throws(GitError) {
        let mode = git_tree_entry_filemode(entry).rawValue
        guard let id = git_tree_entry_id(entry) else { return }
        let name = path(entry, prefix, prefixBytes)
        if TreeWalk.isTree(mode) {
            let folder = TreeWalk.folder(name)
            try compare(try differ.tree(id, side: .old).pointer, nil, prefix: folder.0, prefixBytes: folder.1)
        } else {
            deleted.append(Side(path: name.0, oid: id.pointee, mode: mode, bytes: name.1))
        }
    }

    private mutating func appeared(_ entry: OpaquePointer, prefix: String, prefixBytes: [UInt8]?) throws(GitError) {
        let mode = git_tree_entry_filemode(entry).rawValue
        guard let id = git_tree_entry_id(entry) else { return }
        let name = path(entry, prefix, prefixBytes)
        if TreeWalk.isTree(mode) {
            let tree = try differ.tree(id, side: .new)
            defer { differ.release(tree) }
            let folder = TreeWalk.folder(name)
            try compare(nil, tree.pointer, prefix: folder.0, prefixBytes: folder.1)
        } else {
            added.append(Side(path: name.0, oid: id.pointee, mode: mode, bytes: name.1))
        }
    }

    /// The additions and deletions not (yet) paired into renames, and the renames found.
    private struct Pairing {
        var added: [Side]
        var deleted: [Side]
        var renames: [(from: Side, to: Side)] = []
    }

    /// Pairs deletions with additions into renames, then returns every change in path order.
    mutating func finish(oldTree: OpaquePointer?, newTree: OpaquePointer?) throws(GitError) -> [FileChange] {
        var pairing = Pairing(added: added, deleted: deleted)
        if !added.isEmpty, !deleted.isEmpty {
            pairExactRenames(&pairing)
            // Renames with edits, scored and paired as git does (libgit2's scoring disagrees with git's).
            if !pairing.added.isEmpty, !pairing.deleted.isEmpty {
                try pairInexactRenames(&pairing)
            }
        }
        return allChanges(pairing)
    }

    /// Exact renames: the same blob under a new name. Reads the walk's additions and deletions, and leaves in
    /// `pairing` those it did not pair.
    private func pairExactRenames(_ pairing: inout Pairing) {
        var deletedByBlob: [OID: [Int]] = [:]
        for (index, side) in deleted.enumerated() where TreeWalk.kind(side.mode) != TreeWalk.gitlinkMode {
            deletedByBlob[OID(side.oid), default: []].append(index)
        }
        var usedDeleted = Set<Int>()
        var unmatchedAdded: [Side] = []
        for side in added {
            let key = OID(side.oid)
            if TreeWalk.kind(side.mode) != TreeWalk.gitlinkMode, var candidates = deletedByBlob[key],
                !candidates.isEmpty
            {
                // Prefer a deleted file with the same name (a move between folders), as git does.
                let base = TreeWalk.fileName(side.path)
                let pick = candidates.firstIndex { TreeWalk.fileName(deleted[$0].path) == base } ?? 0
                let index = candidates.remove(at: pick)
                deletedByBlob[key] = candidates
                usedDeleted.insert(index)
                pairing.renames.append((deleted[index], side))
            } else {
                unmatchedAdded.append(side)
            }
        }
        pairing.added = unmatchedAdded
        pairing.deleted = deleted.enumerated().filter { !usedDeleted.contains($0.offset) }.map(\.element)
    }

    /// Renames with edits, among the additions and deletions left in `pairing`.
    private func pairInexactRenames(_ pairing: inout Pairing) throws(GitError) {
        var inexact = InexactRenames(repository: repository, sources: pairing.deleted, destinations: pairing.added)
        let similar = try inexact.pairs()
        guard !similar.isEmpty else { return }
        let renamedFrom = Set(similar.map(\.from.path))
        let renamedTo = Set(similar.map(\.to.path))
        pairing.renames += similar
        pairing.added.removeAll { renamedTo.contains($0.path) }
        pairing.deleted.removeAll { renamedFrom.contains($0.path) }
    }

    /// The walk's modifications with the additions, deletions and renames of `pairing`, in path order.
    private func allChanges(_ pairing: Pairing) -> [FileChange] {
        var result = changes
        for side in pairing.added {
            result.append(
                FileChange(
                    status: .added, path: side.path, isSubmodule: TreeWalk.kind(side.mode) == TreeWalk.gitlinkMode,
                    pathBytes: side.bytes))
        }
        for side in pairing.deleted {
            result.append(
                FileChange(
                    status: .deleted, path: side.path, isSubmodule: TreeWalk.kind(side.mode) == TreeWalk.gitlinkMode,
                    pathBytes: side.bytes))
        }
        for rename in pairing.renames {
            result.append(
                FileChange(
                    status: .renamed, path: rename.to.path, oldPath: rename.from.path, pathBytes: rename.to.bytes,
                    oldPathBytes: rename.from.bytes))
        }
        result.sort { TreeWalk.bytesPrecede($0.path, $1.path) }
        return result
    }
}
