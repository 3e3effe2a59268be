import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayYAML

/// Reads a spec with every file it includes, from the working tree or from a commit's tree: the one reader of the
/// spec (see `SpecIncludeWalker` for how XcodeGen resolves includes).
package struct SpecLoader<Source: SpecFileSource> {
    let source: Source
    /// For `${VAR}` in include paths.
    package let environment: [String: String]
    /// The repository root (the current folder outside one): documents' `rootRelativePath` are relative to its
    /// real path, and a file outside it is read-only context (`SpecAccess`).
    let boundary: SpecBoundary
    package var root: String { boundary.root }

    package init(source: Source, environment: [String: String], boundary: SpecBoundary) {
        self.source = source
        self.environment = environment
        self.boundary = boundary
    }

    /// The spec at `location` and every file it includes; for `.edit`, any of them outside the repository is
    /// refused (exit 2) before it is read, and for `.read` its errors never show its text.
    package func load(_ location: SpecLocation, access: SpecAccess, policy: SpecIncludePolicy = .strict)
        throws(SpecError) -> LoadedSpec
    {
        let walker = SpecIncludeWalker(
            source: source, environment: environment, policy: policy, boundary: boundary, access: access)
        let visits = try walker.walk(spec: location.spec.path, projectRoot: location.projectRoot?.path)
        var documents: [SpecDocument] = []
        var documentOfVisit: [Int: Int] = [:]
        var skipped: [LoadedSpec.SkippedInclude] = []
        for (index, visit) in visits.enumerated() {
            guard let file = visit.file else {
                if let from = visit.includedFrom {
                    skipped.append(.init(path: source.displayPath(of: visit.path), includedFrom: from))
                }
                continue
            }
            documentOfVisit[index] = documents.count
            documents.append(
                SpecDocument(
                    // A file that was read: said so, its URL needs no look at the disk.
                    url: URL(fileURLWithPath: visit.path, isDirectory: false),
                    displayPath: source.displayPath(of: visit.path),
                    rootRelativePath: DisplayPath.of(visit.path, relativeTo: root, outside: .climbing), file: file,
                    includedFrom: visit.includedFrom, includedBy: visit.parent.flatMap { documentOfVisit[$0] },
                    pathPrefix: visit.pathPrefix))
        }
        guard !documents.isEmpty else {
            throw SpecError(
                "cannot read \(source.displayPath(of: location.spec.path))",
                hint: "check that the file exists and is readable")
        }
        var loaded = LoadedSpec(location: location, documents: documents)
        loaded.skipped = skipped
        return loaded
    }
}

extension SpecLoader where Source == WorkingTreeSpecFiles {
    /// The files on disk under `root` (the repository root, or the folder that stands in for one outside a
    /// repository), messages naming them relative to `currentDirectory`.
    package init(
        root: URL, isRepository: Bool, currentDirectory: URL, environment: [String: String],
        parsedFiles: ParsedSpecFiles? = nil
    ) {
        self.init(
            source: WorkingTreeSpecFiles(currentDirectory: currentDirectory, parsedFiles: parsedFiles),
            environment: environment,
            boundary: SpecBoundary(root: SpecPath.canonical(root).path, isRepository: isRepository))
    }

    /// The files on disk under `root`, which is a repository's working tree when it holds `.git` (how messages name
    /// the boundary): for readers given a root without the repository.
    package init(root: URL, environment: [String: String], parsedFiles: ParsedSpecFiles? = nil) {
        let isRepository = FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path)
        self.init(
            root: root, isRepository: isRepository, currentDirectory: root, environment: environment,
            parsedFiles: parsedFiles)
    }
}

extension SpecLoader where Source == CommitSpecFiles {
    /// A commit's tree, as if checked out at the repository root; `spec` and `projectRoot` are repository-relative.
    package init(repository: Repository, commit: OID, environment: [String: String]) {
        let source = CommitSpecFiles(repository: repository, commit: commit)
        self.init(
            source: source, environment: environment, boundary: SpecBoundary(root: source.root, isRepository: true))
    }

    /// The location of a repository-relative spec path and project root in the commit's tree.
    package func location(spec: String, projectRoot: String?) -> SpecLocation {
        SpecLocation(
            spec: URL(fileURLWithPath: SpecPath.normalize(SpecPath.join(root, spec))),
            projectRoot: projectRoot.map { URL(fileURLWithPath: SpecPath.normalize(SpecPath.join(root, $0))) })
    }
}
