import CGit2
import Foundation

extension Repository {
    /// The files that differ between two commits' trees, with renames found as `git diff-tree -r -M` finds them.
    ///
    /// `old` is `nil` for a root commit (every file is added). The walk compares tree ids and descends only into
    /// subtrees whose ids differ, so its cost follows the size of the change, not the size of the repository
    /// (libgit2's `git_diff_tree_to_tree` visits every entry of both trees: about ten times slower here).
    public func changes(from old: OID?, to new: OID) throws(GitError) -> [FileChange] {
        let newCommit = try lookupCommit(new)
        defer { git_commit_free(newCommit) }
        var newTree: OpaquePointer?
        try check(git_commit_tree(&newTree, newCommit), "git_commit_tree")
        defer { git_tree_free(newTree) }

        var oldTree: OpaquePointer?
        if let old {
            let oldCommit = try lookupCommit(old)
            defer { git_commit_free(oldCommit) }
            try check(git_commit_tree(&oldTree, oldCommit), "git_commit_tree")
        }
        defer { if let oldTree { git_tree_free(oldTree) } }

        var walk = TreeWalk(repository: handle)
        try walk.compare(oldTree, newTree, prefix: "")
        return try walk.finish(oldTree: oldTree, newTree: newTree)
    }

    /// The changes a commit made against its first parent (every file, for a root commit).
    public func changes(of commit: Commit) throws(GitError) -> [FileChange] {
        try changes(from: commit.parents.first, to: commit.id)
    }
}

/// The two-tree walk behind `Repository.changes(from:to:)`.
struct TreeWalk {
    struct Side {
        var path: String
        var oid: git_oid
        var mode: UInt32
    }

    let repository: OpaquePointer
    private(set) var added: [Side] = []
    private(set) var deleted: [Side] = []
    private(set) var changes: [FileChange] = []

    init(repository: OpaquePointer) {
        self.repository = repository
    }

    private static let treeMode: UInt32 = 0o040000
    private static let linkMode: UInt32 = 0o120000
    private static let gitlinkMode: UInt32 = 0o160000

    private static func isTree(_ mode: UInt32) -> Bool { mode & 0o170000 == treeMode }

    /// The kind of a non-tree entry, for telling a modification from a type change.
    private static func kind(_ mode: UInt32) -> UInt32 { mode & 0o170000 }

    mutating func compare(_ old: OpaquePointer?, _ new: OpaquePointer?, prefix: String) throws(GitError) {
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
                try removed(oldEntry, prefix: prefix)
                i += 1
            } else if order > 0, let newEntry {
                try appeared(newEntry, prefix: prefix)
                j += 1
            } else if let oldEntry, let newEntry {
                try both(oldEntry, newEntry, prefix: prefix)
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
        let nextA: Int32 = lengthA > common ? Int32(UInt8(bitPattern: nameA[common])) : (isTree(git_tree_entry_filemode(a).rawValue) ? 0x2F : 0)
        let nextB: Int32 = lengthB > common ? Int32(UInt8(bitPattern: nameB[common])) : (isTree(git_tree_entry_filemode(b).rawValue) ? 0x2F : 0)
        return nextA - nextB
    }

    private func path(_ entry: OpaquePointer, _ prefix: String) -> String {
        let name = git_tree_entry_name(entry).map { String(cString: $0) } ?? ""
        return prefix + name
    }

    private mutating func both(_ old: OpaquePointer, _ new: OpaquePointer, prefix: String) throws(GitError) {
        let oldMode = git_tree_entry_filemode(old).rawValue
        let newMode = git_tree_entry_filemode(new).rawValue
        guard let oldID = git_tree_entry_id(old), let newID = git_tree_entry_id(new) else { return }
        if oldMode == newMode, git_oid_equal(oldID, newID) == 1 { return }
        let name = path(new, prefix)
        if TreeWalk.isTree(oldMode) {
            // Both are trees (a tree and a non-tree never share a position in tree order).
            let oldTree = try lookupTree(oldID)
            defer { git_tree_free(oldTree) }
            let newTree = try lookupTree(newID)
            defer { git_tree_free(newTree) }
            try compare(oldTree, newTree, prefix: name + "/")
            return
        }
        let submodule = TreeWalk.kind(oldMode) == TreeWalk.gitlinkMode || TreeWalk.kind(newMode) == TreeWalk.gitlinkMode
        let status: FileChange.Status = TreeWalk.kind(oldMode) == TreeWalk.kind(newMode) ? .modified : .typechange
        changes.append(FileChange(status: status, path: name, isSubmodule: submodule))
    }

    private mutating func removed(_ entry: OpaquePointer, prefix: String) throws(GitError) {
        let mode = git_tree_entry_filemode(entry).rawValue
        guard let id = git_tree_entry_id(entry) else { return }
        let name = path(entry, prefix)
        if TreeWalk.isTree(mode) {
            let tree = try lookupTree(id)
            defer { git_tree_free(tree) }
            try compare(tree, nil, prefix: name + "/")
        } else {
            deleted.append(Side(path: name, oid: id.pointee, mode: mode))
        }
    }

    private mutating func appeared(_ entry: OpaquePointer, prefix: String) throws(GitError) {
        let mode = git_tree_entry_filemode(entry).rawValue
        guard let id = git_tree_entry_id(entry) else { return }
        let name = path(entry, prefix)
        if TreeWalk.isTree(mode) {
            let tree = try lookupTree(id)
            defer { git_tree_free(tree) }
            try compare(nil, tree, prefix: name + "/")
        } else {
            added.append(Side(path: name, oid: id.pointee, mode: mode))
        }
    }

    private func lookupTree(_ id: UnsafePointer<git_oid>) throws(GitError) -> OpaquePointer? {
        var tree: OpaquePointer?
        try check(git_tree_lookup(&tree, repository, id), "git_tree_lookup")
        return tree
    }

    /// Pairs deletions with additions into renames, then returns every change in path order.
    mutating func finish(oldTree: OpaquePointer?, newTree: OpaquePointer?) throws(GitError) -> [FileChange] {
        var renames: [(from: String, to: String)] = []
        var remainingAdded = added
        var remainingDeleted = deleted
        if !added.isEmpty, !deleted.isEmpty {
            // Exact renames: the same blob under a new name.
            var deletedByBlob: [OID: [Int]] = [:]
            for (index, side) in deleted.enumerated() where TreeWalk.kind(side.mode) != TreeWalk.gitlinkMode {
                deletedByBlob[OID(side.oid), default: []].append(index)
            }
            var usedDeleted = Set<Int>()
            var unmatchedAdded: [Side] = []
            for side in added {
                let key = OID(side.oid)
                if TreeWalk.kind(side.mode) != TreeWalk.gitlinkMode, var candidates = deletedByBlob[key], !candidates.isEmpty {
                    // Prefer a deleted file with the same name (a move between folders), as git does.
                    let base = (side.path as NSString).lastPathComponent
                    let pick = candidates.firstIndex { (deleted[$0].path as NSString).lastPathComponent == base } ?? 0
                    let index = candidates.remove(at: pick)
                    deletedByBlob[key] = candidates
                    usedDeleted.insert(index)
                    renames.append((deleted[index].path, side.path))
                } else {
                    unmatchedAdded.append(side)
                }
            }
            remainingAdded = unmatchedAdded
            remainingDeleted = deleted.enumerated().filter { !usedDeleted.contains($0.offset) }.map(\.element)
            // Renames with edits, scored and paired as git does (libgit2's scoring disagrees with git's).
            if !remainingAdded.isEmpty, !remainingDeleted.isEmpty {
                var inexact = InexactRenames(repository: repository, sources: remainingDeleted, destinations: remainingAdded)
                let similar = try inexact.pairs()
                if !similar.isEmpty {
                    let renamedFrom = Set(similar.map(\.from))
                    let renamedTo = Set(similar.map(\.to))
                    renames += similar
                    remainingAdded.removeAll { renamedTo.contains($0.path) }
                    remainingDeleted.removeAll { renamedFrom.contains($0.path) }
                }
            }
        }
        var result = changes
        for side in remainingAdded {
            result.append(FileChange(status: .added, path: side.path, isSubmodule: TreeWalk.kind(side.mode) == TreeWalk.gitlinkMode))
        }
        for side in remainingDeleted {
            result.append(FileChange(status: .deleted, path: side.path, isSubmodule: TreeWalk.kind(side.mode) == TreeWalk.gitlinkMode))
        }
        for rename in renames {
            result.append(FileChange(status: .renamed, path: rename.to, oldPath: rename.from))
        }
        result.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return result
    }
}
