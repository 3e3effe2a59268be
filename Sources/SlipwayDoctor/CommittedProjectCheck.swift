import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayProject
import SlipwaySpec

extension DoctorService {
    /// `stale-project`: git tracks the `.xcodeproj` XcodeGen writes from the spec, and a spec file (the spec or an
    /// include) changed in a commit after the last one that touched the project, so `run` (which builds the
    /// project as committed) and anyone who clones build without that change. One first-parent walk from HEAD.
    func committedProjectFindings(_ location: SpecLocation, model: ProjectModel) throws -> [DoctorFinding] {
        guard let repository = workspace.repository, !repository.isEmpty, let name = model.name?.value else {
            return []
        }
        let spec = try workspace.specFiles.load(location, access: .read, policy: .missingIncludesSkipped)
        let folder = (spec.documents[0].rootRelativePath as NSString).deletingLastPathComponent
        let project = (folder.isEmpty ? "" : folder + "/") + name + ".xcodeproj"
        guard try repository.isTracked(project + "/project.pbxproj") else { return [] }
        // Files outside the repository have no history in it.
        let documents = spec.documents.filter { !$0.rootRelativePath.hasPrefix("../") }
        let changes = try repository.lastChanges(
            to: [project] + documents.map(\.rootRelativePath), from: try repository.resolveCommit("HEAD"))
        guard let generated = changes[project] else { return [] }
        let later = documents.compactMap { document in
            changes[document.rootRelativePath].flatMap { $0.distance < generated.distance ? (document, $0) : nil }
        }
        guard let (first, change) = later.first else { return [] }
        var message =
            "\(project) was last committed in \(generated.commit.id.short), but \(first.rootRelativePath) changed "
            + "after it, in \(change.commit.id.short) (\(change.commit.subject))"
        let others = later.dropFirst().map(\.0.rootRelativePath)
        if !others.isEmpty { message += ", and so did \(others.joined(separator: ", "))" }
        return [
            DoctorFinding(
                .staleProject, message + ": the committed project builds without those changes",
                at: SourceLocation(file: first.displayPath, line: 1, column: 1),
                fix: "run 'xcodegen generate' and commit \(project)")
        ]
    }
}
