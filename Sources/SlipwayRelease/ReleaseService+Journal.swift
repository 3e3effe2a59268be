import Foundation
import SlipwayCore
import SlipwayGit
import SlipwayWorkspace

/// `slipway release continue|abort|status`: what to do with a release that stopped halfway (killed,
/// or a step after its commit failed), from its journal.
extension ReleaseService {
    /// Finishes the steps the journal has not recorded as done, as planned.
    public func resume(commandLine: String, waitForLock: Bool, console: Console) throws -> ExitStatus {
        var (lock, journal, head) = try takePendingRelease(
            commandLine: commandLine, wait: waitForLock, console: console)
        defer { lock.release() }
        for line in endSurvivingStages(journal) { console.out(line.prefix(1).uppercased() + line.dropFirst() + "\n") }
        journal.stageGroups = nil
        var draft = try ManifestAssembler(workspace: workspace, repository: repository).manifest(
            head: head, releaseTag: .none, requested: journal.requested)
        draft.version.marketing = journal.version
        draft.version.build = journal.build
        let plan = try journal.plan(draft: draft)
        console.out(
            "Continuing the release of \(journal.project) \(plan.versionText) from \(head.short) after step "
                + "\(journal.completed) of \(journal.steps.count)\n")
        let progress = try ReleaseExecutor.progress(resuming: journal, repository: repository)
        return try ReleaseExecutor(workspace: workspace, repository: repository, runner: runner, console: console)
            .run(plan, journal: journal, progress: progress)
    }

    /// Shows the pending release: where it stopped and what is left.
    public func status(console: Console) throws -> ExitStatus {
        guard let journal = try ReleaseJournal.read(in: repository) else {
            console.out("No release is pending.\n")
            return .success
        }
        var text = "A release is pending: \(journal.project) \(journal.version)"
        text += journal.build.map { " (\($0))" } ?? ""
        text += " from \(journal.head.prefix(7))\(journal.branch.map { " on \($0)" } ?? ""), started "
        text += "\(UTCTimestamp.string(journal.startedAt)) by '\(journal.command)'\n"
        for (index, step) in journal.steps.enumerated() {
            let mark = index < journal.completed ? "done   " : (index == journal.completed ? "next   " : "       ")
            text += "  \(mark)\(index + 1). \(step.summary)\n"
        }
        if let commit = journal.releaseCommit { text += "  release commit \(commit.prefix(7))\n" }
        text += "Finish it with 'slipway release continue', or undo it with 'slipway release abort'.\n"
        console.out(text)
        return .negative
    }

    /// The repository's lock (which a pending release does not refuse here), the journal, and the commit the release
    /// is made from: what `--continue` and `--abort` start from.
    func takePendingRelease(commandLine: String, wait: Bool, console: Console) throws
        -> (lock: WriterLock, journal: ReleaseJournal, head: OID)
    {
        let lock = try WriterLock.take(
            repository, command: commandLine, wait: wait, console: console, allowingPendingRelease: true)
        do {
            let journal = try pendingJournal()
            guard let head = OID(hex: journal.head) else { throw ReleaseService.unreadable }
            return (lock, journal, head)
        } catch {
            lock.release()
            throw error
        }
    }

    /// Ends every stage process group the journal records that still has a running member (SIGTERM, then SIGKILL),
    /// one line for each: programs a stage left running must not outlive the release that started them.
    func endSurvivingStages(_ journal: ReleaseJournal) -> [String] {
        var lines: [String] = []
        for entry in journal.stageGroups ?? [] {
            guard let ending = ProcessGroup.end(entry.group) else { continue }
            let how = ending == .terminated ? "SIGTERM" : "SIGTERM, then SIGKILL"
            lines.append(
                "ended process group \(entry.group) of the stage \(entry.stage.inDoubleQuotes), still running after "
                    + "the interrupted release (\(how))")
        }
        return lines
    }

    func pendingJournal() throws -> ReleaseJournal {
        guard let journal = try ReleaseJournal.read(in: repository) else {
            throw Failure(
                "no release is pending: there is no release journal to continue or abort",
                hint: "'slipway release' starts a release", exitStatus: .badInput)
        }
        return journal
    }

    static let unreadable = Failure(
        "the release journal names no commit the release was made from",
        hint: "finish the release by hand ('git status', 'git log -1'), then remove .git/slipway/release-journal")
}

extension ReleaseStep {
    /// One line per step, for `--status`.
    var summary: String {
        switch self {
        case .writeSpecFiles(let files): return "write \(files.map(\.rootRelativePath).joined(separator: ", "))"
        case .runStages(let stages, _): return "run the stages \(stages.map(\.name).joined(separator: ", "))"
        case .skipStages: return "record the stages as skipped"
        case .collectArtifacts(let patterns):
            return patterns.isEmpty ? "collect no artifacts" : "collect \(patterns.joined(separator: ", "))"
        case .commit(let paths, _, _, _): return "commit \(paths.joined(separator: ", "))"
        case .writeManifest: return "write the manifest"
        case .tag(let name, _, _): return "tag \(name)"
        case .push(let push): return "push \(push.branch) and the tag to \(push.remote.name)"
        case .runAfterPushStages(let stages, _):
            return "run the after-push stages \(stages.map(\.name).joined(separator: ", "))"
        }
    }
}
