import CGit2
import Foundation
import SlipwayCore

/// An open git repository. Owns the libgit2 handle and frees it when released.
///
/// Everything it returns is a Swift value copied out of libgit2, so no C type escapes this module.
public final class Repository {
    let handle: OpaquePointer

    /// The `.git` folder (for a linked worktree, the worktree's private git folder).
    public let gitDirectory: URL
    /// The shared git folder of all worktrees (where refs, objects and hooks live).
    public let commonDirectory: URL
    /// The working tree, or `nil` for a bare repository.
    public let workingDirectory: URL?

    /// Opens the repository containing `path`, searching parent folders as git does. With `GIT_DIR` or
    /// `GIT_WORK_TREE` in `environment`, the repository and working tree are the ones git itself selects there
    /// (`git rev-parse`, run from `path`), so Slipway never acts on another repository than git's own commands.
    public convenience init(discoveringFrom path: URL, environment: [String: String] = [:]) throws(GitError) {
        let pointer: OpaquePointer
        if let selected = try Self.selectedByEnvironment(from: path, environment: environment) {
            pointer = try Self.open(selected.gitDirectory, searching: false, named: path.path)
            if let workTree = selected.workTree {
                try Self.setWorkingDirectory(workTree, of: pointer)
            } else if git_repository_workdir(pointer) != nil {
                // git sees no working tree here (GIT_DIR of a bare repository, or `core.bare`): neither does Slipway.
                git_repository_free(pointer)
                throw .notARepository(path: path.path)
            }
        } else {
            pointer = try Self.open(path.path, searching: true, named: path.path)
        }
        self.init(handle: pointer)
    }

    /// Opens the repository whose git folder is `gitDirectory` (an open repository's `gitDirectory`), with that
    /// working tree: another handle on a repository already open, for another thread (libgit2 lets threads share a
    /// repository only through handles of their own).
    public convenience init(gitDirectory: URL, workingDirectory: URL?) throws(GitError) {
        let pointer = try Self.open(gitDirectory.path, searching: false, named: gitDirectory.path)
        if let workingDirectory { try Self.setWorkingDirectory(workingDirectory.path, of: pointer) }
        self.init(handle: pointer)
    }

    /// Takes over an open libgit2 handle.
    private init(handle pointer: OpaquePointer) {
        handle = pointer
        gitDirectory = URL(fileURLWithPath: String(cString: git_repository_path(pointer)), isDirectory: true)
        commonDirectory = URL(fileURLWithPath: String(cString: git_repository_commondir(pointer)), isDirectory: true)
        workingDirectory = git_repository_workdir(pointer).map {
            URL(fileURLWithPath: String(cString: $0), isDirectory: true)
        }
    }

    /// libgit2's handle on the repository at `path` (or, `searching`, the one containing it); `named` is the path
    /// the error names.
    private static func open(_ path: String, searching: Bool, named: String) throws(GitError) -> OpaquePointer {
        GitLibrary.ensureInitialised()
        var pointer: OpaquePointer?
        let flags = searching ? 0 : GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue
        let code = git_repository_open_ext(&pointer, path, flags, nil)
        if code == GIT_ENOTFOUND.rawValue { throw .notARepository(path: named) }
        try check(code, "git_repository_open_ext")
        guard let pointer else { throw .notARepository(path: named) }
        return pointer
    }

    /// Sets the handle's working tree; frees the handle when that fails.
    private static func setWorkingDirectory(_ path: String, of pointer: OpaquePointer) throws(GitError) {
        let set = git_repository_set_workdir(pointer, path, 0)
        if set != 0 { git_repository_free(pointer) }
        try check(set, "git_repository_set_workdir")
    }

    deinit {
        git_repository_free(handle)
    }

    /// The git folder and working tree (`nil` when git sees none) that `GIT_DIR`/`GIT_WORK_TREE` select from
    /// `path`, asked of git itself; `nil` when neither is set.
    private static func selectedByEnvironment(from path: URL, environment: [String: String]) throws(GitError)
        -> (gitDirectory: String, workTree: String?)?
    {
        let gitDir = environment["GIT_DIR"] ?? ""
        let workTree = environment["GIT_WORK_TREE"] ?? ""
        guard !gitDir.isEmpty || !workTree.isEmpty else { return nil }
        // A hook git runs at the top of the working tree gets `GIT_DIR=.git`: discovery finds the same, and the
        // commit hook's budget has no room for a `git rev-parse`.
        if workTree.isEmpty,
            RealPath.resolve((gitDir.hasPrefix("/") ? gitDir : path.path + "/" + gitDir))
                == RealPath.resolve(path.path + "/.git")
        {
            return nil
        }
        let output: String
        do {
            output = try GitCommand.run(
                ["rev-parse", "--absolute-git-dir", "--is-bare-repository"], in: path, environment: environment,
                capturing: true, timeout: 30)
        } catch {
            throw .notARepository(path: path.path)
        }
        let lines = output.split(separator: "\n").map(String.init)
        guard let gitDirectory = lines.first, !gitDirectory.isEmpty else { throw .notARepository(path: path.path) }
        guard lines.count > 1, lines[1] == "false" else { return (gitDirectory, nil) }
        let top: String
        do {
            top = try GitCommand.run(
                ["rev-parse", "--show-toplevel"], in: path, environment: environment, capturing: true, timeout: 30)
        } catch {
            return (gitDirectory, nil)
        }
        let folder = top.trimmingCharacters(in: .newlines)
        return (gitDirectory, folder.isEmpty ? nil : folder)
    }

    public var isBare: Bool { git_repository_is_bare(handle) == 1 }
    public var isShallow: Bool { git_repository_is_shallow(handle) == 1 }
    public var isEmpty: Bool { git_repository_is_empty(handle) == 1 }
    public var isHeadDetached: Bool { git_repository_head_detached(handle) == 1 }

    /// The folder Slipway treats as the project root: the working tree, or the git folder when bare.
    public var rootDirectory: URL { workingDirectory ?? gitDirectory }

    // MARK: Revisions

    /// Resolves a revision (`HEAD`, a sha, a branch, `v1.2^`) to the commit it names.
    public func resolveCommit(_ revision: String) throws(GitError) -> OID {
        if revision == "HEAD" || revision == "@", isEmpty { throw .emptyRepository }
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, revision)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EAMBIGUOUS.rawValue || code == GIT_EINVALIDSPEC.rawValue {
            if let oid = OID(hex: revision), isShallow {
                throw .missingFromShallowClone(oid.hex)
            }
            // `HEAD~1` in a repository without commits: say why rather than blame the name.
            if isEmpty { throw .emptyRepository }
            throw .unknownRevision(revision)
        }
        try check(code, "git_revparse_single")
        defer { git_object_free(object) }
        var peeled: OpaquePointer?
        guard git_object_peel(&peeled, object, GIT_OBJECT_COMMIT) == 0, let peeled else {
            throw .notACommit(revision)
        }
        defer { git_object_free(peeled) }
        return OID(git_object_id(peeled))
    }

    /// Whether the object exists in the object database.
    public func contains(_ oid: OID) -> Bool {
        var odb: OpaquePointer?
        guard git_repository_odb(&odb, handle) == 0 else { return false }
        defer { git_odb_free(odb) }
        var raw = oid.raw
        return git_odb_exists(odb, &raw) == 1
    }

    public func commit(_ oid: OID) throws(GitError) -> Commit {
        let pointer = try lookupCommit(oid)
        defer { git_commit_free(pointer) }
        return Commit(pointer)
    }

    func lookupCommit(_ oid: OID) throws(GitError) -> OpaquePointer {
        var raw = oid.raw
        var pointer: OpaquePointer?
        let code = git_commit_lookup(&pointer, handle, &raw)
        if code == GIT_ENOTFOUND.rawValue {
            throw isShallow ? .missingFromShallowClone(oid.hex) : .unknownRevision(oid.hex)
        }
        try check(code, "git_commit_lookup")
        guard let pointer else { throw .unknownRevision(oid.hex) }
        return pointer
    }

    /// The best common ancestor of two commits, or `nil` when their histories are unrelated.
    public func mergeBase(_ a: OID, _ b: OID) throws(GitError) -> OID? {
        var out = git_oid()
        var rawA = a.raw
        var rawB = b.raw
        let code = git_merge_base(&out, handle, &rawA, &rawB)
        if code == GIT_ENOTFOUND.rawValue {
            // In a shallow clone the merge base may lie beyond the edge: "none" cannot be trusted there.
            if isShallow { throw .missingFromShallowClone(missingShallowParent() ?? a.hex) }
            return nil
        }
        try check(code, "git_merge_base")
        return OID(out)
    }

    /// Whether `ancestor` is `commit` or one of its ancestors.
    public func isAncestor(_ ancestor: OID, of commit: OID) throws(GitError) -> Bool {
        if ancestor == commit { return true }
        if isShallow { return try shallowIsAncestor(ancestor, of: commit) }
        var rawCommit = commit.raw
        var rawAncestor = ancestor.raw
        let code = git_graph_descendant_of(handle, &rawCommit, &rawAncestor)
        try check(code, "git_graph_descendant_of")
        return code == 1
    }

    // MARK: Shallow clones

    /// The parents a commit's object records, even those a shallow clone left out (libgit2 1.7 and later report
    /// a shallow clone's edge commits as having no parents, which would make them look like root commits).
    public func recordedParents(of oid: OID) throws(GitError) -> [OID] {
        let pointer = try lookupCommit(oid)
        defer { git_commit_free(pointer) }
        guard let header = git_commit_raw_header(pointer) else { return [] }
        var parents: [OID] = []
        for line in String(cString: header).split(separator: "\n") {
            if line.hasPrefix("parent "), let parent = OID(hex: String(line.dropFirst(7))) { parents.append(parent) }
        }
        return parents
    }

    /// `commits(from:excluding:)` in a shallow clone. libgit2 before 1.7 loads the parents of every hidden commit
    /// and fails at the clone's edge even when the range never reaches it (`HEAD~1..HEAD` in a depth-2 clone);
    /// this walk stops at the edge of what is hidden, and fails only when a commit inside the range lacks a parent.
    func shallowCommits(from head: OID, excluding hidden: [OID], firstParentOnly: Bool) throws(GitError)
        -> [Commit]
    {
        func parents(_ commit: Commit) -> [OID] { firstParentOnly ? Array(commit.parents.prefix(1)) : commit.parents }
        var hiddenSet = Set<OID>()
        var stack = hidden.filter(contains)
        while let oid = stack.popLast() {
            guard hiddenSet.insert(oid).inserted else { continue }
            stack += try commit(oid).parents.filter(contains)
        }
        var found: [OID: Commit] = [:]
        stack = hiddenSet.contains(head) ? [] : [head]
        while let oid = stack.popLast() {
            guard found[oid] == nil else { continue }
            let current = try commit(oid)
            found[oid] = current
            for parent in parents(current) where !hiddenSet.contains(parent) {
                guard contains(parent) else { throw .missingFromShallowClone(parent.hex) }
                stack.append(parent)
            }
        }
        // git log's order: newest first, and every commit before its parents.
        var waitingChildren: [OID: Int] = [:]
        for commit in found.values {
            for parent in parents(commit) where found[parent] != nil { waitingChildren[parent, default: 0] += 1 }
        }
        var ready = found.values.filter { waitingChildren[$0.id, default: 0] == 0 }
        var result: [Commit] = []
        result.reserveCapacity(found.count)
        while !ready.isEmpty {
            ready.sort { ($0.committer.time, $0.id) < ($1.committer.time, $1.id) }
            let next = ready.removeLast()
            result.append(next)
            for parent in parents(next) {
                guard let waiting = waitingChildren[parent], let commit = found[parent] else { continue }
                waitingChildren[parent] = waiting - 1
                if waiting == 1 { ready.append(commit) }
            }
        }
        return result
    }

    /// `isAncestor` in a shallow clone, where libgit2 before 1.7 fails on the first missing parent: searches the
    /// history the clone has, and fails only when the answer may lie beyond its edge.
    private func shallowIsAncestor(_ ancestor: OID, of commit: OID) throws(GitError) -> Bool {
        var seen = Set<OID>()
        var stack = [commit]
        var missing: OID?
        while let oid = stack.popLast() {
            if oid == ancestor { return true }
            guard seen.insert(oid).inserted else { continue }
            for parent in try self.commit(oid).parents {
                if contains(parent) { stack.append(parent) } else { missing = missing ?? parent }
            }
        }
        if let missing { throw .missingFromShallowClone(missing.hex) }
        return false
    }

    /// The first parent this shallow clone does not have, or `nil` when `commit` is complete.
    public func missingParent(of commit: OID) throws(GitError) -> OID? {
        guard isShallow else { return nil }
        return try recordedParents(of: commit).first { !contains($0) }
    }

    /// A parent that one of the shallow clone's edge commits (listed in the `shallow` file) records but lacks.
    ///
    /// Only makes an error that is already being thrown more precise, so an unreadable `shallow` file or edge
    /// commit gives `nil` and the caller's less precise name is used instead.
    func missingShallowParent() -> String? {
        let url = commonDirectory.appendingPathComponent("shallow")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: \.isNewline) {
            guard let edge = OID(hex: String(line)), let missing = try? missingParent(of: edge) else { continue }
            return missing.hex
        }
        return nil
    }

    /// The commits with no parent reachable from `head` (usually one).
    public func rootCommits(of head: OID) throws(GitError) -> [OID] {
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, handle), "git_revwalk_new")
        defer { git_revwalk_free(walker) }
        var rawHead = head.raw
        try check(git_revwalk_push(walker, &rawHead), "git_revwalk_push")
        var roots: [OID] = []
        var next = git_oid()
        while git_revwalk_next(&next, walker) == 0 {
            var pointer: OpaquePointer?
            guard git_commit_lookup(&pointer, handle, &next) == 0 else { continue }
            if git_commit_parentcount(pointer) == 0 { roots.append(OID(next)) }
            git_commit_free(pointer)
        }
        return roots
    }

    // MARK: Tags and references

    /// Every tag whose short name matches `pattern`, with the commit it points to.
    public func tags(matching pattern: Glob) throws(GitError) -> [(name: String, commit: OID)] {
        var names = git_strarray()
        try check(git_tag_list(&names, handle), "git_tag_list")
        defer { git_strarray_dispose(&names) }
        var result: [(name: String, commit: OID)] = []
        for index in 0..<names.count {
            guard let cName = names.strings[index] else { continue }
            let name = String(cString: cName)
            guard pattern.matches(name) else { continue }
            var object: OpaquePointer?
            guard git_revparse_single(&object, handle, "refs/tags/\(name)") == 0 else { continue }
            var peeled: OpaquePointer?
            if git_object_peel(&peeled, object, GIT_OBJECT_COMMIT) == 0, let peeled {
                result.append((name, OID(git_object_id(peeled))))
                git_object_free(peeled)
            }
            git_object_free(object)
        }
        return result
    }

    /// The newest tag matching `pattern` on the history of `head` (like `git describe --tags --abbrev=0 --match`).
    public func latestTag(matching pattern: Glob, reachableFrom head: OID) throws(GitError) -> (
        name: String, commit: OID
    )? {
        let candidates = try tags(matching: pattern)
        if candidates.isEmpty { return nil }
        var byCommit: [OID: [String]] = [:]
        for tag in candidates { byCommit[tag.commit, default: []].append(tag.name) }
        var walker: OpaquePointer?
        try check(git_revwalk_new(&walker, handle), "git_revwalk_new")
        defer { git_revwalk_free(walker) }
        try check(
            git_revwalk_sorting(walker, GIT_SORT_TOPOLOGICAL.rawValue | GIT_SORT_TIME.rawValue), "git_revwalk_sorting")
        var rawHead = head.raw
        try check(git_revwalk_push(walker, &rawHead), "git_revwalk_push")
        var next = git_oid()
        while git_revwalk_next(&next, walker) == 0 {
            if let names = byCommit[OID(next)] {
                // Several tags on one commit: the highest version-looking name wins.
                let name = names.max { $0.compare($1, options: .numeric) == .orderedAscending } ?? names[0]
                return (name, OID(next))
            }
        }
        return nil
    }

    /// The short name of the checked-out branch, or `nil` when HEAD is detached or unborn.
    public var currentBranch: String? {
        var reference: OpaquePointer?
        guard git_repository_head(&reference, handle) == 0 else { return nil }
        defer { git_reference_free(reference) }
        guard git_reference_is_branch(reference) == 1, let name = git_reference_shorthand(reference) else { return nil }
        return String(cString: name)
    }

    // MARK: Files at a revision

    /// The bytes of the file at `path` in a commit's tree, or `nil` when it does not exist there.
    public func fileContents(at path: String, in commit: OID) throws(GitError) -> [UInt8]? {
        let commitPointer = try lookupCommit(commit)
        defer { git_commit_free(commitPointer) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commitPointer), "git_commit_tree")
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, tree, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try check(code, "git_tree_entry_bypath")
        defer { git_tree_entry_free(entry) }
        guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return nil }
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, handle, git_tree_entry_id(entry)), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    // MARK: Configuration

    /// A configuration value as git would read it (repository, global and system files).
    public func configString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0 else { return nil }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, key) == 0, let value else { return nil }
        return String(cString: value)
    }
}

extension Commit {
    init(_ pointer: OpaquePointer) {
        var parents: [OID] = []
        for index in 0..<git_commit_parentcount(pointer) {
            if let parent = git_commit_parent_id(pointer, index) { parents.append(OID(parent)) }
        }
        self.init(
            id: OID(git_commit_id(pointer)),
            parents: parents,
            treeID: OID(git_commit_tree_id(pointer)),
            message: git_commit_message(pointer).map { String(cString: $0) } ?? "",
            author: Signature(git_commit_author(pointer)),
            committer: Signature(git_commit_committer(pointer))
        )
    }
}

extension Commit.Signature {
    init(_ pointer: UnsafePointer<git_signature>?) {
        guard let signature = pointer?.pointee else {
            self.init(name: "", email: "", time: 0)
            return
        }
        self.init(
            name: signature.name.map { String(cString: $0) } ?? "",
            email: signature.email.map { String(cString: $0) } ?? "",
            time: Int64(signature.when.time)
        )
    }
}
