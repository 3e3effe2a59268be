import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayVersioning

extension ReleaseExecutor {
    /// Writes the spec files. A resumed release finds some or all of them already written: those are left as they
    /// are, the others written, and a file that holds neither the old nor the new bytes stops it (someone edited it).
    func writeSpecFiles(_ files: [BumpPlan.FileUpdate], resuming: Bool) throws -> AtomicFileWriter.Backup {
        guard resuming else { return try BumpPlan.write(files) }
        let pending = files.filter { !ReleaseExecutor.holds($0.updated, $0.url) }
        if let edited = pending.first(where: { !ReleaseExecutor.holds($0.original, $0.url) }) {
            throw Failure(
                "\(edited.displayPath) holds neither the bytes the release started from nor the ones it writes",
                hint: "someone edited it after the release stopped; undo the release with 'slipway release abort'")
        }
        _ = try BumpPlan.write(pending)
        return AtomicFileWriter.Backup(files: files.map { ($0.url.path, $0.original, $0.updated) })
    }

    /// The release commit a crash left unjournaled: HEAD, when it is a commit of exactly the planned message on top
    /// of the commit the release was made from. `nil` when there is none (the commit step runs again).
    func adoptedCommit(_ plan: ReleasePlan, message: String) throws -> OID? {
        try ReleaseExecutor.unjournaledCommit(in: repository, on: plan.head, message: message)
    }

    /// HEAD, when it is a commit of exactly `message` whose one parent is `head`: a release commit made just before
    /// a crash, which `--continue` keeps and `--abort` takes back.
    static func unjournaledCommit(in repository: Repository, on head: OID, message: String) throws -> OID? {
        let current = try repository.resolveCommit("HEAD")
        guard current != head else { return nil }
        let commit = try repository.commit(current)
        return commit.parents == [head] && commit.message == message ? current : nil
    }

    /// The progress a journal records, for `--continue`.
    static func progress(resuming journal: ReleaseJournal, repository: Repository) throws -> Progress {
        var progress = Progress()
        progress.resuming = true
        progress.results = journal.results
        progress.commit = journal.releaseCommit.flatMap(OID.init(hex:))
        progress.manifestFiles = journal.manifestFiles
        progress.stageGroups = journal.stageGroups
        let updates = journal.specUpdates
        if journal.completed > 0 {
            progress.backup = AtomicFileWriter.Backup(files: updates.map { ($0.url.path, $0.original, $0.updated) })
        }
        // Artifacts are not journaled: the files are there, and hashing them again is what recording them means.
        if let index = journal.steps.firstIndex(where: { if case .collectArtifacts = $0 { true } else { false } }),
            index < journal.completed, case .collectArtifacts(let patterns) = journal.steps[index]
        {
            progress.artifacts = try ArtifactCollector(repository: repository).collect(patterns)
        }
        return progress
    }
}
