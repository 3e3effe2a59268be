import Foundation
import SlipwayCore
import SlipwayGit

extension ReleaseStep {
    /// The files the release commits besides the spec files: a tracked generated project the `generate` stage
    /// rewrites (`ReleasePlanner.generatedProject`), read back from the plan's commit step.
    static func generatedFiles(_ steps: [ReleaseStep], specFiles: [String]) -> [String] {
        for step in steps {
            if case .commit(let paths, _, _, _) = step { return paths.filter { !specFiles.contains($0) } }
        }
        return []
    }
}

extension ReleaseExecutor {
    /// What putting the generated files back did: the paths restored, and those that could not be, with why.
    struct GeneratedRestore {
        var restored: [String] = []
        var failed: [(path: String, reason: String)] = []
    }

    /// Puts each generated file back as `head` holds it: the planner refused a release that found them changed,
    /// so whatever they hold now is the `generate` stage's work for a release that did not happen.
    static func restoreGenerated(_ paths: [String], head: OID, in repository: Repository) -> GeneratedRestore {
        var result = GeneratedRestore()
        for path in paths {
            let url = repository.rootDirectory.appendingPathComponent(path)
            do {
                guard let original = try repository.fileContents(at: path, in: head) else { continue }
                guard !holds(original, url) else { continue }
                try FileSystem.createFolder(
                    url.deletingLastPathComponent().path, shownAs: (path as NSString).deletingLastPathComponent)
                try AtomicFileWriter.replace(url.path, with: original)
                result.restored.append(path)
            } catch {
                result.failed.append((path, describe(error)))
            }
        }
        return result
    }

    /// The notes a failed release adds for its generated files.
    func restoreGeneratedNotes(_ plan: ReleasePlan) -> (notes: [String], undone: Bool) {
        let paths = ReleaseStep.generatedFiles(plan.steps, specFiles: plan.specFiles)
        let result = ReleaseExecutor.restoreGenerated(paths, head: plan.head, in: repository)
        var notes: [String] = []
        if !result.restored.isEmpty {
            let names = result.restored.map(\.cQuotedIfNeeded).joined(separator: ", ")
            notes.append("\(names), which the generate stage rewrote, is back as \(plan.head.short) holds it")
        }
        for failure in result.failed {
            notes.append(
                "\(failure.path.cQuotedIfNeeded) could not be put back (\(failure.reason)); 'slipway release "
                    + "--abort' tries again, or restore it with 'git checkout HEAD -- \(Shell.quote(failure.path))'")
        }
        return (notes, result.failed.isEmpty)
    }
}
