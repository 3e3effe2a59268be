import Foundation
import SlipwayCore
import SlipwayYAML

/// Reads a spec from the working tree with every file it includes (see `SpecIncludeWalker` for how XcodeGen resolves
/// them).
struct SpecLoader {
    let context: SpecContext

    func load(_ location: SpecLocation, policy: SpecIncludePolicy = .strict) throws(SpecError) -> LoadedSpec {
        let source = WorkingTreeSpecFiles(currentDirectory: context.currentDirectory)
        let walker = SpecIncludeWalker(source: source, environment: context.environment, policy: policy)
        let visits = try walker.walk(spec: location.spec.path, projectRoot: location.projectRoot?.path)
        let root = SpecPath.canonical(context.root).path
        var documents: [SpecDocument] = []
        var documentOfVisit: [Int: Int] = [:]
        for (index, visit) in visits.enumerated() {
            guard let file = visit.file else { continue }
            documentOfVisit[index] = documents.count
            documents.append(SpecDocument(
                url: URL(fileURLWithPath: visit.path), displayPath: source.displayPath(of: visit.path),
                rootRelativePath: SpecPath.relative(visit.path, from: root), file: file,
                includedFrom: visit.includedFrom, includedBy: visit.parent.flatMap { documentOfVisit[$0] }))
        }
        guard !documents.isEmpty else {
            throw SpecError("cannot read \(context.displayPath(location.spec))", hint: "check that the file exists and is readable")
        }
        return LoadedSpec(location: location, documents: documents)
    }
}
