import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayYAML

/// Reads a spec with every file it includes, from the working tree or from a commit's tree: the one reader of the
/// spec (see `SpecIncludeWalker` for how XcodeGen resolves includes).
package struct SpecLoader<Source: SpecFileSource> {
    let source: Source
    /// For `${VAR}` in include paths.
    let environment: [String: String]
    /// The real path of the repository root (the current folder outside one): documents' `rootRelativePath`.
    let root: String

    package init(source: Source, environment: [String: String], root: String) {
        self.source = source
        self.environment = environment
        self.root = root
    }

    package func load(_ location: SpecLocation, policy: SpecIncludePolicy = .strict) throws(SpecError) -> LoadedSpec {
        let walker = SpecIncludeWalker(source: source, environment: environment, policy: policy)
        let visits = try walker.walk(spec: location.spec.path, projectRoot: location.projectRoot?.path)
        var documents: [SpecDocument] = []
        var documentOfVisit: [Int: Int] = [:]
        for (index, visit) in visits.enumerated() {
            guard let file = visit.file else { continue }
            documentOfVisit[index] = documents.count
            documents.append(
                SpecDocument(
                    url: URL(fileURLWithPath: visit.path), displayPath: source.displayPath(of: visit.path),
                    rootRelativePath: SpecPath.relative(visit.path, from: root), file: file,
                    includedFrom: visit.includedFrom, includedBy: visit.parent.flatMap { documentOfVisit[$0] }))
        }
        guard !documents.isEmpty else {
            throw SpecError(
                "cannot read \(source.displayPath(of: location.spec.path))",
                hint: "check that the file exists and is readable")
        }
        return LoadedSpec(location: location, documents: documents)
    }
}

extension SpecLoader where Source == WorkingTreeSpecFiles {
    /// The working tree of a spec command's context.
    package init(context: SpecContext) {
        self.init(
            source: WorkingTreeSpecFiles(currentDirectory: context.currentDirectory), environment: context.environment,
            root: SpecPath.canonical(context.root).path)
    }
}

extension SpecLoader where Source == CommitSpecFiles {
    /// A commit's tree, as if checked out at the repository root; `spec` and `projectRoot` are repository-relative.
    package init(repository: Repository, commit: OID, environment: [String: String]) {
        let source = CommitSpecFiles(repository: repository, commit: commit)
        self.init(source: source, environment: environment, root: source.root)
    }

    /// The location of a repository-relative spec path and project root in the commit's tree.
    package func location(spec: String, projectRoot: String?) -> SpecLocation {
        SpecLocation(
            spec: URL(fileURLWithPath: SpecPath.normalize(SpecPath.join(root, spec))),
            projectRoot: projectRoot.map { URL(fileURLWithPath: SpecPath.normalize(SpecPath.join(root, $0))) })
    }
}
