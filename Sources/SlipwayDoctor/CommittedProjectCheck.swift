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
        let paths = documents.map(\.rootRelativePath)
        let head = try repository.resolveCommit("HEAD")
        // Tracked but not committed yet: there is no committed project to be stale.
        guard try repository.object(at: project, inTree: try repository.commit(head).treeID) != nil else { return [] }
        // The walk ends at the project's last change: a spec file not placed by then changed before it.
        let changes = try repository.lastChanges(to: [project] + paths, from: head, enough: { $0[project] != nil })
        let generated = changes[project]
        let later = documents.compactMap { document in
            changes[document.rootRelativePath].flatMap { change in
                change.distance < (generated?.distance ?? Int.max) ? (document, change) : nil
            }
        }
        guard let (first, change) = later.first else { return [] }
        let changed =
            "\(first.rootRelativePath) changed after it, in \(change.commit.id.short) (\(change.commit.subject))"
        // No project commit: the history seen (a shallow clone's) begins after it.
        var message =
            generated.map { "\(project) was last committed in \($0.commit.id.short), but \(changed)" }
            ?? "\(project) was last committed before \(first.rootRelativePath) changed, in \(change.commit.id.short) "
            + "(\(change.commit.subject))"
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
