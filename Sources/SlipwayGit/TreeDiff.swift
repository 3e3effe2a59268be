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
    mutating func compare(_ old: LoadedTree?, _ new: LoadedTree?, prefix: String, prefixBytes: [UInt8]?)
        throws(GitError)
    {
        var i = 0
        var j = 0
        while true {
            switch (old?.entry(at: i), new?.entry(at: j)) {
            case (nil, nil):
                return
            case (let oldEntry?, nil):
                try removed(oldEntry, prefix: prefix, prefixBytes: prefixBytes)
                i += 1
            case (nil, let newEntry?):
                try appeared(newEntry, prefix: prefix, prefixBytes: prefixBytes)
                j += 1
            case (let oldEntry?, let newEntry?):
                // git's tree order: names bytewise, a tree's name read as if it ended in '/'.
                let order = git_tree_entry_cmp(oldEntry, newEntry)
                if order < 0 {
                    try removed(oldEntry, prefix: prefix, prefixBytes: prefixBytes)
                    i += 1
                } else if order > 0 {
                    try appeared(newEntry, prefix: prefix, prefixBytes: prefixBytes)
                    j += 1
                } else {
                    try both(oldEntry, newEntry, prefix: prefix, prefixBytes: prefixBytes)
                    i += 1
                    j += 1
                }
            }
        }
    }

    /// An entry's mode as `git_tree_entry_filemode` normalises it.
    private static func mode(_ entry: OpaquePointer) -> UInt32 {
        git_tree_entry_filemode(entry).rawValue
    }

    /// An entry's path: its text, and its raw bytes only when they, or its folder's, are not valid UTF-8 (the
    /// text then shows each invalid sequence as U+FFFD).
    private func path(_ entry: OpaquePointer, _ prefix: String, _ prefixBytes: [UInt8]?) -> (String, [UInt8]?) {
        let name = git_tree_entry_name(entry)!
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
        let oldMode = TreeWalk.mode(old)
        let newMode = TreeWalk.mode(new)
        let oldID = git_tree_entry_id(old)!
        let newID = git_tree_entry_id(new)!
        if oldMode == newMode, git_oid_equal(oldID, newID) == 1 { return }
        let name = path(new, prefix, prefixBytes)
        if TreeWalk.isTree(oldMode) {
            // Both are trees (a tree and a non-tree never share a position in tree order).
            let oldFolder = try differ.tree(OID(oldID), side: .old)
            let newFolder = try differ.tree(OID(newID), side: .new)
            let folder = TreeWalk.folder(name)
            try compare(oldFolder, newFolder, prefix: folder.0, prefixBytes: folder.1)
            return
        }
        let submodule = TreeWalk.kind(oldMode) == TreeWalk.gitlinkMode || TreeWalk.kind(newMode) == TreeWalk.gitlinkMode
        let status: FileChange.Status = TreeWalk.kind(oldMode) == TreeWalk.kind(newMode) ? .modified : .typechange
        changes.append(FileChange(status: status, path: name.0, isSubmodule: submodule, pathBytes: name.1))
    }

    private mutating func removed(_ entry: OpaquePointer, prefix: String, prefixBytes: [UInt8]?) throws(GitError) {
        let mode = TreeWalk.mode(entry)
        let id = git_tree_entry_id(entry)!
        let name = path(entry, prefix, prefixBytes)
        if TreeWalk.isTree(mode) {
            let folder = TreeWalk.folder(name)
            try compare(try differ.tree(OID(id), side: .old), nil, prefix: folder.0, prefixBytes: folder.1)
        } else {
            deleted.append(Side(path: name.0, oid: id.pointee, mode: mode, bytes: name.1))
        }
    }

    private mutating func appeared(_ entry: OpaquePointer, prefix: String, prefixBytes: [UInt8]?) throws(GitError) {
        let mode = TreeWalk.mode(entry)
        let id = git_tree_entry_id(entry)!
        let name = path(entry, prefix, prefixBytes)
        if TreeWalk.isTree(mode) {
            let folder = TreeWalk.folder(name)
            try compare(nil, try differ.tree(OID(id), side: .new), prefix: folder.0, prefixBytes: folder.1)
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
    mutating func finish() throws(GitError) -> [FileChange] {
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
