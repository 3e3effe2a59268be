import CGit2
import Foundation

extension Repository {
    /// Commits the working-tree content of exactly `paths` on top of HEAD, like `git commit --only -- <paths>`:
    /// other staged or modified files stay out of the commit and keep their state. Returns the new commit.
    ///
    /// A path that no longer exists is committed as a deletion. The message is cleaned up as git cleans `-m`
    /// (trailing spaces and extra blank lines dropped, comments kept). libgit2 runs no hooks, so a Slipway hook
    /// can never call itself back through the commit it makes, and does not sign the commit.
    @discardableResult
    public func commit(
        paths: [String], message: String, author: Identity, committer: Identity, allowEmpty: Bool = false
    ) throws(GitError) -> OID {
        guard let workingDirectory else { throw .bareRepository }
        let relativePaths = try paths.map { path throws(GitError) in try Repository.checkedRelativePath(path) }

        // The parent, or none on an unborn branch.
        let (parent, parentTree) = try headCommitAndTree()
        defer {
            if let parentTree { git_tree_free(parentTree) }
            if let parent { git_commit_free(parent) }
        }

        // HEAD's tree plus the given files, built in a private index so the user's index is not consulted.
        var scratch: OpaquePointer?
        try check(git_index_new(&scratch), "git_index_new")
        defer { git_index_free(scratch) }
        var tree = try writeTree(relativePaths, in: workingDirectory, onto: parentTree, using: scratch)
        if !allowEmpty, let parentTree, let parentTreeID = git_tree_id(parentTree),
            git_oid_equal(parentTreeID, &tree) == 1
        {
            throw .nothingToCommit(paths: relativePaths)
        }

        // Stage the same paths in the user's index now, and write it only once the commit exists.
        var index: OpaquePointer?
        try check(git_repository_index(&index, handle), "git_repository_index")
        defer { git_index_free(index) }
        try check(git_index_read(index, 0), "git_index_read")

        let authorSignature = try Repository.signature(author)
        defer { git_signature_free(authorSignature) }
        let committerSignature = try Repository.signature(committer)
        defer { git_signature_free(committerSignature) }
        let cleaned = try Repository.cleanedMessage(message)
        var treeObject: OpaquePointer?
        try check(git_tree_lookup(&treeObject, handle, &tree), "git_tree_lookup")
        defer { git_tree_free(treeObject) }

        let commit = try createCommit(
            tree: treeObject, parent: parent, message: cleaned, author: authorSignature, committer: committerSignature)
        try stage(relativePaths, in: index, from: workingDirectory, committed: commit)
        return commit
    }

    /// HEAD's commit and its tree, which the caller frees; both `nil` on an unborn branch.
    private func headCommitAndTree() throws(GitError) -> (commit: OpaquePointer?, tree: OpaquePointer?) {
        guard git_repository_head_unborn(handle) != 1 else { return (nil, nil) }
        let head = try resolveCommit("HEAD")
        let parent = try lookupCommit(head)
        var parentTree: OpaquePointer?
        let code = git_commit_tree(&parentTree, parent)
        guard code >= 0 else {
            // The caller frees what this returns; on failure nothing is returned, so free the commit here.
            git_commit_free(parent)
            throw GitError.last("git_commit_tree", code)
        }
        return (parent, parentTree)
    }

    /// Reads `parentTree` (if any) into the empty index `scratch`, puts the working-tree content of `paths` in it,
    /// and writes the resulting tree.
    private func writeTree(
        _ paths: [String], in workingDirectory: URL, onto parentTree: OpaquePointer?, using scratch: OpaquePointer?
    ) throws(GitError) -> git_oid {
        if let parentTree { try check(git_index_read_tree(scratch, parentTree), "git_index_read_tree") }
        for path in paths {
            try addWorkingFile(path, in: workingDirectory, to: scratch)
        }
        var tree = git_oid()
        try check(git_index_write_tree_to(&tree, scratch, handle), "git_index_write_tree_to")
        return tree
    }

    /// Adds one file's working-tree content to `scratch` as a new blob, or removes the path when the file is gone.
    private func addWorkingFile(_ path: String, in workingDirectory: URL, to scratch: OpaquePointer?)
        throws(GitError)
    {
        let url = workingDirectory.appendingPathComponent(path)
        var info = stat()
        if lstat(url.path, &info) != 0 {
            guard errno == ENOENT else { throw .invalidPath(path) }
            let code = git_index_remove_bypath(scratch, path)
            try check(code, "git_index_remove_bypath")
            return
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFLNK else { throw .invalidPath(path) }
        var blob = git_oid()
        try check(git_blob_create_from_workdir(&blob, handle, path), "git_blob_create_from_workdir")
        var entry = git_index_entry()
        entry.id = blob
        entry.mode =
            kind == S_IFLNK ? 0o120000 : (info.st_mode & 0o111 != 0 && fileModeIsTrusted ? 0o100755 : 0o100644)
        entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
        let code: Int32 = path.withCString { cPath in
            entry.path = cPath
            return git_index_add(scratch, &entry)
        }
        try check(code, "git_index_add")
    }

    /// Creates the commit and moves HEAD to it.
    private func createCommit(
        tree: OpaquePointer?, parent: OpaquePointer?, message: String,
        author: UnsafeMutablePointer<git_signature>, committer: UnsafeMutablePointer<git_signature>
    ) throws(GitError) -> OID {
        var result = git_oid()
        var parents: [OpaquePointer?] = parent.map { [$0] } ?? []
        let code = parents.withUnsafeMutableBufferPointer { buffer in
            git_commit_create(
                &result, handle, "HEAD", author, committer, nil, message, tree, buffer.count, buffer.baseAddress)
        }
        // libgit2 refuses to move HEAD when its tip is no longer the parent it was given.
        if code == GIT_EMODIFIED.rawValue { throw .headMoved }
        try check(code, "git_commit_create")
        return OID(result)
    }

    /// Stages `paths` in the user's `index` as they are in the working tree, then writes the index.
    private func stage(_ paths: [String], in index: OpaquePointer?, from workingDirectory: URL, committed commit: OID)
        throws(GitError)
    {
        for path in paths {
            var info = stat()
            let exists = lstat(workingDirectory.appendingPathComponent(path).path, &info) == 0
            let staged = exists ? git_index_add_bypath(index, path) : git_index_remove_bypath(index, path)
            if staged < 0 {
                let function = exists ? "git_index_add_bypath" : "git_index_remove_bypath"
                throw .indexNotUpdated(commit: commit.short, detail: GitError.last(function, staged).message)
            }
        }
        let written = git_index_write(index)
        if written < 0 {
            throw .indexNotUpdated(commit: commit.short, detail: GitError.last("git_index_write", written).message)
        }
    }

    /// Whether the executable bit in the working tree means anything (`core.fileMode`, true by default).
    var fileModeIsTrusted: Bool {
        configString("core.filemode").map { !["false", "no", "off", "0"].contains($0.lowercased()) } ?? true
    }

    /// A repository-relative path with no `..`, no leading `/`, and no `.git` component.
    static func checkedRelativePath(_ path: String) throws(GitError) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard !path.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0 == ".." || $0 == "." || $0 == ".git" })
        else {
            throw .invalidPath(path)
        }
        return parts.joined(separator: "/")
    }

    /// A libgit2 signature the caller frees with `git_signature_free`.
    static func signature(_ identity: Identity) throws(GitError) -> UnsafeMutablePointer<git_signature> {
        var pointer: UnsafeMutablePointer<git_signature>?
        let seconds = git_time_t(identity.date.timeIntervalSince1970.rounded(.down))
        try check(
            git_signature_new(&pointer, identity.name, identity.email, seconds, Int32(identity.timeZoneOffsetMinutes)),
            "git_signature_new")
        guard let pointer else {
            throw GitError.library(function: "git_signature_new", code: -1, detail: "no signature")
        }
        return pointer
    }

    /// Git's `whitespace` cleanup: no trailing spaces, no leading or trailing blank lines, one trailing newline.
    static func cleanedMessage(_ message: String) throws(GitError) -> String {
        var buffer = git_buf()
        defer { git_buf_dispose(&buffer) }
        try check(git_message_prettify(&buffer, message, 0, 0x23), "git_message_prettify")
        guard let pointer = buffer.ptr else { return "" }
        return String(cString: pointer)
    }
}

/// A `Key: value` line git reads from the last paragraph of a commit message (`git log --format=%(trailers)`).
public struct CommitTrailer: Hashable, Sendable {
    public var key: String
    public var value: String

    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }

    /// `message` with the trailers appended as its final paragraph (joined to a trailer block already there).
    public static func append(_ trailers: [CommitTrailer], to message: String) -> String {
        let body = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trailers.isEmpty else { return body + "\n" }
        let lines = trailers.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        let lastParagraph = body.components(separatedBy: "\n\n").last ?? ""
        let endsWithTrailers = body.contains("\n\n") && lastParagraph.split(separator: "\n").allSatisfy(isTrailerLine)
        return body + (endsWithTrailers ? "\n" : "\n\n") + lines + "\n"
    }

    private static func isTrailerLine(_ line: Substring) -> Bool {
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return false }
        return line[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }
}
