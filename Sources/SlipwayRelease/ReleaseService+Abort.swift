import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReleaseService {
    /// Undoes every step of the pending release, unless it was pushed (or may have been, see `ReleaseService+Push`): the tag, the manifest it wrote, the release
    /// commit (the branch moves back only while it still points at it, and the index follows), and the spec files
    /// (only while they hold the release's bytes). Says what it did and what it left, and why.
    public func abort(commandLine: String, waitForLock: Bool, console: Console) throws -> ExitStatus {
        let (lock, journal, head) = try takePendingRelease(
            commandLine: commandLine, wait: waitForLock, console: console)
        defer { lock.release() }
        let ended = endSurvivingStages(journal)
        if journal.completed >= journal.steps.count {
            ReleaseJournal.remove(in: repository)
            for line in ended { console.out(line.prefix(1).uppercased() + line.dropFirst() + "\n") }
            console.out("The release of \(journal.project) \(journal.version) had finished; nothing to undo.\n")
            return .success
        }
        settlePendingPush(journal, console: console)
        let commit = try releaseCommit(journal, head: head)
        try refuseAbortingPushedRelease(journal, commit: commit)
        var report = AbortReport(done: ended + removeWriteLeftovers(journal))
        if let commit { try undoTag(journal, commit: commit, into: &report) }
        removeManifest(journal, into: &report)
        var backOnHead = true
        if let commit { backOnHead = try undoCommit(journal, commit: commit, head: head, into: &report) }
        try restoreSpecFiles(journal, into: &report)
        if backOnHead { restoreGenerated(journal, head: head, into: &report) }
        ReleaseJournal.remove(in: repository)
        console.out(report.text(project: journal.project, version: journal.version))
        return report.left.isEmpty ? .success : .negative
    }

    /// What `--abort` did and what it left alone.
    struct AbortReport {
        var done: [String] = []
        var left: [String] = []

        func text(project: String, version: String) -> String {
            var text = "Aborted the release of \(project) \(version):\n"
            for line in done { text += "  \(line)\n" }
            if done.isEmpty { text += "  nothing had been changed yet\n" }
            for line in left { text += "  left alone: \(line)\n" }
            return text
        }
    }

    /// The release commit: the journal's, or HEAD when a crash came between committing and journaling it.
    private func releaseCommit(_ journal: ReleaseJournal, head: OID) throws -> OID? {
        if let recorded = journal.releaseCommit.flatMap(OID.init(hex:)) { return recorded }
        return try ReleaseExecutor.unjournaledCommit(
            in: repository, on: head, message: journal.commitMessage)
    }

    private func undoTag(_ journal: ReleaseJournal, commit: OID, into report: inout AbortReport) throws {
        // Every app's tag of a shared version's release, each only where it still names the release commit.
        for tag in journal.allTags where try repository.tagTarget(named: tag) == commit {
            try repository.deleteTag(named: tag)
            report.done.append("deleted the tag \(tag)")
        }
    }

    /// The manifest files the release wrote, and any temporary file a crash left beside them.
    private func removeManifest(_ journal: ReleaseJournal, into report: inout AbortReport) {
        let root = workspace.root
        var folders = Set<URL>()
        for file in journal.manifestFiles {
            let url = root.appendingPathComponent(file)
            folders.insert(url.deletingLastPathComponent())
            if unlink(url.path) == 0 { report.done.append("removed \(file.cQuotedIfNeeded)") }
        }
        for folder in folders {
            // A folder that cannot be listed has no temporary file of ours to remove.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasPrefix(".") && name.contains(".slipway-") {
                unlink(folder.appendingPathComponent(name).path)
            }
            rmdir(folder.path)
        }
    }

    /// Moves the branch back from the release commit; `false` when it has moved on (then the commit stays).
    private func undoCommit(_ journal: ReleaseJournal, commit: OID, head: OID, into report: inout AbortReport) throws
        -> Bool
    {
        let repository = repository
        let moved: Bool
        let place: String
        if let branch = journal.branch {
            moved = try repository.moveBranch(branch, from: commit, to: head, message: "slipway release abort")
            place = branch
        } else {
            moved = try repository.moveDetachedHead(from: commit, to: head)
            place = "the detached HEAD"
        }
        guard moved else {
            report.left.append(
                "\(place) has moved on from the release commit \(commit.short); 'git revert \(commit.short)' undoes it")
            return false
        }
        let generated = ReleaseStep.generatedFiles(journal.steps, specFiles: journal.specFiles)
        try repository.resetIndex(paths: journal.specFiles + generated, to: head)
        report.done.append("moved \(place) back from the release commit \(commit.short) to \(head.short)")
        return true
    }

    /// The tracked generated project the `generate` stage rewrote, as the commit released from holds it.
    private func restoreGenerated(_ journal: ReleaseJournal, head: OID, into report: inout AbortReport) {
        let paths = ReleaseStep.generatedFiles(journal.steps, specFiles: journal.specFiles)
        let result = ReleaseExecutor.restoreGenerated(paths, head: head, in: repository)
        for path in result.restored {
            report.done.append(
                "put \(path.cQuotedIfNeeded) back as \(head.short) holds it (the generate stage had rewritten it)")
        }
        for failure in result.failed {
            report.left.append("\(failure.path.cQuotedIfNeeded) could not be put back: \(failure.reason)")
        }
    }

    private func restoreSpecFiles(_ journal: ReleaseJournal, into report: inout AbortReport) throws {
        for update in journal.specUpdates {
            if ReleaseExecutor.holds(update.updated, update.url) {
                try AtomicFileWriter.replace(update.url.path, with: update.original)
                report.done.append("put \(update.rootRelativePath) back as it was")
            } else if !ReleaseExecutor.holds(update.original, update.url) {
                report.left.append("\(update.rootRelativePath) was edited after the release wrote it")
            }
        }
    }
}
