import Foundation
import SlipwayGit
import SlipwaySpec
import SlipwayWorkspace

/// What `detect --each` reads of one commit from git before judging it: the files it changed and its spec files.
struct CommitChanges: Sendable {
    var commit: Commit
    var files: [FileChange]
    /// The spec and the files it includes at the commit, and at its parent when the change touched one of them: a
    /// file dropped from `include:` by the change still counts.
    var specFiles: Set<String>
    /// Names the commit's set of spec files (the same objects at two commits: the same key), and its parent's; a
    /// model depends on its spec files alone, so the judge keeps one per key.
    var specKey: Int
    var parentSpecKey: Int?
}

/// Reads `CommitChanges` for every commit of a range, newest first, as `git log` lists them: on a thread of its own
/// (`Prefetched`), through a repository handle it opens there, while the commits before are judged on the caller's.
///
/// A commit's spec files are handed to its first parent while the change leaves every path the include walk looked
/// at alone (along merged branches too: the parent need not be the next commit read), and otherwise come from
/// `SpecIncludeCache`, which parses a spec only for a set of spec files not seen before.
struct CommitChangeReader: Sendable {
    /// The repository's `gitDirectory` and `workingDirectory`.
    let gitDirectory: URL
    let workingDirectory: URL?
    let range: RevisionRange
    let specPath: String
    let projectRoot: String?
    let environment: [String: String]

    func read(_ emit: (CommitChanges) -> Bool) throws(GitError) {
        let repository = try Repository(gitDirectory: gitDirectory, workingDirectory: workingDirectory)
        // The order first, then each commit as its turn comes: the judge starts on the first one meanwhile.
        let ids = try repository.commitIDs(from: range.head, excluding: range.base.map { [$0] } ?? [])
        let listed = Set(ids)
        // Parents of the range read for their trees before their own turn, which takes them from here.
        var readAhead: [OID: Commit] = [:]
        // One differ hands the parent's trees from one comparison to the next.
        let differ = TreeDiffer(repository: repository)
        let cache = SpecIncludeCache(
            repository: repository, spec: specPath, projectRoot: projectRoot, environment: environment, trees: differ)
        // Spec files handed down from a child, by commit; a commit's children all come before it in the list.
        var handed: [OID: SpecIncludeCache.Resolution] = [:]
        for id in ids {
            let commit: Commit
            if let known = readAhead.removeValue(forKey: id) {
                commit = known
            } else {
                commit = try repository.commit(id)
            }
            try MajorChangeDetector.requireHistory(of: commit, in: repository)
            var parentTree: OID?
            if let parent = commit.parents.first {
                if let known = readAhead[parent] {
                    parentTree = known.treeID
                } else if listed.contains(parent) {
                    let read = try repository.commit(parent)
                    readAhead[parent] = read
                    parentTree = read.treeID
                } else {
                    parentTree = try repository.treeID(of: parent)
                }
            }
            let files = try differ.changes(fromTree: parentTree, toTree: commit.treeID)
            let head = handed.removeValue(forKey: commit.id) ?? cache.resolve(commit: commit.id, tree: commit.treeID)
            var specFiles = head.specFiles
            var parentKey: Int?
            if let parent = commit.parents.first, let parentTree {
                var base = head
                let touched = MajorChangeDetector.touches(files, head.specFiles)
                if touched || files.contains(where: { $0.paths.contains(where: head.dependsOn) }) {
                    base = cache.resolve(commit: parent, tree: parentTree)
                }
                if touched { specFiles.formUnion(base.specFiles) }
                handed[parent] = base
                parentKey = base.id
            }
            let changes = CommitChanges(
                commit: commit, files: files, specFiles: specFiles, specKey: head.id, parentSpecKey: parentKey)
            guard emit(changes) else { return }
        }
    }
}
