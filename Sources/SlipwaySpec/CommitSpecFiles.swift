import SlipwayCore
import SlipwayGit

/// Spec files as they are in a commit's tree, addressed by absolute paths under the repository root (as if the
/// commit were checked out there). Paths outside the repository name nothing; a file git cannot read counts as
/// missing, so judging a commit never fails on its spec.
package struct CommitSpecFiles: SpecFileSource, CommitTreeAddressing {
    let repository: Repository
    let commit: OID
    /// The repository root, normalised, without a trailing slash.
    let root: String
    /// `root` followed by one slash: what a path inside the repository starts with.
    private let rootPrefix: String

    package init(repository: Repository, commit: OID) {
        self.repository = repository
        self.commit = commit
        root = SpecPath.normalize(repository.rootDirectory.path)
        rootPrefix = root == "/" ? "/" : root + "/"
    }

    /// The repository-relative path (`""` for the root itself), or `nil` outside the repository.
    func relative(_ path: String) -> String? {
        let normalized = SpecPath.normalize(path)
        guard SpecPath.starts(normalized, with: rootPrefix) else {
            return SpecPath.isSame(normalized, orInside: root) ? "" : nil
        }
        return SpecPath.dropping(rootPrefix.utf8.count, from: normalized)
    }

    package func contents(of path: String) throws(SpecError) -> [UInt8]? {
        guard let relative = relative(path), !relative.isEmpty else { return nil }
        return try? repository.fileContents(at: relative, in: commit)
    }

    package func isFile(_ path: String) -> Bool {
        guard let relative = relative(path), !relative.isEmpty else { return false }
        return (try? repository.entryKind(at: relative, in: commit)) == .file
    }

    package func entries(of folder: String) -> [SpecFolderEntry] {
        guard let relative = relative(folder), let entries = try? repository.folderEntries(at: relative, in: commit)
        else { return [] }
        return entries.map { SpecFolderEntry(name: $0.name, isFolder: $0.kind == .folder) }.sorted { $0.name < $1.name }
    }

    package func identity(of path: String) -> String {
        SpecPath.normalize(path)
    }

    package func displayPath(of path: String) -> String {
        // What `DisplayPath` makes of a path inside the root, from the normalised path's rest.
        guard let relative = relative(path) else { return DisplayPath.of(path, relativeTo: root) }
        return relative.isEmpty ? "." : relative
    }
}

/// A source addressing a commit's tree by absolute paths under `root`.
protocol CommitTreeAddressing {
    /// The repository root, normalised, without a trailing slash.
    var root: String { get }
    /// The repository-relative path (`""` for the root itself), or `nil` outside the repository.
    func relative(_ path: String) -> String?
}
