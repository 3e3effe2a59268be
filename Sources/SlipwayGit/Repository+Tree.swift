import CGit2

/// One name in a folder of a commit's tree.
public struct TreeEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case file
        case folder
        case symbolicLink
        case submodule
    }

    public var name: String
    public var kind: Kind
}

/// What a path names in a tree: its kind and the id of its object (a blob, a tree, a submodule's commit).
public struct TreeObject: Sendable, Hashable {
    public var kind: TreeEntry.Kind
    public var id: OID

    public init(kind: TreeEntry.Kind, id: OID) {
        self.kind = kind
        self.id = id
    }
}

extension Repository {
    /// What `path` (`""` for the tree itself) names in the tree `tree`, or `nil` when nothing is there. Reads only
    /// the trees on the way to it, and no blob: a spec cache compares object ids without reading contents.
    public func object(at path: String, inTree tree: OID) throws(GitError) -> TreeObject? {
        var raw = tree.raw
        var pointer: OpaquePointer?
        try check(git_tree_lookup(&pointer, handle, &raw), "git_tree_lookup")
        defer { git_tree_free(pointer) }
        guard !path.isEmpty else { return TreeObject(kind: .folder, id: tree) }
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, pointer, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_tree_entry_bypath")
        defer { git_tree_entry_free(entry) }
        guard let kind = TreeEntry.Kind(git_tree_entry_filemode(entry)) else { return nil }
        return TreeObject(kind: kind, id: OID(git_tree_entry_id(entry)))
    }

    /// The bytes of the blob `id`, or `nil` when it cannot be read.
    public func blobContents(_ id: OID) -> [UInt8]? {
        var raw = id.raw
        var blob: OpaquePointer?
        guard git_blob_lookup(&blob, handle, &raw) == 0 else { return nil }
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// What `path` names in a commit's tree, or `nil` when nothing is there.
    public func entryKind(at path: String, in commit: OID) throws(GitError) -> TreeEntry.Kind? {
        try withTree(of: commit) { tree throws(GitError) -> TreeEntry.Kind? in
            var entry: OpaquePointer?
            let code = git_tree_entry_bypath(&entry, tree, path)
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try check(code, "git_tree_entry_bypath")
            defer { git_tree_entry_free(entry) }
            return TreeEntry.Kind(git_tree_entry_filemode(entry))
        }
    }

    /// The entries of the folder at `path` (`""` for the top) in a commit's tree, in git's order (by name); `nil`
    /// when there is no folder there.
    public func folderEntries(at path: String, in commit: OID) throws(GitError) -> [TreeEntry]? {
        try withTree(of: commit) { root throws(GitError) -> [TreeEntry]? in
            guard !path.isEmpty else { return Repository.entries(of: root) }
            var entry: OpaquePointer?
            let code = git_tree_entry_bypath(&entry, root, path)
            if code == GIT_ENOTFOUND.rawValue { return nil }
            try check(code, "git_tree_entry_bypath")
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_TREE else { return nil }
            var folder: OpaquePointer?
            try check(git_tree_lookup(&folder, handle, git_tree_entry_id(entry)), "git_tree_lookup")
            defer { git_tree_free(folder) }
            return Repository.entries(of: folder)
        }
    }

    private func withTree<Result>(of commit: OID, _ body: (OpaquePointer?) throws(GitError) -> Result) throws(GitError)
        -> Result
    {
        let commitPointer = try lookupCommit(commit)
        defer { git_commit_free(commitPointer) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commitPointer), "git_commit_tree")
        defer { git_tree_free(tree) }
        return try body(tree)
    }

    /// The entries of a known kind of a libgit2 tree, in its order.
    static func entries(of tree: OpaquePointer?) -> [TreeEntry] {
        var result: [TreeEntry] = []
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index), let name = git_tree_entry_name(entry),
                let kind = TreeEntry.Kind(git_tree_entry_filemode(entry))
            else { continue }
            result.append(TreeEntry(name: String(cString: name), kind: kind))
        }
        return result
    }
}

extension TreeEntry.Kind {
    init?(_ mode: git_filemode_t) {
        switch mode {
        case GIT_FILEMODE_BLOB, GIT_FILEMODE_BLOB_EXECUTABLE: self = .file
        case GIT_FILEMODE_TREE: self = .folder
        case GIT_FILEMODE_LINK: self = .symbolicLink
        case GIT_FILEMODE_COMMIT: self = .submodule
        default: return nil
        }
    }
}
